/**
 * A feature's minimum Kubernetes version: the version from which it can be switched on.
 *
 * Golden cases: test/domain/rules/feature-minimum-kubernetes.golden.test.ts.
 */
import { compareKubernetes } from '../../kubernetes-version.js';
import type { Finding } from '../findings.js';
import type { Rule, RuleJudge } from './rule.js';

/** featureMinimumKubernetes: the Kubernetes version a feature needs. */
const FEATURE_MINIMUM = {
  needsKubernetes: (feature: string, minimum: string, runs: string) => `${feature} can be switched on from Kubernetes ${minimum}; the cluster runs ${runs}.`,
  upgradeCluster: (minimum: string) => `Upgrade the cluster to Kubernetes ${minimum} or later.`,
};

const judge: RuleJudge = ({ k, plan, enabledFeatures }) =>
  enabledFeatures.flatMap((slug): Finding[] => {
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

export const featureMinimumKubernetes: Rule = { name: 'featureMinimumKubernetes', codes: ['FEATURE_REQUIRES_NEWER_KUBERNETES'], judge };
