/**
 * `npm start` on a developer's machine (issue 37): it listens on localhost unless HOST says
 * otherwise (the image and the Deployment say 0.0.0.0), and says where in one plain line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { testDatabasePath } from '../support/fixtures.js';

/** Starts the server with `env` and returns its first line on stdout, then stops it. */
async function firstLine(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/server/main.ts')], {
    env: { ...process.env, PORT: '0', DATABASE_PATH: testDatabasePath(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.includes('winnet-kb serving'));
        if (line !== undefined) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the start line', () => {
  it('without HOST: a loopback address, in one plain line with the URLs', async () => {
    const { HOST: _host, ...env } = process.env;
    const line = await firstLine({ ...(env as Record<string, string>), HOST: '' });
    expect(line).toMatch(/^winnet-kb serving dataset \S+: GraphQL http:\/\/\S+\/graphql, GraphiQL http:\/\/\S+\/graphiql$/);
    expect(() => JSON.parse(line) as unknown).toThrow();
    const url = new URL(/GraphQL (\S+)\/graphql/.exec(line)![1]!);
    expect(['127.0.0.1', '[::1]', 'localhost']).toContain(url.hostname);
  });

  it('the image and the Deployment set HOST=0.0.0.0 to serve the network', () => {
    expect(readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8')).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m);
    const deployment = parse(readFileSync(join(PROJECT_ROOT, 'deploy/kubernetes/deployment.yaml'), 'utf8')) as {
      spec: { template: { spec: { containers: { env: { name: string; value: string }[] }[] } } };
    };
    expect(deployment.spec.template.spec.containers[0]!.env).toContainEqual({ name: 'HOST', value: '0.0.0.0' });
  });
});
