/**
 * The registry of finding codes: every code the engine or the scan reports, gathered in one table,
 * with what it means (the docs line), the severities it can be raised with, what raises it, and
 * whether only a scan reports it. Each compatibility rule declares its own codes (its file's
 * `CODES`, beside the wording it raises them with); the table gathers them, in the order below,
 * and holds the scan's own codes.
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
 * A new engine code: add it to its rule's `CODES` and raise it there (plus a golden case); a new
 * scan code: add it here. The docs table is generated.
 */
import type { Severity } from './vocabulary.js';
import type { FindingCodeEntry } from './finding-code-entry.js';
import { CODES as windowsLifecycleCodes } from './compatibility/rules/windows-lifecycle.js';
import { CODES as nodeOsSupportedCodes } from './compatibility/rules/node-os-supported.js';
import { CODES as containerImageMatchesNodeCodes } from './compatibility/rules/container-image-matches-node.js';
import { CODES as featureMinimumWindowsCodes } from './compatibility/rules/feature-minimum-windows.js';
import { CODES as featureMinimumKubernetesCodes } from './compatibility/rules/feature-minimum-kubernetes.js';
import { CODES as featureDependenciesCodes } from './compatibility/rules/feature-dependencies.js';
import { CODES as pluginAndModeCodes } from './compatibility/rules/plugin-and-mode.js';
import { CODES as pluginInEnvironmentCodes } from './compatibility/rules/plugin-in-environment.js';
import { CODES as featureDefaultsCodes } from './compatibility/rules/feature-defaults.js';
import { CODES as networkPolicyCodes } from './compatibility/rules/network-policy.js';
import { CODES as limitationsCodes } from './compatibility/rules/limitations.js';
import { CODES as kubernetesBeyondHorizonCodes } from './compatibility/rules/kubernetes-beyond-horizon.js';
import { CODES as kubernetesVersionUnspecifiedCodes } from './compatibility/rules/kubernetes-version-unspecified.js';
import { CODES as kubeProxyFeatureGatesCodes } from './compatibility/rules/kube-proxy-feature-gates.js';
import { CODES as instanceTypeCapacityCodes } from './compatibility/rules/instance-type-capacity.js';

export type { FindingCodeEntry } from './finding-code-entry.js';

/** Every finding code with its entry: the rules' own tables, then the scan's codes. */
export const FINDING_CODE_REGISTRY = {
  ...windowsLifecycleCodes,
  ...nodeOsSupportedCodes,
  ...containerImageMatchesNodeCodes,
  ...featureMinimumWindowsCodes,
  ...featureMinimumKubernetesCodes,
  ...featureDependenciesCodes,
  ...pluginAndModeCodes,
  ...pluginInEnvironmentCodes,
  ...featureDefaultsCodes,
  ...networkPolicyCodes,
  ...limitationsCodes,
  ...kubernetesBeyondHorizonCodes,
  ...kubernetesVersionUnspecifiedCodes,
  ...kubeProxyFeatureGatesCodes,
  ...instanceTypeCapacityCodes,

  NODE_CAPACITY_MISMATCH: {
    description:
      'A Windows node advertises a different number of pod addresses (vpc.amazonaws.com/PrivateIPv4Address) ' +
      "than its instance type gives in the cluster's IP address mode.",
    severities: ['warning'],
    raisedBy: ['scan/own-findings.ts ownFindings'],
    scanOnly: true,
  },
  REQUIRED_SETTING_MISSING: {
    description:
      'A setting the plan needs is absent or has another value in the object that configures it (kube-proxy flags, the amazon-vpc-cni or flannel ConfigMap).',
    severities: ['warning'],
    raisedBy: ['scan/own-findings.ts ownFindings'],
    scanOnly: true,
  },
  OS_SELECTOR_BETA_LABEL: {
    description:
      'A workload is pinned to Windows with the beta.kubernetes.io/os label rather than kubernetes.io/os; the scan still reads it as Windows. ' +
      'The knowledge base holds no source on the beta label, so the finding cites none.',
    severities: ['info'],
    raisedBy: ['scan/readers/workload.ts readWorkload'],
    scanOnly: true,
  },
  IMAGE_BUILD_NOT_SELECTED: {
    description:
      "A Windows workload's image pins a Windows build (its base image's tag) but nothing in its pod template keeps its pods on nodes of that build " +
      '(no node.kubernetes.io/windows-build selector, no RuntimeClass): on nodes of another build a process-isolated container does not start. ' +
      '"May apply" when only the tag of an image no source describes names the release (its base is not known).',
    severities: ['info'],
    raisedBy: ['scan/readers/build-selector.ts imageBuildNotSelected', 'scan/readers/build-selector.ts taggedBuildNotSelected'],
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
    raisedBy: ['scan/object-judgement.ts judgeObject'],
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

/** The anchor of a code's row in docs/api.md's tables (tools/finding-code-docs.ts), which SARIF's helpUri links to. */
export function findingCodeAnchor(code: string): string {
  return `code-${code.toLowerCase().replace(/_/g, '-')}`;
}

/** Whether the code may be raised with the severity (false for an unknown code). */
export function severityAllowed(code: string, severity: Severity): boolean {
  return findingCodeEntry(code)?.severities.includes(severity) ?? false;
}
