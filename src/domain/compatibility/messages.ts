/**
 * The engine's wording: the texts the rules put in their messages and remediations (labels, the
 * plugins an environment lists, how a setting reads). What a rule decides lives in its file under
 * rules/; how the decision reads lives here.
 */
import { describeKubernetesRange } from '../kubernetes-version.js';
import type { DatasetHorizon, ReleaseFact, SettingFact } from '../knowledge.js';
import { describeHorizon } from '../horizon.js';
import type { PlanContext } from './plan-context.js';

export const STATUS_WORDS = { default: 'the default plugin', supported: 'supported', alternative: 'a documented alternative', retired: 'retired' } as const;

/** The plugins the sources list for an environment, with their status there ("Amazon VPC CNI (default)"). */
export function listedPlugins(k: PlanContext['k'], environment: string): string {
  return [...k.plugins.values()]
    .flatMap((p) => p.environments.filter((e) => e.environment === environment).map((e) => `${p.name} (${STATUS_WORDS[e.status]})`))
    .join(', ');
}

export const MODE_WORDS = { SECONDARY_IP: 'secondary-IP mode', PREFIX_DELEGATION: 'prefix delegation' } as const;

export const installUpdate = (build: string, update: { kb: string } | undefined) =>
  `Install ${update ? `${update.kb} (build ${build})` : `build ${build}`} or a later cumulative update.`;

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

/** windowsLifecycle: where a release stands in its support lifecycle. */
export const LIFECYCLE = {
  ended: (r: ReleaseFact) => `${r.name} reached the end of its support on ${r.supportEnds}`,
  mainstreamEnded: (r: ReleaseFact) =>
    `${r.name} left mainstream support on ${r.mainstreamSupportEnds}; extended support runs${r.supportEnds ? ` to ${r.supportEnds}` : ''}`,
  checkedAt: (asOf: string) => `(checked at ${asOf})`,
  moveNode: 'Move the node to a release that is still supported.',
  runNodes: 'Run the nodes on a release that is still supported, and give windowsVersion for a definite answer.',
};

/** featureMinimumWindows and featureMinimumKubernetes: what a feature needs. */
export const FEATURE_MINIMUM = {
  needsRelease: (feature: { name: string }, minimum: ReleaseFact) => `${feature.name} needs ${minimum.name} (build ${minimum.build}) or newer`,
  isBuild: (r: ReleaseFact) => `${r.name} is build ${r.build}`,
  runOn: (minimum: ReleaseFact) => `Run the workload on ${minimum.name} or a newer release`,
  needsBuild: (feature: string, build: string) => `${feature} needs build ${build} or later`,
  nodeAt: (build: string) => `the node is at ${build}`,
  revisionOpen: "the plan does not give the node's update revision",
  beforeBuild: (build: string) => `before build ${build}`,
  onlyWithUpdate: (releases: string, count: number) => `${releases} ${count > 1 ? 'reach' : 'reaches'} it only with that update or a later one`,
  needsKubernetes: (feature: string, minimum: string, runs: string) => `${feature} can be switched on from Kubernetes ${minimum}; the cluster runs ${runs}.`,
  upgradeCluster: (minimum: string) => `Upgrade the cluster to Kubernetes ${minimum} or later.`,
};

/** kubernetesVersionUnspecified: every variant of the settings that depend on the version. */
export const VERSION_UNSPECIFIED = {
  message: (scoped: readonly SettingFact[]) =>
    `Some settings depend on the Kubernetes version, which the plan does not give; every variant is listed: ${scoped.map(describeSetting).join(' ')}`,
  remediation: 'Give kubernetesVersion to get only the settings for your cluster.',
};

/** kubernetesBeyondHorizon: where the dataset's knowledge ends. */
export const HORIZON = {
  beyond: (version: string, horizon: DatasetHorizon, windowsName: string) =>
    `Kubernetes ${version} is newer than any version the dataset documents. ` +
    describeHorizon(horizon, windowsName) +
    ' Facts that could have changed after that are reported as "may apply".',
  remediation: (version: string, horizon: DatasetHorizon) =>
    `Check the Kubernetes ${version} documentation for Windows nodes, or judge the plan at Kubernetes ${horizon.kubernetesVersion}.`,
};

/** featureDefaults: what a default means for the required settings, where it surely holds or only may. */
export const FEATURE_DEFAULT_SETTINGS = {
  leftOut: (name: string) => `The required settings therefore leave out the settings that switch on ${name}.`,
  stillListed: (name: string) =>
    `The required settings still list the settings that switch on ${name}, as the plan does not settle where the node runs; they are not needed where this default holds.`,
};

/** instanceTypeCapacity: the pods an instance type gives. */
export const CAPACITY = {
  chooseX86: 'Choose an x86-64 instance type for the Windows node group.',
  prefixDelegationUnsupported: (why: string, maxPods: number, withPrefixes: number) =>
    `${why} The node gets ${maxPods} pod addresses instead of the ${withPrefixes} prefix delegation would give.`,
  planSecondaryIp: 'Plan for secondary-IP capacity on this type, or choose a Nitro-based instance type for prefix delegation.',
  podCapacity: (type: string, mode: string, c: { maxPods: number; schedulablePods: number; limitedBy: string; steps: readonly string[] }) =>
    `${type} gives ${c.maxPods} Windows pods in ${mode}; ` +
    `the node schedules ${c.schedulablePods} (limited by ${c.limitedBy === 'IP_ADDRESSES' ? 'IP addresses' : 'kubelet max-pods'}). ${c.steps.join(' ')}`,
  podsExceedCapacity: (wanted: number, type: string, maxPods: number, mode: string) =>
    `The plan needs ${wanted} pods per node; ${type} gives ${maxPods} in ${mode}.`,
  enablePrefixDelegation: 'Enable prefix delegation (this type is Nitro-based), or choose a larger instance type.',
  chooseLarger: 'Choose an instance type with more IPv4 addresses per interface (see instanceTypes(filter: { minimumPods })).',
  podsExceedMaxPods: (type: string, maxPods: number, kubeletMaxPods: number, wanted: number) =>
    `${type} has addresses for ${maxPods} pods, but the kubelet max-pods of ${kubeletMaxPods} caps the node below the planned ${wanted}.`,
  raiseMaxPods: (wanted: number) => `Raise the kubelet's max-pods to at least ${wanted}, e.g. -KubeletExtraArgs '--max-pods=${wanted}' in the node bootstrap.`,
};

/** featureDependencies: a feature added because another requires it. */
export const DEPENDENCY_ADDED = (by: string, added: string) => `${by} requires ${added}, so it was added to the plan and its settings are included.`;

/** pluginAndMode: the plugin against the planned mode. */
export const PLUGIN_MODE = {
  unsupported: (plugin: string, mode: string, offered: readonly string[]) => `${plugin} does not use the ${mode} mode; it offers: ${offered.join(', ')}.`,
  chooseMode: (mode: string, offered: readonly string[]) => `Choose one of ${offered.join(', ')}, or a plugin that offers ${mode}.`,
  ambiguous: (plugin: string, offered: readonly string[]) =>
    `${plugin} offers several modes (${offered.join(', ')}); checks that depend on the mode are reported as "may apply".`,
  nameMode: 'Name the network mode in the plan for a definite answer.',
  unknown: (plugin: string) => `The sources do not say which Windows network mode ${plugin} uses, so mode-specific limitations were not checked.`,
  notUsedByKubernetes: (mode: string) => `The ${mode} mode exists on Windows but Kubernetes does not use it.`,
  useKubernetesMode: 'Use a mode Kubernetes uses (see networkModes(filter: {usedByKubernetes: true})).',
  prerelease: (plugin: string, backend: string | undefined, mode: string, stability: string) =>
    `${plugin}${backend ? ` with the ${backend} backend` : ''} supports the ${mode} mode at ${stability} level.`,
};

/**
 * pluginAndMode: a mode's stability label, read with the feature gate behind it. The clauses start
 * lowercase; `ifUsed` gives the sentence's start ("T" or "If the Overlay mode is used: t"), to
 * which a clause is appended without its first letter.
 */
export const MODE_LABEL = {
  ifUsed: (mode: string, modeAmbiguous: boolean) => (modeAmbiguous ? `If the ${mode} mode is used: t` : 'T'),
  label: (mode: string, stability: string) => `the documentation labels the ${mode} mode ${stability}`,
  labelAndGate: (mode: string, stability: string, g: { gate: string; kubernetes: string }) =>
    `the documentation labels the ${mode} mode ${stability}, and the ${g.gate} feature gate behind it is GA from Kubernetes ${g.kubernetes}`,
  outdated: (version: string, stability: string) => `on Kubernetes ${version} the ${stability} label is out of date`,
  notYetGa: (version: string) => `on Kubernetes ${version} the gate is not yet GA`,
  versionOpen: (gaFrom: string) => `May apply (the plan does not give the Kubernetes version; it holds before ${gaFrom}): `,
  giveVersion: 'Give kubernetesVersion for a definite answer.',
};

type PluginStatus = keyof typeof STATUS_WORDS;

/** pluginInEnvironment: where the plugin stands in the plan's environment. */
export const PLUGIN_ENV = {
  mayBeRetired: (env: string, plugin: string, since: string | undefined) =>
    `May apply on ${env} (the plan does not give the environment): ${plugin} is retired there${since ? ` since ${since}` : ''}.`,
  assumed: (plugin: string, env: string) => `No environment was given; ${plugin} runs only in ${env}, so its facts for ${env} were checked.`,
  nameEnvironment: 'Name the environment in the plan to confirm this.',
  runsOnlyIn: (plugin: string, envs: readonly string[], note: string) => `${plugin} runs only in ${envs.join(', ')}: ${note}`,
  listed: (env: string, plugins: string) => `Plugins the sources list for ${env}: ${plugins}.`,
  chooseRunning: (env: string) => `Choose a plugin that runs in ${env}.`,
  notDocumented: (env: string, plugins: string, plugin: string, note: string | undefined) =>
    `The sources list these plugins for ${env}: ${plugins}. ` +
    `${plugin} is not among them, so nothing documents that it works there.${note ? ` ${note}` : ''}`,
  useDocumented: (env: string, plugin: string) => `Use one of the plugins documented for ${env}, or verify ${plugin} there yourself.`,
  statusUnknown: (env: string, plugin: string) =>
    `The sources do not list the plugins offered in ${env}, so whether ${plugin} is offered or supported there is not known.`,
  notYet: (plugin: string, status: PluginStatus, env: string, since: string, asOf: string, note: string | undefined) =>
    `${plugin} is ${STATUS_WORDS[status]} in ${env} only from ${since}; at ${asOf} it was not yet.${note ? ` ${note}` : ''}`,
  monthPending: (since: string, asOf: string) => `May apply (the sources give only the month, ${since}, and ${asOf} falls in it): `,
  status: (plugin: string, status: PluginStatus, env: string, since: string | undefined, note: string | undefined) => {
    const detail = [since ? `since ${since}` : '', note ?? ''].filter(Boolean).join('; ');
    return `${plugin} is ${STATUS_WORDS[status]} in ${env}${detail ? ` (${detail})` : ''}.`;
  },
  prefer: (defaults: readonly string[]) =>
    defaults.length > 0 ? `Prefer ${defaults.join(' or ')}, the default there.` : 'Prefer a plugin that is still offered there.',
};

/** Why a NetworkPolicy fact may apply: the plan does not say whether workloads rely on it. */
export const NETWORK_POLICY_OPEN = 'the plan does not say whether workloads rely on NetworkPolicy';

/** networkPolicy: whether the plugin enforces NetworkPolicy on Windows nodes. */
export const NETWORK_POLICY = {
  namePlugin: (enforcing: readonly string[]) =>
    enforcing.length > 0
      ? `Name the CNI plugin for a definite answer. Among the candidates, these enforce NetworkPolicy on Windows: ${enforcing.join(', ')}.`
      : 'Name the CNI plugin for a definite answer.',
  pluginOpen: (plugins: readonly string[], says: string, env: string | undefined) =>
    `May apply (the plan does not give the CNI plugin; it holds for ${plugins.join(', ')}): ${says}${env ? ` in ${env}` : ''}.`,
  theseDoNotEnforce: 'the plan needs NetworkPolicy, and these plugins do not enforce it on Windows nodes',
  theseUnknown: 'the plan needs NetworkPolicy, and the sources do not say whether these plugins enforce it on Windows nodes',
  mayApplyOn: (env: string) => `May apply on ${env} (the plan does not give the environment): `,
  mayApplyIfUsed: (statement: string) => `May apply (${NETWORK_POLICY_OPEN}): ${statement}`,
  unknown: (plugin: string, env: string | undefined) =>
    `The sources do not say whether ${plugin} enforces NetworkPolicy on Windows nodes${env ? ` in ${env}` : ''}.`,
  notEnforced: (plugin: string, env: string | undefined) => `${plugin} does not enforce NetworkPolicy on Windows nodes${env ? ` in ${env}` : ''}.`,
  enforcing: (plugins: readonly string[]) => `Plugins documented to enforce NetworkPolicy on Windows: ${plugins.join(', ')}.`,
};

/** limitations: the figures of a threshold, and a mitigation. */
export const LIMITATION = {
  threshold: (planned: number, t: { max: number; approximate?: boolean }) => `The plan has ${planned}; the limit is ${t.approximate ? 'about ' : ''}${t.max}.`,
  otherLimits: (others: readonly { max: number; title: string }[]) =>
    `Other documented limits of this kind: ${others.map((o) => `${o.max} (${o.title})`).join('; ')}.`,
  mitigated: (title: string, features: readonly string[]) => `${title}: mitigated because the plan enables ${features.join(', ')}.`,
};

const PROCESS_ISOLATION = 'Kubernetes runs Windows containers with process isolation, where the host and the container base image must be the same OS version.';
const HOST_PROCESS = 'HostProcess containers are the exception: their base image need not match the host.';

/** containerImageMatchesNode: the container images' release against the node's. */
export const CONTAINER_IMAGE = {
  fitsOnly: (image: ReleaseFact, fitting: string | undefined) =>
    `The container images are built on ${image.name} (build ${image.build}), so they run only on nodes of build ${image.build}${fitting ? ` (${fitting})` : ''}. ${PROCESS_ISOLATION}`,
  runOnBuild: (image: ReleaseFact) =>
    `Run the images on nodes of build ${image.build}, or build them for the nodes' release (a multi-arch manifest with a variant per release). ${HOST_PROCESS}`,
  mismatch: (image: ReleaseFact, node: ReleaseFact) =>
    `The container images are built on ${image.name} (build ${image.build}) but the node runs ${node.name} (build ${node.build}). ${PROCESS_ISOLATION}`,
  rebuild: (image: ReleaseFact, node: ReleaseFact) =>
    `Build the images on ${node.name} (for example a multi-arch manifest with a ${node.name} variant), or run them on ${image.name} nodes. ${HOST_PROCESS}`,
};

const NODE_OS_STATUS = {
  preview: 'offered only in preview',
  disputed: 'disputed by its own pages',
  retired: 'retired (no longer offered for new nodes)',
  removed: 'retired and its node images removed (no node of it can be created)',
} as const;

/** nodeOsSupported: what a node-OS table says about a release. */
export const NODE_OS = {
  status: (who: string, release: string, when: string, status: keyof typeof NODE_OS_STATUS, note: string | undefined) =>
    `On ${who}, ${release}${when ? ` ${when}` : ''} is ${NODE_OS_STATUS[status]} as a node OS.${note ? ` ${note}` : ''}`,
  notListedAt: (who: string, release: string, asOf: string, when: string) =>
    `${who} does not list ${release} as a Windows node OS at ${asOf}: it lists it ${when}.`,
  neverListed: (who: string, release: string) => `${who} does not list ${release} as a Windows node OS for any Kubernetes version it documents.`,
  judgeAtDate: (who: string, release: string) => `Judge the plan at a date when ${who} offers ${release} (asOf), or use a release it lists then.`,
  runListed: 'Run the Windows nodes on a release listed in nodeOsSupport.',
  notForVersion: (who: string, release: string, ranges: string, version: string) =>
    `${who} lists ${release} as a Windows node OS for ${ranges}, not for ${version}.`,
  listedFor: (version: string, who: string, listed: string) => `For Kubernetes ${version}, ${who} lists: ${listed}.`,
  useVersionIn: (ranges: string) => `Use a Kubernetes version in ${ranges}.`,
  pastHorizon: (who: string, release: string, ranges: string, version: string) =>
    `${who} lists ${release} as a Windows node OS for ${ranges}; whether it still does on ${version} is not known.`,
  checkList: (who: string, version: string) => `Check ${who}'s list of Windows node OS versions for Kubernetes ${version}.`,
  horizonOpen: (horizon: string) => `the dataset documents Kubernetes only up to ${horizon}`,
  onVersion: (version: string) => `on Kubernetes ${version}`,
  onCurrent: (range: string) => `on current Kubernetes versions (${range})`,
  listedLater: (who: string, release: string, since: string, ranges: string | undefined, baseline: string) =>
    `${who} lists ${release} as a Windows node OS only from Kubernetes ${since}${ranges ? ` (${ranges})` : ''}, while it lists other releases from ${baseline}.`,
  giveVersionBelow: (since: string, who: string) => `Give kubernetesVersion for a definite answer; below ${since} use a release ${who} lists there.`,
  holdsFor: (ranges: string) => `support holds for ${ranges}`,
  listedOnlyFor: (who: string, release: string, ranges: string, last: string | undefined) =>
    `${who} lists ${release} as a Windows node OS only for ${ranges}${last ? `; it is not listed after Kubernetes ${last}` : ''}.`,
  giveVersionOrNewer: 'Give kubernetesVersion for a definite answer, or plan for a newer Windows release.',
  environmentOpen: 'the plan does not give the environment',
  mayApply: (on: string | undefined, open: readonly string[]) => `May apply${on ? ` on ${on}` : ''} (${open.join('; ')}): `,
  everyRelease: (dimension: string) => `On every ${dimension} the knowledge base knows (the plan does not give one): `,
  giveRelease: 'Give windowsVersion for a definite answer.',
};
