/**
 * A feature's minimum Kubernetes version: the version from which it can be switched on.
 *
 * Golden cases: test/domain/rules/feature-minimum-kubernetes.golden.test.ts.
 */
import { compareKubernetes } from '../../kubernetes-version.js';
import type { RuleFinding } from '../rule-finding.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  FEATURE_REQUIRES_NEWER_KUBERNETES: {
    description: 'A requested feature cannot be switched on in the planned Kubernetes version.',
    severities: ['error'],
    raisedBy: ['compatibility/rules/feature-minimum-kubernetes.ts featureMinimumKubernetes'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** featureMinimumKubernetes: the Kubernetes version a feature needs. */
const FEATURE_MINIMUM = {
  needsKubernetes: (feature: string, minimum: string, runs: string) => `${feature} can be switched on from Kubernetes ${minimum}; the cluster runs ${runs}.`,
  upgradeCluster: (minimum: string) => `Upgrade the cluster to Kubernetes ${minimum} or later.`,
};

const judge: RuleJudge<Code> = ({ k, plan, enabledFeatures }) =>
  enabledFeatures.flatMap((slug): RuleFinding<Code>[] => {
    const feature = k.features.get(slug)!;
    if (!feature.minimumKubernetes || !plan.kubernetesVersion || compareKubernetes(plan.kubernetesVersion, feature.minimumKubernetes) >= 0) return [];
    return [
      {
        severity: 'error',
        code: 'FEATURE_REQUIRES_NEWER_KUBERNETES',
        subject: slug,
        message: FEATURE_MINIMUM.needsKubernetes(feature.name, feature.minimumKubernetes, plan.kubernetesVersion),
        remediation: FEATURE_MINIMUM.upgradeCluster(feature.minimumKubernetes),
        sources: feature.minimumKubernetesSources,
      },
    ];
  });

export const featureMinimumKubernetes: Rule<Code> = { name: 'featureMinimumKubernetes', codes: codesOf(CODES), judge };
