/**
 * The compatibility rules. Each is generic over the data: no rule names a particular feature,
 * plugin or release; what varies lives in the seeds. judge.ts runs them all.
 */
import { describeKubernetesRange, compareKubernetes, kubernetesInRange } from '../kubernetes-version.js';
import type { LimitationFact, SettingFact } from '../knowledge.js';
import { and, formatBuild, isAtLeast, isInRange, parseBuild, type Tristate } from '../windows-build.js';
import type { PlanContext } from './context.js';
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES, computePodCapacity } from '../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, prefixDelegationRefusal, supportsPrefixDelegation, windowsUnsuitability } from '../instance-types.js';
import { capAtWarning, type Finding, type FindingCode } from './findings.js';

export type Rule = (ctx: PlanContext) => Finding[];

export const windowsLifecycle: Rule = ({ release, plan }) => {
  if (release.supportEnds && plan.asOf > release.supportEnds)
    return [
      {
        severity: 'warning',
        code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
        subject: release.slug,
        message: `${release.name} reached the end of its support on ${release.supportEnds} (checked at ${plan.asOf}).`,
        remediation: 'Move the node to a release that is still supported.',
        sources: release.sources,
      },
    ];
  if (release.mainstreamSupportEnds && plan.asOf > release.mainstreamSupportEnds)
    return [
      {
        severity: 'info',
        code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
        subject: release.slug,
        message: `${release.name} left mainstream support on ${release.mainstreamSupportEnds}; extended support runs${release.supportEnds ? ` to ${release.supportEnds}` : ''}.`,
        sources: release.sources,
      },
    ];
  return [];
};

export const featureMinimumWindows: Rule = ({ k, release, node, enabledFeatures }) =>
  enabledFeatures.flatMap((slug): Finding[] => {
    const feature = k.features.get(slug)!;
    const minimum = k.releases.get(feature.minimumWindows)!;
    if (node.build < minimum.build)
      return [
        {
          severity: 'error',
          code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
          subject: slug,
          message: `${feature.name} needs ${minimum.name} (build ${minimum.build}) or newer; ${release.name} is build ${release.build}.`,
          remediation: `Run the workload on ${minimum.name} or a newer release.`,
          sources: feature.minimumWindowsSources,
        },
      ];
    if (!feature.minimumBuild) return [];
    const needed = parseBuild(feature.minimumBuild);
    const atLeast = isAtLeast(node, needed);
    if (atLeast === 'yes') return [];
    const update = minimum.updates.find((u) => u.revision === needed.revision);
    const install = `Install ${update ? `${update.kb} (build ${feature.minimumBuild})` : `build ${feature.minimumBuild}`} or a later cumulative update.`;
    return [
      {
        severity: atLeast === 'no' ? 'error' : 'warning',
        code: 'FEATURE_REQUIRES_OS_UPDATE',
        subject: slug,
        message:
          atLeast === 'no'
            ? `${feature.name} needs build ${feature.minimumBuild} or later; the node is at ${formatBuild(node)}.`
            : `${feature.name} needs build ${feature.minimumBuild} or later; the plan does not give the node's update revision.`,
        remediation: install,
        sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
      },
    ];
  });

export const featureMinimumKubernetes: Rule = ({ k, plan, enabledFeatures }) =>
  enabledFeatures.flatMap((slug): Finding[] => {
    const feature = k.features.get(slug)!;
    if (!feature.minimumKubernetes || !plan.kubernetesVersion || compareKubernetes(plan.kubernetesVersion, feature.minimumKubernetes) >= 0) return [];
    return [
      {
        severity: 'error',
        code: 'FEATURE_REQUIRES_NEWER_KUBERNETES',
        subject: slug,
        message: `${feature.name} can be switched on from Kubernetes ${feature.minimumKubernetes}; the cluster runs ${plan.kubernetesVersion}.`,
        remediation: `Upgrade the cluster to Kubernetes ${feature.minimumKubernetes} or later.`,
        sources: feature.minimumKubernetesSources,
      },
    ];
  });

export const featureDependencies: Rule = ({ k, addedBy }) =>
  [...addedBy].map(([added, by]) => ({
    severity: 'info',
    code: 'FEATURE_DEPENDENCY_ADDED',
    subject: added,
    message: `${k.features.get(by)!.name} requires ${k.features.get(added)!.name}, so it was added to the plan and its settings are included.`,
    sources: k.features.get(by)!.sources,
  }));

export const pluginAndMode: Rule = ({ k, plan, plugin, candidateModes, modeAmbiguous }) => {
  const findings: Finding[] = [];
  const offered = plugin ? [...new Set(plugin.modes.map((m) => m.mode))] : [];
  if (plugin && plan.networkMode && offered.length > 0 && !offered.includes(plan.networkMode))
    findings.push({
      severity: 'error',
      code: 'PLUGIN_MODE_UNSUPPORTED',
      subject: plugin.slug,
      message: `${plugin.name} does not use the ${plan.networkMode} mode; it offers: ${offered.join(', ')}.`,
      remediation: `Choose one of ${offered.join(', ')}, or a plugin that offers ${plan.networkMode}.`,
      sources: plugin.sources,
    });
  if (plugin && !plan.networkMode && modeAmbiguous)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_AMBIGUOUS',
      subject: plugin.slug,
      message: `${plugin.name} offers several modes (${offered.join(', ')}); checks that depend on the mode are reported as "may apply".`,
      remediation: 'Name the network mode in the plan for a definite answer.',
      sources: plugin.sources,
    });
  if (plugin && offered.length === 0 && !plan.networkMode)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_UNKNOWN',
      subject: plugin.slug,
      message: `The sources do not say which Windows network mode ${plugin.name} uses, so mode-specific limitations were not checked.`,
      sources: plugin.sources,
    });
  for (const slug of candidateModes) {
    const mode = k.modes.get(slug)!;
    if (!mode.usedByKubernetes)
      findings.push({
        severity: 'error',
        code: 'NETWORK_MODE_NOT_USED_BY_KUBERNETES',
        subject: slug,
        message: `The ${mode.name} mode exists on Windows but Kubernetes does not use it.`,
        remediation: 'Use a mode Kubernetes uses (see networkModes(filter: {usedByKubernetes: true})).',
        sources: mode.sources,
      });
    if (mode.stability === 'beta' || mode.stability === 'experimental')
      findings.push({
        severity: modeAmbiguous ? 'info' : 'warning',
        code: 'NETWORK_MODE_PRERELEASE',
        subject: slug,
        message: `${modeAmbiguous ? `If the ${mode.name} mode is used, the` : 'The'} documentation labels the ${mode.name} mode ${mode.stability}.`,
        sources: mode.sources,
      });
    for (const pm of plugin?.modes.filter((m) => m.mode === slug) ?? [])
      if (pm.stability === 'beta' || pm.stability === 'experimental')
        findings.push({
          severity: modeAmbiguous ? 'info' : 'warning',
          code: 'PLUGIN_MODE_PRERELEASE',
          subject: plugin!.slug,
          message: `${plugin!.name}${pm.backend ? ` with the ${pm.backend} backend` : ''} supports the ${mode.name} mode at ${pm.stability} level.`,
          sources: pm.sources,
        });
  }
  return findings;
};

const STATUS_WORDS = { default: 'the default plugin', supported: 'supported', alternative: 'a documented alternative', retired: 'retired' } as const;

export const pluginInEnvironment: Rule = ({ k, plugin, environment, environmentAssumed }) => {
  if (!plugin || !environment) return [];
  const envName = k.environments.get(environment)!.name;
  const findings: Finding[] = [];
  const status = plugin.environments.find((e) => e.environment === environment);
  if (environmentAssumed && status)
    findings.push({
      severity: 'info',
      code: 'ENVIRONMENT_ASSUMED',
      subject: environment,
      message: `No environment was given; ${plugin.name} is the default plugin of ${envName}, so its limitations were checked.`,
      remediation: 'Name the environment in the plan to confirm or change this.',
      sources: status.sources,
    });
  if (!status) return findings;
  const detail = [status.since ? `since ${status.since}` : '', status.note ?? ''].filter(Boolean).join('; ');
  findings.push({
    severity: status.status === 'retired' ? 'warning' : 'info',
    code: status.status === 'retired' ? 'PLUGIN_RETIRED_IN_ENVIRONMENT' : 'PLUGIN_STATUS_IN_ENVIRONMENT',
    subject: plugin.slug,
    message: `${plugin.name} is ${STATUS_WORDS[status.status]} in ${envName}${detail ? ` (${detail})` : ''}.`,
    ...(status.status === 'retired' ? { remediation: defaultPluginAdvice(k, environment, plugin.slug) } : {}),
    sources: status.sources,
  });
  return findings;
};

function defaultPluginAdvice(k: PlanContext['k'], environment: string, except: string): string {
  const defaults = [...k.plugins.values()].filter((p) => p.slug !== except && p.environments.some((e) => e.environment === environment && e.status === 'default'));
  return defaults.length > 0 ? `Prefer ${defaults.map((p) => p.name).join(' or ')}, the default there.` : 'Prefer a plugin that is still offered there.';
}

export const networkPolicy: Rule = ({ k, plan, plugin }) => {
  if (!plan.networkPolicy || !plugin || plugin.networkPolicy.support === 'supported') return [];
  const enforcing = [...k.plugins.values()].filter((p) => p.networkPolicy.support === 'supported').map((p) => p.name);
  const unknown = plugin.networkPolicy.support === 'unknown';
  return [
    {
      severity: unknown ? 'warning' : 'error',
      code: unknown ? 'NETWORK_POLICY_UNKNOWN' : 'NETWORK_POLICY_UNSUPPORTED',
      subject: plugin.slug,
      message: unknown
        ? `The sources do not say whether ${plugin.name} enforces NetworkPolicy on Windows nodes.${plugin.networkPolicy.note ? ` ${plugin.networkPolicy.note}` : ''}`
        : `${plugin.name} does not enforce NetworkPolicy on Windows nodes.`,
      remediation: `Plugins documented to enforce NetworkPolicy on Windows: ${enforcing.join(', ')}.`,
      sources: plugin.networkPolicy.sources.length > 0 ? plugin.networkPolicy.sources : plugin.sources,
    },
  ];
};

const KIND_CODE: Record<LimitationFact['kind'], FindingCode> = {
  unsupported: 'UNSUPPORTED_FUNCTIONALITY',
  'known-issue': 'KNOWN_ISSUE',
  requirement: 'REQUIREMENT_NOT_MET',
  caveat: 'CAVEAT',
};

/** How a list-valued scope dimension matches the plan's candidates (all, some or none of them). */
function matchAny(scope: readonly string[] | undefined, candidates: readonly string[]): Tristate {
  if (!scope) return 'yes';
  const hits = candidates.filter((c) => scope.includes(c)).length;
  return hits === 0 ? 'no' : hits === candidates.length ? 'yes' : 'unknown';
}

/** Whether a limitation applies to the plan, and which parts of the plan left it undecided. */
export function limitationApplies(l: LimitationFact, ctx: PlanContext): { match: Tristate; undecided: string[] } {
  const { plan, node, plugin, candidateModes, effectivePlugins, environment, enabledFeatures } = ctx;
  const s = l.scope;
  const dims: [string, Tristate][] = [
    ['environment', s.environments ? (environment && s.environments.includes(environment) ? 'yes' : 'no') : 'yes'],
    ['plugin', s.plugins ? (effectivePlugins.some((p) => s.plugins!.includes(p)) ? 'yes' : 'no') : 'yes'],
    ['network mode', s.modes ? (candidateModes.length === 0 ? 'no' : matchAny(s.modes, candidateModes)) : 'yes'],
    ['update revision', s.windowsBuilds ? isInRange(node, { from: s.windowsBuilds.from ? parseBuild(s.windowsBuilds.from) : undefined, before: s.windowsBuilds.before ? parseBuild(s.windowsBuilds.before) : undefined }) : 'yes'],
    ['Kubernetes version', s.kubernetes ? (plan.kubernetesVersion ? (kubernetesInRange(plan.kubernetesVersion, s.kubernetes) ? 'yes' : 'no') : 'unknown') : 'yes'],
    ['features', s.features ? (s.features.some((f) => enabledFeatures.includes(f)) ? 'yes' : 'no') : 'yes'],
    ['Service types', s.serviceTypes && plan.serviceTypes ? (s.serviceTypes.some((t) => plan.serviceTypes!.includes(t)) ? 'yes' : 'no') : 'yes'],
  ];
  // A plugin-scoped limitation with delegation only through one of several candidate modes is undecided too.
  if (s.plugins && plugin && ctx.modeAmbiguous && !s.plugins.includes(plugin.slug)) {
    const viaModes = plugin.modes.filter((m) => m.delegatesTo && s.plugins!.includes(m.delegatesTo)).length;
    if (viaModes > 0 && viaModes < plugin.modes.length) dims[1] = ['network mode', 'unknown'];
  }
  return { match: and(...dims.map(([, t]) => t)), undecided: dims.filter(([, t]) => t === 'unknown').map(([d]) => d) };
}

const METRIC_FIELD = { 'backends-per-service': 'backendsPerService', 'services-per-node': 'servicesPerNode' } as const;

function exceeded(l: LimitationFact, ctx: PlanContext): boolean {
  if (!l.threshold) return false;
  const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
  return planned !== undefined && planned > l.threshold.max;
}

/**
 * The update revisions worth trying when the plan does not give one: the release's first
 * revision and every range boundary inside the node's build. Between boundaries nothing changes.
 */
function candidateRevisions(ctx: PlanContext): number[] {
  const bounds = ctx.k.limitations.flatMap((l) => [l.scope.windowsBuilds?.from, l.scope.windowsBuilds?.before]);
  const inBuild = bounds.filter((b): b is string => b !== undefined).map(parseBuild).filter((b) => b.build === ctx.node.build && b.revision !== undefined);
  return [...new Set([0, ...inBuild.map((b) => b.revision!)])];
}

/**
 * True when, whatever the node's update revision, some limit of this metric applies and is
 * exceeded: 1025 backends on Server 2019 break the 64 limit before 17763.2746 and the 1024
 * limit from it, so the plan fails either way even though each limit alone only "may apply".
 */
function exceededAtEveryRevision(metric: NonNullable<LimitationFact['threshold']>['metric'], ctx: PlanContext): boolean {
  if (ctx.node.revision !== undefined) return false;
  const sameMetric = ctx.k.limitations.filter((l) => l.threshold?.metric === metric && exceeded(l, ctx));
  return candidateRevisions(ctx).every((revision) => {
    const at = { ...ctx, node: { build: ctx.node.build, revision } };
    return sameMetric.some((l) => limitationApplies(l, at).match === 'yes');
  });
}

export const limitations: Rule = (ctx) =>
  ctx.k.limitations.flatMap((l): Finding[] => {
    let thresholdText = '';
    if (l.threshold) {
      if (!exceeded(l, ctx)) return [];
      const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
      thresholdText = ` The plan has ${planned}; the limit is ${l.threshold.approximate ? 'about ' : ''}${l.threshold.max}.`;
    }
    let { match, undecided } = limitationApplies(l, ctx);
    if (match === 'no') return [];
    if (match === 'unknown' && l.threshold && undecided.length === 1 && undecided[0] === 'update revision' && exceededAtEveryRevision(l.threshold.metric, ctx)) {
      match = 'yes';
      undecided = [];
      thresholdText += ' The planned number is over the limit at every update level of this release.';
    }
    const mitigated = l.mitigatedBy.length > 0 && l.mitigatedBy.every((f) => ctx.enabledFeatures.includes(f));
    const mayApply = match === 'unknown' ? `May apply (the plan does not settle the ${undecided.join(' and ')}): ` : '';
    const remediation = [l.workaround, ...l.workaroundSettings.map(describeSetting)].filter(Boolean).join(' ');
    if (mitigated)
      return [
        {
          severity: 'info',
          code: 'LIMITATION_MITIGATED',
          subject: l.slug,
          message: `${mayApply}${l.title}: mitigated because the plan enables ${l.mitigatedBy.map((f) => ctx.k.features.get(f)!.name).join(', ')}.${thresholdText}`,
          sources: l.sources,
        },
      ];
    const severity = match === 'unknown' ? capAtWarning(l.severity) : l.severity;
    return [
      {
        severity,
        code: l.threshold ? 'THRESHOLD_EXCEEDED' : KIND_CODE[l.kind],
        subject: l.slug,
        message: `${mayApply}${l.title}. ${l.description}${thresholdText}`,
        ...(remediation ? { remediation } : {}),
        sources: l.sources,
      },
    ];
  });

export function describeSetting(s: SettingFact): string {
  const scope = s.kubernetes ? ` (${describeKubernetesRange(s.kubernetes)})` : '';
  const where = s.target ? ` in ${s.target}` : '';
  switch (s.kind) {
    case 'KUBE_PROXY_FLAG':
      return `kube-proxy: ${s.key}=${s.value}${scope}.`;
    case 'OS_UPDATE':
      return `OS update: ${s.key} (build ${s.value})${scope}.`;
    default:
      return `Set ${s.key} to ${s.value}${where}${scope}.`;
  }
}

/** Settings for the enabled features and the chosen mode, narrowed to the plan's Kubernetes version. */
export function requiredSettings(ctx: PlanContext): SettingFact[] {
  const fromFeatures = ctx.enabledFeatures.flatMap((f) => ctx.k.features.get(f)!.settings);
  const fromMode = ctx.candidateModes.length === 1 ? ctx.k.modes.get(ctx.candidateModes[0]!)!.settings : [];
  const all = [...fromFeatures, ...fromMode];
  const version = ctx.plan.kubernetesVersion;
  return version ? all.filter((s) => kubernetesInRange(version, s.kubernetes)) : all;
}

export const kubernetesVersionUnspecified: Rule = (ctx) => {
  if (ctx.plan.kubernetesVersion) return [];
  const scoped = requiredSettings(ctx).filter((s) => s.kubernetes);
  if (scoped.length === 0) return [];
  return [
    {
      severity: 'info',
      code: 'KUBERNETES_VERSION_UNSPECIFIED',
      message: `Some settings depend on the Kubernetes version, which the plan does not give; every variant is listed: ${scoped.map(describeSetting).join(' ')}`,
      remediation: 'Give kubernetesVersion to get only the settings for your cluster.',
      sources: scoped.flatMap((s) => s.sources),
    },
  ];
};

const MODE_WORDS = { SECONDARY_IP: 'secondary-IP mode', PREFIX_DELEGATION: 'prefix delegation' } as const;

export const instanceTypeCapacity: Rule = ({ k, plan }) => {
  if (!plan.instanceType) return [];
  const type = k.instanceTypes.get(plan.instanceType)!;
  const unsuitable = windowsUnsuitability(type.name);
  if (unsuitable)
    return [{ severity: 'error', code: 'INSTANCE_TYPE_NOT_FOR_WINDOWS', subject: type.name, message: unsuitable, remediation: 'Choose an x86-64 instance type for the Windows node group.', sources: NAMING_SOURCES }];
  if (plan.ipAddressMode === 'PREFIX_DELEGATION' && !supportsPrefixDelegation(type))
    return [
      {
        severity: 'error',
        code: 'PREFIX_DELEGATION_UNSUPPORTED',
        subject: type.name,
        message: prefixDelegationRefusal(type),
        remediation: 'Use secondary-IP mode on this type, or a Nitro-based instance type for prefix delegation.',
        sources: NITRO_SOURCES,
      },
    ];
  const c = computePodCapacity(type.ipv4PerInterface, plan.ipAddressMode, type.name, plan.kubeletMaxPods);
  const mode = MODE_WORDS[plan.ipAddressMode];
  const findings: Finding[] = [
    {
      severity: 'info',
      code: 'POD_CAPACITY',
      subject: type.name,
      message: `${type.name} gives ${c.maxPods} Windows pods in ${mode}; the node schedules ${c.schedulablePods} (limited by ${c.limitedBy === 'IP_ADDRESSES' ? 'IP addresses' : 'kubelet max-pods'}). ${c.steps.join(' ')}`,
      sources: CAPACITY_SOURCES,
    },
  ];
  const wanted = plan.podsPerNode;
  if (wanted !== undefined && wanted > c.maxPods) {
    const pdWouldFit = plan.ipAddressMode === 'SECONDARY_IP' && supportsPrefixDelegation(type) && wanted <= (type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX;
    findings.push({
      severity: 'error',
      code: 'PODS_EXCEED_CAPACITY',
      subject: type.name,
      message: `The plan needs ${wanted} pods per node; ${type.name} gives ${c.maxPods} in ${mode}.`,
      remediation: pdWouldFit ? 'Enable prefix delegation (this type is Nitro-based), or choose a larger instance type.' : 'Choose an instance type with more IPv4 addresses per interface (see instanceTypes(filter: { minimumPods })).',
      sources: CAPACITY_SOURCES,
    });
  } else if (wanted !== undefined && wanted > c.schedulablePods)
    findings.push({
      severity: 'warning',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      subject: type.name,
      message: `${type.name} has addresses for ${c.maxPods} pods, but the kubelet max-pods of ${c.kubeletMaxPods} caps the node below the planned ${wanted}.`,
      remediation: `Raise the kubelet's max-pods to at least ${wanted}, e.g. -KubeletExtraArgs '--max-pods=${wanted}' in the node bootstrap.`,
      sources: CAPACITY_SOURCES,
    });
  return findings;
};

/** Every rule, in reporting order. */
export const RULES: readonly Rule[] = [
  windowsLifecycle,
  featureDependencies,
  featureMinimumWindows,
  featureMinimumKubernetes,
  pluginAndMode,
  pluginInEnvironment,
  networkPolicy,
  limitations,
  kubernetesVersionUnspecified,
  instanceTypeCapacity,
];
