/** The one home of the outcome: verdict, accepted findings, --fail-on and the exit code. */
import { describe, expect, it } from 'vitest';
import { exitCodeFor, failsAt, FAIL_ON_LEVELS, gateVerdict, verdictAfterAccepted, verdictOf, VERDICTS } from '../../src/domain/outcome.js';

describe('outcome', () => {
  it('the verdict is the worst severity, whichever case the severity is spelt in (engine or API)', () => {
    expect(verdictOf([])).toBe('COMPATIBLE');
    expect(verdictOf([{ severity: 'info' }, { severity: 'INFO' }])).toBe('COMPATIBLE');
    expect(verdictOf([{ severity: 'info' }, { severity: 'WARNING' }])).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(verdictOf([{ severity: 'warning' }, { severity: 'ERROR' }])).toBe('INCOMPATIBLE');
  });

  it('accepted findings are reported but do not count', () => {
    const findings = [{ severity: 'error', accepted: { reason: 'tracked in JIRA-1' } }, { severity: 'warning' }];
    expect(verdictOf(findings)).toBe('INCOMPATIBLE');
    expect(verdictAfterAccepted(findings)).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(gateVerdict({ verdict: 'INCOMPATIBLE', verdictAfterAccepted: 'COMPATIBLE_WITH_WARNINGS' })).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(gateVerdict({ verdict: 'INCOMPATIBLE' })).toBe('INCOMPATIBLE');
  });

  it('nothing judged never fails and exits 0, at every level', () => {
    for (const level of FAIL_ON_LEVELS) {
      expect(failsAt(null, level)).toBe(false);
      expect(exitCodeFor(null, level)).toBe(0);
    }
  });

  it('a verdict fails exactly when its exit code is not 0', () => {
    for (const verdict of VERDICTS) for (const level of FAIL_ON_LEVELS) expect(failsAt(verdict, level)).toBe(exitCodeFor(verdict, level) !== 0);
  });
});
