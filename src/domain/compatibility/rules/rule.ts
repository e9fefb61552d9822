/**
 * The shape every compatibility rule has: its name, the finding codes it can raise, and its
 * judgement of a plan. Each rule is generic over the data: no rule names a particular feature,
 * plugin or release; what varies lives in the seeds. judge.ts runs them all, in the order of
 * index.ts, and checks that each finding's code is one of the rule's own.
 *
 * Generic over the rule's code union C (`keyof typeof CODES` in its file), so that the compiler
 * refuses a code the rule does not declare, as it did before the rules stopped importing the
 * registry; RULES holds them as Rule (string codes), and judge.ts still checks at run time.
 */
import type { RuleFinding } from '../rule-finding.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';
import type { PlanContext } from '../plan-context.js';

export type RuleJudge<C extends string = string> = (ctx: PlanContext) => RuleFinding<C>[];

export interface Rule<C extends string = string> {
  /** The rule's name, as the registry's `raisedBy` gives it. */
  readonly name: string;
  /** The finding codes the rule can raise: the keys of its `CODES` table (which the registry gathers). */
  readonly codes: readonly C[];
  readonly judge: RuleJudge<C>;
}

/** The codes of a rule's `CODES` table, for its `codes`. */
export const codesOf = <C extends string>(codes: Readonly<Record<C, FindingCodeEntry>>): C[] => Object.keys(codes) as C[];
