/**
 * The settings a plan needs: those of its enabled features and its network mode, narrowed to the
 * plan's Kubernetes version and node build. judge.ts reports them; the rules that read them
 * (limitations' workarounds, the unspecified Kubernetes version) share the one filter.
 */
import { describeKubernetesRange, kubernetesInRange } from '../kubernetes-version.js';
import type { SettingFact } from '../knowledge.js';
import { isInRange, parseBuild, type Tristate } from '../windows-build.js';
import { nodeOf, overCandidates, type PlanContext } from './plan-context.js';
import { matchScope } from './scope.js';

/**
 * How surely a feature is already on by default where the node runs (FEATURE_DEFAULT): 'yes' when
 * a default's scope matches the plan, 'unknown' when it only may (a dimension is open), else 'no'.
 */
export function onByDefault(ctx: PlanContext, feature: string): Tristate {
  const matches = ctx.k.featureDefaults.filter((d) => d.feature === feature && d.enabled).map((d) => matchScope(d.scope, ctx).match);
  return matches.includes('yes') ? 'yes' : matches.includes('unknown') ? 'unknown' : 'no';
}

/**
 * Settings for the enabled features and the chosen mode, narrowed to the plan's Kubernetes version.
 * A feature that is on by default where the node runs needs none of its own settings, so they are
 * left out; where the default only may hold (the environment open), they stay listed and the
 * FEATURE_DEFAULT finding says where they are not needed.
 */
export function requiredSettings(ctx: PlanContext): SettingFact[] {
  const fromFeatures = ctx.enabledFeatures.filter((f) => onByDefault(ctx, f) !== 'yes').flatMap((f) => ctx.k.features.get(f)!.settings);
  const fromMode = ctx.candidateModes.length === 1 ? ctx.k.modes.get(ctx.candidateModes[0]!)!.settings : [];
  return [...fromFeatures, ...fromMode, ...fromIpam(ctx)].filter((s) => settingApplies(s, ctx));
}

/**
 * The settings of the IP address management bound to the plan's plugin (the VPC Resource
 * Controller to the Amazon VPC CNI): what it needs set, and the key that picks the plan's IP
 * address mode (enable-windows-prefix-delegation for prefix delegation), none for the other mode.
 */
function fromIpam(ctx: PlanContext): SettingFact[] {
  const plugin = ctx.plugin?.slug;
  if (!plugin) return [];
  return [...ctx.k.ipamOptions.values()]
    .filter((o) => o.restrictedTo.includes(plugin))
    .flatMap((o) => o.settings.filter((s) => s.ipAddressMode === undefined || s.ipAddressMode === ctx.plan.ipAddressMode));
}

/**
 * Whether a setting (a feature's, a mode's, or a limitation's workaround) is for this plan: its
 * Kubernetes range holds the planned version (every variant when the plan gives none) and its
 * builds do not exclude the node. One filter, so settings and remediations narrow alike.
 */
export function settingApplies(s: SettingFact, ctx: PlanContext): boolean {
  const version = ctx.plan.kubernetesVersion;
  if (version && !kubernetesInRange(version, s.kubernetes)) return false;
  return !s.windowsBuilds || settingBuildMatch(s, ctx) !== 'no';
}

/** Whether the node's build is in a setting's builds: on every candidate release, on none, or on some (the release or revision open). */
function settingBuildMatch(s: SettingFact, ctx: PlanContext): Tristate {
  const range = s.windowsBuilds!;
  const builds = { from: range.from ? parseBuild(range.from) : undefined, before: range.before ? parseBuild(range.before) : undefined };
  return overCandidates(ctx.candidateReleases.map((release) => isInRange(nodeOf(ctx, release), builds)));
}

/** How a setting reads in a message ("kube-proxy: --feature-gates=...", "Set X to Y in Z (scope)."). */
export function describeSetting(s: SettingFact): string {
  const builds = s.windowsBuilds
    ? [s.windowsBuilds.from ? `from build ${s.windowsBuilds.from}` : '', s.windowsBuilds.before ? `before build ${s.windowsBuilds.before}` : '']
        .filter(Boolean)
        .join(' and ')
    : '';
  const scope = s.kubernetes || builds ? ` (${[s.kubernetes ? describeKubernetesRange(s.kubernetes) : '', builds].filter(Boolean).join('; ')})` : '';
  const where = s.target ? ` in ${s.target}` : '';
  switch (s.kind) {
    case 'KUBE_PROXY_FLAG':
      return `kube-proxy: ${s.key}=${s.value}${scope}.`;
    case 'OS_UPDATE':
      return `OS update: ${s.key} (build ${s.value})${scope}.`;
    default:
      return `Set ${s.key} to ${s.value}${where}${scope}.`;
  }
}
