/**
 * The knowledge base as plain, immutable data: what the pure rules in this folder reason over.
 * src/db/knowledge.ts builds it from the database once per opened database.
 */
import type { KubernetesRange } from './kubernetes-version.js';
import type { InstanceTypeLimits } from './instance-types.js';
import type { PluginVersionRange } from './plugin-version.js';
import type { DateRange } from './dates.js';
import type { Citation } from './citation.js';

export type { Citation } from './citation.js';

export type { DateRange } from './dates.js';

import type {
  Channel,
  EnvironmentStatus,
  GateStage,
  IpAddressMode,
  LimitationKind,
  NodeOsStatus,
  Platform,
  PolicySupport,
  ServiceSetting,
  SettingKind,
  Severity,
  SignalPlaceKind,
  SignalRead,
  Stability,
  ThresholdMetric,
} from './vocabulary.js';

export type {
  Channel,
  EnvironmentStatus,
  GateStage,
  LimitationKind,
  NodeOsStatus,
  Platform,
  PolicySupport,
  SettingKind,
  Severity,
  Stability,
  ThresholdMetric,
} from './vocabulary.js';
export interface BuildRange {
  from?: string;
  before?: string;
}

export interface SettingFact {
  kind: SettingKind;
  key: string;
  value: string;
  target?: string;
  kubernetes?: KubernetesRange;
  /** Only needed on these builds (e.g. an update that exists for one release). */
  windowsBuilds?: BuildRange;
  note?: string;
  /** Setting the key to the value moves the nodes to this IP address mode (amazon-vpc-cni's enable-windows-prefix-delegation). */
  ipAddressMode?: IpAddressMode;
  sources: Citation[];
}

/** An IP address management option and the settings that configure it. */
export interface IpamOptionFact {
  slug: string;
  name: string;
  /** The only plugins it may be used with; empty when any may. */
  restrictedTo: string[];
  /** What it needs set (those without ipAddressMode), and what picks an IP address mode (those with one). */
  settings: SettingFact[];
  sources: Citation[];
}

export interface ReleaseFact {
  slug: string;
  name: string;
  build: number;
  channel: Channel;
  released: string;
  mainstreamSupportEnds?: string;
  supportEnds?: string;
  /** released: YYYY-MM-DD, the day the update shipped (no node ran its build before). */
  updates: { kb: string; revision: number; released: string; sources: Citation[] }[];
  sources: Citation[];
}

export interface ModeFact {
  slug: string;
  name: string;
  usedByKubernetes: boolean;
  stability: Stability;
  /** The gate behind the mode is GA from this Kubernetes version, though the page's label still says otherwise. */
  gateGraduation?: { gate: string; kubernetes: string; sources: Citation[] };
  settings: SettingFact[];
  sources: Citation[];
}

export interface PluginModeFact {
  mode: string;
  backend?: string;
  delegatesTo?: string;
  stability: Stability;
  sources: Citation[];
}

export interface NetworkPolicyFact {
  support: PolicySupport;
  note?: string;
  sources: Citation[];
}

export interface PluginEnvironmentFact {
  environment: string;
  status: EnvironmentStatus;
  since?: string;
  note?: string;
  /** Where enforcement there differs from the plugin's general answer. */
  networkPolicy?: NetworkPolicyFact;
  /** The only network modes the plugin runs in this environment, where a source says. */
  modes?: string[];
  sources: Citation[];
}

export interface PluginFact {
  slug: string;
  name: string;
  modes: PluginModeFact[];
  networkPolicy: NetworkPolicyFact;
  environments: PluginEnvironmentFact[];
  /** The only environments the plugin runs in; absent when it is not confined. */
  onlyIn?: { environments: string[]; note: string; sources: Citation[] };
  sources: Citation[];
}

export interface EnvironmentFact {
  slug: string;
  name: string;
  /** The infrastructure it runs on; absent for a self-managed cluster, which may run anywhere. */
  platform?: Platform;
  /** Present when the sources list the plugins offered there. */
  pluginsListed?: { note?: string; sources: Citation[] };
  /** What eksctl applies there when a ClusterConfig leaves it out; absent where no source gives it. */
  eksctl?: { defaultInstanceType: string; sources: Citation[] };
}

/** A feature that is on (or off) without any setting in some environment, channel or builds. */
export interface FeatureDefaultFact {
  slug: string;
  feature: string;
  enabled: boolean;
  description: string;
  scope: { environments: string[]; channels?: Channel[]; windowsBuilds?: BuildRange; dates?: DateRange };
  /** Sources of the scope's dimensions where they are not the record's own sources. */
  scopeSources: Citation[];
  sources: Citation[];
}

export interface FeatureFact {
  slug: string;
  name: string;
  minimumWindows: string;
  minimumBuild?: string;
  minimumWindowsSources: Citation[];
  minimumKubernetes?: string;
  minimumKubernetesSources: Citation[];
  requires: string[];
  settings: SettingFact[];
  sources: Citation[];
}

export interface LimitationFact {
  slug: string;
  title: string;
  kind: LimitationKind;
  description: string;
  severity: Severity;
  scope: {
    environments?: string[];
    plugins?: string[];
    modes?: string[];
    /** confirmedOn: the releases on which a source confirms the boundary. */
    windowsBuilds?: BuildRange & { confirmedOn?: string[] };
    channels?: Channel[];
    kubernetes?: KubernetesRange;
    pluginVersions?: PluginVersionRange;
    platforms?: Platform[];
    dates?: DateRange;
    ipAddressModes?: IpAddressMode[];
    /** Only for plans that need NetworkPolicy enforced. */
    networkPolicy?: true;
    features?: string[];
    serviceTypes?: string[];
    /** Minor versions in kubernetes where an unconfirmed patch release fixed it: "may apply" there. */
    kubernetesPatchFixed?: string[];
    serviceSettings?: ServiceSetting[];
  };
  /** Where the thing the limitation concerns works at all: it applies where scope matches and this does not. */
  requires?: LimitationFact['scope'];
  /** Sources of the scope's dimensions where they are not the record's own sources. */
  scopeSources: Citation[];
  threshold?: { metric: ThresholdMetric; max: number; approximate: boolean };
  /** Named numeric parameters the limitation fixes (Flannel VXLAN's vni and udpPort). */
  parameters?: Readonly<Record<string, number>>;
  mitigatedBy: string[];
  /** kube-proxy gates (gate=true|false) that, set in the plan, carry out the workaround. */
  mitigatedByGates: string[];
  /** The severity of a "may apply" finding, where the record overrides mayApplySeverity's default, and why. */
  mayApply?: { severity: Severity; reason: string };
  /** An OS bug a later update fixed, no source giving the build: how the sources say so (reported as "may apply" information). */
  fixedByLaterUpdate?: string;
  /**
   * The Kubernetes versions and dates of the one page revision that carries the fact: outside them
   * it is "may apply" information (unless another source confirms it on the plan's release).
   */
  revisionScope?: { kubernetes?: KubernetesRange; dates?: DateRange; note: string };
  workaround?: string;
  workaroundSettings: SettingFact[];
  sources: Citation[];
}

/** One row of a node-OS support table (upstream Kubernetes when environment is absent). */
export interface NodeOsSupportFact {
  slug: string;
  windowsVersion: string;
  environment?: string;
  kubernetes?: KubernetesRange;
  /** When the authority offered the release with this status (an AMI calendar, a retirement date). */
  dates?: DateRange;
  status: NodeOsStatus;
  note?: string;
  sources: Citation[];
}

/** One stage of a feature gate: its default, and whether it is locked there, over a range of Kubernetes versions. */
export interface FeatureGateStage {
  stage: GateStage;
  default: boolean;
  locked: boolean;
  kubernetes: KubernetesRange;
}

/** A Kubernetes feature gate a Windows setting depends on (kube-proxy's WinDSR, WinOverlay). */
export interface FeatureGateFact {
  slug: string;
  /** As spelled on the command line, e.g. WinOverlay. */
  name: string;
  component: string;
  description: string;
  stages: FeatureGateStage[];
  stageSources: Citation[];
  /** What giving the locked gate its other value does; observed false: only expected by the same mechanism. */
  lockedOverride?: { effect: string; observed: boolean; note?: string; sources: Citation[] };
  /** A removal that is proposed, not released: "may apply" from allowedFrom. */
  removal?: { status: 'proposed'; allowedFrom: string; note: string; sources: Citation[] };
  sources: Citation[];
}

/**
 * Where the dataset's knowledge ends: the newest Kubernetes minor version and Windows release it
 * documents, and the date of the newest source revision read. Derived by the build.
 */
export interface DatasetHorizon {
  kubernetesVersion: string;
  windowsVersion: string;
  knowledgeDate: string;
}

export interface Knowledge {
  datasetVersion: string;
  horizon: DatasetHorizon;
  releases: ReadonlyMap<string, ReleaseFact>;
  modes: ReadonlyMap<string, ModeFact>;
  plugins: ReadonlyMap<string, PluginFact>;
  features: ReadonlyMap<string, FeatureFact>;
  limitations: readonly LimitationFact[];
  featureDefaults: readonly FeatureDefaultFact[];
  nodeOsSupport: readonly NodeOsSupportFact[];
  /** Feature gates by their command-line name (WinDSR). */
  featureGates: ReadonlyMap<string, FeatureGateFact>;
  environments: ReadonlyMap<string, EnvironmentFact>;
  serviceTypes: ReadonlyMap<string, { slug: string; name: string }>;
  /** IP address management options by slug, with their settings (the amazon-vpc-cni ConfigMap keys). */
  ipamOptions: ReadonlyMap<string, IpamOptionFact>;
  /** The largest IPv4-per-interface figure of any known EC2 instance type. */
  maxIpv4PerInterface: number;
  /** EC2 instance types by name (for capacity checks in compatibility reports). */
  instanceTypes: ReadonlyMap<string, InstanceTypeLimits>;
  /** Where the instance types' network limits come from. */
  instanceTypeSources: Citation[];
  /** Glossary terms by the term itself (kubernetes.io/os), with their sources: what a reader cites for a word it reads. */
  glossary: ReadonlyMap<string, GlossaryFact>;
  /** Where manifests state a plugin, a mode, a version or a release (manifest-signals.yaml), in seed order: what the scanner's readers walk. */
  manifestSignals: readonly ManifestSignal[];
}

/** One place a manifest states something (seeds/manifest-signals.yaml SIGNAL_PLACES). */
export interface SignalPlace {
  kind: SignalPlaceKind;
  name: string;
  objectKinds?: string[];
  /** CONFIG_MAP_KEY: the field of the JSON document the key holds that holds the value. */
  field?: string;
}

/** What a signal states: a plugin (a slug, or a name the knowledge base does not hold), an environment, Windows. */
export interface SignalFacts {
  cniPlugin?: string;
  environment?: string;
  windows?: boolean;
  networking?: boolean;
  /** Limitations a Windows object with this place is concerned by (raised on it as applying where their dates hold). */
  concerns?: string[];
}

/** A value of a signal with a meaning of its own. */
export interface SignalValue {
  windowsBuild?: number;
  windowsVersion?: string;
  states?: SignalFacts;
  /** A plugin-backend value's backend (cni-plugins.yaml), when the value is not the backend's own name; a listed value without one states none. */
  backend?: string;
  /** A limitation the value shows is kept to (its general note is not raised). */
  meets?: string;
  /** A limitation the value runs into (raised as a setting to change). */
  breaks?: string;
  note?: string;
}

/** Where a manifest states something, what it states and how its value reads, with its sources. */
export interface ManifestSignal {
  slug: string;
  component: string;
  description: string;
  where: SignalPlace[];
  states: SignalFacts;
  reads?: SignalRead;
  values: Readonly<Record<string, SignalValue>>;
  sources: Citation[];
}

/** A glossary term and the sources of its definition. */
export interface GlossaryFact {
  slug: string;
  term: string;
  definition: string;
  sources: Citation[];
}
