/**
 * NetworkPolicy: whether the plugin enforces it on Windows nodes, in the plan's environment where
 * the sources give an answer of its own, and over the candidate plugins when the plan names none.
 *
 * Golden cases: test/domain/rules/network-policy.golden.test.ts.
 */
import type { NetworkPolicyFact, PolicySupport } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { mayApplySeverity, type RuleFinding } from '../rule-finding.js';
import { dependsOn } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  NETWORK_POLICY_UNSUPPORTED: {
    description: 'The plan needs NetworkPolicy (or does not say whether it does: "may apply") and the plugin does not enforce it on Windows.',
    // An error; "may apply" (plugin or environment open) a warning; an info when the plan does not say whether it needs NetworkPolicy.
    severities: ['error', 'warning', 'info'],
    raisedBy: [
      'compatibility/rules/network-policy.ts networkPolicy',
      'compatibility/rules/network-policy.ts networkPolicyWithPluginOpen',
      'compatibility/rules/network-policy.ts networkPolicyOpen',
    ],
    scanOnly: false,
  },
  NETWORK_POLICY_UNKNOWN: {
    description: 'The plan needs NetworkPolicy and the sources do not say whether the plugin enforces it on Windows.',
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/network-policy.ts networkPolicy', 'compatibility/rules/network-policy.ts networkPolicyWithPluginOpen'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** networkPolicy: whether the plugin enforces NetworkPolicy on Windows nodes. */
const NETWORK_POLICY = {
  namePlugin: (enforcing: readonly string[]) =>
    enforcing.length > 0
      ? `Name the CNI plugin for a definite answer. Among the candidates, these enforce NetworkPolicy on Windows: ${enforcing.join(', ')}.`
      : 'Name the CNI plugin for a definite answer.',
  pluginOpen: (plugins: readonly string[], says: string, env: string | undefined) => `With ${plugins.join(', ')}: ${says}${env ? ` in ${env}` : ''}.`,
  theseDoNotEnforce: 'the plan needs NetworkPolicy, and these plugins do not enforce it on Windows nodes',
  theseUnknown: 'the plan needs NetworkPolicy, and the sources do not say whether these plugins enforce it on Windows nodes',
  mayApplyOn: (env: string) => `On ${env}: `,
  mayApplyIfUsed: (statement: string) => `Where workloads rely on NetworkPolicy: ${statement}`,
  unknown: (plugin: string, env: string | undefined) =>
    `The sources do not say whether ${plugin} enforces NetworkPolicy on Windows nodes${env ? ` in ${env}` : ''}.`,
  notEnforced: (plugin: string, env: string | undefined) => `${plugin} does not enforce NetworkPolicy on Windows nodes${env ? ` in ${env}` : ''}.`,
  enforcing: (plugins: readonly string[]) => `Plugins documented to enforce NetworkPolicy on Windows: ${plugins.join(', ')}.`,
};

/**
 * The environment a candidate plugin decides when the plan leaves it open: the one environment the
 * plugin runs in (amazon-vpc-cni: EKS only, cni-plugins.yaml onlyIn), whose answer is then the
 * plugin's, as plan-context.ts assumes it for a named plugin (trial scan43: "the sources do not
 * say" for the Amazon VPC CNI among the candidates, beside "does not enforce" once it is named).
 */
const soleEnvironment = (plugin: NonNullable<PlanContext['plugin']>): string | undefined =>
  plugin.onlyIn?.environments.length === 1 ? plugin.onlyIn.environments[0] : undefined;

/** The plugin's NetworkPolicy answer in one environment: the environment's own where the sources give one. */
function policyIn(plugin: NonNullable<PlanContext['plugin']>, environment: string | undefined): NetworkPolicyFact {
  return plugin.environments.find((e) => e.environment === environment)?.networkPolicy ?? plugin.networkPolicy;
}

const POLICY_SEVERITY: Record<PolicySupport, RuleFinding['severity'] | null> = { supported: null, unknown: 'warning', 'not-supported': 'error' };

/**
 * Plugin open: whether policy is enforced depends on the plugin, so each answer other than
 * "enforced" may apply, naming the plugins it holds for.
 */
function networkPolicyWithPluginOpen({ k, environment, candidatePlugins }: PlanContext): RuleFinding<Code>[] {
  const answers = candidatePlugins.map((slug) => {
    const plugin = k.plugins.get(slug)!;
    const where = environment ?? soleEnvironment(plugin);
    return { plugin, answer: where ? policyIn(plugin, where) : plugin.networkPolicy };
  });
  const enforcing = answers.filter((a) => a.answer.support === 'supported').map((a) => a.plugin.name);
  const remediation = NETWORK_POLICY.namePlugin(enforcing);
  const where = environment ? k.environments.get(environment)!.name : undefined;
  const finding = (support: PolicySupport, code: Code, says: string): RuleFinding<Code>[] => {
    const hits = answers.filter((a) => a.answer.support === support);
    if (hits.length === 0) return [];
    return [
      {
        severity: mayApplySeverity(POLICY_SEVERITY[support]!, false),
        ...dependsOn('cniPlugin'),
        code,
        message: NETWORK_POLICY.pluginOpen(
          hits.map((a) => a.plugin.name),
          says,
          where,
        ),
        remediation,
        sources: hits.flatMap((a) => (a.answer.sources.length > 0 ? a.answer.sources : a.plugin.sources)),
      },
    ];
  };
  return [
    ...finding('not-supported', 'NETWORK_POLICY_UNSUPPORTED', NETWORK_POLICY.theseDoNotEnforce),
    ...finding('unknown', 'NETWORK_POLICY_UNKNOWN', NETWORK_POLICY.theseUnknown),
  ];
}

/**
 * Whether workloads rely on NetworkPolicy, when the plan does not say: a plugin that does not
 * enforce it (in the plan's environment, or in general) may matter, as an info. Nothing is said
 * where two things are open: the plugin, or whether it enforces policy at all (the sources'
 * "unknown"), or every plan would carry a note about a choice it has not made.
 */
function networkPolicyOpen(ctx: PlanContext): RuleFinding<Code>[] {
  if (!ctx.plugin) return [];
  return needed({ ...ctx, candidateEnvironments: [] })
    .filter((f) => f.code === 'NETWORK_POLICY_UNSUPPORTED')
    .map((f) => ({ ...f, severity: 'info', ...dependsOn('networkPolicy', ...(f.dependsOn ?? [])), message: NETWORK_POLICY.mayApplyIfUsed(f.message) }));
}

const judge: RuleJudge<Code> = (ctx) => {
  if (ctx.plan.networkPolicy === undefined) return networkPolicyOpen(ctx);
  return ctx.plan.networkPolicy ? needed(ctx) : [];
};

/** The plan relies on NetworkPolicy: does its plugin (or each candidate) enforce it? */
function needed(ctx: PlanContext): RuleFinding<Code>[] {
  const { k, plugin, environment, candidateEnvironments } = ctx;
  if (!plugin) return networkPolicyWithPluginOpen(ctx);
  const enforcing = [...k.plugins.values()].filter((p) => p.networkPolicy.support === 'supported').map((p) => p.name);
  const finding = (answer: NetworkPolicyFact, where: string | undefined, mayApply: boolean): RuleFinding<Code>[] => {
    const severity = POLICY_SEVERITY[answer.support];
    if (!severity) return [];
    const unknown = answer.support === 'unknown';
    const envName = where ? k.environments.get(where)!.name : undefined;
    const prefix = mayApply && envName ? NETWORK_POLICY.mayApplyOn(envName) : '';
    const statement = NETWORK_POLICY[unknown ? 'unknown' : 'notEnforced'](plugin.name, envName);
    return [
      {
        severity: mayApply ? mayApplySeverity(severity, false) : severity,
        ...(mayApply ? dependsOn('environment') : {}),
        code: unknown ? 'NETWORK_POLICY_UNKNOWN' : 'NETWORK_POLICY_UNSUPPORTED',
        subject: plugin.slug,
        message: `${prefix}${statement}${answer.note ? ` ${answer.note}` : ''}`,
        remediation: NETWORK_POLICY.enforcing(enforcing),
        sources: answer.sources.length > 0 ? answer.sources : plugin.sources,
      },
    ];
  };
  if (environment)
    return finding(
      policyIn(plugin, environment),
      plugin.environments.some((e) => e.environment === environment && e.networkPolicy) ? environment : undefined,
      false,
    );
  // Open environment: the general answer, plus each environment whose own answer differs.
  const differing = plugin.environments.filter(
    (e) => e.networkPolicy && e.networkPolicy.support !== plugin.networkPolicy.support && candidateEnvironments.includes(e.environment),
  );
  return [...finding(plugin.networkPolicy, undefined, false), ...differing.flatMap((e) => finding(e.networkPolicy!, e.environment, true))];
}

export const networkPolicy: Rule<Code> = { name: 'networkPolicy', codes: codesOf(CODES), judge };
