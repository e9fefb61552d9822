/**
 * `winnet-kb check --url`: the same plan judged by a real running server gives the same report
 * and exit code as the offline check; the server's BAD_USER_INPUT becomes exit 1 naming the
 * field; an unreachable server is exit 1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stringify, parse } from 'yaml';
import { PLAN_FIELDS } from '../../src/cli/check/plan-file.js';
import type { ReportView } from '../../src/cli/report/model.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { startApp, TEST_TODAY, type RunningApp } from '../support/fixtures.js';
import { runCli, sourceDocumentUrls } from './cli-helpers.js';

// Each test starts the CLI in a child process; on a busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

let app: RunningApp;
let endpoint: string;
const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-cli-url-'));

beforeAll(async () => {
  app = await startApp();
  endpoint = `${app.url}/graphql`;
});
afterAll(async () => {
  await app.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The example with asOf pinned to the server's fixed date, so offline and server agree on lifecycles. */
function pinned(file: string): string {
  const text = readFileSync(join(PROJECT_ROOT, 'examples', file), 'utf8');
  const plan = parse(text) as Record<string, unknown>;
  plan.asOf = TEST_TODAY;
  const path = join(scratch, file.replace(/\.json$/, '.yaml'));
  writeFileSync(path, stringify(plan));
  return path;
}

describe('check --url against a running server', () => {
  it.each([
    ['incompatible.yaml', 'INCOMPATIBLE', 3],
    ['warnings.yaml', 'COMPATIBLE_WITH_WARNINGS', 0],
    ['capacity-plan.yaml', 'COMPATIBLE', 0],
  ])('%s: the same JSON report and exit code as offline (%s, exit %i)', async (file, verdict, code) => {
    const path = pinned(file);
    const [remote, local] = await Promise.all([runCli(['check', path, '-o', 'json', '--url', endpoint]), runCli(['check', path, '-o', 'json'])]);
    expect(remote.code, remote.stderr).toBe(code);
    expect(local.code, local.stderr).toBe(code);
    const report = JSON.parse(remote.stdout) as ReportView;
    expect(report.verdict).toBe(verdict);
    expect(report).toEqual(JSON.parse(local.stdout));
    expect(report.findings.length).toBeGreaterThan(0);
  });

  it('--fail-on warning turns a warning verdict into exit 2 over HTTP too', async () => {
    const result = await runCli(['check', 'examples/warnings.yaml', '--url', endpoint, '--fail-on', 'warning']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toMatch(/^Verdict: COMPATIBLE_WITH_WARNINGS/);
  });

  it('renders markdown with the source document URLs the server returns', async () => {
    const result = await runCli(['check', 'examples/incompatible.yaml', '--url', endpoint, '-o', 'markdown']);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toContain('## ❌ winnet-kb: INCOMPATIBLE');
    const urls = new Set(sourceDocumentUrls().values());
    const links = [...result.stdout.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(urls).toContain(link);
  });

  it("turns the server's BAD_USER_INPUT into exit 1 naming the field and the valid choices", async () => {
    const result = await runCli(['check', 'examples/invalid.yaml', '--url', endpoint]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('examples/invalid.yaml: cniPlugin: unknown CNI plugin "flanel"');
    expect(result.stderr).toMatch(/valid choices for cniPlugin: .*flannel/);
    expect(result.stderr).toContain('did you mean: flannel?');
  });

  it('every refused field at once, the same offline and over HTTP, from the fields and not the messages', async () => {
    const path = join(scratch, 'many.yaml');
    writeFileSync(path, 'windowsVersion: windows-server-2022\ncniPlugin: flanel\ninstanceType: m5.larg\nfeatures: [direct-sever-return]\n');
    const [remote, local] = await Promise.all([runCli(['check', path, '--url', endpoint]), runCli(['check', path])]);
    expect(remote.code).toBe(1);
    expect(local.code).toBe(1);
    expect(remote.stderr).toBe(local.stderr);
    for (const line of [
      /many\.yaml: features: unknown feature "direct-sever-return"\n/,
      /\n {2}did you mean: direct-server-return\?\n/,
      /\n {2}cniPlugin: unknown CNI plugin "flanel"\n {4}valid choices for cniPlugin: .*flannel.*\n {4}did you mean: flannel\?\n/,
      /\n {2}instanceType: unknown EC2 instance type "m5\.larg"\n {4}closest known: m5\.large/,
    ])
      expect(local.stderr).toMatch(line);
  });

  it('takes every field of CompatibilityInput, with the same report offline and over HTTP', async () => {
    const plan = {
      windowsVersion: 'windows-server-2022',
      windowsBuildRevision: 2700,
      windowsBuild: 20348,
      cniPlugin: 'amazon-vpc-cni',
      cniPluginVersion: '1.19.0',
      networkMode: 'l2bridge',
      features: ['direct-server-return'],
      kubernetesVersion: '1.31',
      environment: 'eks',
      serviceTypes: ['cluster-ip'],
      networkPolicy: true,
      servicesPerNode: 50,
      backendsPerService: 10,
      asOf: TEST_TODAY,
      instanceType: 'c5.xlarge',
      ipAddressMode: 'PREFIX_DELEGATION',
      podsPerNode: 100,
      kubeletMaxPods: 150,
      containerImageWindowsVersion: 'windows-server-2019',
      targetKubernetesVersion: '1.33',
      kubeProxyFeatureGates: ['WinDSR=true'],
      serviceSettings: ['internal-traffic-policy-local'],
    };
    expect(Object.keys(plan)).toEqual(PLAN_FIELDS);
    const path = join(scratch, 'every-field.json');
    writeFileSync(path, JSON.stringify(plan));
    const [remote, local] = await Promise.all([runCli(['check', path, '-o', 'json', '--url', endpoint]), runCli(['check', path, '-o', 'json'])]);
    expect(local.code, local.stderr).toBe(3);
    expect(remote.code, remote.stderr).toBe(3);
    expect(JSON.parse(remote.stdout)).toEqual(JSON.parse(local.stdout));
    // The fields the trial found refused are judged: the image's release against the node's.
    expect((JSON.parse(local.stdout) as ReportView).findings.map((f) => f.code)).toContain('CONTAINER_IMAGE_OS_MISMATCH');
  });

  it('passes on suggestions for an unknown instance type', async () => {
    const path = join(scratch, 'ec2.yaml');
    writeFileSync(path, 'windowsVersion: windows-server-2022\ninstanceType: c5.xlarg\n');
    const result = await runCli(['check', path, '--url', endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/instanceType: unknown EC2 instance type "c5.xlarg"\n\s+closest known: c5\.xlarge/);
  });

  it('does not need a database', async () => {
    const result = await runCli(['check', 'examples/compatible.yaml', '--url', endpoint, '--database', join(scratch, 'missing.sqlite')]);
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('check --url failures', () => {
  it('an unreachable server exits 1 with the reason', async () => {
    // A port that was just free and is now closed.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const result = await runCli(['check', 'examples/compatible.yaml', '--url', `http://127.0.0.1:${port}/graphql`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cannot reach server http://127.0.0.1:${port}/graphql: ECONNREFUSED`);
  });

  it('a URL that is not a GraphQL endpoint exits 1', async () => {
    const result = await runCli(['check', 'examples/compatible.yaml', '--url', `${app.url}/healthz`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/answered HTTP \d+/);
  });
});
