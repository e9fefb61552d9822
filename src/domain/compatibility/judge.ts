/**
 * The one place a verdict is computed: validate the plan, run every rule, take the worst
 * severity. Pure: the same knowledge and input always give the same report.
 */
import type { Citation, DatasetHorizon, FeatureFact, Knowledge, SettingFact } from '../knowledge.js';
import { buildContext } from './plan-context.js';
import { settleFinding, SEVERITY_RANK, type Finding, type FindingCode, type RuleFinding } from './findings.js';
import { validatePlan, type Plan, type PlanInput } from './plan.js';
import type { PlanContext } from './plan-context.js';
import { RULES, type Rule } from './rules/index.js';
import { requiredSettings } from './settings.js';

import { verdictOf, type Verdict } from '../outcome.js';

export { VERDICTS, verdictOf, type Verdict } from '../outcome.js';

export interface CompatibilityReport {
  verdict: Verdict;
  findings: Finding[];
  requiredSettings: SettingFact[];
  enabledFeatures: FeatureFact[];
  datasetVersion: string;
  /** Where the dataset's knowledge ends; facts past it are "may apply". */
  horizon: DatasetHorizon;
}

/** A fact cited twice (by a feature and by its update) is listed once. */
function uniqueCitations(list: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.doc}\0${c.section}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

function withoutTarget(plan: Plan): Plan {
  const { targetKubernetesVersion: _target, ...current } = plan;
  return current;
}

/**
 * A rule's findings with their codes checked: each must be one of the rule's own `CODES`, which the
 * registry gathers, so it is a FindingCode. The rules know no registry (it imports them), so this is
 * where a code becomes the engine's; a code the rule does not declare is a bug in the rule. The
 * compiler already refuses one inside a rule typed Rule<keyof typeof CODES> (rules/rule.ts); this
 * check stays for any rule it cannot see into (one typed with string codes, a cast).
 */
export function ruleFindings(rule: Rule, ctx: PlanContext): RuleFinding<FindingCode>[] {
  const findings = rule.judge(ctx);
  for (const f of findings)
    if (!rule.codes.includes(f.code)) throw new Error(`The rule ${rule.name} raised ${f.code}, which is not one of its CODES (${rule.codes.join(', ')}).`);
  return findings as RuleFinding<FindingCode>[];
}

/** How a caller uses the engine, beside the plan itself. */
export interface JudgeOptions {
  /**
   * Features put in the plan to see what they would raise, not asked for by anyone (the scanner
   * probes a node's plan with every feature): never read as the plan asking for them by name.
   */
  probedFeatures?: readonly string[];
}

/** today: YYYY-MM-DD, used for support lifecycles when the input gives no asOf. */
export function judgeCompatibility(k: Knowledge, input: PlanInput, today: string, options: JudgeOptions = {}): CompatibilityReport {
  const plan = validatePlan(k, input, today);
  // An upgrade is judged at its target: every rule there, the kube-proxy gates included (on the
  // gates the plan sets today); without a target, at the current version ("may apply" when open).
  const target = plan.targetKubernetesVersion;
  const ctx = { ...buildContext(k, target ? { ...plan, kubernetesVersion: target } : plan), probedFeatures: new Set(options.probedFeatures ?? []) };
  const settings = requiredSettings(ctx);
  // The settings at the current version: the report's own unless the plan is judged at a target.
  const currentSettings = !plan.kubernetesVersion ? undefined : target ? requiredSettings(buildContext(k, withoutTarget(plan))) : settings;
  const findings: Finding[] = RULES.flatMap((rule) => ruleFindings(rule, { ...ctx, currentSettings }))
    .map((f) => settleFinding({ ...f, sources: uniqueCitations(f.sources) }))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  return {
    verdict: verdictOf(findings),
    findings,
    requiredSettings: settings,
    enabledFeatures: ctx.enabledFeatures.map((f) => k.features.get(f)!),
    datasetVersion: k.datasetVersion,
    horizon: k.horizon,
  };
}
