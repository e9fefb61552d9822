/**
 * The outcome of a scan (src/domain/outcome.ts applied by the scanner): a scan in which nothing
 * could be judged has no verdict, never COMPATIBLE, and exits 0 saying so (issue 25: 8 of 13 real
 * files printed COMPATIBLE with nothing but NOT_JUDGED notes). Fixtures: test/fixtures/scan/README.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects, type ScanResult } from '../../src/domain/scan/scan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

// A real Windows Pod (HostProcess, on the host network) that states no release, Kubernetes version or
// networking fact, with no node, node group, CNI or plan beside it: nothing can be said about it.
// (The Kubernetes website's IIS pod served here before; its microsoft/iis:windowsservercore-1709
// image is read since trial scan38, so that pod is judged on Windows Server, version 1709.)
const WORKLOAD = 'test/fixtures/scan/trial/10-wincontainers-hostsysprocess.yaml';

function scan(file: string): ScanResult {
  return scanObjects(testKnowledge(), [...objectsOf(readFileSync(join(PROJECT_ROOT, file), 'utf8'), file)], { today: TEST_TODAY });
}

describe('a scan with nothing judged', () => {
  it('has no verdict, not COMPATIBLE, and every object says why it was not judged', () => {
    const result = scan(WORKLOAD);
    expect(result.reports.length).toBeGreaterThan(0);
    expect(result.summary.judged).toBe(0);
    expect(result.summary.verdict).toBeNull();
    for (const r of result.reports) expect(r.findings.map((f) => f.code)).toContain('NOT_JUDGED');
  });

  it('the CLI prints NOTHING TO JUDGE and exits 0, even with --fail-on warning', async () => {
    const { code, stdout } = await runCli(['scan', WORKLOAD, '--fail-on', 'warning']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Verdict: NOTHING TO JUDGE/);
    expect(stdout).not.toMatch(/Verdict: COMPATIBLE/);
  });
});
