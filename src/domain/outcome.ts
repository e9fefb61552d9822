/**
 * The outcome of a judgement, in one place (as pluto keeps it): the verdict that findings give,
 * the verdict once a team's accepted findings are set aside, whether a `--fail-on` level fails
 * it, and the exit code that says so. The engine, the scanner, the API and every output format
 * of check and scan take their verdict and exit code from here, and from nowhere else.
 *
 * The exit codes are a contract: CI jobs match on the numbers, so they never change meaning.
 */

/** The three verdicts, worst last. */
export const VERDICTS = ['COMPATIBLE', 'COMPATIBLE_WITH_WARNINGS', 'INCOMPATIBLE'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The verdicts a CI job can fail on: `error` fails INCOMPATIBLE, `warning` warnings too, `none` nothing. */
export const FAIL_ON_LEVELS = ['error', 'warning', 'none'] as const;
export type FailOn = (typeof FAIL_ON_LEVELS)[number];

export const EXIT_OK = 0;
export const EXIT_USAGE_OR_DATA_ERROR = 1;
export const EXIT_COMPATIBLE_WITH_WARNINGS = 2;
export const EXIT_INCOMPATIBLE = 3;
export type ExitCode = typeof EXIT_OK | typeof EXIT_USAGE_OR_DATA_ERROR | typeof EXIT_COMPATIBLE_WITH_WARNINGS | typeof EXIT_INCOMPATIBLE;

/** What the outcome needs of a finding: its severity (the engine's `error`, or the API's `ERROR`) and whether it was accepted. */
export interface Judged {
  severity: string;
  accepted?: unknown;
}

/** Any error makes a plan INCOMPATIBLE; otherwise any warning makes it COMPATIBLE_WITH_WARNINGS. */
export function verdictOf(findings: readonly Judged[]): Verdict {
  const severities = new Set(findings.map((f) => f.severity.toLowerCase()));
  if (severities.has('error')) return 'INCOMPATIBLE';
  return severities.has('warning') ? 'COMPATIBLE_WITH_WARNINGS' : 'COMPATIBLE';
}

/** The verdict of the findings nobody accepted (an accepted finding is still reported, not counted). */
export function verdictAfterAccepted(findings: readonly Judged[]): Verdict {
  return verdictOf(findings.filter((f) => !f.accepted));
}

/** The verdict `--fail-on` judges: the one after accepted findings, where any are accepted. null: nothing was judged. */
export const gateVerdict = (r: { verdict: Verdict | null; verdictAfterAccepted?: Verdict | null }): Verdict | null =>
  r.verdictAfterAccepted !== undefined ? r.verdictAfterAccepted : r.verdict;

/** Does this verdict fail a job at this level? Nothing judged (null) never fails. */
export function failsAt(verdict: Verdict | null, failOn: FailOn): boolean {
  if (failOn === 'none' || verdict === null) return false;
  return verdict === 'INCOMPATIBLE' || (failOn === 'warning' && verdict === 'COMPATIBLE_WITH_WARNINGS');
}

/** The exit code of a completed check or scan. */
export function exitCodeFor(verdict: Verdict | null, failOn: FailOn): ExitCode {
  if (!failsAt(verdict, failOn)) return EXIT_OK;
  return verdict === 'INCOMPATIBLE' ? EXIT_INCOMPATIBLE : EXIT_COMPATIBLE_WITH_WARNINGS;
}
