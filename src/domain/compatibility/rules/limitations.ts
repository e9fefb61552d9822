/**
 * The seeded limitations (unsupported functionality, known issues, requirements, caveats and
 * thresholds): whether each applies to the plan, is mitigated by a feature it enables, or may apply.
 *
 * Golden cases: test/domain/rules/limitations.golden.test.ts.
 */
import type { LimitationFact } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { mayApplySeverity, type RuleFinding } from '../rule-finding.js';
import { wherePrefix, openOn } from '../scope.js';
import { limitationApplies } from '../limitation-applies.js';
import { describeSetting, settingApplies } from '../settings.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';
import { SEVERITIES } from '../../vocabulary.js';
import { SERVICE_SETTING_INFO } from '../../service-settings.js';
import { describeKubernetesRange, kubernetesInRange } from '../../kubernetes-version.js';
import { dateInRange, describeDateRange } from '../../dates.js';
import type { SettingFact } from '../../knowledge.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  THRESHOLD_EXCEEDED: {
    description: 'A planned number is above a documented limit (backends per Service, Services per node).',
    // The limitation's seeded severity; "may apply" a warning.
    severities: SEVERITIES,
    raisedBy: ['compatibility/rules/limitations.ts limitations'],
    scanOnly: false,
  },
  UNSUPPORTED_FUNCTIONALITY: {
    description: 'Functionality that Windows nodes do not support and that the plan may use.',
    // The limitation's seeded severity (one step lower when it may apply); the scan's hostNetwork check: an error.
    severities: SEVERITIES,
    raisedBy: ['compatibility/rules/limitations.ts limitations', 'scan/own-findings.ts ownFindings'],
    scanOnly: false,
  },
  KNOWN_ISSUE: {
    description: 'A documented known issue applies to the plan.',
    severities: SEVERITIES,
    raisedBy: ['compatibility/rules/limitations.ts limitations'],
    scanOnly: false,
  },
  REQUIREMENT_NOT_MET: {
    description: 'Something the mode or plugin needs (e.g. an OS update) is missing or not confirmed.',
    severities: SEVERITIES,
    raisedBy: ['compatibility/rules/limitations.ts limitations'],
    scanOnly: false,
  },
  CONFIGURATION_REQUIRED: {
    description:
      'Something the plugin or mode needs configured (e.g. VNI 4096 and UDP port 4789 for Flannel VXLAN on Windows): a reminder for every plan that uses it, which the plan does not state and so is not known to be unmet.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/limitations.ts limitations'],
    scanOnly: false,
  },
  CAVEAT: {
    description: 'A documented caveat applies to the plan.',
    // The scan's own: a HostProcess pod's hostNetwork, the exception to host-network-mode, with what HostProcess needs.
    severities: SEVERITIES,
    raisedBy: ['compatibility/rules/limitations.ts limitations', 'scan/own-findings.ts ownFindings'],
    scanOnly: false,
  },
  LIMITATION_MITIGATED: {
    description: 'A limitation would apply, but the plan carries out its workaround or avoids it (a feature it enables, a kube-proxy feature gate it sets).',
    severities: ['info'],
    raisedBy: ['compatibility/rules/limitations.ts limitations'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** limitations: the figures of a threshold, and a mitigation. */
const LIMITATION = {
  threshold: (planned: number, t: { max: number; approximate?: boolean }) => `The plan has ${planned}; the limit is ${t.approximate ? 'about ' : ''}${t.max}.`,
  otherLimits: (others: readonly { max: number; title: string }[]) =>
    `Other documented limits of this kind: ${others.map((o) => `${o.max} (${o.title})`).join('; ')}.`,
  fixedLater: (how: string) => `Fixed by a later OS update whose build no source gives: ${how.charAt(0).toLowerCase()}${how.slice(1)}`,
  mitigated: (title: string, inputs: readonly string[]) => `${title}: mitigated because the plan has ${inputs.join(', ')}.`,
  requiredBy: (feature: string, by: string) => `${feature}, which ${by} needs (mitigated once it is switched on, as the required settings say)`,
  outsideRevision: (where: string) =>
    `Only the Kubernetes page revision in force ${where} carries this; the plan is judged outside it, where the page no longer says so: it may not apply.`,
  revisionWhere: (r: NonNullable<LimitationFact['revisionScope']>) =>
    [r.kubernetes ? `for ${describeKubernetesRange(r.kubernetes)}` : '', r.dates ? describeDateRange(r.dates) : ''].filter(Boolean).join(', '),
  neededAgainst: (features: readonly string[], against: string) =>
    `The plan needs ${features.join(', ')} against "${against}" and does not enable it; how to turn it on here: `,
  contradicts: (settings: readonly string[], features: readonly string[]) =>
    `The workaround (${settings.join(', ')}) turns off ${features.join(', ')}, which the plan asks for: it cannot have both.`,
};

/**
 * Whether the plan is judged where the one page revision that carries the fact is in force: by its
 * Kubernetes version when the plan gives one, else by its date. Undefined when no revision scope
 * is seeded (the fact is not revision-bound).
 */
function insideRevision(l: LimitationFact, ctx: PlanContext): boolean | undefined {
  const r = l.revisionScope;
  if (!r) return undefined;
  const version = ctx.plan.kubernetesVersion;
  if (version) return kubernetesInRange(version, r.kubernetes);
  return !r.dates || dateInRange(ctx.plan.asOf, r.dates) !== 'no';
}

/** The same switch set another way: same kind and key (for --feature-gates, the same gate) with another value. */
function contradictsSetting(a: SettingFact, b: SettingFact): boolean {
  if (a.kind !== b.kind || a.key !== b.key) return false;
  if (a.key === '--feature-gates') {
    const [gateA, valueA] = a.value.split('=');
    const [gateB, valueB] = b.value.split('=');
    return gateA === gateB && valueA !== valueB;
  }
  return a.value !== b.value;
}

/**
 * Requested features whose own settings a workaround setting reverses (--enable-dsr=false against
 * DSR): the plan cannot take the workaround and keep the feature, and the finding must say so.
 */
function contradictedFeatures(workaround: readonly SettingFact[], ctx: PlanContext): { settings: string[]; features: string[] } {
  const settings = new Set<string>();
  const features = new Set<string>();
  for (const slug of ctx.plan.features) {
    const feature = ctx.k.features.get(slug);
    for (const w of workaround)
      if (feature?.settings.some((f) => contradictsSetting(w, f))) {
        settings.add(`${w.key}${w.key === '--feature-gates' ? ' ' : '='}${w.value}`);
        features.add(feature.name);
      }
  }
  return { settings: [...settings], features: [...features] };
}

const KIND_CODE: Record<LimitationFact['kind'], Code> = {
  unsupported: 'UNSUPPORTED_FUNCTIONALITY',
  'known-issue': 'KNOWN_ISSUE',
  requirement: 'REQUIREMENT_NOT_MET',
  caveat: 'CAVEAT',
};

/** Scope dimensions that name a component of the plan (where it runs, its plugin, its mode); any other is a fact of this plan. */
const COMPONENT_DIMENSIONS: ReadonlySet<string> = new Set(['environments', 'plugins', 'modes', 'platforms']);

/**
 * A general caveat: true for every plan with the components its scope names (no threshold, no
 * requirement to meet, no build, version, feature or Service type of this plan), and seeded as
 * information. It is reported as GENERAL, apart from what this plan's own facts decide.
 */
export function isGeneralCaveat(l: LimitationFact): boolean {
  return l.kind !== 'requirement' && l.severity === 'info' && scopedByComponentsOnly(l);
}

const scopedByComponentsOnly = (l: LimitationFact) => !l.threshold && !l.requires && Object.keys(l.scope).every((d) => COMPONENT_DIMENSIONS.has(d));

/**
 * A requirement that no fact of the plan can fail (scoped only by the components that need it,
 * nothing to compare with what the plan states): what to configure, reported as such, not as a
 * requirement "not met". One that the plan's build, platform or version can fail stays REQUIREMENT_NOT_MET.
 */
export const isConfigurationReminder = (l: LimitationFact) => l.kind === 'requirement' && scopedByComponentsOnly(l);

/**
 * The plan inputs that carry out a limitation's workaround (mitigatedBy): its features enabled and
 * its kube-proxy gates set as given. Undefined when the plan lacks one of them (or the limitation
 * names none); else their names, for the message.
 */
function mitigations(l: LimitationFact, ctx: PlanContext): string[] | undefined {
  if (l.mitigatedBy.length === 0 && l.mitigatedByGates.length === 0) return undefined;
  if (!l.mitigatedBy.every((f) => ctx.enabledFeatures.includes(f))) return undefined;
  const gates = ctx.plan.kubeProxyFeatureGates ?? [];
  if (!l.mitigatedByGates.every((g) => gates.some((p) => `${p.gate}=${p.value}` === g))) return undefined;
  // A feature the plan has only because another needs it (DSR for client IP preservation) mitigates
  // once it is switched on: say which feature brought it, so that "the plan has DSR" is not read as
  // DSR being on already (the scan adds it for a Service's traffic policy, DSR itself unknown).
  const named = (f: string) => {
    const by = ctx.addedBy.get(f);
    const name = ctx.k.features.get(f)!.name;
    return by ? LIMITATION.requiredBy(name, ctx.k.features.get(by)?.name ?? by) : name;
  };
  return [...l.mitigatedBy.map(named), ...l.mitigatedByGates.map((g) => `kube-proxy run with --feature-gates=${g}`)];
}

/**
 * What a plan asks for by name: its requested features (not those added because another requires
 * them, nor those the caller only probed it with) and its Service settings. A plan that asks by
 * name for something a source says is not supported where it runs is refused (an error), whatever
 * the record's own severity, which is for plans that reach it indirectly.
 */
function askedFor(l: LimitationFact, ctx: PlanContext): string[] {
  if (l.kind !== 'unsupported') return [];
  const features = (l.scope.features ?? []).filter((f) => ctx.plan.features.includes(f) && !ctx.probedFeatures?.has(f)).map((f) => ctx.k.features.get(f)!.name);
  const settings = (l.scope.serviceSettings ?? []).filter((s) => ctx.plan.serviceSettings?.includes(s)).map((s) => SERVICE_SETTING_INFO[s].name);
  return [...features, ...settings, ...pluginAskedHere(l, ctx)];
}

/**
 * A record scoped by nothing but plugins and environments is about the plugin in that environment
 * (Calico as the CNI of Windows nodes on EKS): a plan that names both its plugin and its
 * environment asks for that combination by name.
 */
function pluginAskedHere(l: LimitationFact, ctx: PlanContext): string[] {
  const dimensions = Object.entries(l.scope).filter(([, v]) => v !== undefined);
  const { cniPlugin, environment } = ctx.plan;
  if (dimensions.length !== 2 || l.requires || !cniPlugin || !environment) return [];
  if (!l.scope.plugins?.includes(cniPlugin) || !l.scope.environments?.includes(environment)) return [];
  return [`${ctx.k.plugins.get(cniPlugin)!.name} in ${ctx.k.environments.get(environment)!.name}`];
}

/** The rule's own wording for a plan that asks for an unsupported thing by name. */
const ASKED_FOR = (what: readonly string[]) => `The plan asks for ${what.join(', ')} by name, which the sources say is not supported here.`;

const METRIC_FIELD = { 'backends-per-service': 'backendsPerService', 'services-per-node': 'servicesPerNode' } as const;

function exceeded(l: LimitationFact, ctx: PlanContext): boolean {
  if (!l.threshold) return false;
  const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
  return planned !== undefined && planned > l.threshold.max;
}

/** The other documented limits of the same kind, so a report names every revision's figure when they disagree. */
function otherLimits(l: LimitationFact, ctx: PlanContext): string {
  const others = ctx.k.limitations.filter((o) => o !== l && o.threshold?.metric === l.threshold?.metric);
  return others.length === 0 ? '' : ` ${LIMITATION.otherLimits(others.map((o) => ({ max: o.threshold!.max, title: o.title })))}`;
}

/**
 * How the environment needs a mitigating feature switched on, where another record says (EKS's
 * LTSC AMIs take DSR only through the bootstrap's -KubeProxyExtraArgs): the settings of every
 * record scoped to that feature that would apply to this plan with the feature enabled, so that
 * "enable DSR" comes with how to do it there.
 */
function howToEnable(l: LimitationFact, ctx: PlanContext): string[] {
  const missing = l.mitigatedBy.filter((f) => !ctx.enabledFeatures.includes(f));
  if (missing.length === 0) return [];
  const withFeatures: PlanContext = {
    ...ctx,
    plan: { ...ctx.plan, features: [...ctx.plan.features, ...missing] },
    enabledFeatures: [...ctx.enabledFeatures, ...missing],
  };
  return ctx.k.limitations
    .filter((o) => o !== l && o.scope.features?.some((f) => missing.includes(f)) && o.workaroundSettings.length > 0)
    .filter((o) => limitationApplies(o, withFeatures).match === 'yes')
    .flatMap((o) => o.workaroundSettings.filter((s) => settingApplies(s, withFeatures)).map(describeSetting));
}

/**
 * A record about a feature the plan does not enable, where another limitation that applies to the
 * plan has that feature as its mitigation (port exhaustion above about 100 Services, mitigated by
 * DSR): how the feature is turned on where the plan runs matters to it (EKS's LTSC AMIs leave DSR
 * off until the bootstrap passes the flags). Judged as if the feature were on; undefined otherwise.
 */
function neededAsMitigation(o: LimitationFact, ctx: PlanContext): { ctx: PlanContext; because: LimitationFact; features: string[] } | undefined {
  // Only a record that says how to turn the feature on (a caveat or requirement with settings), as
  // howToEnable reads them: what goes wrong once it is on (unsupported, known issues) is for plans that turn it on.
  if ((o.kind !== 'caveat' && o.kind !== 'requirement') || o.workaroundSettings.length === 0) return undefined;
  const off = (o.scope.features ?? []).filter((f) => !ctx.enabledFeatures.includes(f));
  if (off.length === 0) return undefined;
  const because = ctx.k.limitations.find(
    (l) =>
      l !== o &&
      l.mitigatedBy.some((f) => off.includes(f)) &&
      (!l.threshold || exceeded(l, ctx)) &&
      limitationApplies(l, ctx).match === 'yes' &&
      mitigations(l, ctx) === undefined,
  );
  if (!because) return undefined;
  const features = because.mitigatedBy.filter((f) => off.includes(f));
  // Only the features on: the plan does not ask for them by name (askedFor reads plan.features).
  const withFeatures: PlanContext = { ...ctx, enabledFeatures: [...ctx.enabledFeatures, ...features] };
  return limitationApplies(o, withFeatures).match === 'yes' ? { ctx: withFeatures, because, features } : undefined;
}

const judge: RuleJudge<Code> = (ctx) =>
  ctx.k.limitations.flatMap((l) => {
    const needed = neededAsMitigation(l, ctx);
    if (!needed) return judgeEach(ctx, [l]);
    const names = needed.features.map((f) => ctx.k.features.get(f)!.name);
    // A step the plan has not taken: information, whatever weight the record has for a plan that takes it.
    return judgeEach(needed.ctx, [l]).map((f) => ({
      ...f,
      severity: 'info' as const,
      message: `${LIMITATION.neededAgainst(names, needed.because.title)}${f.message}`,
    }));
  });

/** Limitations against the plan: each not at all, mitigated, may apply, or applies at its severity. */
const judgeEach = (ctx: PlanContext, limitations: readonly LimitationFact[]) =>
  limitations.flatMap((l): RuleFinding<Code>[] => {
    let thresholdText = '';
    if (l.threshold) {
      if (!exceeded(l, ctx)) return [];
      const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
      thresholdText = ` ${LIMITATION.threshold(planned!, l.threshold)}${otherLimits(l, ctx)}`;
    }
    const { match, open } = limitationApplies(l, ctx);
    if (match === 'no') return [];
    const mitigated = mitigations(l, ctx);
    const mayApply = wherePrefix(open);
    // An OS bug a later update fixed, no source giving the build: the node may or may not have the
    // fix, which no plan field settles (a revision means nothing without the fixed build).
    const fixed = l.fixedByLaterUpdate !== undefined;
    // A fact only one page revision carries keeps its weight where that revision is in force, and is
    // "may apply" information elsewhere, unless another source confirms it on this release (the
    // build boundary's own source on a release it names, confirmedOn). A fixed OS bug with no such scope is
    // information everywhere.
    const inside = insideRevision(l, ctx);
    const confirmedElsewhere = ctx.release !== undefined && (l.scope.windowsBuilds?.confirmedOn ?? []).includes(ctx.release.slug);
    const outside = inside === false && !confirmedElsewhere;
    const demoted = outside || (fixed && inside === undefined);
    const applicability =
      open.length > 0 ? openOn(open) : demoted ? { applicability: 'may-apply' as const } : isGeneralCaveat(l) ? { applicability: 'general' as const } : {};
    const applied = l.workaroundSettings.filter((s) => settingApplies(s, ctx));
    const conflict = contradictedFeatures(applied, ctx);
    const conflictText = conflict.features.length > 0 ? ` ${LIMITATION.contradicts(conflict.settings, conflict.features)}` : '';
    const remediation = [l.workaround, ...applied.map(describeSetting), ...new Set(howToEnable(l, ctx)), conflictText.trim()].filter(Boolean).join(' ');
    if (mitigated)
      return [
        {
          severity: 'info',
          ...openOn(open),
          code: 'LIMITATION_MITIGATED',
          subject: l.slug,
          message: `${mayApply}${LIMITATION.mitigated(l.title, mitigated)}${thresholdText}`,
          sources: [...l.sources, ...l.scopeSources],
        },
      ];
    // "May apply" on one open dimension keeps a warning's weight (the plan need only settle that); on
    // two or more (a mode and a release the plan has not chosen) it is a note about a plan it may
    // never be: an info, so that a file stating nothing of them is not failed on them.
    const asked = match === 'yes' ? askedFor(l, ctx) : [];
    const severity = demoted
      ? 'info'
      : match === 'unknown'
        ? (l.mayApply?.severity ?? (open.length > 1 ? 'info' : mayApplySeverity(l.severity, l.threshold !== undefined)))
        : asked.length > 0
          ? 'error'
          : l.severity;
    return [
      {
        severity,
        ...applicability,
        code: l.threshold ? 'THRESHOLD_EXCEEDED' : isConfigurationReminder(l) ? 'CONFIGURATION_REQUIRED' : KIND_CODE[l.kind],
        subject: l.slug,
        message:
          `${mayApply}${l.title}. ${l.description}${thresholdText}${fixed ? ` ${LIMITATION.fixedLater(l.fixedByLaterUpdate!)}` : ''}` +
          `${outside ? ` ${LIMITATION.outsideRevision(LIMITATION.revisionWhere(l.revisionScope!))}` : ''}${conflictText}${asked.length > 0 ? ` ${ASKED_FOR(asked)}` : ''}`,
        ...(remediation ? { remediation } : {}),
        sources: [...l.sources, ...l.scopeSources],
      },
    ];
  });

export const limitations: Rule<Code> = {
  name: 'limitations',
  codes: codesOf(CODES),
  judge,
};
