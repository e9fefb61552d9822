/**
 * What a finding code's entry says (its docs line, its severities, what raises it): the shape of a
 * rule's `CODES` table and of the registry (finding-codes.ts) that gathers them. A module of its
 * own, importing no rule, so that the rules can declare their codes and the registry can gather the
 * rules without an import circle between them.
 */
import type { Severity } from './vocabulary.js';

export interface FindingCodeEntry {
  /** What the code means: the line of the docs/api.md table. */
  readonly description: string;
  /** The severities the code can be raised with, most severe first. */
  readonly severities: readonly Severity[];
  /** Where findings with the code are created: `<file under src/domain> <function>`. */
  readonly raisedBy: readonly string[];
  /** Whether only a scan reports it (the engine, the `compatibility` query and `check` never do). */
  readonly scanOnly: boolean;
}
