/**
 * The one place a verdict is computed: validate the plan, run every rule, take the worst
 * severity. Pure: the same knowledge and input always give the same report.
 */
import type { Citation, DatasetHorizon, FeatureFact, Knowledge, SettingFact } from '../knowledge.js';
import { buildContext } from './plan-context.js';
import { SEVERITY_RANK, type Finding } from './findings.js';
import { validatePlan, type PlanInput } from './plan.js';
import { RULES, requiredSettings } from './rules.js';

/** The three outcomes, worst last. */
export const VERDICTS = ['COMPATIBLE', 'COMPATIBLE_WITH_WARNINGS', 'INCOMPATIBLE'] as const;
export type Verdict = (typeof VERDICTS)[number];

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

export function verdictOf(findings: readonly Finding[]): Verdict {
  if (findings.some((f) => f.severity === 'error')) return 'INCOMPATIBLE';
  return findings.some((f) => f.severity === 'warning') ? 'COMPATIBLE_WITH_WARNINGS' : 'COMPATIBLE';
}

/** today: YYYY-MM-DD, used for support lifecycles when the input gives no asOf. */
export function judgeCompatibility(k: Knowledge, input: PlanInput, today: string): CompatibilityReport {
  const ctx = buildContext(k, validatePlan(k, input, today));
  const findings = RULES.flatMap((rule) => rule(ctx))
    .map((f) => ({ ...f, sources: uniqueCitations(f.sources) }))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  return {
    verdict: verdictOf(findings),
    findings,
    requiredSettings: requiredSettings(ctx),
    enabledFeatures: ctx.enabledFeatures.map((f) => k.features.get(f)!),
    datasetVersion: k.datasetVersion,
    horizon: k.horizon,
  };
}
