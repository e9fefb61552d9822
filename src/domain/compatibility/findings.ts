/**
 * Findings are flat records with stable codes (as in pluto): a code never changes meaning, so
 * tools may match on it. The finding-code table of docs/api.md repeats FINDING_CODES' texts word
 * for word; test/readme.test.ts fails when the two differ.
 */
import type { Citation, Severity } from '../knowledge.js';

export const FINDING_CODES = {
  WINDOWS_VERSION_OUT_OF_SUPPORT: 'The Windows release is past its end of support (or servicing) at the date checked.',
  WINDOWS_VERSION_MAINSTREAM_ENDED: 'The LTSC release is past mainstream support but still in extended support.',
  NODE_OS_UNSUPPORTED:
    'Kubernetes (or the environment, from its own table) does not list the Windows release as a node OS for the planned Kubernetes version; ' +
    '"may apply" when the version or environment is open, or when the version is past the dataset horizon and the listing has no known end.',
  NODE_OS_PREVIEW: 'The environment offers the Windows release as a node OS only in preview for the planned Kubernetes version.',
  NODE_OS_RETIRED:
    'The environment once offered the Windows release as a node OS (e.g. as an AMI) and no longer does: a warning while existing nodes may keep running, ' +
    'an error once the environment has removed the node images, so that no node of the release can be created.',
  NODE_OS_SUPPORT_DISPUTED: "The environment's own pages disagree whether the release is a supported node OS for the planned Kubernetes version.",
  CONTAINER_IMAGE_OS_MISMATCH: "The container images' Windows release differs from the node's: with process isolation they must match.",
  FEATURE_REQUIRES_NEWER_WINDOWS: "A requested feature's minimum Windows release is newer than the node's (compared by OS build).",
  FEATURE_REQUIRES_OS_UPDATE: "A requested feature needs a later update revision of the node's release; a warning when the plan does not give the revision.",
  FEATURE_REQUIRES_NEWER_KUBERNETES: 'A requested feature cannot be switched on in the planned Kubernetes version.',
  FEATURE_DEPENDENCY_ADDED: 'A requested feature needs another feature, which was added to the plan.',
  PLUGIN_MODE_UNSUPPORTED: 'The chosen plugin does not create or delegate to the chosen network mode.',
  NETWORK_MODE_AMBIGUOUS: 'The plugin offers several modes and the plan names none; mode-specific checks are reported as "may apply".',
  NETWORK_MODE_UNKNOWN: 'The sources do not say which network mode the plugin uses; mode-specific checks were skipped.',
  NETWORK_MODE_NOT_USED_BY_KUBERNETES: 'The network mode exists on Windows but Kubernetes does not use it.',
  NETWORK_MODE_PRERELEASE:
    'The documentation labels the network mode beta or experimental (where a feature gate behind it is GA from some Kubernetes version: only below it; "may apply" when the version is open).',
  NETWORK_MODE_LABEL_OUTDATED:
    "The documentation's beta label on the network mode is out of date at the planned Kubernetes version: the gate behind it is GA there.",
  PLUGIN_MODE_PRERELEASE: "The plugin's support for the mode (its backend) is labelled beta or experimental.",
  ENVIRONMENT_ASSUMED: 'No environment was given; the plugin runs in only one environment, which was assumed.',
  PLUGIN_RETIRED_IN_ENVIRONMENT: 'The plugin is retired in the environment ("may apply", as info, when the plan gives no environment).',
  PLUGIN_STATUS_IN_ENVIRONMENT: 'The plugin is the default, supported or a documented alternative in the environment.',
  PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT: 'The plugin runs only in other environments (e.g. the Amazon VPC CNI outside EKS).',
  PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT: "The sources list the environment's plugins and the plan's plugin is not among them; the documented options are named.",
  PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN: "The sources do not list the environment's plugins, so whether the plugin is offered there is not known.",
  FEATURE_DEFAULT: 'A requested feature is already on by default in the environment (or node image); "may apply" when the plan leaves the environment open.',
  NETWORK_POLICY_UNSUPPORTED: 'The plan needs NetworkPolicy and the plugin does not enforce it on Windows.',
  NETWORK_POLICY_UNKNOWN: 'The plan needs NetworkPolicy and the sources do not say whether the plugin enforces it on Windows.',
  THRESHOLD_EXCEEDED: 'A planned number is above a documented limit (backends per Service, Services per node).',
  UNSUPPORTED_FUNCTIONALITY: 'Functionality that Windows nodes do not support and that the plan may use.',
  KNOWN_ISSUE: 'A documented known issue applies to the plan.',
  REQUIREMENT_NOT_MET: 'Something the mode or plugin needs (e.g. an OS update) is missing or not confirmed.',
  CAVEAT: 'A documented caveat applies to the plan.',
  LIMITATION_MITIGATED: 'A limitation would apply, but a feature the plan enables takes its bite away.',
  KUBERNETES_VERSION_BEYOND_HORIZON:
    'The planned Kubernetes version is newer than any the dataset documents; facts that could have changed since are reported as "may apply".',
  KUBERNETES_VERSION_UNSPECIFIED: 'Settings differ by Kubernetes version and the plan gives none; every variant is listed.',
  FEATURE_GATE_LOCKED:
    'A kube-proxy feature gate is set to the opposite of the value it is locked to at the target Kubernetes version, so kube-proxy exits at start-up; ' +
    '"may apply" where no source has observed it for that gate, or past the dataset horizon.',
  FEATURE_GATE_CONFLICT:
    "A kube-proxy feature gate is set to the opposite of the value the plan's network mode or a feature it enables needs, at a Kubernetes version where the gate is not locked; " +
    '"may apply" when the mode or the Kubernetes version is open.',
  FEATURE_GATE_FLAG_UNNEEDED: 'A kube-proxy feature gate is set to its default at the target Kubernetes version: the flag is no longer needed.',
  FEATURE_GATE_REMOVAL_PENDING:
    'A kube-proxy feature gate that is set may be removed by the target Kubernetes version: its removal is proposed, and no source says which release ships it.',
  INSTANCE_TYPE_NOT_FOR_WINDOWS: 'The EC2 instance type cannot host Windows nodes: it is Arm-based (Graviton, a1) or a mac type.',
  PREFIX_DELEGATION_UNSUPPORTED:
    'Prefix delegation was planned on an instance type that is not Nitro-based; the node stays in secondary-IP mode, and the capacity given is that fallback.',
  PODS_EXCEED_CAPACITY: "The planned pods per node are more than the instance type's IP addresses allow in the planned mode.",
  PODS_EXCEED_KUBELET_MAX_PODS: "The addresses allow the planned pods, but the kubelet's max-pods (110 by default on EKS) caps the node below them.",
  POD_CAPACITY: 'How many Windows pods the instance type gives in the planned mode, and what limits it.',
} as const;

export type FindingCode = keyof typeof FINDING_CODES;

export interface Finding {
  severity: Severity;
  code: FindingCode;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
}

export const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * The severity of a fact that may or may not apply, because the plan leaves a dimension open:
 * a warning where it would be an error or a threshold, info otherwise. The plan has to say more
 * to decide, and the message names what.
 */
export function mayApplySeverity(severity: Severity, isThreshold: boolean): Severity {
  return severity === 'error' || isThreshold ? 'warning' : 'info';
}
