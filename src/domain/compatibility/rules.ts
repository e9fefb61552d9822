/**
 * The compatibility rules. Each is generic over the data: no rule names a particular feature,
 * plugin or release; what varies lives in the seeds. judge.ts runs them all.
 */
import { describeKubernetesRange, compareKubernetes, kubernetesInRange, type KubernetesRange } from '../kubernetes-version.js';
import type { Citation, LimitationFact, ModeFact, NetworkPolicyFact, PolicySupport, ReleaseFact, SettingFact } from '../knowledge.js';
import { formatBuild, isAtLeast, isInRange, parseBuild, type Tristate } from '../windows-build.js';
import { nodeOf, overCandidates, releaseNames, type PlanContext } from './plan-context.js';
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES } from '../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, plannedCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../instance-types.js';
import { mayApplySeverity, type Finding, type FindingCode } from './findings.js';
import { acrossReleases, matchScope, matchScopeUnless, mayApplyPrefix, type OpenDimension, type ScopeMatch } from './scope.js';
import { dateInRange } from '../dates.js';
import { describeHorizon } from '../horizon.js';
import { containerImageMatchesNode, nodeOsSupported } from './node-os.js';

export type Rule = (ctx: PlanContext) => Finding[];

/** Where a release stands in its support lifecycle at a date: past its end, past mainstream, or neither. */
function lifecycleStage(release: ReleaseFact, asOf: string): 'ended' | 'mainstream-ended' | undefined {
  if (release.supportEnds && asOf > release.supportEnds) return 'ended';
  if (release.mainstreamSupportEnds && asOf > release.mainstreamSupportEnds) return 'mainstream-ended';
  return undefined;
}

export const windowsLifecycle: Rule = (ctx) => {
  const { release, plan } = ctx;
  if (!release) return windowsLifecycleOpen(ctx);
  const stage = lifecycleStage(release, plan.asOf);
  if (stage === 'ended')
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
  if (stage === 'mainstream-ended')
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

/** Release open: one finding per lifecycle stage, naming the candidate releases in it. */
function windowsLifecycleOpen(ctx: PlanContext): Finding[] {
  const { candidateReleases, plan } = ctx;
  const inStage = (stage: ReturnType<typeof lifecycleStage>) => candidateReleases.filter((r) => lifecycleStage(r, plan.asOf) === stage);
  const ended = inStage('ended');
  const mainstream = inStage('mainstream-ended');
  const findings: Finding[] = [];
  if (ended.length > 0) {
    const { severity, prefix } = acrossReleases(ctx, ended, 'warning');
    findings.push({
      severity,
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      message: `${prefix}${ended.map((r) => `${r.name} reached the end of its support on ${r.supportEnds}`).join('; ')} (checked at ${plan.asOf}).`,
      remediation: 'Run the nodes on a release that is still supported, and give windowsVersion for a definite answer.',
      sources: ended.flatMap((r) => r.sources),
    });
  }
  if (mainstream.length > 0) {
    const { severity, prefix } = acrossReleases(ctx, mainstream, 'info');
    findings.push({
      severity,
      code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
      message:
        prefix +
        mainstream
          .map((r) => `${r.name} left mainstream support on ${r.mainstreamSupportEnds}; extended support runs${r.supportEnds ? ` to ${r.supportEnds}` : ''}`)
          .join('; ') +
        '.',
      sources: mainstream.flatMap((r) => r.sources),
    });
  }
  return findings;
}

export const featureMinimumWindows: Rule = (ctx) =>
  ctx.enabledFeatures.flatMap((slug): Finding[] => (ctx.release ? featureMinimumOnRelease(ctx, slug, ctx.release) : featureMinimumOpen(ctx, slug)));

function featureMinimumOnRelease(ctx: PlanContext, slug: string, release: ReleaseFact): Finding[] {
  const { k } = ctx;
  const node = nodeOf(ctx, release);
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
  return [
    {
      severity: atLeast === 'no' ? 'error' : 'warning',
      code: 'FEATURE_REQUIRES_OS_UPDATE',
      subject: slug,
      message:
        atLeast === 'no'
          ? `${feature.name} needs build ${feature.minimumBuild} or later; the node is at ${formatBuild(node)}.`
          : `${feature.name} needs build ${feature.minimumBuild} or later; the plan does not give the node's update revision.`,
      remediation: installUpdate(feature.minimumBuild, update),
      sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
    },
  ];
}

const installUpdate = (build: string, update: { kb: string } | undefined) =>
  `Install ${update ? `${update.kb} (build ${build})` : `build ${build}`} or a later cumulative update.`;

/**
 * Release open: a feature's minimum release and build, judged on every candidate release. The
 * releases older than the minimum may not run it; those at the minimum build's release may need
 * an update (their revision is open too, so at most "may apply", never an error).
 */
function featureMinimumOpen(ctx: PlanContext, slug: string): Finding[] {
  const { k, candidateReleases } = ctx;
  const feature = k.features.get(slug)!;
  const minimum = k.releases.get(feature.minimumWindows)!;
  const findings: Finding[] = [];
  const older = candidateReleases.filter((r) => r.build < minimum.build);
  if (older.length > 0) {
    const { severity, prefix } = acrossReleases(ctx, older, 'error');
    findings.push({
      severity,
      code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
      subject: slug,
      message: `${prefix}${feature.name} needs ${minimum.name} (build ${minimum.build}) or newer; ${older.map((r) => `${r.name} is build ${r.build}`).join('; ')}.`,
      remediation: `Run the workload on ${minimum.name} or a newer release, and give windowsVersion for a definite answer.`,
      sources: feature.minimumWindowsSources,
    });
  }
  if (!feature.minimumBuild) return findings;
  const needed = parseBuild(feature.minimumBuild);
  const below = candidateReleases.filter((r) => r.build >= minimum.build && isAtLeast({ build: r.build }, needed) !== 'yes');
  if (below.length === 0) return findings;
  // The revision is open with the release: the update is needed unless the node already has it.
  const revisionOpen: OpenDimension = {
    dimension: "node's update revision",
    holdsFor: `before build ${feature.minimumBuild}`,
    phrase: `the plan does not give the node's update revision; it holds before build ${feature.minimumBuild}`,
  };
  const atRelease = below.filter((r) => r.build === needed.build);
  const { severity, prefix } = acrossReleases(ctx, below, 'error', atRelease.length > 0 ? [revisionOpen] : []);
  const update = minimum.updates.find((u) => u.revision === needed.revision);
  findings.push({
    severity,
    code: 'FEATURE_REQUIRES_OS_UPDATE',
    subject: slug,
    message: `${prefix}${feature.name} needs build ${feature.minimumBuild} or later; ${releaseNames(below)} ${below.length > 1 ? 'reach' : 'reaches'} it only with that update or a later one.`,
    remediation: installUpdate(feature.minimumBuild, update),
    sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
  });
  return findings;
}

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
    if (mode.stability === 'beta' || mode.stability === 'experimental') findings.push(modeLabelFinding(mode, plan.kubernetesVersion, modeAmbiguous));
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

/**
 * The page's stability label for a mode, read together with the feature gate behind it: Overlay is
 * labelled Beta on every page revision, but WinOverlay is GA from 1.34, so the label warns only
 * below that version and is reported as out of date from it ("may apply" while the version is open).
 */
function modeLabelFinding(mode: ModeFact, version: string | undefined, modeAmbiguous: boolean): Finding {
  const ifUsed = modeAmbiguous ? `If the ${mode.name} mode is used: t` : 'T';
  const g = mode.gateGraduation;
  if (!g)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}he documentation labels the ${mode.name} mode ${mode.stability}.`,
      sources: mode.sources,
    };
  const both = `the documentation labels the ${mode.name} mode ${mode.stability}, and the ${g.gate} feature gate behind it is GA from Kubernetes ${g.kubernetes}`;
  const sources = [...mode.sources, ...g.sources];
  if (version && compareKubernetes(version, g.kubernetes) >= 0)
    return {
      severity: 'info',
      code: 'NETWORK_MODE_LABEL_OUTDATED',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; on Kubernetes ${version} the ${mode.stability} label is out of date.`,
      sources,
    };
  if (version)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; on Kubernetes ${version} the gate is not yet GA.`,
      sources,
    };
  return {
    severity: 'info',
    code: 'NETWORK_MODE_PRERELEASE',
    subject: mode.slug,
    message: `May apply (the plan does not give the Kubernetes version; it holds before ${g.kubernetes}): ${both}.`,
    remediation: 'Give kubernetesVersion for a definite answer.',
    sources,
  };
}

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
export const pluginInEnvironment: Rule = ({ k, plan, plugin, environment, environmentAssumed, candidateEnvironments }) => {
  if (!plugin) return [];
  if (!environment) {
    // Open environment: a retirement somewhere is worth knowing, and only "may apply".
    return plugin.environments
      .filter((e) => e.status === 'retired' && candidateEnvironments.includes(e.environment) && statusInForce(e, plan.asOf) !== 'no')
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
  const inForce = statusInForce(status, plan.asOf);
  if (inForce === 'no') {
    // A dated status (a retirement) judged at a date before it: not yet in force.
    findings.push({
      severity: 'info',
      code: 'PLUGIN_STATUS_IN_ENVIRONMENT',
      subject: plugin.slug,
      message: `${plugin.name} is ${STATUS_WORDS[status.status]} in ${env.name} only from ${status.since}; at ${plan.asOf} it was not yet.${status.note ? ` ${status.note}` : ''}`,
      sources: status.sources,
    });
    return findings;
  }
  const detail = [status.since ? `since ${status.since}` : '', status.note ?? ''].filter(Boolean).join('; ');
  const datePending = inForce === 'unknown' ? `May apply (the sources give only the month, ${status.since}, and ${plan.asOf} falls in it): ` : '';
  findings.push({
    severity: status.status === 'retired' && inForce === 'yes' ? 'warning' : 'info',
    code: status.status === 'retired' ? 'PLUGIN_RETIRED_IN_ENVIRONMENT' : 'PLUGIN_STATUS_IN_ENVIRONMENT',
    subject: plugin.slug,
    message: `${datePending}${plugin.name} is ${STATUS_WORDS[status.status]} in ${env.name}${detail ? ` (${detail})` : ''}.`,
    ...(status.status === 'retired' ? { remediation: defaultPluginAdvice(k, environment, plugin.slug) } : {}),
    sources: status.sources,
  });
  return findings;
};

/** Whether a plugin's dated status (retired since 2023-12) is in force at the plan's date. */
function statusInForce(status: { since?: string }, asOf: string) {
  return status.since ? dateInRange(asOf, { from: status.since }) : 'yes';
}

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

/**
 * Plugin open: whether policy is enforced depends on the plugin, so each answer other than
 * "enforced" may apply, naming the plugins it holds for.
 */
function networkPolicyWithPluginOpen({ k, environment, candidatePlugins }: PlanContext): Finding[] {
  const answers = candidatePlugins.map((slug) => {
    const plugin = k.plugins.get(slug)!;
    return { plugin, answer: environment ? policyIn(plugin, environment) : plugin.networkPolicy };
  });
  const enforcing = answers.filter((a) => a.answer.support === 'supported').map((a) => a.plugin.name);
  const remediation =
    enforcing.length > 0
      ? `Name the CNI plugin for a definite answer. Among the candidates, these enforce NetworkPolicy on Windows: ${enforcing.join(', ')}.`
      : 'Name the CNI plugin for a definite answer.';
  const where = environment ? ` in ${k.environments.get(environment)!.name}` : '';
  const finding = (support: PolicySupport, code: FindingCode, says: string): Finding[] => {
    const hits = answers.filter((a) => a.answer.support === support);
    if (hits.length === 0) return [];
    return [
      {
        severity: mayApplySeverity(POLICY_SEVERITY[support]!, false),
        code,
        message: `May apply (the plan does not give the CNI plugin; it holds for ${hits.map((a) => a.plugin.name).join(', ')}): ${says}${where}.`,
        remediation,
        sources: hits.flatMap((a) => (a.answer.sources.length > 0 ? a.answer.sources : a.plugin.sources)),
      },
    ];
  };
  return [
    ...finding('not-supported', 'NETWORK_POLICY_UNSUPPORTED', 'the plan needs NetworkPolicy, and these plugins do not enforce it on Windows nodes'),
    ...finding(
      'unknown',
      'NETWORK_POLICY_UNKNOWN',
      'the plan needs NetworkPolicy, and the sources do not say whether these plugins enforce it on Windows nodes',
    ),
  ];
}

export const networkPolicy: Rule = (ctx) => {
  const { k, plan, plugin, environment, candidateEnvironments } = ctx;
  if (!plan.networkPolicy) return [];
  if (!plugin) return networkPolicyWithPluginOpen(ctx);
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
  return matchScopeUnless(l.scope, l.requires, ctx);
}

const METRIC_FIELD = { 'backends-per-service': 'backendsPerService', 'services-per-node': 'servicesPerNode' } as const;

function exceeded(l: LimitationFact, ctx: PlanContext): boolean {
  if (!l.threshold) return false;
  const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
  return planned !== undefined && planned > l.threshold.max;
}

/** The other documented limits of the same kind, so a report names every revision's figure when they disagree. */
function otherLimits(l: LimitationFact, ctx: PlanContext): string {
  const others = ctx.k.limitations.filter((o) => o !== l && o.threshold?.metric === l.threshold?.metric);
  return others.length === 0 ? '' : ` Other documented limits of this kind: ${others.map((o) => `${o.threshold!.max} (${o.title})`).join('; ')}.`;
}

export const limitations: Rule = (ctx) =>
  ctx.k.limitations.flatMap((l): Finding[] => {
    let thresholdText = '';
    if (l.threshold) {
      if (!exceeded(l, ctx)) return [];
      const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
      thresholdText = ` The plan has ${planned}; the limit is ${l.threshold.approximate ? 'about ' : ''}${l.threshold.max}.${otherLimits(l, ctx)}`;
    }
    const { match, open } = limitationApplies(l, ctx);
    if (match === 'no') return [];
    const mitigated = l.mitigatedBy.length > 0 && l.mitigatedBy.every((f) => ctx.enabledFeatures.includes(f));
    const mayApply = mayApplyPrefix(open);
    const remediation = [l.workaround, ...l.workaroundSettings.filter((s) => settingApplies(s, ctx)).map(describeSetting)].filter(Boolean).join(' ');
    if (mitigated)
      return [
        {
          severity: 'info',
          code: 'LIMITATION_MITIGATED',
          subject: l.slug,
          message:
            `${mayApply}${l.title}: mitigated because the plan enables ` +
            `${l.mitigatedBy.map((f) => ctx.k.features.get(f)!.name).join(', ')}.${thresholdText}`,
          sources: [...l.sources, ...l.scopeSources],
        },
      ];
    const severity = match === 'unknown' ? (l.mayApply?.severity ?? mayApplySeverity(l.severity, l.threshold !== undefined)) : l.severity;
    return [
      {
        severity,
        code: l.threshold ? 'THRESHOLD_EXCEEDED' : KIND_CODE[l.kind],
        subject: l.slug,
        message: `${mayApply}${l.title}. ${l.description}${thresholdText}`,
        ...(remediation ? { remediation } : {}),
        sources: [...l.sources, ...l.scopeSources],
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

/**
 * How surely a feature is already on by default where the node runs (FEATURE_DEFAULT): 'yes' when
 * a default's scope matches the plan, 'unknown' when it only may (a dimension is open), else 'no'.
 */
export function onByDefault(ctx: PlanContext, feature: string): Tristate {
  const matches = ctx.k.featureDefaults.filter((d) => d.feature === feature && d.enabled).map((d) => matchScope(d.scope, ctx).match);
  return matches.includes('yes') ? 'yes' : matches.includes('unknown') ? 'unknown' : 'no';
}

/**
 * Settings for the enabled features and the chosen mode, narrowed to the plan's Kubernetes version.
 * A feature that is on by default where the node runs needs none of its own settings, so they are
 * left out; where the default only may hold (the environment open), they stay listed and the
 * FEATURE_DEFAULT finding says where they are not needed.
 */
export function requiredSettings(ctx: PlanContext): SettingFact[] {
  const fromFeatures = ctx.enabledFeatures.filter((f) => onByDefault(ctx, f) !== 'yes').flatMap((f) => ctx.k.features.get(f)!.settings);
  const fromMode = ctx.candidateModes.length === 1 ? ctx.k.modes.get(ctx.candidateModes[0]!)!.settings : [];
  return [...fromFeatures, ...fromMode].filter((s) => settingApplies(s, ctx));
}

/**
 * Whether a setting (a feature's, a mode's, or a limitation's workaround) is for this plan: its
 * Kubernetes range holds the planned version (every variant when the plan gives none) and its
 * builds do not exclude the node. One filter, so settings and remediations narrow alike.
 */
export function settingApplies(s: SettingFact, ctx: PlanContext): boolean {
  const version = ctx.plan.kubernetesVersion;
  if (version && !kubernetesInRange(version, s.kubernetes)) return false;
  return !s.windowsBuilds || settingBuildMatch(s, ctx) !== 'no';
}

/** Whether the node's build is in a setting's builds: on every candidate release, on none, or on some (the release or revision open). */
function settingBuildMatch(s: SettingFact, ctx: PlanContext): Tristate {
  const range = s.windowsBuilds!;
  const builds = { from: range.from ? parseBuild(range.from) : undefined, before: range.before ? parseBuild(range.before) : undefined };
  return overCandidates(ctx.candidateReleases.map((release) => isInRange(nodeOf(ctx, release), builds)));
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
      const name = ctx.k.features.get(d.feature)?.name ?? d.feature;
      // requiredSettings leaves a feature's settings out only where its default surely holds.
      const settings =
        !d.enabled || ctx.k.features.get(d.feature)!.settings.length === 0
          ? ''
          : match === 'yes'
            ? ` The required settings therefore leave out the settings that switch on ${name}.`
            : ` The required settings still list the settings that switch on ${name}, as the plan does not settle where the node runs; they are not needed where this default holds.`;
      return [
        {
          severity: 'info',
          code: 'FEATURE_DEFAULT',
          subject: d.feature,
          message: `${mayApplyPrefix(open)}${d.description}${settings}`,
          sources: [...d.sources, ...d.scopeSources],
        },
      ];
    });

/**
 * The facts that name the horizon's Kubernetes version (a node-OS row, a feature's minimum, a
 * setting's or a gate's version): the knowledge ends where they do, so they are what the finding
 * rests on.
 */
function horizonSources(k: PlanContext['k']): Citation[] {
  const v = k.horizon.kubernetesVersion;
  const names = (r: KubernetesRange | undefined) => r?.min === v || r?.max === v;
  const settings = [
    ...[...k.features.values()].flatMap((f) => f.settings),
    ...[...k.modes.values()].flatMap((m) => m.settings),
    ...k.limitations.flatMap((l) => l.workaroundSettings),
  ];
  return [
    ...k.nodeOsSupport.filter((r) => names(r.kubernetes)).flatMap((r) => r.sources),
    ...[...k.features.values()].filter((f) => f.minimumKubernetes === v).flatMap((f) => f.minimumKubernetesSources),
    ...[...k.modes.values()].flatMap((m) => (m.gateGraduation?.kubernetes === v ? m.gateGraduation.sources : [])),
    ...k.limitations.filter((l) => names(l.scope.kubernetes)).flatMap((l) => l.sources),
    ...settings.filter((s) => names(s.kubernetes)).flatMap((s) => s.sources),
  ];
}

/** A Kubernetes version past the dataset's horizon: say where the knowledge ends (scope.ts makes the facts it bounds "may apply"). */
export const kubernetesBeyondHorizon: Rule = ({ k, plan }) => {
  const version = plan.kubernetesVersion;
  const { horizon } = k;
  if (!version || compareKubernetes(version, horizon.kubernetesVersion) <= 0) return [];
  return [
    {
      severity: 'warning',
      code: 'KUBERNETES_VERSION_BEYOND_HORIZON',
      subject: version,
      message:
        `Kubernetes ${version} is newer than any version the dataset documents. ` +
        describeHorizon(horizon, k.releases.get(horizon.windowsVersion)?.name ?? horizon.windowsVersion) +
        ' Facts that could have changed after that are reported as "may apply".',
      remediation: `Check the Kubernetes ${version} documentation for Windows nodes, or judge the plan at Kubernetes ${horizon.kubernetesVersion}.`,
      sources: horizonSources(k),
    },
  ];
};

/** Every rule, in reporting order. */
export const RULES: readonly Rule[] = [
  kubernetesBeyondHorizon,
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
