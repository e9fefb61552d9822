/**
 * What the rules need to know about a plan, derived once: the node's build, the plugin's
 * candidate modes and the plugins they delegate to, the environment, and the feature closure.
 *
 * Every dimension the plan may leave open (Windows release, environment, plugin, mode, update
 * revision, plugin version, Kubernetes version) is kept as the set of values it could still take,
 * so that a fact scoped to one of them is reported as "may apply" instead of being silently dropped.
 */
import type { EnvironmentFact, Knowledge, LimitationFact, PluginFact, ReleaseFact, SettingFact } from '../knowledge.js';
import type { Tristate, WindowsBuild } from '../windows-build.js';
import type { Plan } from './plan.js';

export interface PlanContext {
  k: Knowledge;
  plan: Plan;
  /** The node's Windows release, when the plan names it. */
  release?: ReleaseFact;
  /** The node's build (and update revision, when given), when the plan names the release. */
  node?: WindowsBuild;
  /** Releases the node may run: the named one, or every known release when the plan leaves it open. */
  candidateReleases: ReleaseFact[];
  plugin?: PluginFact;
  /** Modes the node may be using: the named one, the plugin's only one, or all of the plugin's. */
  candidateModes: string[];
  /** True when more than one candidate mode remains. */
  modeAmbiguous: boolean;
  /** True when neither a mode nor a plugin that names its modes settles the mode. */
  modeOpen: boolean;
  /** The chosen plugin plus every plugin its candidate modes delegate to. */
  effectivePlugins: string[];
  /** Plugins the node may be using when the plan names none (every known plugin, or the environment's listed ones). */
  candidatePlugins: string[];
  /** The environment, when the plan gives it or the plugin runs in exactly one. */
  environment?: string;
  environmentAssumed: boolean;
  /** Environments the cluster may be in: the one given or assumed, the plugin's only ones, or every known one. */
  candidateEnvironments: string[];
  /** Requested features and everything they require, requested first. */
  enabledFeatures: string[];
  /** Features added because another feature requires them: added -> the feature that needed it. */
  addedBy: Map<string, string>;
  /**
   * The settings the plan needs at its current Kubernetes version (judge.ts), when the plan gives
   * one: the feature gates they imply are the ones an upgrade carries over (kube-proxy-feature-gates.ts).
   */
  currentSettings?: readonly SettingFact[];
  /** Features the caller probed the plan with (judge.ts JudgeOptions), which the plan does not ask for by name. */
  probedFeatures?: ReadonlySet<string>;
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

/**
 * An environment is assumed only when the plugin runs nowhere else (the Amazon VPC CNI on EKS).
 * Being some environment's default says nothing: Calico is AKS Arc's default and runs anywhere.
 * With the environment open, one whose sources list the plugins it runs (pluginsListed, as
 * pluginsOf reads it) is no candidate for a plugin it does not list: Azure CNI is not among EKS's,
 * so an EKS fact does not "may apply" to an Azure CNI plan. It only narrows the candidates; it
 * never assumes the environment.
 */
function environmentsOf(k: Knowledge, plan: Plan, plugin: PluginFact | undefined): { environment?: string; assumed: boolean; candidates: string[] } {
  if (plan.environment) return { environment: plan.environment, assumed: false, candidates: [plan.environment] };
  const confined = plugin?.onlyIn?.environments;
  if (confined?.length === 1) return { environment: confined[0], assumed: true, candidates: [...confined] };
  const all = confined ? [...confined] : [...k.environments.keys()];
  const listsOthers = (slug: string) =>
    plugin !== undefined && k.environments.get(slug)?.pluginsListed !== undefined && !plugin.environments.some((e) => e.environment === slug);
  return { assumed: false, candidates: all.filter((slug) => !listsOthers(slug)) };
}

/**
 * With no plugin named: the environment's listed plugins when the sources list them, else every
 * plugin that can run there (a plugin confined to other environments, as the Amazon VPC CNI to
 * EKS, is no candidate on AKS). A retired plugin stays a candidate: retirement there does not
 * remove it from running clusters (AKS Arc still lets a new cluster choose Flannel), so its facts
 * may still apply.
 */
function pluginsOf(k: Knowledge, environment: EnvironmentFact | undefined): string[] {
  const all = [...k.plugins.values()].filter((p) => !environment || !p.onlyIn || p.onlyIn.environments.includes(environment.slug));
  if (!environment?.pluginsListed) return all.map((p) => p.slug);
  return all.filter((p) => p.environments.some((e) => e.environment === environment.slug)).map((p) => p.slug);
}

/**
 * The limitation by which a source says a plugin is not supported in an environment at all: an
 * unsupported one scoped to that plugin and environment alone (Calico on EKS and AKS, only beside
 * the provider's CNI; Azure CNI Powered by Cilium on AKS). The scan's grouping uses it too.
 */
export function pluginUnsupportedIn(k: Knowledge, plugin: string, environment: string): LimitationFact | undefined {
  return k.limitations.find(
    (l) =>
      l.kind === 'unsupported' &&
      l.scope.plugins?.includes(plugin) &&
      l.scope.environments?.includes(environment) &&
      Object.keys(l.scope).every((d) => d === 'plugins' || d === 'environments'),
  );
}

/**
 * With neither a plugin nor a mode given but an environment whose plugins the sources list, the
 * modes those plugins can network Windows pods in there: a mode none of them offers cannot be the
 * plan's, so a fact scoped to it does not "may apply" (overlay's KB4489899 on an EKS node group).
 * A plugin whose modes are not seeded offers none, as when the plan names it (the Amazon VPC CNI);
 * so does one that a source says is not supported there (an unsupported limitation scoped to that
 * plugin and environment alone: Calico on EKS and AKS, only beside the provider's CNI).
 * Undefined when the environment is open or its plugins are not listed: the mode stays open.
 */
function modesOfListedPlugins(k: Knowledge, environment: string | undefined, candidates: readonly string[]): string[] | undefined {
  if (!environment || !k.environments.get(environment)?.pluginsListed) return undefined;
  const ruledOut = (slug: string) => pluginUnsupportedIn(k, slug, environment) !== undefined;
  return [
    ...new Set(
      candidates.flatMap((slug) => {
        const plugin = k.plugins.get(slug);
        if (!plugin || ruledOut(slug)) return [];
        const there = plugin.environments.find((e) => e.environment === environment)?.modes;
        return plugin.modes.map((m) => m.mode).filter((m) => !there || there.includes(m));
      }),
    ),
  ];
}

export function buildContext(k: Knowledge, plan: Plan): PlanContext {
  const release = plan.windowsVersion === undefined ? undefined : k.releases.get(plan.windowsVersion)!;
  const plugin = plan.cniPlugin ? k.plugins.get(plan.cniPlugin) : undefined;
  const pluginModes = plugin?.modes ?? [];
  // The environment may run the plugin in fewer modes than it has (Calico on AKS on Windows Server: overlay only).
  const environmentModes = plan.environment ? plugin?.environments.find((e) => e.environment === plan.environment)?.modes : undefined;
  const candidateModes = plan.networkMode
    ? [plan.networkMode]
    : [...new Set(pluginModes.map((m) => m.mode).filter((m) => !environmentModes || environmentModes.includes(m)))];
  const delegates = pluginModes.filter((m) => candidateModes.includes(m.mode) && m.delegatesTo).map((m) => m.delegatesTo!);
  const environments = environmentsOf(k, plan, plugin);
  const candidatePlugins = plugin ? [plugin.slug] : pluginsOf(k, environments.environment ? k.environments.get(environments.environment) : undefined);
  // No plugin the environment lists offers a mode: none is open (the mode-scoped facts do not apply).
  const noModeOffered = !plan.networkMode && !plugin && modesOfListedPlugins(k, environments.environment, candidatePlugins)?.length === 0;
  const { enabled, addedBy } = closure(k, plan.features);
  return {
    k,
    plan,
    release,
    ...(release
      ? { node: plan.windowsBuildRevision === undefined ? { build: release.build } : { build: release.build, revision: plan.windowsBuildRevision } }
      : {}),
    // A build without a release (a base image tag) narrows the candidates to the releases of that build.
    candidateReleases: release
      ? [release]
      : plan.windowsBuild !== undefined
        ? [...k.releases.values()].filter((r) => r.build === plan.windowsBuild)
        : [...k.releases.values()],
    plugin,
    candidateModes,
    modeAmbiguous: candidateModes.length > 1,
    modeOpen: !plan.networkMode && !plugin && !noModeOffered,
    effectivePlugins: plugin ? [plugin.slug, ...new Set(delegates)] : [],
    candidatePlugins,
    environment: environments.environment,
    environmentAssumed: environments.assumed,
    candidateEnvironments: environments.candidates,
    enabledFeatures: enabled,
    addedBy,
  };
}

/** The build a candidate release's node is at: the plan's (with its revision) for the named release, else the release's build, revision unknown. */
export function nodeOf(ctx: PlanContext, release: ReleaseFact): WindowsBuild {
  return ctx.node && ctx.release?.slug === release.slug ? ctx.node : { build: release.build };
}

/** One answer over several candidates: yes on all, no on all, else unknown. */
export function overCandidates(answers: readonly Tristate[]): Tristate {
  return answers.every((a) => a === 'yes') ? 'yes' : answers.every((a) => a === 'no') ? 'no' : 'unknown';
}

/** What the open release dimension is called in "may apply" messages. */
export const RELEASE_DIMENSION = 'Windows Server release';

/** Release names, joined so that names with commas in them ("Windows Server, version 1809") stay readable. */
export function releaseNames(releases: readonly ReleaseFact[]): string {
  return releases.map((r) => r.name).join(' / ');
}
