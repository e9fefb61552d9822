/**
 * Where the plugin stands in the plan's environment: its documented status (default, supported,
 * alternative, retired since a date), confined to other environments, or not documented there.
 *
 * Golden cases: test/domain/rules/plugin-in-environment.golden.test.ts.
 */
import type { PlanContext } from '../plan-context.js';
import type { RuleFinding } from '../rule-finding.js';
import { dateInRange } from '../../dates.js';
import { dependsOn } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  ENVIRONMENT_ASSUMED: {
    description: 'No environment was given; the plugin runs in only one environment, which was assumed.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
  PLUGIN_RETIRED_IN_ENVIRONMENT: {
    description: 'The plugin is retired in the environment ("may apply", as info, when the plan gives no environment).',
    // A warning once in force; info while the month of the retirement is open, or the environment is.
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
  PLUGIN_STATUS_IN_ENVIRONMENT: {
    description: 'The plugin is the default, supported or a documented alternative in the environment.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
  PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT: {
    description: 'The plugin runs only in other environments (e.g. the Amazon VPC CNI outside EKS).',
    severities: ['error'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
  PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT: {
    description: "The sources list the environment's plugins and the plan's plugin is not among them; the documented options are named.",
    severities: ['warning'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
  PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN: {
    description: "The sources do not list the environment's plugins, so whether the plugin is offered there is not known.",
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-in-environment.ts pluginInEnvironment'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

const STATUS_WORDS = { default: 'the default plugin', supported: 'supported', alternative: 'a documented alternative', retired: 'retired' } as const;

/** The plugins the sources list for an environment, with their status there ("Amazon VPC CNI (default)"). */
function listedPlugins(k: PlanContext['k'], environment: string): string {
  return [...k.plugins.values()]
    .flatMap((p) => p.environments.filter((e) => e.environment === environment).map((e) => `${p.name} (${STATUS_WORDS[e.status]})`))
    .join(', ');
}

type PluginStatus = keyof typeof STATUS_WORDS;

/** pluginInEnvironment: where the plugin stands in the plan's environment. */
const PLUGIN_ENV = {
  mayBeRetired: (env: string, plugin: string, since: string | undefined) => `On ${env}, ${plugin} is retired${since ? ` since ${since}` : ''}.`,
  assumed: (plugin: string, env: string) => `No environment was given; ${plugin} runs only in ${env}, so its facts for ${env} were checked.`,
  nameEnvironment: 'Name the environment in the plan to confirm this.',
  runsOnlyIn: (plugin: string, envs: readonly string[], note: string) => `${plugin} runs only in ${envs.join(', ')}: ${note}`,
  listed: (env: string, plugins: string) => `Plugins the sources list for ${env}: ${plugins}.`,
  chooseRunning: (env: string) => `Choose a plugin that runs in ${env}.`,
  notDocumented: (env: string, plugins: string, plugin: string, note: string | undefined) =>
    `The sources list these plugins for ${env}: ${plugins}. ` +
    `${plugin} is not among them, so nothing documents that it works there.${note ? ` ${note}` : ''}`,
  useDocumented: (env: string, plugin: string) => `Use one of the plugins documented for ${env}, or verify ${plugin} there yourself.`,
  statusUnknown: (env: string, plugin: string) =>
    `The sources do not list the plugins offered in ${env}, so whether ${plugin} is offered or supported there is not known.`,
  notYet: (plugin: string, status: PluginStatus, env: string, since: string, asOf: string, note: string | undefined) =>
    `${plugin} is ${STATUS_WORDS[status]} in ${env} only from ${since}; at ${asOf} it was not yet.${note ? ` ${note}` : ''}`,
  monthPending: (since: string, asOf: string) => `From ${since} (the sources give only the month, and ${asOf} falls in it): `,
  status: (plugin: string, status: PluginStatus, env: string, since: string | undefined, note: string | undefined) => {
    const detail = [since ? `since ${since}` : '', note ?? ''].filter(Boolean).join('; ');
    return `${plugin} is ${STATUS_WORDS[status]} in ${env}${detail ? ` (${detail})` : ''}.`;
  },
  prefer: (defaults: readonly string[]) =>
    defaults.length > 0 ? `Prefer ${defaults.join(' or ')}, the default there.` : 'Prefer a plugin that is still offered there.',
};

/**
 * Where the plugin stands in the plan's environment. Silence is never the answer: a plugin with no
 * documented status there is reported, with how sure the answer is (confined elsewhere: error;
 * outside the environment's documented list: warning; no list documented: info).
 */
const judge: RuleJudge<Code> = ({ k, plan, plugin, environment, environmentAssumed, candidateEnvironments }) => {
  if (!plugin) return [];
  if (!environment) {
    // Open environment: a retirement somewhere is worth knowing, and only "may apply".
    return plugin.environments
      .filter((e) => e.status === 'retired' && candidateEnvironments.includes(e.environment) && statusInForce(e, plan.asOf) !== 'no')
      .map((e): RuleFinding<Code> => ({
        severity: 'info',
        ...dependsOn('environment'),
        code: 'PLUGIN_RETIRED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message: PLUGIN_ENV.mayBeRetired(k.environments.get(e.environment)!.name, plugin.name, e.since),
        sources: e.sources,
      }));
  }
  const env = k.environments.get(environment)!;
  const findings: RuleFinding<Code>[] = [];
  const status = plugin.environments.find((e) => e.environment === environment);
  if (environmentAssumed)
    findings.push({
      severity: 'info',
      code: 'ENVIRONMENT_ASSUMED',
      subject: environment,
      message: PLUGIN_ENV.assumed(plugin.name, env.name),
      remediation: PLUGIN_ENV.nameEnvironment,
      sources: plugin.onlyIn?.sources ?? [],
    });
  if (!status) {
    if (plugin.onlyIn && !plugin.onlyIn.environments.includes(environment))
      findings.push({
        severity: 'error',
        code: 'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
        subject: plugin.slug,
        message: PLUGIN_ENV.runsOnlyIn(
          plugin.name,
          plugin.onlyIn.environments.map((e) => k.environments.get(e)!.name),
          plugin.onlyIn.note,
        ),
        remediation: env.pluginsListed ? PLUGIN_ENV.listed(env.name, listedPlugins(k, environment)) : PLUGIN_ENV.chooseRunning(env.name),
        sources: plugin.onlyIn.sources,
      });
    else if (env.pluginsListed)
      findings.push({
        severity: 'warning',
        code: 'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message: PLUGIN_ENV.notDocumented(env.name, listedPlugins(k, environment), plugin.name, env.pluginsListed.note),
        remediation: PLUGIN_ENV.useDocumented(env.name, plugin.name),
        sources: env.pluginsListed.sources,
      });
    else
      findings.push({
        severity: 'info',
        code: 'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
        subject: plugin.slug,
        message: PLUGIN_ENV.statusUnknown(env.name, plugin.name),
        sources: plugin.sources,
      });
    return findings;
  }
  const inForce = statusInForce(status, plan.asOf);
  if (inForce === 'no') {
    // A dated status (a retirement) judged at a date before it: not yet in force.
    findings.push({
      severity: 'info',
      code: 'PLUGIN_STATUS_IN_ENVIRONMENT',
      subject: plugin.slug,
      message: PLUGIN_ENV.notYet(plugin.name, status.status, env.name, status.since!, plan.asOf, status.note),
      sources: status.sources,
    });
    return findings;
  }
  const datePending = inForce === 'unknown' ? PLUGIN_ENV.monthPending(status.since!, plan.asOf) : '';
  findings.push({
    severity: status.status === 'retired' && inForce === 'yes' ? 'warning' : 'info',
    // A month-only date that the plan's date falls in: open in the sources, which no plan field settles.
    ...(inForce === 'unknown' ? { applicability: 'may-apply' as const } : {}),
    code: status.status === 'retired' ? 'PLUGIN_RETIRED_IN_ENVIRONMENT' : 'PLUGIN_STATUS_IN_ENVIRONMENT',
    subject: plugin.slug,
    message: `${datePending}${PLUGIN_ENV.status(plugin.name, status.status, env.name, status.since, status.note)}`,
    ...(status.status === 'retired' ? { remediation: defaultPluginAdvice(k, environment, plugin.slug) } : {}),
    sources: status.sources,
  });
  return findings;
};

/** Whether a plugin's dated status (retired since 2023-12) is in force at the plan's date. */
function statusInForce(status: { since?: string }, asOf: string) {
  return status.since ? dateInRange(asOf, { from: status.since }) : 'yes';
}

function defaultPluginAdvice(k: PlanContext['k'], environment: string, except: string): string {
  const defaults = [...k.plugins.values()].filter(
    (p) => p.slug !== except && p.environments.some((e) => e.environment === environment && e.status === 'default'),
  );
  return PLUGIN_ENV.prefer(defaults.map((p) => p.name));
}

export const pluginInEnvironment: Rule<Code> = {
  name: 'pluginInEnvironment',
  codes: codesOf(CODES),
  judge,
};
