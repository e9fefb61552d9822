/**
 * Usage and data errors: everything that stops a command before it has an answer. Each exits
 * with EXIT_USAGE_OR_DATA_ERROR and is printed on stderr as one line plus optional details.
 */
import { distance } from 'fastest-levenshtein';
import { closestNames } from '../domain/closest.js';
import { EXIT_USAGE_OR_DATA_ERROR } from './exit-codes.js';

export class CliError extends Error {
  readonly exitCode = EXIT_USAGE_OR_DATA_ERROR;
  constructor(
    message: string,
    /** Further lines: valid choices, suggestions, how to fix it. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * A plan field the engine or the API refused: names the field and, where the set is closed,
 * the valid choices plus the closest of them; for large sets (EC2 types) the closest names.
 */
export class PlanFieldError extends CliError {
  constructor(
    readonly field: string,
    readonly reason: string,
    readonly validChoices?: readonly string[],
    readonly suggestions?: readonly string[],
    readonly wanted?: string,
  ) {
    const details: string[] = [];
    if (validChoices && validChoices.length > 0) {
      details.push(`valid choices for ${field}: ${validChoices.join(', ')}`);
      const near = wanted === undefined ? undefined : didYouMean(wanted, validChoices);
      if (near) details.push(`did you mean: ${near}?`);
    }
    if (suggestions && suggestions.length > 0) details.push(`closest known: ${suggestions.join(', ')}`);
    super(`${field}: ${reason}`, details);
    this.name = 'PlanFieldError';
  }

  /** The same error under another name for the field (a command-line flag instead of a plan key). */
  renamed(field: string): PlanFieldError {
    return new PlanFieldError(field, this.reason, this.validChoices, this.suggestions, this.wanted);
  }
}

/** The closest of `known` when it is close enough to be a typo of `wanted` (a third of its letters at most). */
export function didYouMean(wanted: string, known: readonly string[]): string | undefined {
  const [best] = closestNames(wanted, known, 1);
  return best !== undefined && distance(wanted.toLowerCase(), best) <= Math.max(2, Math.floor(wanted.length / 3)) ? best : undefined;
}

export function formatError(error: CliError, prefix = 'winnet-kb'): string {
  return [`${prefix}: ${error.message}`, ...error.details.map((d) => `  ${d}`)].join('\n') + '\n';
}
