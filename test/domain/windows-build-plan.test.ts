/** Issue 35: a plan may give the Windows build without the release; the engine judges every release of that build. */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import { checkPlan, PlanError } from '../../src/domain/compatibility/plan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

describe('windowsBuild', () => {
  const k = testKnowledge();

  it('narrows the candidate releases to those of the build: session affinity is an error on 17763 (Server 2019 and 1809)', () => {
    const report = judgeCompatibility(k, { windowsBuild: 17763, features: ['session-affinity'] }, TEST_TODAY);
    const f = report.findings.find((x) => x.code === 'FEATURE_REQUIRES_NEWER_WINDOWS' && x.subject === 'session-affinity')!;
    expect(f.severity).toBe('error');
    expect(f.message).toMatch(/^On every Windows Server release of build 17763 \(Windows Server, version 1809 \/ Windows Server 2019\):/);
    // With the release open, the same feature only "may apply".
    const open = judgeCompatibility(k, { features: ['session-affinity'] }, TEST_TODAY);
    expect(open.findings.find((x) => x.subject === 'session-affinity')!.severity).not.toBe('error');
  });

  it('rules out what holds only on other builds', () => {
    const report = judgeCompatibility(k, { windowsBuild: 17763, networkMode: 'overlay', serviceTypes: ['node-port'] }, TEST_TODAY);
    expect(report.findings.map((f) => f.subject)).not.toContain('ws2022-nodeport-on-overlay');
  });

  it('is refused for a build no release has, with the builds as choices, and with a release of another build', () => {
    const unknown = checkPlan(k, { windowsBuild: 12345 }, TEST_TODAY).problems;
    expect(unknown).toEqual([expect.objectContaining({ field: 'windowsBuild', validChoices: expect.arrayContaining(['17763', '20348']) })]);
    const other = checkPlan(k, { windowsVersion: 'windows-server-2022', windowsBuild: 17763 }, TEST_TODAY).problems;
    expect(other).toEqual([
      expect.objectContaining({ field: 'windowsBuild', reason: expect.stringMatching(/not the build of Windows Server 2022 \(20348\)/) }),
    ]);
    expect(() => judgeCompatibility(k, { windowsBuild: 12345 }, TEST_TODAY)).toThrow(PlanError);
    // The release's own build is accepted (and adds nothing).
    expect(checkPlan(k, { windowsVersion: 'windows-server-2019', windowsBuild: 17763 }, TEST_TODAY).problems).toEqual([]);
  });
});
