/**
 * Whether a scoped fact (a limitation, a feature default) holds for a plan: yes, no, or "may
 * apply" with the open dimensions named. One matcher for every kind of scoped fact, so that a
 * dimension the plan leaves open is treated the same way everywhere.
 */
import { compareKubernetes, describeKubernetesRange, kubernetesInRange, type KubernetesRange } from '../kubernetes-version.js';
import type { BuildRange, Channel, DateRange, Platform, ReleaseFact, Severity } from '../knowledge.js';
import { PLATFORM_NAMES, type IpAddressMode, type ServiceSetting } from '../vocabulary.js';
import { describePluginVersionRange, pluginVersionInRange, type PluginVersionRange } from '../plugin-version.js';
import { and, isInRange, not, parseBuild, type Tristate } from '../windows-build.js';
import { dateInRange, describeDateRange } from '../dates.js';
import { nodeOf, overCandidates, RELEASE_DIMENSION, releaseNames, type PlanContext } from './plan-context.js';
import { mayApplySeverity, type PlanField, type RuleFinding } from './rule-finding.js';

/** Why a NetworkPolicy fact may apply: the plan does not say whether workloads rely on it. */
export const NETWORK_POLICY_OPEN = 'the plan does not say whether workloads rely on NetworkPolicy';

export interface Scope {
  environments?: readonly string[];
  plugins?: readonly string[];
  modes?: readonly string[];
  windowsBuilds?: BuildRange & { confirmedOn?: readonly string[] };
  channels?: readonly Channel[];
  kubernetes?: KubernetesRange;
  pluginVersions?: PluginVersionRange;
  platforms?: readonly Platform[];
  dates?: DateRange;
  ipAddressModes?: readonly IpAddressMode[];
  networkPolicy?: true;
  features?: readonly string[];
  serviceTypes?: readonly string[];
  kubernetesPatchFixed?: readonly string[];
  serviceSettings?: readonly ServiceSetting[];
}

/** A dimension the plan leaves open, and what the fact needs there. */
export interface OpenDimension {
  /** What the plan does not settle, e.g. "environment". */
  dimension: string;
  /** Where the fact holds, e.g. "Amazon EKS". */
  holdsFor: string;
  /** The whole explanation, e.g. "the plan does not give the environment; it holds on Amazon EKS". */
  phrase: string;
  /** The plan field that would settle it; none when the knowledge, not the plan, leaves it open (past the dataset horizon, a month-only date). */
  field?: PlanField;
  /** Where the fact holds, as a message states it: "on Amazon EKS", "as far as the dataset knows (...)". */
  where: string;
}

/** How each dimension says where a fact holds; a dimension not listed says it in its phrase. */
const WHERE: Readonly<Record<string, (holdsFor: string) => string>> = {
  environment: (h) => `on ${h}`,
  infrastructure: (h) => `on ${h}`,
  'CNI plugin': (h) => `with ${h}`,
  'network mode': (h) => `in the ${h} mode`,
  "node's update revision": (h) => `on nodes ${h}`,
  'Kubernetes version': (h) => `on ${h}`,
  'CNI plugin version': (h) => `with the plugin's ${h}`,
  'NetworkPolicy use': () => 'where workloads rely on NetworkPolicy',
  'Service types': (h) => `where the workloads use ${h} Services`,
  [RELEASE_DIMENSION]: (h) => `on ${h}`,
};

/** Which plan field settles each dimension the plan can leave open. */
const FIELD_OF: Readonly<Record<string, PlanField>> = {
  environment: 'environment',
  'CNI plugin': 'cniPlugin',
  'network mode': 'networkMode',
  "node's update revision": 'windowsBuildRevision',
  'Kubernetes version': 'kubernetesVersion',
  'CNI plugin version': 'cniPluginVersion',
  'NetworkPolicy use': 'networkPolicy',
  'Service types': 'serviceTypes',
  [RELEASE_DIMENSION]: 'windowsVersion',
};

export const open = (
  dimension: string,
  holdsFor: string,
  phrase = `the plan does not give the ${dimension}; it holds for ${holdsFor}`,
  where = holdsFor.startsWith('anywhere but') ? holdsFor : (WHERE[dimension]?.(holdsFor) ?? `where ${phrase}`),
): OpenDimension => ({
  dimension,
  holdsFor,
  phrase,
  where,
  ...(FIELD_OF[dimension] ? { field: FIELD_OF[dimension] } : {}),
});

/** A finding's applicability from what is open: 'may-apply' on the fields that would settle it, or nothing (it applies). */
export function openOn(dims: readonly OpenDimension[]): Pick<RuleFinding, 'applicability' | 'dependsOn'> {
  return dims.length === 0 ? {} : { applicability: 'may-apply', dependsOn: dims.flatMap((d) => (d.field ? [d.field] : [])) };
}

/** The same for open plan fields named directly. */
export const dependsOn = (...fields: PlanField[]): Pick<RuleFinding, 'applicability' | 'dependsOn'> => ({ applicability: 'may-apply', dependsOn: fields });

export interface ScopeMatch {
  match: Tristate;
  open: OpenDimension[];
}

/** How a list-valued scope dimension matches the plan's candidates (all, some or none of them). */
export function matchAny(scope: readonly string[] | undefined, candidates: readonly string[]): Tristate {
  if (!scope) return 'yes';
  const hits = candidates.filter((c) => scope.includes(c)).length;
  return hits === 0 ? 'no' : hits === candidates.length ? 'yes' : 'unknown';
}

type Dimension = [Tristate, OpenDimension?];

/** Service type names ("NodePort") for slugs, as the knowledge base names them. */
function serviceTypeNames(ctx: PlanContext, slugs: readonly string[]): string {
  return slugs.map((s) => ctx.k.serviceTypes.get(s)?.name ?? s).join(', ');
}

function names(ctx: PlanContext, slugs: readonly string[], table: 'environments' | 'plugins' | 'modes'): string {
  return slugs.map((s) => ctx.k[table].get(s)?.name ?? s).join(', ');
}

function environmentDimension(ctx: PlanContext, scope: readonly string[]): Dimension {
  const t = matchAny(scope, ctx.candidateEnvironments);
  const where = names(ctx, scope, 'environments');
  // "May apply on <where>" already names the environments; the phrase only says what is open.
  return [t, open('environment', where, 'the plan does not give the environment')];
}

/**
 * The candidate plugins that can run the plan's mode. A plugin whose seeded modes exclude it is
 * no candidate for a fact scoped to plugins (win-bridge, L2bridge only, cannot be an overlay
 * cluster's plugin); a plugin whose modes the seeds do not list stays one (unknown is not "no").
 */
function pluginsOfMode({ k, plan, candidatePlugins }: PlanContext): readonly string[] {
  const mode = plan.networkMode;
  if (!mode) return candidatePlugins;
  return candidatePlugins.filter((slug) => {
    const modes = k.plugins.get(slug)?.modes ?? [];
    return modes.length === 0 || modes.some((m) => m.mode === mode);
  });
}

function pluginDimension(ctx: PlanContext, scope: readonly string[]): Dimension {
  const { plugin, effectivePlugins, modeAmbiguous } = ctx;
  if (!plugin) return [matchAny(scope, pluginsOfMode(ctx)), open('CNI plugin', names(ctx, scope, 'plugins'))];
  if (scope.includes(plugin.slug)) return ['yes'];
  if (!effectivePlugins.some((p) => scope.includes(p))) return ['no'];
  // Reached only through a plugin the chosen plugin delegates to in some of its candidate modes.
  const viaModes = plugin.modes.filter((m) => m.delegatesTo && scope.includes(m.delegatesTo) && ctx.candidateModes.includes(m.mode));
  if (modeAmbiguous && viaModes.length < ctx.candidateModes.length)
    return ['unknown', open('network mode', `${[...new Set(viaModes.map((m) => m.mode))].join(', ')} (through ${names(ctx, scope, 'plugins')})`)];
  return ['yes'];
}

function modeDimension(ctx: PlanContext, scope: readonly string[]): Dimension {
  const modeOpen = open('network mode', names(ctx, scope, 'modes'));
  if (ctx.modeOpen) return ['unknown', modeOpen];
  if (ctx.candidateModes.length === 0) return ['no'];
  return [matchAny(scope, ctx.candidateModes), modeOpen];
}

/**
 * Whether a build range starts at a build that did not exist yet at the plan's date: an update the
 * knowledge base knows, released after asOf, brings that build or an earlier one. No node could run
 * it then, so a fact about those builds does not hold (the July 2024 KB5040437 issue on a plan dated
 * before July 2024).
 */
export function buildNotYetReleased(ctx: PlanContext, release: ReleaseFact, from: string | undefined): ReleaseFact['updates'][number] | undefined {
  if (!from) return undefined;
  const start = parseBuild(from);
  if (start.build !== release.build || start.revision === undefined) return undefined;
  return release.updates.find((u) => u.revision <= start.revision! && u.released > ctx.plan.asOf);
}

function buildDimension(ctx: PlanContext, release: ReleaseFact, range: NonNullable<Scope['windowsBuilds']>): Dimension {
  if (buildNotYetReleased(ctx, release, range.from)) return ['no'];
  const where = describeBuilds(range);
  const t = isInRange(nodeOf(ctx, release), {
    from: range.from ? parseBuild(range.from) : undefined,
    before: range.before ? parseBuild(range.before) : undefined,
  });
  const confirmed = range.confirmedOn;
  if (confirmed && !confirmed.includes(release.slug)) {
    // The boundary is known only on the listed releases; on a newer release, comparing build numbers would be a guess.
    const newest = Math.max(...confirmed.map((slug) => ctx.k.releases.get(slug)?.build ?? 0));
    if (release.build > newest) {
      const on = confirmed.map((slug) => ctx.k.releases.get(slug)?.name ?? slug).join(', ');
      return [
        'unknown',
        open(
          'build boundary',
          on,
          `no source says whether it holds on ${release.name}; the sources confirm the build boundary only on ${on}`,
          `if it holds on ${release.name} too (the sources confirm the build boundary only on ${on})`,
        ),
      ];
    }
  }
  return [t, open("node's update revision", where, `the plan does not give the node's update revision; it holds ${where}`)];
}

function describeBuilds(range: BuildRange): string {
  return [range.from ? `from build ${range.from}` : '', range.before ? `before build ${range.before}` : ''].filter(Boolean).join(' and ');
}

/** The open Windows release: the releases a fact holds on, of all the plan's candidates, and on which it only may (`unsure`: why). */
export function releaseOpen(holds: readonly ReleaseFact[], unsure: readonly ReleaseFact[] = [], why: readonly string[] = []): OpenDimension {
  const sure = holds.filter((r) => !unsure.includes(r));
  const parts = [sure.length > 0 ? `it holds for ${releaseNames(sure)}` : '', ...why];
  const where = [sure.length > 0 ? `on ${releaseNames(sure)}` : '', ...why].filter(Boolean).join('; ');
  return open(RELEASE_DIMENSION, releaseNames(holds), `the plan does not give the ${RELEASE_DIMENSION}; ${parts.filter(Boolean).join('; ')}`, where);
}

/**
 * The release dimension of a fact scoped by builds and servicing channels, with the release open:
 * both are judged together on each candidate release (so that LTSC-from-17763 does not hold on
 * SAC 1809), then over all of them.
 */
function openReleaseDimension(ctx: PlanContext, builds: Scope['windowsBuilds'], channels: Scope['channels']): Dimension {
  const answers = ctx.candidateReleases.map((release) => {
    const [b, why] = builds ? buildDimension(ctx, release, builds) : ['yes' as Tristate];
    return { release, t: and(channels ? (channels.includes(release.channel) ? 'yes' : 'no') : 'yes', b), why: why?.dimension };
  });
  const t = overCandidates(answers.map((a) => a.t));
  const unsureFor = (dimension: string) => answers.filter((a) => a.t === 'unknown' && a.why === dimension).map((a) => a.release);
  const byRevision = unsureFor("node's update revision");
  const byBoundary = unsureFor('build boundary');
  const unsure = [
    byRevision.length > 0 ? `on ${releaseNames(byRevision)} it depends on the update revision (it holds ${describeBuilds(builds!)})` : '',
    byBoundary.length > 0
      ? `on ${releaseNames(byBoundary)} no source says whether it holds (the sources confirm the build boundary only on ${builds!.confirmedOn!.map((slug) => ctx.k.releases.get(slug)?.name ?? slug).join(', ')})`
      : '',
  ].filter(Boolean);
  return [
    t,
    releaseOpen(
      answers.filter((a) => a.t !== 'no').map((a) => a.release),
      [...byRevision, ...byBoundary],
      unsure,
    ),
  ];
}

/**
 * A fact that holds on `holds` of the plan's candidate releases (a rule judged per release): its
 * severity and the message prefix. On every candidate it is raised at `severity` (unless `extra`
 * dimensions stay open); on some, it "may apply" one step lower, naming the releases.
 */
export function acrossReleases(
  ctx: PlanContext,
  holds: readonly ReleaseFact[],
  severity: Severity,
  extra: readonly OpenDimension[] = [],
): { severity: Severity; prefix: string } & Pick<RuleFinding, 'applicability' | 'dependsOn'> {
  const all = holds.length === ctx.candidateReleases.length;
  const dims = [...(all ? [] : [releaseOpen(holds)]), ...extra];
  const every = all && !ctx.release ? everyCandidate(ctx) : '';
  return { severity: dims.length > 0 ? mayApplySeverity(severity, false) : severity, prefix: `${wherePrefix(dims)}${every}`, ...openOn(dims) };
}

/**
 * "On every release ..." for a fact that holds on every candidate release of a plan that names
 * none: every release the knowledge base knows, or those of the build the plan gives.
 */
export function everyCandidate(ctx: PlanContext): string {
  return ctx.plan.windowsBuild !== undefined
    ? `On every ${RELEASE_DIMENSION} of build ${ctx.plan.windowsBuild} (${releaseNames(ctx.candidateReleases)}): `
    : `${EVERY_RELEASE}: `;
}

export const HORIZON_DIMENSION = 'dataset horizon';

function kubernetesDimension(ctx: PlanContext, range: KubernetesRange, patchFixed: readonly string[] = []): Dimension {
  const version = ctx.plan.kubernetesVersion;
  if (!version) return ['unknown', open('Kubernetes version', describeKubernetesRange(range))];
  if (!kubernetesInRange(version, range)) return ['no'];
  // A plan names a minor version; where a patch release of it fixed the fact, the plan cannot say which side it is on.
  if (patchFixed.includes(version))
    return [
      'unknown',
      open(
        'Kubernetes patch release',
        `patch releases of ${version} before the fix`,
        `the plan gives only the minor version, and a patch release of ${version} fixed it (no source names which); it holds before that patch`,
        `on patch releases of ${version} before the fix (a patch release of ${version} fixed it, and no source names which)`,
      ),
    ];
  // Past the newest version the dataset documents, a fact that was still in force there may have changed.
  const horizon = ctx.k.horizon.kubernetesVersion;
  if (compareKubernetes(version, horizon) > 0)
    return [
      'unknown',
      open(
        HORIZON_DIMENSION,
        describeKubernetesRange(range),
        `the dataset documents Kubernetes only up to ${horizon}, and this holds for ${describeKubernetesRange(range)} as far as it knows`,
        beyondHorizon(horizon),
      ),
    ];
  return ['yes'];
}

function dateDimension(ctx: PlanContext, range: DateRange): Dimension {
  const where = describeDateRange(range);
  const phrase = `the sources give only the month, and ${ctx.plan.asOf} falls in it`;
  return [dateInRange(ctx.plan.asOf, range), open('date', where, `${phrase}; it holds ${where}`, `${where} (${phrase})`)];
}

/** The infrastructure of every environment the cluster may be in; a self-managed cluster may run on any. */
function platformDimension(ctx: PlanContext, platforms: readonly Platform[]): Dimension {
  const where = platforms.map((p) => PLATFORM_NAMES[p]).join(', ');
  const answers = ctx.candidateEnvironments.map((slug): Tristate => {
    const platform = ctx.k.environments.get(slug)?.platform;
    return platform === undefined ? 'unknown' : platforms.includes(platform) ? 'yes' : 'no';
  });
  const t: Tristate = answers.every((a) => a === 'yes') ? 'yes' : answers.every((a) => a === 'no') ? 'no' : 'unknown';
  if (ctx.environment && t === 'unknown')
    return [
      t,
      open(
        'infrastructure',
        where,
        `the plan does not say which infrastructure the ${ctx.k.environments.get(ctx.environment)?.name ?? ctx.environment} cluster runs on; it holds on ${where}`,
      ),
    ];
  return [t, open('environment', where, 'the plan does not give the environment')];
}

function pluginVersionDimension(ctx: PlanContext, range: PluginVersionRange): Dimension {
  return [pluginVersionInRange(ctx.plan.cniPluginVersion, range), open('CNI plugin version', describePluginVersionRange(range))];
}

export function matchScope(scope: Scope, ctx: PlanContext): ScopeMatch {
  const { plan, release, enabledFeatures } = ctx;
  const dims: Dimension[] = [];
  if (scope.environments) dims.push(environmentDimension(ctx, scope.environments));
  if (scope.plugins) dims.push(pluginDimension(ctx, scope.plugins));
  if (scope.modes) dims.push(modeDimension(ctx, scope.modes));
  if (release) {
    if (scope.windowsBuilds) dims.push(buildDimension(ctx, release, scope.windowsBuilds));
    if (scope.channels) dims.push([scope.channels.includes(release.channel) ? 'yes' : 'no']);
  } else if (scope.windowsBuilds || scope.channels) dims.push(openReleaseDimension(ctx, scope.windowsBuilds, scope.channels));
  if (scope.kubernetes) dims.push(kubernetesDimension(ctx, scope.kubernetes, scope.kubernetesPatchFixed));
  // A plugin version only means something for the plugin it belongs to; the plugin dimension decides that.
  if (scope.pluginVersions) dims.push(pluginVersionDimension(ctx, scope.pluginVersions));
  if (scope.platforms) dims.push(platformDimension(ctx, scope.platforms));
  if (scope.dates) dims.push(dateDimension(ctx, scope.dates));
  // The plan always has an address mode (secondary IP unless it asks for prefix delegation).
  if (scope.ipAddressModes) dims.push([scope.ipAddressModes.includes(plan.ipAddressMode) ? 'yes' : 'no']);
  // Relevant when workloads rely on NetworkPolicy; "may apply" when the plan does not say whether they do.
  if (scope.networkPolicy)
    dims.push(
      plan.networkPolicy === undefined
        ? ['unknown', open('NetworkPolicy use', 'workloads that rely on NetworkPolicy', NETWORK_POLICY_OPEN)]
        : [plan.networkPolicy ? 'yes' : 'no'],
    );
  if (scope.features) dims.push([scope.features.some((f) => enabledFeatures.includes(f)) ? 'yes' : 'no']);
  // Service settings, like features, concern only plans (or scanned Services) that use them.
  if (scope.serviceSettings) dims.push([scope.serviceSettings.some((s) => plan.serviceSettings?.includes(s)) ? 'yes' : 'no']);
  // Service types the plan does not list are open, as any other dimension: a fact about NodePort
  // Services may apply, on serviceTypes, rather than being taken as in use.
  if (scope.serviceTypes)
    dims.push(
      plan.serviceTypes
        ? [scope.serviceTypes.some((t) => plan.serviceTypes!.includes(t)) ? 'yes' : 'no']
        : ['unknown', open('Service types', serviceTypeNames(ctx, scope.serviceTypes))],
    );
  const match = and(...dims.map(([t]) => t));
  return { match, open: match === 'unknown' ? dims.filter(([t]) => t === 'unknown').map(([, o]) => o!) : [] };
}

/**
 * A fact that holds where `scope` matches and `requires` does not (L2tunnel outside Azure): the
 * requirement's open dimensions stay open, since the plan has to settle them either way.
 */
export function matchScopeUnless(scope: Scope, requires: Scope | undefined, ctx: PlanContext): ScopeMatch {
  const inScope = matchScope(scope, ctx);
  if (!requires || inScope.match === 'no') return inScope;
  const met = matchScope(requires, ctx);
  const match = and(inScope.match, not(met.match));
  // The requirement's open dimensions hold where it is NOT met: say so, instead of naming the place it is.
  const outside = met.open.map((o) => ({
    ...(o.field ? { field: o.field } : {}),
    dimension: o.dimension,
    holdsFor: `anywhere but ${o.holdsFor}`,
    phrase: `${o.phrase.replace(/; it holds .*$/, '')}; it holds anywhere but ${o.holdsFor}`,
    where: `anywhere but on ${o.holdsFor}`,
  }));
  return { match, open: match === 'unknown' ? [...inScope.open, ...outside] : [] };
}

/**
 * Where a fact that may apply holds, as its message's start: "On Amazon EKS, on Kubernetes 1.29
 * and later: ". The message states the fact and where it holds; what the plan leaves open is the
 * finding's dependsOn, which each surface words its own way (a plan that "does not give" a field,
 * files that "do not say" it).
 */
export function wherePrefix(dims: readonly OpenDimension[]): string {
  if (dims.length === 0) return '';
  const text = [...new Set(dims.map((o) => o.where))].join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: `;
}

/** The start of a fact that holds on every candidate release, when the plan leaves the release open. */
export const EVERY_RELEASE = `On every ${RELEASE_DIMENSION} the knowledge base knows`;

/** Where a fact holds past the dataset horizon. */
export const beyondHorizon = (horizon: string) => `as far as the dataset knows (it documents Kubernetes only up to ${horizon})`;
