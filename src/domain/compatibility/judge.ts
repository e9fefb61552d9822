/**
 * The one place a verdict is computed: validate the plan, run every rule, take the worst
 * severity. Pure: the same knowledge and input always give the same report.
 */
import type { Citation, DatasetHorizon, FeatureFact, Knowledge, SettingFact } from '../knowledge.js';
import { buildContext } from './plan-context.js';
import { SEVERITY_RANK, type Finding } from './findings.js';
import { validatePlan, type Plan, type PlanInput } from './plan.js';
import { RULES, requiredSettings } from './rules.js';
import { judgeGateSettings, parseGateList, type GateSetting } from './upgrade.js';

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

/**
 * The feature gates the plan's kube-proxy sets: those it states (kubeProxyFeatureGates), and those
 * its settings need at its current Kubernetes version (WinDSR=true on 1.14-1.32 for DSR), which an
 * upgrade carries over. Only the stated ones when the plan gives no current version, since the
 * settings then differ by version and which ones are set is not known.
 */
export function plannedGateSettings(k: Knowledge, plan: Plan): GateSetting[] {
  const given = plan.kubeProxyFeatureGates ?? [];
  if (!plan.kubernetesVersion) return given;
  const { targetKubernetesVersion: _target, ...current } = plan;
  const implied = requiredSettings(buildContext(k, current))
    .filter((s) => s.kind === 'KUBE_PROXY_FLAG' && s.key === '--feature-gates')
    .flatMap((s) => parseGateList(s.value));
  // A gate the plan states wins over the one its settings imply.
  return [...given, ...implied.filter((i) => !given.some((g) => g.gate === i.gate))];
}

/** today: YYYY-MM-DD, used for support lifecycles when the input gives no asOf. */
export function judgeCompatibility(k: Knowledge, input: PlanInput, today: string): CompatibilityReport {
  const plan = validatePlan(k, input, today);
  // An upgrade is judged at its target: every rule there, plus the gates the plan sets today (upgrade.ts).
  const target = plan.targetKubernetesVersion;
  const ctx = buildContext(k, target ? { ...plan, kubernetesVersion: target } : plan);
  const findings = [...RULES.flatMap((rule) => rule(ctx)), ...(target ? judgeGateSettings(k, target, plannedGateSettings(k, plan)) : [])]
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
