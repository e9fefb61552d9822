/** The typed client example: its generated types are current, it compiles (npm test's typecheck), and it works. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, GraphQLRequestError } from '../../examples/client/client.js';
import { CLIENT_GENERATED_PATH, generateClient } from '../../tools/codegen.js';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

it('examples/client/generated.ts is up to date (run `npm run codegen`)', async () => {
  expect(readFileSync(CLIENT_GENERATED_PATH, 'utf8')).toBe(await generateClient());
});

it('runs typed operations against the real server', async () => {
  const kb = client(`${app.url}/graphql`);
  const report = await kb.checkPlan({
    input: { windowsVersion: 'windows-server-2019', cniPlugin: 'flannel', networkMode: 'overlay', features: ['session-affinity'] },
  });
  expect(report.compatibility.verdict).toBe('INCOMPATIBLE');
  const capacity = await kb.capacity({ instanceType: 'c5.xlarge', mode: 'PREFIX_DELEGATION' });
  expect(capacity.podCapacity).toMatchObject({ maxPods: 224, schedulablePods: 110, limitedBy: 'KUBELET_MAX_PODS' });
  const catalogue = await kb.pluginCatalogue();
  expect(
    catalogue.cniPlugins
      .find((p) => p.slug === 'flannel')
      ?.networkModes.map((m) => m.stability)
      .sort(),
  ).toEqual(['BETA', 'UNSPECIFIED']);
});

it('surfaces API errors with their codes', async () => {
  await expect(client(`${app.url}/graphql`).capacity({ instanceType: 'm6g.large' })).rejects.toThrow(GraphQLRequestError);
});
