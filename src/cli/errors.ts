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
      // The nearest choice the engine or the API names (domain/closest.ts), else the nearest close enough to be a typo.
      const near = suggestions?.[0] ?? (wanted === undefined ? undefined : didYouMean(wanted, validChoices));
      if (near) details.push(`did you mean: ${near}?`);
    } else if (suggestions && suggestions.length > 0) details.push(`closest known: ${suggestions.join(', ')}`);
    super(`${field}: ${reason}`, details);
    this.name = 'PlanFieldError';
  }

  /** The same error under another name for the field (a command-line flag instead of a plan key). */
  renamed(field: string): PlanFieldError {
    return new PlanFieldError(field, this.reason, this.validChoices, this.suggestions, this.wanted);
  }
}

/** One refused field of a plan, as the domain's PlanError and the API's BAD_USER_INPUT extensions give it. */
export interface PlanProblem {
  field: string;
  /** What is wrong, without the choices. */
  reason: string;
  validChoices?: readonly string[] | null;
  suggestions?: readonly string[] | null;
  /** The refused value, where the input gives it as text (for "did you mean"). */
  value?: string;
}

/**
 * The value the plan gives a refused field, for "did you mean": the field's text, or the first
 * entry of its list that is not a valid choice. Read from the plan, never from the message.
 */
export function refusedValue(input: object | undefined, field: string, validChoices: readonly string[]): string | undefined {
  const value = (input as Record<string, unknown> | undefined)?.[field];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === 'string' && !validChoices.includes(v));
  return undefined;
}

function problemLines(problems: readonly PlanProblem[]): { message: string; details: string[] } {
  const errors = problems.map((p) => new PlanFieldError(p.field, p.reason, p.validChoices ?? undefined, p.suggestions ?? undefined, p.value));
  const [first, ...rest] = errors;
  if (!first) return { message: 'refused without a reason', details: [] };
  return { message: first.message, details: [...first.details, ...rest.flatMap((e) => [e.message, ...e.details.map((d) => `  ${d}`)])] };
}

/**
 * Input the engine or the API refused: every problem at once, each with its field, its reason
 * and, where the set is closed, the valid choices and the closest of them. The first problem is
 * the message (`<field>: <reason>`), the others further lines. `input` is what was sent, for
 * "did you mean".
 */
export class InputRefusedError extends CliError {
  readonly problems: readonly PlanProblem[];

  constructor(
    problems: readonly PlanProblem[],
    /** What was sent: the refused values are read from it. */
    input?: object,
    /** Where the input came from (a plan file), put before the message. */
    readonly source?: string,
  ) {
    const withValues = problems.map((p) => {
      const value = p.value ?? (p.validChoices ? refusedValue(input, p.field, p.validChoices) : undefined);
      return value === undefined ? p : { ...p, value };
    });
    const { message, details } = problemLines(withValues);
    super(source === undefined ? message : `${source}: ${message}`, details);
    this.name = 'InputRefusedError';
    this.problems = withValues;
  }

  /** The same problems, from this source (a plan file). */
  from(source: string): InputRefusedError {
    return new InputRefusedError(this.problems, undefined, source);
  }

  /** The same problems under other names for the fields (command-line flags instead of input keys). */
  renamed(names: Readonly<Record<string, string>>): InputRefusedError {
    return new InputRefusedError(
      this.problems.map((p) => ({ ...p, field: names[p.field] ?? p.field })),
      undefined,
      this.source,
    );
  }
}

/**
 * The problems of a domain PlanError: all of them where it lists them (`problems`), else its own
 * field. Read from its fields, never from its message.
 */
export function problemsOf(error: PlanProblem & { problems?: readonly PlanProblem[] }): readonly PlanProblem[] {
  return error.problems && error.problems.length > 0 ? error.problems : [error];
}

/** The closest of `known` when it is close enough to be a typo of `wanted` (a third of its letters at most). */
export function didYouMean(wanted: string, known: readonly string[]): string | undefined {
  const [best] = closestNames(wanted, known, 1);
  return best !== undefined && distance(wanted.toLowerCase(), best) <= Math.max(2, Math.floor(wanted.length / 3)) ? best : undefined;
}

export function formatError(error: CliError, prefix = 'winnet-kb'): string {
  return [`${prefix}: ${error.message}`, ...error.details.map((d) => `  ${d}`)].join('\n') + '\n';
}
