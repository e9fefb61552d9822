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
