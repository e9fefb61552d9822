/**
 * Where the plugin stands in the plan's environment: its documented status (default, supported,
 * alternative, retired since a date), confined to other environments, or not documented there.
 *
 * Golden cases: test/domain/rules/plugin-in-environment.golden.test.ts.
 */
import type { PlanContext } from '../plan-context.js';
import type { Finding } from '../findings.js';
import { dateInRange } from '../../dates.js';
import { PLUGIN_ENV, listedPlugins } from '../messages.js';
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
        message: PLUGIN_ENV.mayBeRetired(k.environments.get(e.environment)!.name, plugin.name, e.since),
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
