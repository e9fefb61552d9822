/**
 * Findings are flat records with stable codes (as in pluto): a code never changes meaning, so
 * tools may match on it. The README's finding table is generated from FINDING_CODES' docs.
 */
import type { Citation, Severity } from '../knowledge.js';

export const FINDING_CODES = {
  WINDOWS_VERSION_OUT_OF_SUPPORT: 'The Windows release is past its end of support (or servicing) at the date checked.',
  WINDOWS_VERSION_MAINSTREAM_ENDED: 'The LTSC release is past mainstream support but still in extended support.',
  FEATURE_REQUIRES_NEWER_WINDOWS: "A requested feature's minimum Windows release is newer than the node's (compared by OS build).",
  FEATURE_REQUIRES_OS_UPDATE: 'A requested feature needs a later update revision of the node\'s release; a warning when the plan does not give the revision.',
  FEATURE_REQUIRES_NEWER_KUBERNETES: 'A requested feature cannot be switched on in the planned Kubernetes version.',
  FEATURE_DEPENDENCY_ADDED: 'A requested feature needs another feature, which was added to the plan.',
  PLUGIN_MODE_UNSUPPORTED: 'The chosen plugin does not create or delegate to the chosen network mode.',
  NETWORK_MODE_AMBIGUOUS: 'The plugin offers several modes and the plan names none; mode-specific checks are reported as "may apply".',
  NETWORK_MODE_UNKNOWN: 'The sources do not say which network mode the plugin uses; mode-specific checks were skipped.',
  NETWORK_MODE_NOT_USED_BY_KUBERNETES: 'The network mode exists on Windows but Kubernetes does not use it.',
  NETWORK_MODE_PRERELEASE: 'The documentation labels the network mode beta or experimental.',
  PLUGIN_MODE_PRERELEASE: "The plugin's support for the mode (its backend) is labelled beta or experimental.",
  ENVIRONMENT_ASSUMED: 'No environment was given; the only environment the plugin is the default of was assumed.',
  PLUGIN_RETIRED_IN_ENVIRONMENT: 'The plugin is retired in the environment.',
  PLUGIN_STATUS_IN_ENVIRONMENT: 'The plugin is the default, supported or a documented alternative in the environment.',
  NETWORK_POLICY_UNSUPPORTED: 'The plan needs NetworkPolicy and the plugin does not enforce it on Windows.',
  NETWORK_POLICY_UNKNOWN: 'The plan needs NetworkPolicy and the sources do not say whether the plugin enforces it on Windows.',
  THRESHOLD_EXCEEDED: 'A planned number is above a documented limit (backends per Service, Services per node).',
  UNSUPPORTED_FUNCTIONALITY: 'Functionality that Windows nodes do not support and that the plan may use.',
  KNOWN_ISSUE: 'A documented known issue applies to the plan.',
  REQUIREMENT_NOT_MET: 'Something the mode or plugin needs (e.g. an OS update) is missing or not confirmed.',
  CAVEAT: 'A documented caveat applies to the plan.',
  LIMITATION_MITIGATED: 'A limitation would apply, but a feature the plan enables takes its bite away.',
  KUBERNETES_VERSION_UNSPECIFIED: 'Settings differ by Kubernetes version and the plan gives none; every variant is listed.',
  INSTANCE_TYPE_NOT_FOR_WINDOWS: 'The EC2 instance type cannot host Windows nodes: it is Arm-based (Graviton, a1) or a mac type.',
  PREFIX_DELEGATION_UNSUPPORTED: 'Prefix delegation was planned on an instance type that is not Nitro-based; it stays in secondary-IP mode.',
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

/** A finding that may or may not apply is at most a warning: the plan has to say more to decide. */
export function capAtWarning(severity: Severity): Severity {
  return severity === 'error' ? 'warning' : severity;
}
