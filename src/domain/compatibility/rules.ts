/**
 * The compatibility rules. Each is generic over the data: no rule names a particular feature,
 * plugin or release; what varies lives in the seeds. judge.ts runs them all.
 */
import { describeKubernetesRange, compareKubernetes, kubernetesInRange } from '../kubernetes-version.js';
import type { LimitationFact, NetworkPolicyFact, PolicySupport, SettingFact } from '../knowledge.js';
import { formatBuild, isAtLeast, isInRange, parseBuild } from '../windows-build.js';
import type { PlanContext } from './plan-context.js';
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES } from '../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, plannedCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../instance-types.js';
import { mayApplySeverity, type Finding, type FindingCode } from './findings.js';
import { matchScope, mayApplyPrefix, type ScopeMatch } from './scope.js';
import { containerImageMatchesNode, nodeOsSupported } from './node-os.js';

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
        message:
          `${release.name} left mainstream support on ${release.mainstreamSupportEnds}; ` +
          `extended support runs${release.supportEnds ? ` to ${release.supportEnds}` : ''}.`,
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

/** The plugins the sources list for an environment, with their status there ("Amazon VPC CNI (default)"). */
function listedPlugins(k: PlanContext['k'], environment: string): string {
  return [...k.plugins.values()]
    .flatMap((p) => p.environments.filter((e) => e.environment === environment).map((e) => `${p.name} (${STATUS_WORDS[e.status]})`))
    .join(', ');
}

/**
 * Where the plugin stands in the plan's environment. Silence is never the answer: a plugin with no
 * documented status there is reported, with how sure the answer is (confined elsewhere: error;
 * outside the environment's documented list: warning; no list documented: info).
 */
export const pluginInEnvironment: Rule = ({ k, plugin, environment, environmentAssumed, candidateEnvironments }) => {
  if (!plugin) return [];
  if (!environment) {
    // Open environment: a retirement somewhere is worth knowing, and only "may apply".
    return plugin.environments
      .filter((e) => e.status === 'retired' && candidateEnvironments.includes(e.environment))
      .map((e) => ({
        severity: 'info',
        code: 'PLUGIN_RETIRED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message:
          `May apply on ${k.environments.get(e.environment)!.name} (the plan does not give the environment): ` +
          `${plugin.name} is retired there${e.since ? ` since ${e.since}` : ''}.`,
        sources: e.sources,
      }));
  }
  const env = k.environments.get(environment)!;
  const findings: Finding[] = [];
  const status = plugin.environments.find((e) => e.environment === environment);
  if (environmentAssumed)
    findings.push({
      severity: 'info',
      code: 'ENVIRONMENT_ASSUMED',
      subject: environment,
      message: `No environment was given; ${plugin.name} runs only in ${env.name}, so its facts for ${env.name} were checked.`,
      remediation: 'Name the environment in the plan to confirm this.',
      sources: plugin.onlyIn?.sources ?? [],
    });
  if (!status) {
    if (plugin.onlyIn && !plugin.onlyIn.environments.includes(environment))
      findings.push({
        severity: 'error',
        code: 'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
        subject: plugin.slug,
        message: `${plugin.name} runs only in ${plugin.onlyIn.environments.map((e) => k.environments.get(e)!.name).join(', ')}: ${plugin.onlyIn.note}`,
        remediation: env.pluginsListed
          ? `Plugins the sources list for ${env.name}: ${listedPlugins(k, environment)}.`
          : `Choose a plugin that runs in ${env.name}.`,
        sources: plugin.onlyIn.sources,
      });
    else if (env.pluginsListed)
      findings.push({
        severity: 'warning',
        code: 'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message:
          `The sources list these plugins for ${env.name}: ${listedPlugins(k, environment)}. ` +
          `${plugin.name} is not among them, so nothing documents that it works there.${env.pluginsListed.note ? ` ${env.pluginsListed.note}` : ''}`,
        remediation: `Use one of the plugins documented for ${env.name}, or verify ${plugin.name} there yourself.`,
        sources: env.pluginsListed.sources,
      });
    else
      findings.push({
        severity: 'info',
        code: 'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
        subject: plugin.slug,
        message: `The sources do not list the plugins offered in ${env.name}, so whether ${plugin.name} is offered or supported there is not known.`,
        sources: plugin.sources,
      });
    return findings;
  }
  const detail = [status.since ? `since ${status.since}` : '', status.note ?? ''].filter(Boolean).join('; ');
  findings.push({
    severity: status.status === 'retired' ? 'warning' : 'info',
    code: status.status === 'retired' ? 'PLUGIN_RETIRED_IN_ENVIRONMENT' : 'PLUGIN_STATUS_IN_ENVIRONMENT',
    subject: plugin.slug,
    message: `${plugin.name} is ${STATUS_WORDS[status.status]} in ${env.name}${detail ? ` (${detail})` : ''}.`,
    ...(status.status === 'retired' ? { remediation: defaultPluginAdvice(k, environment, plugin.slug) } : {}),
    sources: status.sources,
  });
  return findings;
};

function defaultPluginAdvice(k: PlanContext['k'], environment: string, except: string): string {
  const defaults = [...k.plugins.values()].filter(
    (p) => p.slug !== except && p.environments.some((e) => e.environment === environment && e.status === 'default'),
  );
  return defaults.length > 0 ? `Prefer ${defaults.map((p) => p.name).join(' or ')}, the default there.` : 'Prefer a plugin that is still offered there.';
}

/** The plugin's NetworkPolicy answer in one environment: the environment's own where the sources give one. */
function policyIn(plugin: NonNullable<PlanContext['plugin']>, environment: string | undefined): NetworkPolicyFact {
  return plugin.environments.find((e) => e.environment === environment)?.networkPolicy ?? plugin.networkPolicy;
}

const POLICY_SEVERITY: Record<PolicySupport, Finding['severity'] | null> = { supported: null, unknown: 'warning', 'not-supported': 'error' };

export const networkPolicy: Rule = ({ k, plan, plugin, environment, candidateEnvironments }) => {
  if (!plan.networkPolicy || !plugin) return [];
  const enforcing = [...k.plugins.values()].filter((p) => p.networkPolicy.support === 'supported').map((p) => p.name);
  const finding = (answer: NetworkPolicyFact, where: string | undefined, mayApply: boolean): Finding[] => {
    const severity = POLICY_SEVERITY[answer.support];
    if (!severity) return [];
    const unknown = answer.support === 'unknown';
    const place = where ? ` in ${k.environments.get(where)!.name}` : '';
    const prefix = mayApply && where ? `May apply on ${k.environments.get(where)!.name} (the plan does not give the environment): ` : '';
    const statement = unknown
      ? `The sources do not say whether ${plugin.name} enforces NetworkPolicy on Windows nodes${place}.`
      : `${plugin.name} does not enforce NetworkPolicy on Windows nodes${place}.`;
    return [
      {
        severity: mayApply ? mayApplySeverity(severity, false) : severity,
        code: unknown ? 'NETWORK_POLICY_UNKNOWN' : 'NETWORK_POLICY_UNSUPPORTED',
        subject: plugin.slug,
        message: `${prefix}${statement}${answer.note ? ` ${answer.note}` : ''}`,
        remediation: `Plugins documented to enforce NetworkPolicy on Windows: ${enforcing.join(', ')}.`,
        sources: answer.sources.length > 0 ? answer.sources : plugin.sources,
      },
    ];
  };
  if (environment)
    return finding(
      policyIn(plugin, environment),
      plugin.environments.some((e) => e.environment === environment && e.networkPolicy) ? environment : undefined,
      false,
    );
  // Open environment: the general answer, plus each environment whose own answer differs.
  const differing = plugin.environments.filter(
    (e) => e.networkPolicy && e.networkPolicy.support !== plugin.networkPolicy.support && candidateEnvironments.includes(e.environment),
  );
  return [...finding(plugin.networkPolicy, undefined, false), ...differing.flatMap((e) => finding(e.networkPolicy!, e.environment, true))];
};

const KIND_CODE: Record<LimitationFact['kind'], FindingCode> = {
  unsupported: 'UNSUPPORTED_FUNCTIONALITY',
  'known-issue': 'KNOWN_ISSUE',
  requirement: 'REQUIREMENT_NOT_MET',
  caveat: 'CAVEAT',
};

/** Whether a limitation applies to the plan, and which open dimensions leave it undecided. */
export function limitationApplies(l: LimitationFact, ctx: PlanContext): ScopeMatch {
  return matchScope(l.scope, ctx);
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
  const inBuild = bounds
    .filter((b): b is string => b !== undefined)
    .map(parseBuild)
    .filter((b) => b.build === ctx.node.build && b.revision !== undefined);
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
    let { match, open } = limitationApplies(l, ctx);
    if (match === 'no') return [];
    if (
      match === 'unknown' &&
      l.threshold &&
      open.length === 1 &&
      open[0]!.dimension === "node's update revision" &&
      exceededAtEveryRevision(l.threshold.metric, ctx)
    ) {
      match = 'yes';
      open = [];
      thresholdText += ' The planned number is over the limit at every update level of this release.';
    }
    const mitigated = l.mitigatedBy.length > 0 && l.mitigatedBy.every((f) => ctx.enabledFeatures.includes(f));
    const mayApply = mayApplyPrefix(open);
    const remediation = [l.workaround, ...l.workaroundSettings.map(describeSetting)].filter(Boolean).join(' ');
    if (mitigated)
      return [
        {
          severity: 'info',
          code: 'LIMITATION_MITIGATED',
          subject: l.slug,
          message:
            `${mayApply}${l.title}: mitigated because the plan enables ` +
            `${l.mitigatedBy.map((f) => ctx.k.features.get(f)!.name).join(', ')}.${thresholdText}`,
          sources: l.sources,
        },
      ];
    const severity = match === 'unknown' ? mayApplySeverity(l.severity, l.threshold !== undefined) : l.severity;
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
  const builds = s.windowsBuilds
    ? [s.windowsBuilds.from ? `from build ${s.windowsBuilds.from}` : '', s.windowsBuilds.before ? `before build ${s.windowsBuilds.before}` : '']
        .filter(Boolean)
        .join(' and ')
    : '';
  const scope = s.kubernetes || builds ? ` (${[s.kubernetes ? describeKubernetesRange(s.kubernetes) : '', builds].filter(Boolean).join('; ')})` : '';
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
  const version = ctx.plan.kubernetesVersion;
  return [...fromFeatures, ...fromMode]
    .filter((s) => !version || kubernetesInRange(version, s.kubernetes))
    .filter((s) => !s.windowsBuilds || settingBuildMatch(s, ctx) !== 'no');
}

function settingBuildMatch(s: SettingFact, ctx: PlanContext) {
  const range = s.windowsBuilds!;
  return isInRange(ctx.node, { from: range.from ? parseBuild(range.from) : undefined, before: range.before ? parseBuild(range.before) : undefined });
}

export const kubernetesVersionUnspecified: Rule = (ctx) => {
  if (ctx.plan.kubernetesVersion) return [];
  const scoped = requiredSettings(ctx).filter((s) => s.kubernetes);
  if (scoped.length === 0) return [];
  return [
    {
      severity: 'info',
      code: 'KUBERNETES_VERSION_UNSPECIFIED',
      message:
        `Some settings depend on the Kubernetes version, which the plan does not give; ` + `every variant is listed: ${scoped.map(describeSetting).join(' ')}`,
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
    return [
      {
        severity: 'error',
        code: 'INSTANCE_TYPE_NOT_FOR_WINDOWS',
        subject: type.name,
        message: unsuitable,
        remediation: 'Choose an x86-64 instance type for the Windows node group.',
        sources: NAMING_SOURCES,
      },
    ];
  const c = plannedCapacity(type, plan.ipAddressMode, plan.kubeletMaxPods);
  const findings: Finding[] = [];
  if (c.effectiveIpAddressMode !== plan.ipAddressMode)
    // The VPC Resource Controller does not refuse the node: it keeps it in secondary-IP mode.
    findings.push({
      severity: 'warning',
      code: 'PREFIX_DELEGATION_UNSUPPORTED',
      subject: type.name,
      message:
        `${c.steps[0]} The node gets ${c.maxPods} pod addresses ` +
        `instead of the ${(type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX} prefix delegation would give.`,
      remediation: 'Plan for secondary-IP capacity on this type, or choose a Nitro-based instance type for prefix delegation.',
      sources: NITRO_SOURCES,
    });
  const mode = MODE_WORDS[c.effectiveIpAddressMode];
  findings.push({
    severity: 'info',
    code: 'POD_CAPACITY',
    subject: type.name,
    message:
      `${type.name} gives ${c.maxPods} Windows pods in ${mode}; ` +
      `the node schedules ${c.schedulablePods} (limited by ${c.limitedBy === 'IP_ADDRESSES' ? 'IP addresses' : 'kubelet max-pods'}). ${c.steps.join(' ')}`,
    sources: CAPACITY_SOURCES,
  });
  const wanted = plan.podsPerNode;
  if (wanted !== undefined && wanted > c.maxPods) {
    const pdWouldFit =
      c.effectiveIpAddressMode === 'SECONDARY_IP' && supportsPrefixDelegation(type) && wanted <= (type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX;
    findings.push({
      severity: 'error',
      code: 'PODS_EXCEED_CAPACITY',
      subject: type.name,
      message: `The plan needs ${wanted} pods per node; ${type.name} gives ${c.maxPods} in ${mode}.`,
      remediation: pdWouldFit
        ? 'Enable prefix delegation (this type is Nitro-based), or choose a larger instance type.'
        : 'Choose an instance type with more IPv4 addresses per interface (see instanceTypes(filter: { minimumPods })).',
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

/** Features the plan asks for that are already on (or off) by default where the node runs. */
export const featureDefaults: Rule = (ctx) =>
  ctx.k.featureDefaults
    .filter((d) => ctx.enabledFeatures.includes(d.feature))
    .flatMap((d): Finding[] => {
      const { match, open } = matchScope(d.scope, ctx);
      if (match === 'no') return [];
      return [
        {
          severity: 'info',
          code: 'FEATURE_DEFAULT',
          subject: d.feature,
          message: `${mayApplyPrefix(open)}${d.description}`,
          sources: d.sources,
        },
      ];
    });

/** Every rule, in reporting order. */
export const RULES: readonly Rule[] = [
  windowsLifecycle,
  nodeOsSupported,
  containerImageMatchesNode,
  featureDependencies,
  featureMinimumWindows,
  featureMinimumKubernetes,
  pluginAndMode,
  pluginInEnvironment,
  networkPolicy,
  featureDefaults,
  limitations,
  kubernetesVersionUnspecified,
  instanceTypeCapacity,
];
