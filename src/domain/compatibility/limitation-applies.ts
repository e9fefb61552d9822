/**
 * Whether a seeded limitation applies to a plan: its scope matched, its requirement (`requires`)
 * weighed. The limitations rule reports what applies; the instance-type capacity rule asks it
 * whether a mode is unavailable. A module of its own so that no rule imports another.
 */
import type { LimitationFact } from '../knowledge.js';
import type { PlanContext } from './plan-context.js';
import { matchScope, matchScopeUnless, type ScopeMatch } from './scope.js';

/** Whether a limitation applies to the plan, and which open dimensions leave it undecided. */
export function limitationApplies(l: LimitationFact, ctx: PlanContext): ScopeMatch {
  const result = matchScopeUnless(l.scope, l.requires, ctx);
  // A requirement on a mode says where the mode exists at all (L2tunnel only on Azure). Where the
  // plan's settled facts fail it (an EKS cluster, on AWS) and the mode is the only thing left open,
  // the plan cannot be using that mode: the requirement rules the mode out instead of warning.
  if (
    result.match === 'unknown' &&
    l.kind === 'requirement' &&
    l.requires &&
    l.scope.modes &&
    !ctx.plan.networkMode &&
    result.open.every((o) => o.field === 'networkMode') &&
    matchScope(l.requires, ctx).match === 'no'
  )
    return { match: 'no', open: [] };
  return result;
}
