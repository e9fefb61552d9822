/**
 * What every reader gives: the facts an object says about the plan, each with the JSON path it was
 * read from, what it leaves open, and the checks a reader makes on its own. A reader never throws
 * on a missing or odd field: it reads what is there and says what it could not read.
 */
import type { ScanOnlyFindingCode } from '../../finding-codes.js';
import type { Citation } from '../../knowledge.js';
import type { PlanField as EnginePlanField } from '../../compatibility/rule-finding.js';
import { at, text, type Json } from '../kube.js';

export type PlanField =
  | 'windowsVersion'
  | 'windowsBuildRevision'
  | 'windowsBuild'
  | 'kubernetesVersion'
  | 'instanceType'
  | 'environment'
  | 'cniPlugin'
  | 'cniPluginVersion'
  | 'networkMode'
  | 'ipAddressMode'
  | 'kubeletMaxPods'
  | 'networkPolicy'
  | 'serviceTypes'
  | 'serviceSettings'
  | 'features';

/** One thing an object says about the plan, and where it says it. */
export interface Fact {
  field: PlanField;
  value: string | number | boolean;
  /** JSON path inside the object, e.g. status.nodeInfo.kernelVersion. */
  path: string;
  /** What else the value says, from the knowledge base (the VNI a network name implies, a default's origin, what a release rules out). */
  detail?: string;
  /** The object that states it, when another object of the cluster settled it for this one (a kube-proxy's --enable-dsr for a Service). */
  from?: string;
}

/**
 * A fact the input does not show and may set elsewhere: a start script inside the image, a
 * ConfigMap referenced by name. Not "missing": the report says it is not determinable from the
 * input and names what would settle it.
 */
export interface UnknownFact {
  /** What is not known, e.g. "kube-proxy --source-vip". */
  fact: string;
  /** What would settle it. */
  settledBy: string;
  /** Where the object points to it (the volume, the image), when it does. */
  path?: string;
  /** The plan field it stands for: dropped when the cluster's other objects or the plan give that field. */
  field?: PlanField;
  /**
   * The objects that settle it when they are part of the input (settle.ts): the unknown is dropped
   * when one of them, in the same cluster, says the fact; otherwise `settledBy` names only those
   * the input lacks.
   */
  settles?: Settlers;
  /** The Kubernetes versions it matters on (a feature gate needed up to 1.19): dropped when every plan's version is outside them. */
  kubernetes?: { min?: string; max?: string };
  /** The network mode it matters in (overlay's --source-vip): dropped when every plan's mode is another. */
  networkMode?: string;
}

/** What settles an unknown fact, so that the scan can drop it when the input holds the answer after all. */
export type Settlers =
  /** A kube-proxy setting, held by the ConfigMaps its pod mounts (or by a start script in its image). */
  | { kind: 'kube-proxy-setting'; setting: string; configMaps: MountedConfigMap[]; namespace: string; image?: string }
  /** A ConfigMap by name: whatever it says settles it (a wrong value there is that ConfigMap's own finding). */
  | {
      kind: 'config-map';
      name: string;
      namespace?: string;
      /** The key the fact needs set there (checked when the ConfigMap is in the cluster). */ key?: string;
    }
  /** flannel's net-conf.json, in whichever ConfigMap of the cluster holds it. */
  | { kind: 'net-conf'; plugin: string }
  /** The cluster's Windows kube-proxy, in whatever object the input has it. */
  | { kind: 'kube-proxy'; setting: string; /** The feature whose default differs by environment or release (DSR), when it is one. */ defaultedFeature?: string }
  /** The instance type of a Windows node or node group of the cluster. */
  | { kind: 'instance-type' }
  /** A kube-proxy flag a feature of this object needs (--enable-dsr=true for DSR): settled by the cluster's Windows kube-proxy when it sets the flag. */
  | { kind: 'kube-proxy-flag'; flag: string; value: string; feature: string };

/** "namespace/name" of a ConfigMap (namespace "default" when it names none): how the scan tells ConfigMaps apart. */
export const configMapId = (namespace: string | undefined, name: string) => `${namespace ?? 'default'}/${name}`;

/** A ConfigMap a pod mounts, and where. */
export interface MountedConfigMap {
  name: string;
  /** The pod's volume that holds it (spec.volumes[i]), where a report points when the ConfigMap is missing. */
  volumePath: string;
  mountPath?: string;
  /** The container runs a script from it (its command or args name a file under the mount). */
  runsScript: boolean;
}

/** The first image of a workload whose tag names a release token (ltsc2022, 1809) that the seeds read on other images, and the token. */
export interface NamedRelease {
  image: string;
  token: string;
  path: string;
  hostProcess: boolean;
}

/** A finding a reader raises on its own, with the code and the sources it rests on (none when it rests on no fact of the knowledge base). */
export interface ReaderFinding {
  code: ScanOnlyFindingCode;
  severity: 'info';
  message: string;
  remediation?: string;
  path: string;
  sources: Citation[];
  /** "may apply" when it rests on what the input does not say (an image's base, which its tag only suggests), with what that is. */
  applicability?: 'may-apply';
  dependsOn?: EnginePlanField[];
}

export interface ObjectRef {
  apiVersion?: string;
  kind: string;
  namespace?: string;
  name: string;
  /** A part of the object judged on its own, e.g. an eksctl node group. */
  part?: string;
}

export type Role = 'node' | 'node-group' | 'service' | 'kube-proxy' | 'cni' | 'workload' | 'network-policy';

/** What the combiner and the checks need from a workload. */
export interface PodUsage {
  labels: Record<string, string>;
  hostNetwork?: { path: string; hostProcess: boolean };
  /** What keeps a HostProcess pod from being admitted (no hostNetwork: true; containers that are not HostProcess beside ones that are), where. */
  hostProcessRejected?: { path: string; why: string }[];
  hostPorts: string[];
  ipv6: string[];
}

export interface KubeProxyUsage {
  /** Flags seen (name without dashes -> value), and where; empty when the flags are not visible (set inside the image). */
  flags: Map<string, { value: string; path: string }>;
  featureGates: Map<string, { value: boolean; path: string }>;
}

/** The name a kube-proxy setting has in `KubeProxyUsage`: a flag without its dashes, or a gate as "feature-gates:<Gate>". */
export const settingName = (flag: string, value: string): string =>
  flag === '--feature-gates' ? `feature-gates:${value.split('=')[0]}` : flag.replace(/^--/, '');

/** Whether a kube-proxy's settings set a setting named as `settingName` gives it. */
export function setsSetting(usage: KubeProxyUsage, name: string): boolean {
  return name.startsWith('feature-gates:') ? usage.featureGates.has(name.slice('feature-gates:'.length)) : usage.flags.has(name);
}

export interface Reading {
  ref: ObjectRef;
  role: Role;
  /** Path of the part inside the object (node groups), "" for the whole object. */
  partPath: string;
  /** Facts about this object alone. */
  facts: Fact[];
  /** Facts that hold for every Windows node of the cluster (CNI, kube-proxy mode, EKS). */
  clusterFacts: Fact[];
  /** Fields the object lacks or that could not be used (the object itself is incomplete). */
  missing: string[];
  /** Facts the input does not show, and what would settle them. */
  unknown: UnknownFact[];
  /** Whether a non-node object concerns Windows for sure (pinned to Windows), or only if the cluster has Windows nodes. */
  windows: 'yes' | 'if-cluster-has-windows';
  /** Windows by its image alone (no OS selector): where the image is; its pods run only on Windows, but nothing keeps them there. */
  windowsByImage?: string;
  /** Where a workload's node affinity allows Windows among other OSes: it may run on Windows, which is open. */
  windowsAllowed?: string;
  pod?: PodUsage;
  kubeProxy?: KubeProxyUsage;
  /** A Service's selector, and the Service fields that switch a feature on which it leaves off (absent or another value), with the value it has. */
  service?: { selector: Record<string, string>; fieldsOff?: { key: string; value?: string; feature: string }[] };
  networkPolicy?: {
    selector: Record<string, string>;
    selectsAll: boolean;
    /** Its selector could not be evaluated: it is matched against no workload. */ selectsNone?: boolean;
  };
  /** Advertised and computed capacity checks of a Node. */
  advertised?: { ipv4Addresses?: { value: number; path: string }; pods?: { value: number; path: string } };
  /** Checks a reader can make on its own: settings that are present but wrong, with the sources of the fact they break. */
  settingProblems: SettingProblem[];
  /** Findings of the reader's own (a selector on a beta label). */
  findings: ReaderFinding[];
  /** The plugin whose net-conf.json the object holds (flannel's), which settles what another object leaves to it. */
  netConfOf?: string;
  /** The objects a node pool names for the rest of its description (a NodePool's nodeClassRef), tied by scan.ts once all are read. */
  links?: { kind: string; name: string; path: string }[];
  /** The RuntimeClass a workload names (runtimeClassName), whose scheduling scan.ts gives it when the input holds it (runtime-class.ts). */
  runtimeClass?: { name: string; path: string };
  /** Limitations (slugs) the object shows are met (an eksctl file with a Linux node group: eks-needs-linux-node): the engine's general note on them is not repeated for it. */
  meets?: string[];
  /** The cluster the object names as its own (an eksctl ClusterConfig's metadata.name, a MachineDeployment's spec.clusterName): manifest-signals.yaml `reads: cluster-name`. */
  clusterName?: { value: string; path: string };
  /** Limitations a place of the object shows it is concerned by (manifest-signals.yaml `concerns`: the azure-npm image), where. */
  concerns?: { slug: string; path: string; signal: string }[];
  /** A Service whose selected pods the input does not hold, in an input with no Windows node: whether they run on Windows is open (scan.ts). */
  selectedOsOpen?: boolean;
}

export interface SettingProblem {
  message: string;
  path: string;
  /** The setting or record concerned (a ConfigMap key, a limitation slug). */
  subject?: string;
  remediation?: string;
  sources: Citation[];
}

/** The limitation on hostNetwork for Windows pods (limitations.yaml), whose exception is HostProcess pods. */
export const HOST_NETWORK_LIMITATION = 'host-network-mode';

export type ReadResult = { readings: Reading[] } | { ignored: string };

export const ignore = (reason: string): ReadResult => ({ ignored: reason });

export function refOf(obj: Json): ObjectRef {
  const ref: ObjectRef = { kind: text(obj.kind) ?? '(no kind)', name: text(at(obj, 'metadata.name')) ?? '(no name)' };
  const apiVersion = text(obj.apiVersion);
  if (apiVersion) ref.apiVersion = apiVersion;
  const namespace = text(at(obj, 'metadata.namespace'));
  if (namespace) ref.namespace = namespace;
  return ref;
}

/** The facts that state a Windows release: the release itself, or the build its images or labels need. */
const RELEASE_FIELDS: ReadonlySet<string> = new Set(['windowsVersion', 'windowsBuild']);

/** Whether a fact states the Windows release (or its build). */
export const isReleaseFact = (f: { field: string }): boolean => RELEASE_FIELDS.has(f.field);

/** Whether an object's facts state the Windows release of its nodes (or their build). */
export const statesRelease = (r: Pick<Reading, 'facts'>): boolean => r.facts.some(isReleaseFact);

export function reading(obj: Json, role: Role, windows: Reading['windows']): Reading {
  return { ref: refOf(obj), role, partPath: '', facts: [], clusterFacts: [], missing: [], unknown: [], windows, settingProblems: [], findings: [] };
}
