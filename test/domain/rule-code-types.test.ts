/**
 * A mistyped finding code inside a rule does not compile: each rule is a Rule over its own `CODES`
 * (rules/rule.ts), so its findings are RuleFinding of that union, not of string. The proof is at
 * the type level, which `npm test` checks with tsc over test/: an `@ts-expect-error` that no longer
 * has an error to expect fails tsc, and so does a rule typed with plain string codes. Run time
 * keeps its own check (judge.ts ruleFindings, test/domain/rule-codes.test.ts), shown here too.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ruleFindings } from '../../src/domain/compatibility/judge.js';
import type { PlanContext } from '../../src/domain/compatibility/plan-context.js';
import type { RuleFinding } from '../../src/domain/compatibility/rule-finding.js';
import { RULES, type Rule } from '../../src/domain/compatibility/rules/index.js';
import * as containerImageMatchesNode from '../../src/domain/compatibility/rules/container-image-matches-node.js';
import * as featureDefaults from '../../src/domain/compatibility/rules/feature-defaults.js';
import * as featureDependencies from '../../src/domain/compatibility/rules/feature-dependencies.js';
import * as featureMinimumKubernetes from '../../src/domain/compatibility/rules/feature-minimum-kubernetes.js';
import * as featureMinimumWindows from '../../src/domain/compatibility/rules/feature-minimum-windows.js';
import * as instanceTypeCapacity from '../../src/domain/compatibility/rules/instance-type-capacity.js';
import * as kubeProxyFeatureGates from '../../src/domain/compatibility/rules/kube-proxy-feature-gates.js';
import * as kubernetesBeyondHorizon from '../../src/domain/compatibility/rules/kubernetes-beyond-horizon.js';
import * as kubernetesVersionUnspecified from '../../src/domain/compatibility/rules/kubernetes-version-unspecified.js';
import * as limitations from '../../src/domain/compatibility/rules/limitations.js';
import * as networkPolicy from '../../src/domain/compatibility/rules/network-policy.js';
import * as nodeOsSupported from '../../src/domain/compatibility/rules/node-os-supported.js';
import * as pluginAndMode from '../../src/domain/compatibility/rules/plugin-and-mode.js';
import * as pluginInEnvironment from '../../src/domain/compatibility/rules/plugin-in-environment.js';
import * as windowsLifecycle from '../../src/domain/compatibility/rules/windows-lifecycle.js';

type LifecycleCode = keyof typeof windowsLifecycle.CODES;

describe('finding codes at compile time', () => {
  it('refuses a code that is not one of the rule’s CODES, which run time refuses too', () => {
    const declared: RuleFinding<LifecycleCode> = { severity: 'error', code: 'WINDOWS_VERSION_OUT_OF_SUPPORT', message: 'declared', sources: [] };
    // A code of another rule (limitations'): the compiler refuses it here, as it does inside a rule.
    // @ts-expect-error 'CAVEAT' is not a code of windowsLifecycle's CODES.
    const mistyped: RuleFinding<LifecycleCode> = { severity: 'info', code: 'CAVEAT', message: 'mistyped', sources: [] };
    // A rule's judge is typed the same way: its findings cannot carry another code.
    // @ts-expect-error the judge of a Rule<LifecycleCode> returns findings of LifecycleCode only.
    const judge: Rule<LifecycleCode>['judge'] = () => [{ severity: 'info', code: 'WINDOWS_VERSION_OUT_OF_SUPORT', message: 'typo', sources: [] }];
    expect(judge).toBeTypeOf('function');

    const ctx = {} as PlanContext;
    const raising = (finding: RuleFinding<LifecycleCode>): Rule => ({ ...windowsLifecycle.windowsLifecycle, judge: () => [finding] });
    expect(ruleFindings(raising(declared), ctx).map((f) => f.code)).toEqual(['WINDOWS_VERSION_OUT_OF_SUPPORT']);
    expect(() => ruleFindings(raising(mistyped), ctx)).toThrow('The rule windowsLifecycle raised CAVEAT');
  });

  it('types every rule with its own CODES, not with string', () => {
    // Were a rule typed as plain Rule, its findings' codes would be strings the compiler does not check.
    expectTypeOf(containerImageMatchesNode.containerImageMatchesNode).toEqualTypeOf<Rule<keyof typeof containerImageMatchesNode.CODES>>();
    expectTypeOf(featureDefaults.featureDefaults).toEqualTypeOf<Rule<keyof typeof featureDefaults.CODES>>();
    expectTypeOf(featureDependencies.featureDependencies).toEqualTypeOf<Rule<keyof typeof featureDependencies.CODES>>();
    expectTypeOf(featureMinimumKubernetes.featureMinimumKubernetes).toEqualTypeOf<Rule<keyof typeof featureMinimumKubernetes.CODES>>();
    expectTypeOf(featureMinimumWindows.featureMinimumWindows).toEqualTypeOf<Rule<keyof typeof featureMinimumWindows.CODES>>();
    expectTypeOf(instanceTypeCapacity.instanceTypeCapacity).toEqualTypeOf<Rule<keyof typeof instanceTypeCapacity.CODES>>();
    expectTypeOf(kubeProxyFeatureGates.kubeProxyFeatureGates).toEqualTypeOf<Rule<keyof typeof kubeProxyFeatureGates.CODES>>();
    expectTypeOf(kubernetesBeyondHorizon.kubernetesBeyondHorizon).toEqualTypeOf<Rule<keyof typeof kubernetesBeyondHorizon.CODES>>();
    expectTypeOf(kubernetesVersionUnspecified.kubernetesVersionUnspecified).toEqualTypeOf<Rule<keyof typeof kubernetesVersionUnspecified.CODES>>();
    expectTypeOf(limitations.limitations).toEqualTypeOf<Rule<keyof typeof limitations.CODES>>();
    expectTypeOf(networkPolicy.networkPolicy).toEqualTypeOf<Rule<keyof typeof networkPolicy.CODES>>();
    expectTypeOf(nodeOsSupported.nodeOsSupported).toEqualTypeOf<Rule<keyof typeof nodeOsSupported.CODES>>();
    expectTypeOf(pluginAndMode.pluginAndMode).toEqualTypeOf<Rule<keyof typeof pluginAndMode.CODES>>();
    expectTypeOf(pluginInEnvironment.pluginInEnvironment).toEqualTypeOf<Rule<keyof typeof pluginInEnvironment.CODES>>();
    expectTypeOf(windowsLifecycle.windowsLifecycle).toEqualTypeOf<Rule<keyof typeof windowsLifecycle.CODES>>();
    // Those are all the rules judge.ts runs (a list of Rule, which each is assignable to): a new rule
    // needs its line above.
    const typed: Rule[] = [
      containerImageMatchesNode.containerImageMatchesNode,
      featureDefaults.featureDefaults,
      featureDependencies.featureDependencies,
      featureMinimumKubernetes.featureMinimumKubernetes,
      featureMinimumWindows.featureMinimumWindows,
      instanceTypeCapacity.instanceTypeCapacity,
      kubeProxyFeatureGates.kubeProxyFeatureGates,
      kubernetesBeyondHorizon.kubernetesBeyondHorizon,
      kubernetesVersionUnspecified.kubernetesVersionUnspecified,
      limitations.limitations,
      networkPolicy.networkPolicy,
      nodeOsSupported.nodeOsSupported,
      pluginAndMode.pluginAndMode,
      pluginInEnvironment.pluginInEnvironment,
      windowsLifecycle.windowsLifecycle,
    ];
    expect(new Set(RULES)).toEqual(new Set(typed));
  });
});
