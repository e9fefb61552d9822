/**
 * Applicability as data (compatibility/findings.ts settleFinding): the one place a finding's
 * applicability is settled, GENERAL kept at INFO whatever its source says, and only a finding
 * that may apply depending on anything; over real plans, a GENERAL finding never moves a verdict.
 */
import { describe, expect, it } from 'vitest';
import { settleFinding } from '../../src/domain/compatibility/findings.js';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import { isGeneralCaveat } from '../../src/domain/compatibility/rules/limitations.js';
import { verdictOf } from '../../src/domain/outcome.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects } from '../../src/domain/scan/scan.js';
import { readFileSync } from 'node:fs';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const base = { code: 'CAVEAT' as const, message: 'm', sources: [] };

describe('settleFinding', () => {
  it('defaults to APPLIES with nothing to depend on', () => {
    expect(settleFinding({ ...base, severity: 'warning' })).toMatchObject({ applicability: 'applies', dependsOn: [], severity: 'warning' });
  });

  it('keeps a GENERAL finding at INFO, whatever severity the rule gave it', () => {
    expect(settleFinding({ ...base, severity: 'error', applicability: 'general' })).toMatchObject({ severity: 'info', applicability: 'general' });
    expect(settleFinding({ ...base, severity: 'warning', applicability: 'general', dependsOn: ['environment'] }).dependsOn).toEqual([]);
  });

  it('MAY_APPLY only where it names what would settle it: open on nothing named, a warning applies and information is general (trial plans p11, p45)', () => {
    expect(settleFinding({ ...base, severity: 'warning', applicability: 'may-apply', dependsOn: [] })).toMatchObject({
      applicability: 'applies',
      dependsOn: [],
      severity: 'warning',
    });
    expect(settleFinding({ ...base, severity: 'error', applicability: 'may-apply' })).toMatchObject({ applicability: 'applies', severity: 'error' });
    expect(settleFinding({ ...base, severity: 'info', applicability: 'may-apply', dependsOn: [] })).toMatchObject({
      applicability: 'general',
      severity: 'info',
    });
    expect(settleFinding({ ...base, severity: 'warning', applicability: 'may-apply', dependsOn: ['environment'] }).applicability).toBe('may-apply');
  });

  it('keeps what a MAY_APPLY finding depends on, each field once', () => {
    expect(
      settleFinding({ ...base, severity: 'info', applicability: 'may-apply', dependsOn: ['environment', 'environment', 'serviceTypes'] }).dependsOn,
    ).toEqual(['environment', 'serviceTypes']);
  });
});

describe('over real plans', () => {
  const k = testKnowledge();
  const plans = [
    { windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', kubernetesVersion: '1.35', environment: 'self-managed' },
    { windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', networkMode: 'overlay', kubernetesVersion: '1.33' },
    { cniPlugin: 'calico', environment: 'eks' },
    {},
  ];

  it.each(plans.map((p) => [JSON.stringify(p), p] as const))('%s: the verdict without the GENERAL findings is the verdict', (_, plan) => {
    const report = judgeCompatibility(k, plan, TEST_TODAY);
    const general = report.findings.filter((f) => f.applicability === 'general');
    expect(general.every((f) => f.severity === 'info' && f.dependsOn.length === 0)).toBe(true);
    expect(verdictOf(report.findings.filter((f) => f.applicability !== 'general'))).toBe(report.verdict);
    // Every general finding is a seeded limitation scoped only by components (isGeneralCaveat).
    for (const f of general) expect(isGeneralCaveat(k.limitations.find((l) => l.slug === f.subject)!), f.subject).toBe(true);
    for (const f of report.findings.filter((x) => x.applicability !== 'may-apply')) expect(f.dependsOn).toEqual([]);
  });

  it('a scan says each general note once per report, not once per cluster or object (test/fixtures/scan/real)', () => {
    const dir = 'test/fixtures/scan/real';
    const files = [
      'eksctl-14-windows-nodes.yaml',
      'flannel-kube-flannel-excerpt.yml',
      'k8s-website-win-webserver.yaml',
      'sig-windows-tools-flannel-host-gw.yml',
    ];
    const objects = files.flatMap((f) => [...objectsOf(readFileSync(`${dir}/${f}`, 'utf8'), f)]);
    const result = scanObjects(k, objects, { today: TEST_TODAY });
    const keys = result.reports.flatMap((r) => r.findings.filter((f) => f.applicability === 'general').map((f) => `${f.code} ${f.subject}`));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys).toEqual([...new Set(keys)]);
    // More than one cluster was judged, so without the rule the notes would repeat.
    expect(result.summary.clusters.length).toBeGreaterThan(1);
  });
});
