/**
 * Every closed vocabulary of the knowledge base, declared once. The seed schemas (zod), the
 * SQLite columns (drizzle enums), the domain's types and the GraphQL enums' internal values
 * (src/graphql/enum-values.ts) all derive from these tuples; test/graphql/vocabulary.test.ts
 * checks that the SDL enums list exactly these values.
 */

/**
 * The infrastructure a cluster runs on. Some facts hold only on one (the L2tunnel mode exists only
 * on Azure); an environment names its platform, a self-managed cluster leaves it open.
 */
export const PLATFORMS = ['azure', 'aws', 'on-premises'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_NAMES: Record<Platform, string> = { azure: 'Azure', aws: 'AWS', 'on-premises': 'on-premises infrastructure' };

/** Windows Server servicing channels. */
export const CHANNELS = ['LTSC', 'SAC', 'AC'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How the documentation labels a mode or a plugin's support for it; unspecified where it gives none. */
export const STABILITY_LEVELS = ['stable', 'beta', 'experimental', 'unspecified'] as const;
export type Stability = (typeof STABILITY_LEVELS)[number];

/** NetworkPolicy enforcement as a source states it. */
export const SUPPORT_LEVELS = ['supported', 'not-supported', 'unknown'] as const;
export type PolicySupport = (typeof SUPPORT_LEVELS)[number];

/** A plugin's standing in an environment. */
export const ENVIRONMENT_STATUSES = ['default', 'supported', 'alternative', 'retired'] as const;
export type EnvironmentStatus = (typeof ENVIRONMENT_STATUSES)[number];

export const LIMITATION_KINDS = ['unsupported', 'known-issue', 'requirement', 'caveat'] as const;
export type LimitationKind = (typeof LIMITATION_KINDS)[number];

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * How a finding applies to the plan (compatibility/findings.ts): the plan's own facts decide it
 * ('applies'); it depends on something the plan leaves open ('may-apply', with the input fields
 * that would settle it, never none); or it is a caveat of a component the plan uses, the same for
 * every plan with that component, or information only the knowledge leaves open ('general', always info).
 */
export const APPLICABILITIES = ['applies', 'may-apply', 'general'] as const;
export type Applicability = (typeof APPLICABILITIES)[number];

export const THRESHOLD_METRICS = ['backends-per-service', 'services-per-node'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

export const SETTING_KINDS = ['KUBE_PROXY_FLAG', 'SERVICE_SPEC_FIELD', 'SERVICE_ANNOTATION', 'CONFIG_MAP_KEY', 'POWERSHELL_PARAMETER', 'OS_UPDATE'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** The stages of a Kubernetes feature gate, as its reference page lists them. */
export const GATE_STAGES = ['alpha', 'beta', 'ga', 'deprecated'] as const;
export type GateStage = (typeof GATE_STAGES)[number];

/**
 * How an authority lists a Windows release as a node OS. retired: no longer offered for new nodes
 * (existing ones may keep running); removed: its node images are gone, so no node of it can be created.
 */
export const NODE_OS_STATUSES = ['supported', 'preview', 'disputed', 'retired', 'removed'] as const;
export type NodeOsStatus = (typeof NODE_OS_STATUSES)[number];

/**
 * Service settings whose effect on Windows nodes a source qualifies: what a plan (serviceSettings)
 * or a scanned Service uses, and what a limitation can be scoped to. Where a Service sets each is in
 * src/domain/service-settings.ts.
 */
export const SERVICE_SETTINGS = ['traffic-distribution', 'topology-aware-routing', 'internal-traffic-policy-local', 'external-ips'] as const;
export type ServiceSetting = (typeof SERVICE_SETTINGS)[number];

/** How pod addresses are handed out on an EKS Windows node. */
export const IP_ADDRESS_MODES = ['SECONDARY_IP', 'PREFIX_DELEGATION'] as const;
export type IpAddressMode = (typeof IP_ADDRESS_MODES)[number];

/**
 * Where a manifest states something the scanner reads (seeds/manifest-signals.yaml): a container's
 * environment variable, a ConfigMap key, the `type` of a CNI network configuration, a container
 * image (its repository; the tag is the value), a node label (in a Node's labels, a pod's
 * nodeSelector or required node affinity, a node pool's requirements), a field of an object of
 * named kinds (a dotted path), a file a container's command or args name (an installer that copies
 * azure-vnet.exe onto the node).
 */
export const SIGNAL_PLACES = ['ENV_VAR', 'CONFIG_MAP_KEY', 'CNI_TYPE', 'IMAGE', 'NODE_LABEL', 'FIELD', 'COMMAND_FILE'] as const;
export type SignalPlaceKind = (typeof SIGNAL_PLACES)[number];

/**
 * How a signal's value reads: a plugin's backend (the mode it selects, from cni-plugins.yaml), a
 * Kubernetes version (v1.31.0 -> 1.31), a Windows build (a base image tag, a windows-build label:
 * ltsc2019 -> 17763), a plugin's release (v0.13.0-nanoserver -> 0.13.0), an EC2 instance type,
 * an operating system name (windows), a Windows release by its value (an AMI family), or the name
 * of the cluster a node pool belongs to (files naming two clusters are never judged as one).
 */
export const SIGNAL_READS = [
  'plugin-backend',
  'kubernetes-version',
  'windows-build',
  'plugin-version',
  'instance-type',
  'os',
  'windows-release',
  'cluster-name',
] as const;
export type SignalRead = (typeof SIGNAL_READS)[number];

export const SOURCE_KINDS = ['seed-document', 'research'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const ARCHITECTURES = ['x86_64', 'arm64', 'unknown'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

export const HYPERVISORS = ['nitro', 'xen'] as const;
export type Hypervisor = (typeof HYPERVISORS)[number];

/** What limits a node's schedulable pods. */
/** How a scan groups its objects into clusters (scan/clusters.ts): by the cluster facts of its files, or as one cluster the user declared. */
export const SCAN_GROUPINGS = ['by-cluster-facts', 'one-cluster'] as const;
export type ScanGrouping = (typeof SCAN_GROUPINGS)[number];

export const POD_LIMITS = ['IP_ADDRESSES', 'KUBELET_MAX_PODS'] as const;
export type PodLimit = (typeof POD_LIMITS)[number];

/** The GraphQL spelling of a vocabulary value: upper case, dashes as underscores (not-supported -> NOT_SUPPORTED). */
export function graphqlName(value: string): string {
  return value.toUpperCase().replace(/-/g, '_');
}
