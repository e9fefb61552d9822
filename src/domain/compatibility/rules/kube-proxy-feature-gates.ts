/**
 * kube-proxy's feature gates, and upgrade readiness: the gates a kube-proxy sets, judged against a
 * target Kubernetes version (`--target-kubernetes-version`, as pluto's --target-versions), or the
 * plan's own version, and against what the plan's mode and features need. The one place this rule
 * lives: judge.ts runs it with the others (on the gates the plan states and those its settings
 * imply at its current version), `scan` on the gates each kube-proxy object sets. Everything else
 * a target version changes (node OS support, plugin versions, mode labels) is the engine judging
 * the plan at the target version.
 *
 * Generic over the data: the gates' stages, defaults, locks and pending removals are the records
 * of seeds/feature-gates.yaml. Pure: knowledge and settings in, findings out.
 */
import { compareKubernetes, describeKubernetesRange, kubernetesInRange, type KubernetesRange } from '../../kubernetes-version.js';
import type { Citation, FeatureGateFact, FeatureGateStage, Knowledge, SettingFact } from '../../knowledge.js';
import type { Plan } from '../plan.js';
import type { PlanContext } from '../plan-context.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import { mayApplySeverity, type RuleFinding } from '../rule-finding.js';
import { beyondHorizon, HORIZON_DIMENSION, open, openOn, wherePrefix, type OpenDimension } from '../scope.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  FEATURE_GATE_LOCKED: {
    description:
      'A kube-proxy feature gate is set to the opposite of the value it is locked to at the target Kubernetes version, so kube-proxy exits at start-up; ' +
      '"may apply" where no source has observed it for that gate, or past the dataset horizon.',
    severities: ['error', 'warning'],
    raisedBy: ['compatibility/rules/kube-proxy-feature-gates.ts judgeGateSetting'],
    scanOnly: false,
  },
  FEATURE_GATE_CONFLICT: {
    description:
      "A kube-proxy feature gate is set to the opposite of the value the plan's network mode or a feature it enables needs, at a Kubernetes version where the gate is not locked; " +
      '"may apply" when the mode or the Kubernetes version is open.',
    severities: ['error', 'warning'],
    raisedBy: ['compatibility/rules/kube-proxy-feature-gates.ts judgeGateSetting'],
    scanOnly: false,
  },
  FEATURE_GATE_FLAG_UNNEEDED: {
    description: 'A kube-proxy feature gate is set to its default at the target Kubernetes version: the flag is no longer needed.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/kube-proxy-feature-gates.ts judgeGateSetting'],
    scanOnly: false,
  },
  FEATURE_GATE_REMOVAL_PENDING: {
    description:
      'A kube-proxy feature gate that is set may be removed by the target Kubernetes version: its removal is proposed, and no source says which release ships it.',
    severities: ['warning'],
    raisedBy: ['compatibility/rules/kube-proxy-feature-gates.ts judgeGateSetting'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** A feature gate as a component's settings give it (--feature-gates=WinOverlay=false, featureGates.WinOverlay). */
export interface GateSetting {
  gate: string;
  value: boolean;
}

/** The stage a gate is in at a Kubernetes version, if the gate exists there. */
export function gateStageAt(gate: FeatureGateFact, version: string): FeatureGateStage | undefined {
  return gate.stages.find((s) => kubernetesInRange(version, s.kubernetes));
}

/** The oldest version from which the gate's default has been `value` without a break, up to the stage at the target. */
function defaultSince(gate: FeatureGateFact, stage: FeatureGateStage, value: boolean): string | undefined {
  let since = stage.kubernetes.min;
  for (let i = gate.stages.indexOf(stage) - 1; i >= 0 && gate.stages[i]!.default === value; i--) since = gate.stages[i]!.kubernetes.min;
  return since;
}

/** "beta, on by default, from 1.20 to 1.33; GA, locked on, from 1.34" */
function describeStages(gate: FeatureGateFact): string {
  return gate.stages
    .map(
      (s) => `${s.stage === 'ga' ? 'GA' : s.stage}, ${s.locked ? 'locked' : 'default'} ${s.default ? 'on' : 'off'}, ${describeKubernetesRange(s.kubernetes)}`,
    )
    .join('; ');
}

const flag = (s: GateSetting) => `${s.gate}=${s.value}`;

/**
 * A gate value the plan's network mode or a feature it enables needs: a `--feature-gates` setting
 * among their settings. The setting's Kubernetes range says where the flag must be given
 * explicitly (the gate is off by default there); the need for the value holds wherever the gate
 * exists, so switching it the other way contradicts the mode or feature at every version.
 */
export interface GateNeed extends GateSetting {
  /** "the Overlay network mode", "Direct Server Return". */
  by: string;
  /** Open when the plan leaves the mode open and only some candidate modes need the value. */
  open: OpenDimension[];
  note?: string;
  sources: Citation[];
}

/** The Kubernetes versions a gate fact holds at, when the plan gives no version. */
const versionOpen = (range: KubernetesRange): OpenDimension => open('Kubernetes version', describeKubernetesRange(range));

/** The span from the first to the last stage that passes the test (stages are in version order). */
function span(gate: FeatureGateFact, test: (s: FeatureGateStage) => boolean): KubernetesRange | undefined {
  const hits = gate.stages.filter(test);
  if (hits.length === 0) return undefined;
  return { min: hits[0]!.kubernetes.min, max: hits[hits.length - 1]!.kubernetes.max };
}

/**
 * The findings of one gate setting at a Kubernetes version ([] for a gate the knowledge base does
 * not track). With no version (the plan gives neither a target nor a current version), every fact
 * that depends on the version is "may apply", naming the versions it holds for. `needs` are the
 * gate values the plan's mode and features need (gateNeeds); a setting against one of them is an
 * error wherever the gate is not locked (FEATURE_GATE_CONFLICT), and never "no longer needed".
 */
export function judgeGateSetting(k: Knowledge, version: string | undefined, setting: GateSetting, needs: readonly GateNeed[] = []): RuleFinding<Code>[] {
  const gate = k.featureGates.get(setting.gate);
  if (!gate) return [];
  const findings: RuleFinding<Code>[] = [];
  const horizon = k.horizon.kubernetesVersion;
  const where = `kube-proxy's --feature-gates (featureGates in KubeProxyConfiguration)`;
  const at = (range: KubernetesRange) => (version ? `on Kubernetes ${version}` : `on ${describeKubernetesRange(range)}`);

  // The locked stage the setting contradicts, and the versions it covers.
  const lockedStage = version
    ? ((s) => (s?.locked && setting.value !== s.default ? s : undefined))(gateStageAt(gate, version))
    : gate.stages.find((s) => s.locked && setting.value !== s.default);
  const stage = version ? gateStageAt(gate, version) : undefined;
  const beyond: OpenDimension[] =
    version && stage && compareKubernetes(version, horizon) > 0
      ? [
          open(
            HORIZON_DIMENSION,
            describeKubernetesRange(stage.kubernetes),
            `the dataset documents Kubernetes only up to ${horizon}, and this holds for ${describeKubernetesRange(stage.kubernetes)} as far as it knows`,
            beyondHorizon(horizon),
          ),
        ]
      : [];
  if (lockedStage) {
    const override = gate.lockedOverride;
    const opened = version ? [...beyond] : [versionOpen(lockedStage.kubernetes)];
    if (!override?.observed)
      opened.push(
        ((phrase) => open('observation', gate.name, phrase, `by what the sources expect (${phrase})`))(
          override
            ? `no source reports it for ${gate.name}; it is expected by the same mechanism`
            : `no source says what ${gate.component} does with the other value of a locked gate`,
        ),
      );
    const effect = override ? ` ${override.effect}${override.note ? ` ${override.note}` : ''}` : '';
    const target = version ?? lockedStage.kubernetes.min!;
    findings.push({
      severity: opened.length > 0 ? mayApplySeverity('error', false) : 'error',
      ...openOn(opened),
      code: 'FEATURE_GATE_LOCKED',
      subject: gate.name,
      message:
        `${wherePrefix(opened)}${gate.component} sets ${flag(setting)}, but ${at(lockedStage.kubernetes)} the ${gate.name} gate is ` +
        `${lockedStage.stage === 'ga' ? 'GA' : lockedStage.stage} and locked ${lockedStage.default ? 'on' : 'off'} (${describeKubernetesRange(lockedStage.kubernetes)}).${effect}`,
      remediation: `Remove ${gate.name} from ${where} before the upgrade to ${target}.`,
      sources: [...gate.stageSources, ...(override?.sources ?? [])],
    });
  }

  // A mode or feature of the plan needs the other value: wherever the gate is not locked, kube-proxy
  // runs with the gate the way the plan's settings forbid.
  const conflicts = needs.filter((n) => n.gate === gate.name && n.value !== setting.value);
  const unlocked = version ? (stage && !stage.locked ? stage.kubernetes : undefined) : span(gate, (s) => !s.locked);
  if (unlocked)
    for (const need of conflicts) {
      const opened = [...need.open, ...(version ? beyond : [versionOpen(unlocked)])];
      findings.push({
        severity: opened.length > 0 ? mayApplySeverity('error', false) : 'error',
        ...openOn(opened),
        code: 'FEATURE_GATE_CONFLICT',
        subject: gate.name,
        message:
          `${wherePrefix(opened)}${gate.component} sets ${flag(setting)}, but ${need.by} needs ${flag(need)}, and ${at(unlocked)} the gate is not locked, ` +
          `so the setting takes effect.${need.note ? ` ${need.note}` : ''}`,
        remediation: `Set ${flag(need)} in ${where}, or drop ${gate.name} from it where the gate is on by default.`,
        sources: [...need.sources, ...gate.stageSources],
      });
    }

  // The flag is the gate's default: at the version, or (version open) from some version on.
  if (conflicts.length === 0) {
    const last = gate.stages[gate.stages.length - 1];
    const unneeded = version
      ? stage && !lockedStage && setting.value === stage.default
        ? stage
        : undefined
      : last?.default === setting.value
        ? last
        : undefined;
    if (unneeded) {
      const since = defaultSince(gate, unneeded, setting.value);
      const always = since === gate.stages[0]?.kubernetes.min;
      const opened = version ? beyond : always ? [] : [versionOpen({ min: since })];
      findings.push({
        severity: 'info',
        ...openOn(opened),
        code: 'FEATURE_GATE_FLAG_UNNEEDED',
        subject: gate.name,
        message:
          `${wherePrefix(opened)}${gate.component} sets ${flag(setting)}, which is the gate's default ` +
          `${since ? `from Kubernetes ${since}` : 'at every version the dataset documents'}; ${version ? `on ${version}` : 'there'} the flag is no longer needed ` +
          `(${gate.name}: ${describeStages(gate)}).`,
        remediation: `Drop ${flag(setting)} from ${where}.`,
        sources: gate.stageSources,
      });
    }
  }
  const removal = gate.removal;
  // Only with a version: the removal is already "may apply", and proposed past the dataset horizon.
  if (removal && version && compareKubernetes(version, removal.allowedFrom) >= 0)
    // A removal that is only proposed: the sources do not say which release ships it, so it may apply.
    findings.push({
      severity: 'warning',
      // Open in the knowledge, not in the plan: no plan field settles it.
      ...openOn([open('release of the removal', removal.allowedFrom, `the removal is ${removal.status}, and no source says which release ships it`)]),
      code: 'FEATURE_GATE_REMOVAL_PENDING',
      subject: gate.name,
      message:
        `${gate.component} sets ${flag(setting)}, and the ${gate.name} gate may be removed from Kubernetes ${removal.allowedFrom} ` +
        `(the removal is ${removal.status}, and no source says which release ships it). ${removal.note}`,
      remediation: `Drop ${gate.name} from ${where} before upgrading to a release that removes it.`,
      sources: removal.sources,
    });
  return findings;
}

/** The findings of every gate setting at a version (undefined: the plan gives none). */
export function judgeGateSettings(
  k: Knowledge,
  version: string | undefined,
  settings: Iterable<GateSetting>,
  needs: readonly GateNeed[] = [],
): RuleFinding<Code>[] {
  return [...settings].flatMap((s) => judgeGateSetting(k, version, s, needs));
}

/** "WinDSR=true" (a --feature-gates setting's value) as gate settings; entries that are not gate=bool are left out. */
export function parseGateList(value: string): GateSetting[] {
  return value.split(',').flatMap((entry): GateSetting[] => {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)\s*=\s*(true|false)\s*$/i.exec(entry);
    return m ? [{ gate: m[1]!, value: m[2]!.toLowerCase() === 'true' }] : [];
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
        const modeOpen = needing.length === modes.length ? [] : [open('network mode', names)];
        needs.push({ ...g, by: `the ${mode.name} network mode`, open: modeOpen, note: s.note, sources: s.sources });
      }
  }
  return needs;
}

const judge: RuleJudge<Code> = (ctx) =>
  judgeGateSettings(ctx.k, ctx.plan.kubernetesVersion, plannedGateSettings(ctx.plan, ctx.currentSettings), gateNeeds(ctx));

export const kubeProxyFeatureGates: Rule<Code> = {
  name: 'kubeProxyFeatureGates',
  codes: codesOf(CODES),
  judge,
};
