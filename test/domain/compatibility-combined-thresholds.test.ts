/**
 * Limits that split a release by update revision: the 1024 ceiling holds on every build, so a plan
 * above it is an error whatever the revision; the 64 limit of builds without the fix depends on the
 * revision and only "may apply" while it is open.
 */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import { testKnowledge, TEST_TODAY } from '../support/fixtures.js';

const judge = (input: PlanInput) => judgeCompatibility(testKnowledge(), input, TEST_TODAY);
const thresholds = (input: PlanInput) => judge(input).findings.filter((f) => f.code === 'THRESHOLD_EXCEEDED');

describe('backends per Service on Windows Server 2019 without a known revision', () => {
  // backends-per-service-64 (before 17763.2746, k8s-windows-networking-zh#limitations) and
  // backends-per-service-1024 (every build, k8s-windows-networking-en#limitations).
  it('1025 backends exceed the ceiling of every build: ERROR, INCOMPATIBLE; the 64 limit only "may apply" before the fix', () => {
    const report = judge({ windowsVersion: 'windows-server-2019', backendsPerService: 1025 });
    expect(report.verdict).toBe('INCOMPATIBLE');
    const found = thresholds({ windowsVersion: 'windows-server-2019', backendsPerService: 1025 }).sort((a, b) => a.subject!.localeCompare(b.subject!));
    expect(found.map((f) => [f.subject, f.severity])).toEqual([
      ['backends-per-service-1024', 'error'],
      ['backends-per-service-64', 'warning'],
    ]);
    expect(found[0]!.applicability).not.toBe('may-apply');
    expect(found[1]!).toMatchObject({ applicability: 'may-apply', dependsOn: ['windowsBuildRevision'] });
    expect(found[1]!.message).toMatch(/^On nodes before build 17763\.2746: /);
  });

  it('65 backends exceed only the older limit: a warning that depends on the update', () => {
    const findings = thresholds({ windowsVersion: 'windows-server-2019', backendsPerService: 65 });
    expect(findings.map((f) => [f.subject, f.severity])).toEqual([['backends-per-service-64', 'warning']]);
    expect(findings[0]!.applicability).toBe('may-apply');
  });

  it('a known revision decides it outright', () => {
    expect(thresholds({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 2746, backendsPerService: 65 })).toEqual([]);
    expect(thresholds({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 2745, backendsPerService: 65 }).map((f) => f.severity)).toEqual(['error']);
  });

  it('lists each cited fact once per finding', () => {
    for (const f of judge({ windowsVersion: 'windows-server-2019', features: ['direct-server-return'] }).findings) {
      const keys = f.sources.map((c) => `${c.doc}#${c.section}`);
      expect(new Set(keys).size, f.code).toBe(keys.length);
    }
  });
});
