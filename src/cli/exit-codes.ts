/**
 * The exit-code contract of `winnet-kb`. CI jobs match on these numbers, so they never change
 * meaning:
 *
 * | code | constant                     | when                                                            |
 * | ---- | ---------------------------- | --------------------------------------------------------------- |
 * | 0    | EXIT_OK                      | compatible, or a verdict that `--fail-on` does not fail on       |
 * | 1    | EXIT_USAGE_OR_DATA_ERROR     | bad flag or argument, unreadable or invalid plan file, unknown   |
 * |      |                              | slug, missing or stale database, unreachable or failing `--url`  |
 * | 2    | EXIT_COMPATIBLE_WITH_WARNINGS | COMPATIBLE_WITH_WARNINGS and `--fail-on warning`                |
 * | 3    | EXIT_INCOMPATIBLE            | INCOMPATIBLE and `--fail-on warning` or `--fail-on error`        |
 *
 * `--fail-on` (check and scan) chooses the verdicts that fail the job:
 * - `error` (the default): INCOMPATIBLE exits 3; COMPATIBLE_WITH_WARNINGS exits 0.
 * - `warning`: INCOMPATIBLE exits 3; COMPATIBLE_WITH_WARNINGS exits 2.
 * - `none`: every verdict exits 0 (report only); usage and data errors still exit 1.
 */
import { EXIT_COMPATIBLE_WITH_WARNINGS, EXIT_INCOMPATIBLE, EXIT_OK, EXIT_USAGE_OR_DATA_ERROR } from '../domain/outcome.js';

// The numbers and the rule that picks one live in the domain's outcome module; the CLI re-exports them.
export {
  EXIT_COMPATIBLE_WITH_WARNINGS,
  EXIT_INCOMPATIBLE,
  EXIT_OK,
  EXIT_USAGE_OR_DATA_ERROR,
  FAIL_ON_LEVELS,
  exitCodeFor,
  type ExitCode,
  type FailOn,
} from '../domain/outcome.js';

/** The contract in words, for `--help`. */
export const EXIT_CODES_HELP = `Exit codes:
  ${EXIT_OK}  compatible (or a verdict --fail-on does not fail on)
  ${EXIT_USAGE_OR_DATA_ERROR}  usage or data error: bad flag, unreadable or invalid plan file, unknown slug,
     missing or stale database, unreachable --url
  ${EXIT_COMPATIBLE_WITH_WARNINGS}  COMPATIBLE_WITH_WARNINGS, only with --fail-on warning
  ${EXIT_INCOMPATIBLE}  INCOMPATIBLE, with --fail-on error (the default) or warning

--fail-on error    INCOMPATIBLE exits ${EXIT_INCOMPATIBLE}; warnings exit ${EXIT_OK} (default)
--fail-on warning  INCOMPATIBLE exits ${EXIT_INCOMPATIBLE}; COMPATIBLE_WITH_WARNINGS exits ${EXIT_COMPATIBLE_WITH_WARNINGS}
--fail-on none     every verdict exits ${EXIT_OK}; usage and data errors still exit ${EXIT_USAGE_OR_DATA_ERROR}`;
