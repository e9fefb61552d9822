/**
 * JUnit and errors (issue 25: "the dashboard shows green while the exit code is 3"): an object with
 * an ERROR finding is a <failure>, never <skipped>, even when its plan could not be judged (the
 * flannel host-gw DaemonSet's hostNetwork without HostProcess, with no plan and no Windows node).
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const HOST_GW = 'test/fixtures/scan/real/sig-windows-tools-flannel-host-gw.yml';

interface Case {
  '@_name': string;
  failure?: unknown;
  skipped?: unknown;
}

describe('JUnit: an object with an ERROR', () => {
  it('is a failure, not skipped, with no plan and no Windows node', async () => {
    const [junit, json] = await Promise.all([
      runCli(['scan', HOST_GW, '--output', 'junit']),
      runCli(['scan', HOST_GW, '--output', 'json', '--fail-on', 'none']),
    ]);
    expect(junit.code).toBe(3);
    const report = JSON.parse(json.stdout) as { objects: { kind: string; namespace: string | null; name: string; findings: { severity: string }[] }[] };
    const withError = report.objects.filter((r) => r.findings.some((f) => f.severity === 'ERROR'));
    expect(withError.map((r) => r.kind)).toEqual(['DaemonSet']);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(junit.stdout) as {
      testsuites: { testsuite: { testcase: Case[] }[] };
    };
    const cases = parsed.testsuites.testsuite.flatMap((s) => s.testcase);
    for (const r of withError) {
      const c = cases.find((x) => x['@_name'] === `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`)!;
      expect(c.failure).toBeDefined();
      expect(c.skipped).toBeUndefined();
    }
  });
});
