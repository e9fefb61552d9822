/**
 * When an environment fact and a plugin fact cannot hold in one cluster, from the knowledge base:
 * a plugin confined to other environments (the Amazon VPC CNI runs only on EKS), or an environment
 * whose sources list the plugins offered there (EKS: the VPC CNI, Calico) and a plugin not among
 * them, or one a source says is not supported there (plan-context.ts pluginUnsupportedIn). Used when grouping files into clusters (clusters.ts): an EKS node pool is not grouped
 * with an Antrea agent's files only because neither states the other's field (trial scan35).
 */
import type { Citation, Knowledge } from '../knowledge.js';
import type { Clash } from './clusters.js';
import { pluginUnsupportedIn } from '../compatibility/plan-context.js';

export function clusterClash(k: Knowledge): Clash {
  return (facts) => {
    const env = facts.get('environment');
    const slug = facts.get('cniPlugin');
    if (typeof env !== 'string' || typeof slug !== 'string') return undefined;
    const environment = k.environments.get(env);
    if (!environment) return undefined;
    const plugin = k.plugins.get(slug);
    if (plugin?.onlyIn && !plugin.onlyIn.environments.includes(env))
      return `the CNI plugin ${plugin.name} runs only in ${plugin.onlyIn.environments.join(', ')}, not in ${environment.name} (${cite(plugin.onlyIn.sources)})`;
    // Listed or not, a source may say the plugin is not supported there as Windows nodes' plugin (Calico on EKS, only beside the VPC CNI).
    const unsupported = pluginUnsupportedIn(k, slug, env);
    if (unsupported) return `${unsupported.title} (${cite(unsupported.sources)})`;
    if (!environment.pluginsListed) return undefined;
    const listed = [...k.plugins.values()].filter((p) => p.environments.some((e) => e.environment === env));
    if (listed.some((p) => p.slug === slug)) return undefined;
    return (
      `the sources list the CNI plugins of ${environment.name} (${listed.map((p) => p.name).join(', ')}) and ` +
      `${plugin?.name ?? `"${slug}"`} is not among them (${cite(environment.pluginsListed.sources)})`
    );
  };
}

const cite = (sources: readonly Citation[]) => sources.map((s) => `${s.doc}, ${s.section}`).join('; ');
