/**
 * What the rules need to know about a plan, derived once: the node's build, the plugin's
 * candidate modes and the plugins they delegate to, the environment, and the feature closure.
 */
import type { Knowledge, PluginFact, ReleaseFact } from '../knowledge.js';
import type { WindowsBuild } from '../windows-build.js';
import type { Plan } from './plan.js';

export interface PlanContext {
  k: Knowledge;
  plan: Plan;
  release: ReleaseFact;
  node: WindowsBuild;
  plugin?: PluginFact;
  /** Modes the node may be using: the named one, the plugin's only one, or all of the plugin's. */
  candidateModes: string[];
  /** True when more than one candidate mode remains. */
  modeAmbiguous: boolean;
  /** The chosen plugin plus every plugin its candidate modes delegate to. */
  effectivePlugins: string[];
  environment?: string;
  environmentAssumed: boolean;
  /** Requested features and everything they require, requested first. */
  enabledFeatures: string[];
  /** Features added because another feature requires them: added -> the feature that needed it. */
  addedBy: Map<string, string>;
}

function closure(k: Knowledge, requested: readonly string[]): { enabled: string[]; addedBy: Map<string, string> } {
  const enabled = [...requested];
  const addedBy = new Map<string, string>();
  for (let i = 0; i < enabled.length; i++) {
    const slug = enabled[i]!;
    for (const required of k.features.get(slug)?.requires ?? []) {
      if (enabled.includes(required)) continue;
      enabled.push(required);
      addedBy.set(required, slug);
    }
  }
  return { enabled, addedBy };
}

export function buildContext(k: Knowledge, plan: Plan): PlanContext {
  const release = k.releases.get(plan.windowsVersion)!;
  const plugin = plan.cniPlugin ? k.plugins.get(plan.cniPlugin) : undefined;
  const pluginModes = plugin?.modes ?? [];
  const candidateModes = plan.networkMode ? [plan.networkMode] : [...new Set(pluginModes.map((m) => m.mode))];
  const delegates = pluginModes.filter((m) => candidateModes.includes(m.mode) && m.delegatesTo).map((m) => m.delegatesTo!);
  const defaultEnvironments = plugin?.environments.filter((e) => e.status === 'default') ?? [];
  const environmentAssumed = !plan.environment && defaultEnvironments.length === 1;
  const { enabled, addedBy } = closure(k, plan.features);
  return {
    k,
    plan,
    release,
    node: plan.windowsBuildRevision === undefined ? { build: release.build } : { build: release.build, revision: plan.windowsBuildRevision },
    plugin,
    candidateModes,
    modeAmbiguous: candidateModes.length > 1,
    effectivePlugins: plugin ? [plugin.slug, ...new Set(delegates)] : [],
    environment: plan.environment ?? (environmentAssumed ? defaultEnvironments[0]!.environment : undefined),
    environmentAssumed,
    enabledFeatures: enabled,
    addedBy,
  };
}
