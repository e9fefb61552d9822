/**
 * The Windows release left open, against the same plan judged with each release named: the open
 * judgment is never stricter than the named ones (an ERROR only where every candidate release
 * raises it), and never misses a code that every named release raises. Over generated plans on
 * the real knowledge base (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeCompatibility, type CompatibilityReport } from '../../src/domain/compatibility/judge.js';
import { PlanError, type PlanInput } from '../../src/domain/compatibility/plan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

function judgeOrRefuse(input: PlanInput): CompatibilityReport | undefined {
  try {
    return judgeCompatibility(testKnowledge(), input, TEST_TODAY);
  } catch (error) {
    if (error instanceof PlanError) return undefined;
    throw error;
  }
}

describe('judging with the Windows release open', () => {
  const k = testKnowledge();
  const pick = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
  const some = <T>(values: readonly T[], maxLength: number) => fc.option(fc.subarray([...values], { minLength: 1, maxLength }), { nil: undefined });
  const versions = ['1.19', '1.23', '1.29', '1.33', '1.34', '1.35', '1.40'];
  const plan: fc.Arbitrary<PlanInput> = fc.record({
    cniPlugin: pick([...k.plugins.keys()]),
    networkMode: pick([...k.modes.keys()]),
    environment: pick([...k.environments.keys()]),
    kubernetesVersion: pick(versions),
    targetKubernetesVersion: pick(versions),
    features: some([...k.features.keys()], 3),
    serviceTypes: some([...k.serviceTypes.keys()], 2),
    networkPolicy: fc.boolean(),
    backendsPerService: pick([10, 70, 2000]),
    servicesPerNode: pick([10, 600]),
    asOf: pick(['2019-06-01', '2021-01-01', '2024-06-01', TEST_TODAY, '2035-01-01']),
    containerImageWindowsVersion: pick([...k.releases.keys()]),
    kubeProxyFeatureGates: some(
      [...k.featureGates.keys()].flatMap((g) => [`${g}=true`, `${g}=false`]),
      2,
    ),
  });
  const releases = [...k.releases.keys()];

  it('raises an ERROR only where every named release raises it, and every code all named releases raise', () => {
    let compared = 0;
    fc.assert(
      fc.property(plan, (input) => {
        const open = judgeOrRefuse(input);
        if (!open) return;
        const named = releases.map((windowsVersion) => ({ windowsVersion, report: judgeOrRefuse({ ...input, windowsVersion })! }));
        compared++;
        for (const e of open.findings.filter((f) => f.severity === 'error'))
          for (const { windowsVersion, report } of named)
            expect(
              report.findings.some((f) => f.severity === 'error' && f.code === e.code && (e.subject === undefined || f.subject === e.subject)),
              `${JSON.stringify(input)}: the open release raises ${e.code} ${e.subject ?? ''} as an error, ${windowsVersion} does not: ${e.message}`,
            ).toBe(true);
        const openCodes = new Set(open.findings.map((f) => f.code));
        const everywhere = [...new Set(named[0]!.report.findings.map((f) => f.code))].filter((code) =>
          named.every(({ report }) => report.findings.some((f) => f.code === code)),
        );
        expect(
          everywhere.filter((code) => !openCodes.has(code)),
          `${JSON.stringify(input)}: codes every named release raises`,
        ).toEqual([]);
      }),
      { numRuns: 150, seed: 2025 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it('names the release as the open dimension, exactly as the other open dimensions are named', () => {
    const report = judgeCompatibility(k, { features: ['session-affinity'] }, TEST_TODAY);
    const f = report.findings.find((x) => x.code === 'FEATURE_REQUIRES_NEWER_WINDOWS')!;
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['windowsVersion'] });
    expect(f.message).toMatch(/^On Windows Server/);
    expect(f.severity).toBe('warning');
  });
});
