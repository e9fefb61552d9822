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
