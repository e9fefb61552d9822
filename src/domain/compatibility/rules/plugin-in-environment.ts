/**
 * Where the plugin stands in the plan's environment: its documented status (default, supported,
 * alternative, retired since a date), confined to other environments, or not documented there.
 *
 * Golden cases: test/domain/rules/plugin-in-environment.golden.test.ts.
 */
import type { PlanContext } from '../plan-context.js';
import type { Finding } from '../findings.js';
import { dateInRange } from '../../dates.js';
import { STATUS_WORDS, listedPlugins } from '../messages.js';
import type { Rule, RuleJudge } from './rule.js';

/**
 * Where the plugin stands in the plan's environment. Silence is never the answer: a plugin with no
 * documented status there is reported, with how sure the answer is (confined elsewhere: error;
 * outside the environment's documented list: warning; no list documented: info).
 */
const judge: RuleJudge = ({ k, plan, plugin, environment, environmentAssumed, candidateEnvironments }) => {
  if (!plugin) return [];
  if (!environment) {
    // Open environment: a retirement somewhere is worth knowing, and only "may apply".
    return plugin.environments
      .filter((e) => e.status === 'retired' && candidateEnvironments.includes(e.environment) && statusInForce(e, plan.asOf) !== 'no')
      .map((e) => ({
        severity: 'info',
        code: 'PLUGIN_RETIRED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message:
          `May apply on ${k.environments.get(e.environment)!.name} (the plan does not give the environment): ` +
          `${plugin.name} is retired there${e.since ? ` since ${e.since}` : ''}.`,
        sources: e.sources,
      }));
  }
  const env = k.environments.get(environment)!;
  const findings: Finding[] = [];
  const status = plugin.environments.find((e) => e.environment === environment);
  if (environmentAssumed)
    findings.push({
      severity: 'info',
      code: 'ENVIRONMENT_ASSUMED',
      subject: environment,
      message: `No environment was given; ${plugin.name} runs only in ${env.name}, so its facts for ${env.name} were checked.`,
      remediation: 'Name the environment in the plan to confirm this.',
      sources: plugin.onlyIn?.sources ?? [],
    });
  if (!status) {
    if (plugin.onlyIn && !plugin.onlyIn.environments.includes(environment))
      findings.push({
        severity: 'error',
        code: 'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
        subject: plugin.slug,
        message: `${plugin.name} runs only in ${plugin.onlyIn.environments.map((e) => k.environments.get(e)!.name).join(', ')}: ${plugin.onlyIn.note}`,
        remediation: env.pluginsListed
          ? `Plugins the sources list for ${env.name}: ${listedPlugins(k, environment)}.`
          : `Choose a plugin that runs in ${env.name}.`,
        sources: plugin.onlyIn.sources,
      });
    else if (env.pluginsListed)
      findings.push({
        severity: 'warning',
        code: 'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
        subject: plugin.slug,
        message:
          `The sources list these plugins for ${env.name}: ${listedPlugins(k, environment)}. ` +
          `${plugin.name} is not among them, so nothing documents that it works there.${env.pluginsListed.note ? ` ${env.pluginsListed.note}` : ''}`,
        remediation: `Use one of the plugins documented for ${env.name}, or verify ${plugin.name} there yourself.`,
        sources: env.pluginsListed.sources,
      });
    else
      findings.push({
        severity: 'info',
        code: 'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
        subject: plugin.slug,
        message: `The sources do not list the plugins offered in ${env.name}, so whether ${plugin.name} is offered or supported there is not known.`,
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
      message: `${plugin.name} is ${STATUS_WORDS[status.status]} in ${env.name} only from ${status.since}; at ${plan.asOf} it was not yet.${status.note ? ` ${status.note}` : ''}`,
      sources: status.sources,
    });
    return findings;
  }
  const detail = [status.since ? `since ${status.since}` : '', status.note ?? ''].filter(Boolean).join('; ');
  const datePending = inForce === 'unknown' ? `May apply (the sources give only the month, ${status.since}, and ${plan.asOf} falls in it): ` : '';
  findings.push({
    severity: status.status === 'retired' && inForce === 'yes' ? 'warning' : 'info',
    code: status.status === 'retired' ? 'PLUGIN_RETIRED_IN_ENVIRONMENT' : 'PLUGIN_STATUS_IN_ENVIRONMENT',
    subject: plugin.slug,
    message: `${datePending}${plugin.name} is ${STATUS_WORDS[status.status]} in ${env.name}${detail ? ` (${detail})` : ''}.`,
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
  return defaults.length > 0 ? `Prefer ${defaults.map((p) => p.name).join(' or ')}, the default there.` : 'Prefer a plugin that is still offered there.';
}

export const pluginInEnvironment: Rule = {
  name: 'pluginInEnvironment',
  codes: [
    'PLUGIN_RETIRED_IN_ENVIRONMENT',
    'ENVIRONMENT_ASSUMED',
    'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
    'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
    'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
    'PLUGIN_STATUS_IN_ENVIRONMENT',
  ],
  judge,
};
