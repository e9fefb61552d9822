/**
 * Accepted findings: a team that has judged a finding and decided to live with it says so, with a
 * reason, in a `.winnet-kb-ignore` file (or with `--ignore CODE[:subject]`). An accepted finding
 * stays in every output, marked accepted with its reason; it only stops counting towards the
 * verdict that `--fail-on` judges (the "verdict after accepted findings").
 *
 * File format, one entry per line (blank lines and lines starting with # are skipped):
 *
 *     CODE[:subject]  reason, required
 *
 * `CODE` alone accepts the code whatever its subject; `CODE:subject` only that subject. An unknown
 * code is a usage error (exit 1) with the closest known codes, so a typo cannot accept nothing.
 */
import { ALL_FINDING_CODES } from '../domain/finding-codes.js';
import { distance } from 'fastest-levenshtein';
import { CliError } from './errors.js';
import {
  conventionalFile,
  DEFAULT_INPUT_CAPS,
  InputBudget,
  linkOutOfTree,
  readInputFile,
  unquotedContentError,
  UnreadableFileError,
  type InputCaps,
} from './input.js';
import { excerpt } from './safe-output.js';

/** The file read from the working directory when no --ignore-file is given. */
export const IGNORE_FILE = '.winnet-kb-ignore';

const KNOWN_CODES = Object.keys(ALL_FINDING_CODES).sort();

/** Why a finding is accepted, and which entry says so (`.winnet-kb-ignore:3`, `--ignore`). */
export interface Acceptance {
  reason: string;
  by: string;
}

interface Rule {
  code: string;
  subject: string | null;
  reason: string;
  by: string;
  used: boolean;
}

/** One entry: `CODE[:subject] reason`; the reason may only be left out on the command line. */
function parseEntry(text: string, by: string, requireReason: boolean): Rule {
  const match = /^(\S+?)(?::(\S+))?(?:\s+(.*))?$/.exec(text.trim());
  const code = match?.[1] ?? '';
  if (!KNOWN_CODES.includes(code)) {
    // No code is longer than 40 letters: a longer word is no typo of one (and is not compared).
    const [near] = KNOWN_CODES.map((known) => ({ known, d: code.length > 64 ? Infinity : distance(code.toUpperCase(), known) }))
      .filter(({ d }) => d <= Math.max(2, Math.floor(code.length / 4)))
      .sort((a, b) => a.d - b.d)
      .map(({ known }) => known);
    // The entry is quoted by a short excerpt of its first word: never a whole line of a file
    // that may not be an ignore file at all.
    throw new CliError(`${by}: unknown finding code "${excerpt(code)}"`, [
      ...(near ? [`did you mean: ${near}?`] : []),
      'an entry is CODE or CODE:subject, then the reason; the codes are listed in docs/api.md and docs/cli.md',
    ]);
  }
  const reason = match?.[3]?.trim() ?? '';
  if (requireReason && reason === '')
    throw new CliError(`${by}: ${code}${match?.[2] ? `:${excerpt(match[2])}` : ''} has no reason; write why it is accepted after it`);
  return { code, subject: match?.[2] ?? null, reason: reason || 'accepted with --ignore', by, used: false };
}

/**
 * The entries of an ignore file, read as every input file is (input.ts: caps, a timeout for a
 * pipe, no binary). One named with --ignore-file must exist; `.winnet-kb-ignore`, found by
 * convention, is read only when there is one and it resolves inside the working directory.
 */
export async function readIgnoreFile(path: string, named: boolean, caps: InputCaps = DEFAULT_INPUT_CAPS): Promise<Rule[]> {
  const found = named ? path : conventionalFile(path);
  if (found === undefined) return [];
  let text: string;
  try {
    text = await readInputFile(found, path, new InputBudget(caps));
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw new CliError(`cannot read the ignore file ${path}: ${error.reason === 'no such file or directory' ? 'no such file' : error.reason}`);
  }
  const outside = named ? linkOutOfTree(path) : undefined;
  try {
    return text.split(/\r?\n/).flatMap((line, i) => (line.trim() === '' || line.trim().startsWith('#') ? [] : [parseEntry(line, `${path}:${i + 1}`, true)]));
  } catch (error) {
    if (outside !== undefined && error instanceof CliError) throw unquotedContentError(path, outside, 'ignore file');
    throw error;
  }
}

export class Acceptor {
  private constructor(private readonly rules: Rule[]) {}

  /**
   * The rules of `--ignore` entries and of the ignore file: `ignoreFile` when given (it must exist),
   * else `.winnet-kb-ignore` in the working directory when there is one; read under the command's input caps.
   */
  static async from(options: { ignore?: readonly string[]; ignoreFile?: string }, caps: InputCaps = DEFAULT_INPUT_CAPS): Promise<Acceptor> {
    const fromFile = options.ignoreFile !== undefined ? await readIgnoreFile(options.ignoreFile, true, caps) : await readIgnoreFile(IGNORE_FILE, false, caps);
    const fromFlags = (options.ignore ?? []).map((entry) => parseEntry(entry, '--ignore', false));
    return new Acceptor([...fromFlags, ...fromFile]);
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** The acceptance of a finding, or undefined; the first matching entry wins. */
  accept(finding: { code: string; subject?: string | null }): Acceptance | undefined {
    const rule = this.rules.find((r) => r.code === finding.code && (r.subject === null || r.subject === (finding.subject ?? null)));
    if (!rule) return undefined;
    rule.used = true;
    return { reason: rule.reason, by: rule.by };
  }

  /** Entries that accepted nothing in this run (stale, or a subject misspelt), for a note on stderr. */
  unused(): string[] {
    return this.rules.filter((r) => !r.used).map((r) => `${r.by}: ${r.code}${r.subject ? `:${excerpt(r.subject)}` : ''} accepted no finding`);
  }
}

/** How --ignore collects its entries: one per use; an environment variable may hold several, one per line. */
export function collectIgnore(value: string, previous: string[] | undefined): string[] {
  const entries = value
    .split(/\r?\n/)
    .map((e) => e.trim())
    .filter(Boolean);
  return [...(previous ?? []), ...entries];
}
