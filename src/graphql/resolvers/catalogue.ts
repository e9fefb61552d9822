/** Field resolvers of the catalogue types. Relations go through the request's loaders. */
import { sql } from 'drizzle-orm';
import { owner } from '../../db/owners.js';
import type * as t from '../../db/tables.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { SettingParent } from '../mappers.js';
import { describeRange, kubernetesRange, getAll, nodeFields } from './shared.js';
import { COUNTED_TABLES } from './query.js';
import { toGlobalId } from '../global-id.js';
import { getTableName } from 'drizzle-orm';
import { describePluginVersionRange } from '../../domain/plugin-version.js';

/** Database setting rows in the shape verdicts use too; their citations load by id. */
export function settingFromRow(r: typeof t.settings.$inferSelect): SettingParent {
  const kubernetes = kubernetesRange(r.kubernetesMin, r.kubernetesMax);
  return {
    id: r.id,
    kind: r.kind as SettingParent['kind'],
    key: r.key,
    value: r.value,
    ...(r.target ? { target: r.target } : {}),
    ...(kubernetes ? { kubernetes } : {}),
    ...(r.buildFrom !== null || r.buildBefore !== null ? { windowsBuilds: { ...(r.buildFrom ? { from: r.buildFrom } : {}), ...(r.buildBefore ? { before: r.buildBefore } : {}) } } : {}),
    ...(r.note ? { note: r.note } : {}),
    sources: [],
  };
}

const settingsOf = (ownerKey: string, loaders: { settingsByOwner: { get(k: string): (typeof t.settings.$inferSelect)[] } }) => loaders.settingsByOwner.get(ownerKey).map(settingFromRow);

export const catalogueResolvers: Resolvers = {
  Node: { __resolveType: (obj) => (obj as unknown as { __typename: string }).__typename as never },

  DatasetInfo: {
    version: (m) => m.datasetVersion,
    counts: (_, __, { database: { db } }) => {
      const union = Object.entries(COUNTED_TABLES)
        .map(([kind, table]) => `SELECT '${kind}' AS kind, COUNT(*) AS count FROM "${getTableName(table)}"`)
        .join(' UNION ALL ');
      return db.all<{ kind: string; count: number }>(sql.raw(union));
    },
  },

  SourceDocument: { id: (p) => toGlobalId('SourceDocument', p.slug) },
  SourceReference: {
    document(c, _, { loaders }) {
      const doc = loaders.sourceDocument.get(c.doc);
      if (!doc) throw new Error(`citation of unknown document ${c.doc}`);
      return doc;
    },
  },
  Note: { sources: (n, _, { loaders }) => loaders.citations(owner.note(n.id)) },

  WindowsVersion: {
    ...nodeFields('WindowsVersion', owner.windowsVersion),
    servicingChannel: (v) => v.channel,
    releaseDate: (v) => v.released,
    updates: (v, _, { loaders }) => loaders.updatesByVersion.get(v.slug),
    notes: (v, _, { loaders }) => loaders.notesByOwner.get(owner.windowsVersion(v.slug)),
    nodeOsSupport: (v, _, { loaders }) => loaders.nodeOsSupportByVersion.get(v.slug),
    featuresAvailable(v, _, { knowledge, loaders }) {
      const slugs = [...knowledge.features.values()].filter((f) => knowledge.releases.get(f.minimumWindows)!.build <= v.build).map((f) => f.slug);
      return getAll(loaders.feature, slugs);
    },
  },
  WindowsUpdate: {
    build: (u, _, { loaders }) => `${loaders.windowsVersion.get(u.versionSlug)!.build}.${u.revision}`,
    releaseDate: (u) => u.released,
    sources: (u, _, { loaders }) => loaders.citations(owner.windowsUpdate(u.id)),
  },

  NetworkMode: {
    ...nodeFields('NetworkMode', owner.networkMode),
    statusNotes: (m, _, { loaders }) => loaders.notesByOwner.get(owner.networkMode(m.slug)),
    settings: (m, _, { loaders }) => settingsOf(owner.networkMode(m.slug), loaders),
    cniPlugins(m, _, { loaders }) {
      const links = loaders.pluginsByMode.get(m.slug);
      return getAll(loaders.cniPlugin, [...new Set(links.map((l) => l.pluginSlug))]);
    },
    limitations(m, _, { loaders }) {
      return getAll(loaders.limitation, loaders.limitationsByMode.get(m.slug).map((l) => l.limitationSlug));
    },
  },

  CniPlugin: {
    ...nodeFields('CniPlugin', owner.cniPlugin),
    networkModes(p, _, { loaders }) {
      const modes = loaders.modesByPlugin.get(p.slug);
      return getAll(loaders.networkMode, [...new Set(modes.map((m) => m.modeSlug))]);
    },
    modes: (p, _, { loaders }) => loaders.modesByPlugin.get(p.slug),
    supportsNetworkPolicy: (p) => p.networkPolicySupport === 'supported',
    networkPolicy: (p) => ({ citationOwner: owner.pluginNetworkPolicy(p.slug), support: p.networkPolicySupport, note: p.networkPolicyNote }),
    onlyIn: (p, _, { loaders }) => getAll(loaders.environment, loaders.onlyInByPlugin.get(p.slug).map((r) => r.environmentSlug)),
    onlyInSources: (p, _, { loaders }) => loaders.citations(owner.pluginOnlyIn(p.slug)),
    ipamOptions(p, _, { loaders }) {
      return getAll(loaders.ipamOption, loaders.ipamByPlugin.get(p.slug).map((l) => l.ipamSlug));
    },
    environments: (p, _, { loaders }) => loaders.environmentsByPlugin.get(p.slug),
    limitations(p, _, { loaders }) {
      // Limitations of the plugin itself and of the reference plugins it delegates to.
      const modes = loaders.modesByPlugin.get(p.slug);
      const plugins = [p.slug, ...new Set(modes.flatMap((m) => (m.delegatesTo ? [m.delegatesTo] : [])))];
      const links = loaders.limitationsByPlugin.getMany(plugins).flat();
      return getAll(loaders.limitation, [...new Set(links.map((l) => l.limitationSlug))].sort());
    },
    notes: (p, _, { loaders }) => loaders.notesByOwner.get(owner.cniPlugin(p.slug)),
  },
  PluginMode: {
    mode: (m, _, { loaders }) => loaders.networkMode.get(m.modeSlug)!,
    delegatesTo: (m, _, { loaders }) => (m.delegatesTo ? loaders.cniPlugin.get(m.delegatesTo) : null),
    sources: (m, _, { loaders }) => loaders.citations(owner.pluginMode(m.id)),
  },
  NetworkPolicySupport: { sources: (n, _, { loaders }) => loaders.citations(n.citationOwner) },
  PluginEnvironmentStatus: {
    environment: (e, _, { loaders }) => loaders.environment.get(e.environmentSlug)!,
    networkPolicy: (e) =>
      e.networkPolicySupport ? { citationOwner: owner.pluginEnvironmentNetworkPolicy(e.id), support: e.networkPolicySupport, note: e.networkPolicyNote } : null,
    sources: (e, _, { loaders }) => loaders.citations(owner.pluginEnvironment(e.id)),
  },
  Environment: {
    ...nodeFields('Environment', owner.environment),
    pluginsListedSources: (e, _, { loaders }) => loaders.citations(owner.environmentPluginsListed(e.slug)),
    featureDefaults: (e, _, { loaders }) => getAll(loaders.featureDefault, loaders.defaultsByEnvironment.get(e.slug).map((r) => r.defaultSlug)),
    nodeOsSupport: (e, _, { loaders }) => loaders.nodeOsSupportByEnvironment.get(e.slug),
  },
  NodeOsSupport: {
    windowsVersion: (r, _, { loaders }) => loaders.windowsVersion.get(r.windowsVersionSlug)!,
    environment: (r, _, { loaders }) => (r.environmentSlug ? loaders.environment.get(r.environmentSlug) : null),
    kubernetesVersions: (r) => kubernetesRange(r.kubernetesMin, r.kubernetesMax),
    sources: (r, _, { loaders }) => loaders.citations(owner.nodeOsSupport(r.slug)),
  },
  FeatureDefault: {
    feature: (d, _, { loaders }) => loaders.feature.get(d.featureSlug)!,
    environments: (d, _, { loaders }) => getAll(loaders.environment, loaders.defaultEnvironments.get(d.slug).map((r) => r.environmentSlug)),
    servicingChannels: (d) => d.channels ?? [],
    windowsBuilds: (d) => (d.buildFrom === null && d.buildBefore === null ? null : { from: d.buildFrom, before: d.buildBefore }),
    sources: (d, _, { loaders }) => loaders.citations(owner.featureDefault(d.slug)),
  },

  Feature: {
    ...nodeFields('Feature', owner.feature),
    minimumWindowsVersion: (f, _, { loaders }) => loaders.windowsVersion.get(f.minimumWindowsSlug)!,
    minimumWindowsSources: (f, _, { loaders }) => loaders.citations(owner.featureMinimumWindows(f.slug)),
    minimumKubernetesVersion: (f) => f.minimumKubernetes,
    requires(f, _, { loaders }) {
      return getAll(loaders.feature, loaders.requiresByFeature.get(f.slug).map((r) => r.requiredSlug));
    },
    settings: (f, _, { loaders }) => settingsOf(owner.feature(f.slug), loaders),
    defaults: (f, _, { loaders }) => loaders.defaultsByFeature.get(f.slug),
  },
  Setting: {
    kubernetesVersions: (s) => s.kubernetes ?? null,
    windowsBuilds: (s) => s.windowsBuilds ?? null,
    sources: (s, _, { loaders }) => (s.id !== undefined ? loaders.citations(owner.setting(s.id)) : s.sources),
  },
  KubernetesVersionRange: { description: (r) => describeRange(r) },

  Limitation: {
    ...nodeFields('Limitation', owner.limitation),
    appliesTo: (l) => l,
    threshold: (l) => (l.thresholdMetric && l.thresholdMax !== null ? { metric: l.thresholdMetric, max: l.thresholdMax, approximate: l.thresholdApproximate ?? false } : null),
    parameters: (l) => Object.entries(l.parameters ?? {}).map(([name, value]) => ({ name, value })),
    mitigatedBy(l, _, { loaders }) {
      return getAll(loaders.feature, loaders.mitigationsByLimitation.get(l.slug).map((r) => r.targetSlug));
    },
    workaroundSettings: (l, _, { loaders }) => settingsOf(owner.limitationWorkaround(l.slug), loaders),
  },
  LimitationScope: {
    environments: (l, _, { loaders }) => getAll(loaders.environment, loaders.scopeEnvironments.get(l.slug).map((r) => r.targetSlug)),
    cniPlugins: (l, _, { loaders }) => getAll(loaders.cniPlugin, loaders.scopePlugins.get(l.slug).map((r) => r.targetSlug)),
    networkModes: (l, _, { loaders }) => getAll(loaders.networkMode, loaders.scopeModes.get(l.slug).map((r) => r.targetSlug)),
    features: (l, _, { loaders }) => getAll(loaders.feature, loaders.scopeFeatures.get(l.slug).map((r) => r.targetSlug)),
    serviceTypes: (l, _, { loaders }) => getAll(loaders.serviceType, loaders.scopeServiceTypes.get(l.slug).map((r) => r.targetSlug)),
    windowsBuilds: (l) => (l.buildFrom === null && l.buildBefore === null ? null : { from: l.buildFrom, before: l.buildBefore }),
    windowsBuildsConfirmedOn: (l, _, { loaders }) => getAll(loaders.windowsVersion, loaders.confirmationsByLimitation.get(l.slug).map((r) => r.targetSlug)),
    servicingChannels: (l) => l.channels ?? [],
    kubernetesVersions: (l) => kubernetesRange(l.kubernetesMin, l.kubernetesMax),
    cniPluginVersions: (l) => (l.pluginVersionFrom === null && l.pluginVersionBefore === null ? null : { from: l.pluginVersionFrom, before: l.pluginVersionBefore }),
  },
  PluginVersionRange: { description: (r) => describePluginVersionRange({ ...(r.from ? { from: r.from } : {}), ...(r.before ? { before: r.before } : {}) }) },
  BuildRange: {
    description: (r) =>
      r.from && r.before ? `builds ${r.from} up to, not including, ${r.before}` : r.from ? `build ${r.from} and later` : `builds before ${r.before}`,
  },

  IpamOption: {
    ...nodeFields('IpamOption', owner.ipamOption),
    restrictedTo(o, _, { loaders }) {
      return getAll(loaders.cniPlugin, loaders.restrictionsByIpam.get(o.slug).map((r) => r.pluginSlug));
    },
    settings: (o, _, { loaders }) => settingsOf(owner.ipamOption(o.slug), loaders),
  },
  ServiceType: nodeFields('ServiceType', owner.serviceType),
  NetworkFlow: {
    order: (f) => f.ordinal,
    from: (f) => f.fromEndpoint.toUpperCase(),
    to: (f) => f.toEndpoint.toUpperCase(),
    sources: (f, _, { loaders }) => loaders.citations(owner.networkFlow(f.slug)),
  },
  GlossaryTerm: { sources: (g, _, { loaders }) => loaders.citations(owner.glossaryTerm(g.slug)) },
  PluginComparison: {
    environment: (c, _, { loaders }) => loaders.environment.get(c.environmentSlug)!,
    cniPlugins: (c, _, { loaders }) => getAll(loaders.cniPlugin, c.plugins),
    rows: (c, _, { loaders }) => loaders.rowsByComparison.get(c.slug),
    sources: (c, _, { loaders }) => loaders.citations(owner.pluginComparison(c.slug)),
  },
  ComparisonRow: { values: (r, _, { loaders }) => loaders.valuesByRow.get(r.id) },
  ComparisonValue: { cniPlugin: (v, _, { loaders }) => loaders.cniPlugin.get(v.pluginSlug)! },
};
