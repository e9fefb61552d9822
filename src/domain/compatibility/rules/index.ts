/**
 * Every compatibility rule, in reporting order (the order judge.ts applies them). A rule is one
 * file of this directory; its golden cases are in
 * test/domain/rules/<file>.golden.test.ts.
 */
import { containerImageMatchesNode } from './container-image-matches-node.js';
import { nodeOsSupported } from './node-os-supported.js';
import { featureDefaults } from './feature-defaults.js';
import { featureDependencies } from './feature-dependencies.js';
import { featureMinimumKubernetes } from './feature-minimum-kubernetes.js';
import { featureMinimumWindows } from './feature-minimum-windows.js';
import { instanceTypeCapacity } from './instance-type-capacity.js';
import { kubeProxyFeatureGates } from './kube-proxy-feature-gates.js';
import { kubernetesBeyondHorizon } from './kubernetes-beyond-horizon.js';
import { kubernetesVersionUnspecified } from './kubernetes-version-unspecified.js';
import { limitations } from './limitations.js';
import { networkPolicy } from './network-policy.js';
import { pluginAndMode } from './plugin-and-mode.js';
import { pluginInEnvironment } from './plugin-in-environment.js';
import { windowsLifecycle } from './windows-lifecycle.js';
import type { Rule } from './rule.js';

export type { Rule, RuleJudge } from './rule.js';

export const RULES: readonly Rule[] = [
  kubernetesBeyondHorizon,
  windowsLifecycle,
  nodeOsSupported,
  containerImageMatchesNode,
  featureDependencies,
  featureMinimumWindows,
  featureMinimumKubernetes,
  pluginAndMode,
  pluginInEnvironment,
  networkPolicy,
  featureDefaults,
  limitations,
  kubernetesVersionUnspecified,
  instanceTypeCapacity,
  kubeProxyFeatureGates,
];
