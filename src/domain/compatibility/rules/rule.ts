/**
 * The shape every compatibility rule has: its name, the finding codes it can raise, and its
 * judgement of a plan. Each rule is generic over the data: no rule names a particular feature,
 * plugin or release; what varies lives in the seeds. judge.ts runs them all, in the order of
 * index.ts.
 */
import type { Finding, FindingCode } from '../findings.js';
import type { PlanContext } from '../plan-context.js';

export type RuleJudge = (ctx: PlanContext) => Finding[];

export interface Rule {
  /** The rule's name, as the registry's `raisedBy` gives it. */
  readonly name: string;
  /** The finding codes the rule can raise. */
  readonly codes: readonly FindingCode[];
  readonly judge: RuleJudge;
}
