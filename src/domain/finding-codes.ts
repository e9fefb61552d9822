/**
 * The registry of finding codes: every code the engine or the scan reports, in one place, with
 * what it means (the docs line), the severities it can be raised with, what raises it, and
 * whether only a scan reports it.
 *
 * Findings are flat records with stable codes (as in pluto): a code never changes meaning, so
 * tools may match on it. Everything else that lists codes derives from this table: the engine's
 * `FindingCode` type (compatibility/findings.ts), `node(id:)`'s FindingCodeInfo, the search
 * index, the CLI's SARIF rules and `--ignore` check, and the code tables of docs/api.md
 * (`npx tsx tools/finding-code-docs.ts --write`; test/readme.test.ts fails when they are stale).
 *
 * `severities` is what the raising code can give, read from it: a fixed severity, both arms of a
 * conditional, and the "may apply" downgrade (`mayApplySeverity`: error to warning, anything else
 * to info, a threshold to warning) where the rule applies it. Codes whose severity is the
 * limitation's seeded one (`limitations`) can be raised with any severity the seed schema allows.
 * test/domain/finding-codes.test.ts checks every finding the engine and the scan give against it.
 *
 * `raisedBy` names each place that creates a finding with the code, as `<file under src/domain>
 * <function>` (a compatibility rule's file is `compatibility/rules/<rule-name>.ts`); the same test
 * requires the code's literal and the function's name in that file.
 *
 * A new code: add it here and raise it in its rule (plus their tests); the docs table is generated.
 */
import { SEVERITIES, type Severity } from './vocabulary.js';

export interface FindingCodeEntry {
  /** What the code means: the line of the docs/api.md table. */
  readonly description: string;
  /** The severities the code can be raised with, most severe first. */
  readonly severities: readonly Severity[];
  /** Where findings with the code are created: `<file under src/domain> <function>`. */
  readonly raisedBy: readonly string[];
  /** Whether only a scan reports it (the engine, the `compatibility` query and `check` never do). */
  readonly scanOnly: boolean;
}

/** Severity read from the seeds (a limitation's), with or without the "may apply" downgrade: any of them. */
const SEEDED = SEVERITIES;

/** One file per rule: `${RULES}/<rule-name>.ts`. */
const RULES = 'compatibility/rules';
const NODE_OS = 'compatibility/rules/node-os-supported.ts';
const CONTAINER_IMAGE = 'compatibility/rules/container-image-matches-node.ts';
const GATES = `${RULES}/kube-proxy-feature-gates.ts`;
const SCAN = 'scan/own-findings.ts';
const SCAN_JUDGE = 'scan/object-judgement.ts';
const WORKLOAD_READER = 'scan/readers/workload.ts';

export const FINDING_CODE_REGISTRY = {
  WINDOWS_VERSION_OUT_OF_SUPPORT: {
    description: 'The Windows release is past its end of support (or servicing) at the date checked; "may apply" when the plan leaves the release open.',
    // A warning; "may apply" (the release open, some candidate releases out of support) info.
    severities: ['warning', 'info'],
    raisedBy: [`${RULES}/windows-lifecycle.ts windowsLifecycle`],
    scanOnly: false,
  },
  WINDOWS_VERSION_MAINSTREAM_ENDED: {
    description: 'The LTSC release is past mainstream support but still in extended support.',
    severities: ['info'],
    raisedBy: [`${RULES}/windows-lifecycle.ts windowsLifecycle`],
    scanOnly: false,
  },
  NODE_OS_UNSUPPORTED: {
    description:
      'Kubernetes (or the environment, from its own table) does not list the Windows release as a node OS for the planned Kubernetes version; ' +
      '"may apply" when the release, version or environment is open, or when the version is past the dataset horizon and the listing has no known end.',
    // An error; "may apply" (environment or version open, past the horizon) a warning; on some of the
    // candidate releases when the release is open, info.
    severities: ['error', 'warning', 'info'],
    raisedBy: [`${NODE_OS} nodeOsSupported`],
    scanOnly: false,
  },
  NODE_OS_PREVIEW: {
    description: 'The environment offers the Windows release as a node OS only in preview for the planned Kubernetes version.',
    // A warning; "may apply" (environment open, or on some of the candidate releases) info.
    severities: ['warning', 'info'],
    raisedBy: [`${NODE_OS} nodeOsSupported`],
    scanOnly: false,
  },
  NODE_OS_RETIRED: {
    description:
      'The environment once offered the Windows release as a node OS (e.g. as an AMI) and no longer does: a warning while existing nodes may keep running, ' +
      'an error once the environment has removed the node images, so that no node of the release can be created.',
    // removed: error, retired: warning; "may apply" (environment open) one step lower; on some of the
    // candidate releases (the release open) info.
    severities: ['error', 'warning', 'info'],
    raisedBy: [`${NODE_OS} nodeOsSupported`],
    scanOnly: false,
  },
  NODE_OS_SUPPORT_DISPUTED: {
    description: "The environment's own pages disagree whether the release is a supported node OS for the planned Kubernetes version.",
    severities: ['warning', 'info'],
    raisedBy: [`${NODE_OS} nodeOsSupported`],
    scanOnly: false,
  },
  CONTAINER_IMAGE_OS_MISMATCH: {
    description:
      "The container images' Windows release differs from the node's: with process isolation they must match; \"may apply\" when the plan leaves the node's release open.",
    // An error; "may apply" (the node's release open) a warning.
    severities: ['error', 'warning'],
    raisedBy: [`${CONTAINER_IMAGE} containerImageMatchesNode`],
    scanOnly: false,
  },
  FEATURE_REQUIRES_NEWER_WINDOWS: {
    description:
      'A requested feature\'s minimum Windows release is newer than the node\'s (compared by OS build); "may apply" when the plan leaves the release open.',
    // An error; "may apply" (the release open, older than the minimum on some candidates) a warning;
    // on a scanned node that does not say which features its workloads use, an info.
    severities: ['error', 'warning', 'info'],
    raisedBy: [`${RULES}/feature-minimum-windows.ts featureMinimumWindows`, 'scan/object-judgement.ts openFeatures'],
    scanOnly: false,
  },
  FEATURE_REQUIRES_OS_UPDATE: {
    description: "A requested feature needs a later update revision of the node's release; a warning when the plan does not give the revision.",
    severities: ['error', 'warning'],
    raisedBy: [`${RULES}/feature-minimum-windows.ts featureMinimumWindows`],
    scanOnly: false,
  },
  FEATURE_REQUIRES_NEWER_KUBERNETES: {
    description: 'A requested feature cannot be switched on in the planned Kubernetes version.',
    severities: ['error'],
    raisedBy: [`${RULES}/feature-minimum-kubernetes.ts featureMinimumKubernetes`],
    scanOnly: false,
  },
  FEATURE_DEPENDENCY_ADDED: {
    description: 'A requested feature needs another feature, which was added to the plan.',
    severities: ['info'],
    raisedBy: [`${RULES}/feature-dependencies.ts featureDependencies`],
    scanOnly: false,
  },
  PLUGIN_MODE_UNSUPPORTED: {
    description: 'The chosen plugin does not create or delegate to the chosen network mode.',
    severities: ['error'],
    raisedBy: [`${RULES}/plugin-and-mode.ts pluginAndMode`],
    scanOnly: false,
  },
  NETWORK_MODE_AMBIGUOUS: {
    description: 'The plugin offers several modes and the plan names none; mode-specific checks are reported as "may apply".',
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-and-mode.ts pluginAndMode`],
    scanOnly: false,
  },
  NETWORK_MODE_UNKNOWN: {
    description: 'The sources do not say which network mode the plugin uses; mode-specific checks were skipped.',
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-and-mode.ts pluginAndMode`],
    scanOnly: false,
  },
  NETWORK_MODE_NOT_USED_BY_KUBERNETES: {
    description: 'The network mode exists on Windows but Kubernetes does not use it.',
    severities: ['error'],
    raisedBy: [`${RULES}/plugin-and-mode.ts pluginAndMode`],
    scanOnly: false,
  },
  NETWORK_MODE_PRERELEASE: {
    description:
      'The documentation labels the network mode beta or experimental (where a feature gate behind it is GA from some Kubernetes version: only below it; "may apply" when the version is open).',
    // A warning; info when the mode is one of several or the version is open.
    severities: ['warning', 'info'],
    raisedBy: [`${RULES}/plugin-and-mode.ts modeLabelFinding`],
    scanOnly: false,
  },
  NETWORK_MODE_LABEL_OUTDATED: {
    description: "The documentation's beta label on the network mode is out of date at the planned Kubernetes version: the gate behind it is GA there.",
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-and-mode.ts modeLabelFinding`],
    scanOnly: false,
  },
  PLUGIN_MODE_PRERELEASE: {
    description: "The plugin's support for the mode (its backend) is labelled beta or experimental.",
    severities: ['warning', 'info'],
    raisedBy: [`${RULES}/plugin-and-mode.ts pluginAndMode`],
    scanOnly: false,
  },
  ENVIRONMENT_ASSUMED: {
    description: 'No environment was given; the plugin runs in only one environment, which was assumed.',
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  PLUGIN_RETIRED_IN_ENVIRONMENT: {
    description: 'The plugin is retired in the environment ("may apply", as info, when the plan gives no environment).',
    // A warning once in force; info while the month of the retirement is open, or the environment is.
    severities: ['warning', 'info'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  PLUGIN_STATUS_IN_ENVIRONMENT: {
    description: 'The plugin is the default, supported or a documented alternative in the environment.',
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT: {
    description: 'The plugin runs only in other environments (e.g. the Amazon VPC CNI outside EKS).',
    severities: ['error'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT: {
    description: "The sources list the environment's plugins and the plan's plugin is not among them; the documented options are named.",
    severities: ['warning'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN: {
    description: "The sources do not list the environment's plugins, so whether the plugin is offered there is not known.",
    severities: ['info'],
    raisedBy: [`${RULES}/plugin-in-environment.ts pluginInEnvironment`],
    scanOnly: false,
  },
  FEATURE_DEFAULT: {
    description: 'A requested feature is already on by default in the environment (or node image); "may apply" when the plan leaves the environment open.',
    severities: ['info'],
    raisedBy: [`${RULES}/feature-defaults.ts featureDefaults`],
    scanOnly: false,
  },
  NETWORK_POLICY_UNSUPPORTED: {
    description: 'The plan needs NetworkPolicy (or does not say whether it does: "may apply") and the plugin does not enforce it on Windows.',
    // An error; "may apply" (plugin or environment open) a warning; an info when the plan does not say whether it needs NetworkPolicy.
    severities: ['error', 'warning', 'info'],
    raisedBy: [
      `${RULES}/network-policy.ts networkPolicy`,
      `${RULES}/network-policy.ts networkPolicyWithPluginOpen`,
      `${RULES}/network-policy.ts networkPolicyOpen`,
    ],
    scanOnly: false,
  },
  NETWORK_POLICY_UNKNOWN: {
    description: 'The plan needs NetworkPolicy and the sources do not say whether the plugin enforces it on Windows.',
    severities: ['warning', 'info'],
    raisedBy: [`${RULES}/network-policy.ts networkPolicy`, `${RULES}/network-policy.ts networkPolicyWithPluginOpen`],
    scanOnly: false,
  },
  THRESHOLD_EXCEEDED: {
    description: 'A planned number is above a documented limit (backends per Service, Services per node).',
    // The limitation's seeded severity; "may apply" a warning.
    severities: SEEDED,
    raisedBy: [`${RULES}/limitations.ts limitations`],
    scanOnly: false,
  },
  UNSUPPORTED_FUNCTIONALITY: {
    description: 'Functionality that Windows nodes do not support and that the plan may use.',
    // The limitation's seeded severity (one step lower when it may apply); the scan's hostNetwork check: an error.
    severities: SEEDED,
    raisedBy: [`${RULES}/limitations.ts limitations`, `${SCAN} ownFindings`],
    scanOnly: false,
  },
  KNOWN_ISSUE: {
    description: 'A documented known issue applies to the plan.',
    severities: SEEDED,
    raisedBy: [`${RULES}/limitations.ts limitations`],
    scanOnly: false,
  },
  REQUIREMENT_NOT_MET: {
    description: 'Something the mode or plugin needs (e.g. an OS update) is missing or not confirmed.',
    severities: SEEDED,
    raisedBy: [`${RULES}/limitations.ts limitations`],
    scanOnly: false,
  },
  CAVEAT: {
    description: 'A documented caveat applies to the plan.',
    severities: SEEDED,
    raisedBy: [`${RULES}/limitations.ts limitations`],
    scanOnly: false,
  },
  LIMITATION_MITIGATED: {
    description: 'A limitation would apply, but a feature the plan enables takes its bite away.',
    severities: ['info'],
    raisedBy: [`${RULES}/limitations.ts limitations`],
    scanOnly: false,
  },
  KUBERNETES_VERSION_BEYOND_HORIZON: {
    description: 'The planned Kubernetes version is newer than any the dataset documents; facts that could have changed since are reported as "may apply".',
    severities: ['warning'],
    raisedBy: [`${RULES}/kubernetes-beyond-horizon.ts kubernetesBeyondHorizon`],
    scanOnly: false,
  },
  KUBERNETES_VERSION_UNSPECIFIED: {
    description: 'Settings differ by Kubernetes version and the plan gives none; every variant is listed.',
    severities: ['info'],
    raisedBy: [`${RULES}/kubernetes-version-unspecified.ts kubernetesVersionUnspecified`],
    scanOnly: false,
  },
  FEATURE_GATE_LOCKED: {
    description:
      'A kube-proxy feature gate is set to the opposite of the value it is locked to at the target Kubernetes version, so kube-proxy exits at start-up; ' +
      '"may apply" where no source has observed it for that gate, or past the dataset horizon.',
    severities: ['error', 'warning'],
    raisedBy: [`${GATES} judgeGateSetting`],
    scanOnly: false,
  },
  FEATURE_GATE_CONFLICT: {
    description:
      "A kube-proxy feature gate is set to the opposite of the value the plan's network mode or a feature it enables needs, at a Kubernetes version where the gate is not locked; " +
      '"may apply" when the mode or the Kubernetes version is open.',
    severities: ['error', 'warning'],
    raisedBy: [`${GATES} judgeGateSetting`],
    scanOnly: false,
  },
  FEATURE_GATE_FLAG_UNNEEDED: {
    description: 'A kube-proxy feature gate is set to its default at the target Kubernetes version: the flag is no longer needed.',
    severities: ['info'],
    raisedBy: [`${GATES} judgeGateSetting`],
    scanOnly: false,
  },
  FEATURE_GATE_REMOVAL_PENDING: {
    description:
      'A kube-proxy feature gate that is set may be removed by the target Kubernetes version: its removal is proposed, and no source says which release ships it.',
    severities: ['warning'],
    raisedBy: [`${GATES} judgeGateSetting`],
    scanOnly: false,
  },
  INSTANCE_TYPE_NOT_FOR_WINDOWS: {
    description: 'The EC2 instance type cannot host Windows nodes: it is Arm-based (Graviton, a1) or a mac type.',
    severities: ['error'],
    raisedBy: [`${RULES}/instance-type-capacity.ts instanceTypeCapacity`],
    scanOnly: false,
  },
  PREFIX_DELEGATION_UNSUPPORTED: {
    description:
      'Prefix delegation was planned on an instance type that is not Nitro-based; the node stays in secondary-IP mode, and the capacity given is that fallback.',
    severities: ['warning'],
    raisedBy: [`${RULES}/instance-type-capacity.ts instanceTypeCapacity`],
    scanOnly: false,
  },
  PODS_EXCEED_CAPACITY: {
    description: "The planned pods per node are more than the instance type's IP addresses allow in the planned mode.",
    severities: ['error'],
    raisedBy: [`${RULES}/instance-type-capacity.ts instanceTypeCapacity`],
    scanOnly: false,
  },
  PODS_EXCEED_KUBELET_MAX_PODS: {
    description: "The addresses allow the planned pods, but the kubelet's max-pods (110 by default on EKS) caps the node below them.",
    severities: ['warning'],
    raisedBy: [`${RULES}/instance-type-capacity.ts instanceTypeCapacity`],
    scanOnly: false,
  },
  POD_CAPACITY: {
    description: 'How many Windows pods the instance type gives in the planned mode, and what limits it.',
    severities: ['info'],
    raisedBy: [`${RULES}/instance-type-capacity.ts instanceTypeCapacity`],
    scanOnly: false,
  },
  NODE_CAPACITY_MISMATCH: {
    description:
      'A Windows node advertises a different number of pod addresses (vpc.amazonaws.com/PrivateIPv4Address) ' +
      "than its instance type gives in the cluster's IP address mode.",
    severities: ['warning'],
    raisedBy: [`${SCAN} ownFindings`],
    scanOnly: true,
  },
  REQUIRED_SETTING_MISSING: {
    description:
      'A setting the plan needs is absent or has another value in the object that configures it (kube-proxy flags, the amazon-vpc-cni or flannel ConfigMap).',
    severities: ['warning'],
    raisedBy: [`${SCAN} ownFindings`],
    scanOnly: true,
  },
  OS_SELECTOR_BETA_LABEL: {
    description:
      'A workload is pinned to Windows with the beta.kubernetes.io/os label rather than kubernetes.io/os; the scan still reads it as Windows. ' +
      'The knowledge base holds no source on the beta label, so the finding cites none.',
    severities: ['info'],
    raisedBy: [`${WORKLOAD_READER} readWorkload`],
    scanOnly: true,
  },
  DEFAULT_APPLIES: {
    description:
      'What a default decides for a Windows object, said where a reviewer would say it: a LoadBalancer or NodePort Service in front of Windows pods ' +
      'that leaves externalTrafficPolicy at Cluster does not keep the client IP; the CNI plugin the input runs enforces NetworkPolicy on Windows nodes.',
    severities: ['info'],
    raisedBy: ['scan/defaults.ts defaultsThatApply', 'scan/defaults.ts policyEnforcement'],
    scanOnly: true,
  },
  NOT_JUDGED: {
    description:
      'A Windows object could not be judged: nothing can be said about it (it states no networking fact, and its cluster has no Windows node, node group, CNI configuration or --plan), or the engine refused its plan.',
    severities: ['info'],
    raisedBy: [`${SCAN_JUDGE} judgeObject`],
    scanOnly: true,
  },
} as const satisfies Record<string, FindingCodeEntry>;

type Registry = typeof FINDING_CODE_REGISTRY;

/** Every finding code, the engine's and the scan's. */
export type AnyFindingCode = keyof Registry;
/** The codes the engine raises (and a scan reports as they are). */
export type EngineFindingCode = { [C in AnyFindingCode]: Registry[C]['scanOnly'] extends true ? never : C }[AnyFindingCode];
/** The codes only a scan reports. */
export type ScanOnlyFindingCode = Exclude<AnyFindingCode, EngineFindingCode>;

const entries = Object.entries(FINDING_CODE_REGISTRY) as [AnyFindingCode, FindingCodeEntry][];
const descriptions = (keep: (e: FindingCodeEntry) => boolean) => Object.fromEntries(entries.filter(([, e]) => keep(e)).map(([c, e]) => [c, e.description]));

/** Every code with its description. */
export const ALL_FINDING_CODES = descriptions(() => true) as { readonly [C in AnyFindingCode]: string };
/** The engine's codes with their descriptions. */
export const ENGINE_FINDING_CODES = descriptions((e) => !e.scanOnly) as { readonly [C in EngineFindingCode]: string };
/** The codes only a scan reports, with their descriptions. */
export const SCAN_ONLY_FINDING_CODES = descriptions((e) => e.scanOnly) as { readonly [C in ScanOnlyFindingCode]: string };

/** The registry's entry for a code, or undefined for a string that is not one. */
export function findingCodeEntry(code: string): (FindingCodeEntry & { code: AnyFindingCode }) | undefined {
  return Object.hasOwn(FINDING_CODE_REGISTRY, code) ? { code: code as AnyFindingCode, ...FINDING_CODE_REGISTRY[code as AnyFindingCode] } : undefined;
}

/** Whether the code may be raised with the severity (false for an unknown code). */
export function severityAllowed(code: string, severity: Severity): boolean {
  return findingCodeEntry(code)?.severities.includes(severity) ?? false;
}
