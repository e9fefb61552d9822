/**
 * The one place a verdict is computed: validate the plan, run every rule, take the worst
 * severity. Pure: the same knowledge and input always give the same report.
 */
import type { Citation, DatasetHorizon, FeatureFact, Knowledge, SettingFact } from '../knowledge.js';
import { buildContext, type PlanContext } from './plan-context.js';
import { SEVERITY_RANK, type Finding } from './findings.js';
import { validatePlan, type Plan, type PlanInput } from './plan.js';
import { RULES } from './rules/index.js';
import { requiredSettings } from './settings.js';
import { judgeGateSettings, parseGateList, type GateNeed, type GateSetting } from './upgrade.js';

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

const gateFlags = (settings: readonly SettingFact[]) => settings.filter((s) => s.kind === 'KUBE_PROXY_FLAG' && s.key === '--feature-gates');

/**
 * The feature gates the plan's kube-proxy sets: those it states (kubeProxyFeatureGates), and those
 * its settings need at its current Kubernetes version (WinDSR=true on 1.14-1.32 for DSR), which an
 * upgrade carries over. Only the stated ones when the plan gives no current version
 * (`currentSettings` undefined), since the settings then differ by version and which ones are set
 * is not known.
 */
export function plannedGateSettings(plan: Plan, currentSettings: readonly SettingFact[] | undefined): GateSetting[] {
  const given = plan.kubeProxyFeatureGates ?? [];
  if (!currentSettings) return given;
  const implied = gateFlags(currentSettings).flatMap((s) => parseGateList(s.value));
  // A gate the plan states wins over the one its settings imply.
  return [...given, ...implied.filter((i) => !given.some((g) => g.gate === i.gate))];
}

/**
 * The gate values the plan's enabled features and candidate network modes need, from their
 * `--feature-gates` settings at any Kubernetes version (the setting's range is where the flag must
 * be explicit; the need holds wherever the gate exists). A value only some candidate modes need
 * is open on the mode; with no plugin and no mode every mode is a candidate.
 */
export function gateNeeds(ctx: PlanContext): GateNeed[] {
  const { k } = ctx;
  const needs: GateNeed[] = ctx.enabledFeatures.flatMap((slug) => {
    const f = k.features.get(slug)!;
    return gateFlags(f.settings).flatMap((s) => parseGateList(s.value).map((g) => ({ ...g, by: f.name, open: [], note: s.note, sources: s.sources })));
  });
  const modes = ctx.candidateModes.length > 0 ? ctx.candidateModes : [...k.modes.keys()];
  for (const slug of modes) {
    const mode = k.modes.get(slug)!;
    for (const s of gateFlags(mode.settings))
      for (const g of parseGateList(s.value)) {
        const needing = modes.filter((m) =>
          gateFlags(k.modes.get(m)!.settings).some((o) => parseGateList(o.value).some((x) => x.gate === g.gate && x.value === g.value)),
        );
        const names = needing.map((m) => k.modes.get(m)!.name).join(', ');
        const open =
          needing.length === modes.length
            ? []
            : [{ dimension: 'network mode', holdsFor: names, phrase: `the plan does not give the network mode; it holds for ${names}` }];
        needs.push({ ...g, by: `the ${mode.name} network mode`, open, note: s.note, sources: s.sources });
      }
  }
  return needs;
}

function withoutTarget(plan: Plan): Plan {
  const { targetKubernetesVersion: _target, ...current } = plan;
  return current;
}

/** today: YYYY-MM-DD, used for support lifecycles when the input gives no asOf. */
export function judgeCompatibility(k: Knowledge, input: PlanInput, today: string): CompatibilityReport {
  const plan = validatePlan(k, input, today);
  // An upgrade is judged at its target: every rule there, plus the gates the plan sets today (upgrade.ts).
  // Without a target the gates are judged at the current version ("may apply" when that is open too).
  const target = plan.targetKubernetesVersion;
  const ctx = buildContext(k, target ? { ...plan, kubernetesVersion: target } : plan);
  const settings = requiredSettings(ctx);
  // The settings at the current version: the report's own unless the plan is judged at a target.
  const currentSettings = !plan.kubernetesVersion ? undefined : target ? requiredSettings(buildContext(k, withoutTarget(plan))) : settings;
  const gates = judgeGateSettings(k, target ?? plan.kubernetesVersion, plannedGateSettings(plan, currentSettings), gateNeeds(ctx));
  const findings = [...RULES.flatMap((rule) => rule.judge(ctx)), ...gates]
    .map((f) => ({ ...f, sources: uniqueCitations(f.sources) }))
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
