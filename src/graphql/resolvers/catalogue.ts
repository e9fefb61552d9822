/**
 * Resolvers of schema/catalogue.graphql: its Query fields (lists with optional filters as SQL WHERE
 * clauses, lookups by slug through the request's loaders, node(id), datasetInfo) and its types'
 * fields, whose relations go through the request's loaders.
 */
import { and, asc, eq, exists, getTableName, gte, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { owner } from '../../db/owners.js';
import { settingFromRow } from '../../db/settings.js';
import * as t from '../../db/tables.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { SettingParent } from '../mappers.js';
import { describeRange, kubernetesRange, getAll, follow, required, nodeFields } from './shared.js';
import { listAll, type Loaders } from '../loaders.js';
import { badUserInput, unknownChoice } from '../errors.js';
import { fromGlobalId, toGlobalId } from '../global-id.js';
import { nodeOf } from '../nodes.js';
import { kubernetesMinorOf, parseKubernetesMinor } from '../../domain/kubernetes-version.js';
import { describePluginVersionRange } from '../../domain/plugin-version.js';
import { describeRequirement } from '../../domain/limitation-requirement.js';

/** Refuses a filter slug that names nothing, listing what it could be. */
function known(field: string, slug: string, choices: ReadonlyMap<string, unknown>): string {
  if (!choices.has(slug)) throw unknownChoice(field, `unknown value "${slug}" for ${field}`, slug, [...choices.keys()]);
  return slug;
}

/** The tables `datasetInfo.counts` reports, by the name it reports them under. */
const COUNTED_TABLES = {
  windowsVersions: t.windowsVersions,
  networkModes: t.networkModes,
  cniPlugins: t.cniPlugins,
  features: t.features,
  limitations: t.limitations,
  ipamOptions: t.ipamOptions,
  serviceTypes: t.serviceTypes,
  environments: t.environments,
  networkFlows: t.networkFlows,
  glossaryTerms: t.glossaryTerms,
  sourceDocuments: t.sourceDocuments,
  citations: t.citations,
};

/** An owner's settings as the engine reads them (src/db/settings.ts); their citations load by id (Setting.sources). */
const settingsOf = async (ownerKey: string, loaders: Loaders) =>
  (await loaders.settingsByOwner.load(ownerKey)).map((r): SettingParent => settingFromRow(r, []));

/** Rows with distinct slugs, first occurrence kept (a plugin may reach a mode twice). */
function unique<T extends { slug: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.slug) && (seen.add(r.slug), true));
}

export const catalogueResolvers: Resolvers = {
  Query: {
    async node(_, { id }, context) {
      const parsed = fromGlobalId(id);
      if (!parsed) return null;
      return (await nodeOf(parsed.type, parsed.slug, context)) as never;
    },

    datasetInfo: (_, __, { database }) => database.meta,

    windowsVersions(_, { filter }, { database: { db } }) {
      const where: SQL[] = [];
      if (filter?.servicingChannel) where.push(eq(t.windowsVersions.channel, filter.servicingChannel));
      if (filter?.minimumBuild != null) where.push(gte(t.windowsVersions.build, filter.minimumBuild));
      if (where.length === 0) return listAll(db, t.windowsVersions, asc(t.windowsVersions.sortOrder));
      return db
        .select()
        .from(t.windowsVersions)
        .where(and(...where))
        .orderBy(asc(t.windowsVersions.sortOrder))
        .all();
    },
    windowsVersion: (_, { slug }, { loaders }) => loaders.windowsVersion.load(slug),

    networkModes(_, { filter }, { database: { db } }) {
      const where = filter?.usedByKubernetes != null ? eq(t.networkModes.usedByKubernetes, filter.usedByKubernetes) : undefined;
      if (!where) return listAll(db, t.networkModes, asc(t.networkModes.ordinal));
      return db.select().from(t.networkModes).where(where).orderBy(asc(t.networkModes.ordinal)).all();
    },
    networkMode: (_, { slug }, { loaders }) => loaders.networkMode.load(slug),

    cniPlugins(_, { filter }, { database: { db }, knowledge }) {
      const where: SQL[] = [];
      if (filter?.supportsNetworkPolicy != null)
        where.push(
          filter.supportsNetworkPolicy ? eq(t.cniPlugins.networkPolicySupport, 'supported') : sql`${t.cniPlugins.networkPolicySupport} <> 'supported'`,
        );
      if (filter?.networkMode != null) {
        const mode = known('filter.networkMode', filter.networkMode, knowledge.modes);
        where.push(
          exists(
            db
              .select()
              .from(t.pluginModes)
              .where(and(eq(t.pluginModes.pluginSlug, t.cniPlugins.slug), eq(t.pluginModes.modeSlug, mode))),
          ),
        );
      }
      if (filter?.environment != null) {
        const env = known('filter.environment', filter.environment, knowledge.environments);
        where.push(
          exists(
            db
              .select()
              .from(t.pluginEnvironments)
              .where(and(eq(t.pluginEnvironments.pluginSlug, t.cniPlugins.slug), eq(t.pluginEnvironments.environmentSlug, env))),
          ),
        );
      }
      if (where.length === 0) return listAll(db, t.cniPlugins, asc(t.cniPlugins.ordinal));
      // Run here, once: a returned query builder would run again for every `.then` called on it.
      return db
        .select()
        .from(t.cniPlugins)
        .where(and(...where))
        .orderBy(asc(t.cniPlugins.ordinal))
        .all();
    },
    cniPlugin: (_, { slug }, { loaders }) => loaders.cniPlugin.load(slug),

    features(_, { filter }, { database: { db }, knowledge }) {
      if (filter?.availableOn == null) return listAll(db, t.features, asc(t.features.ordinal));
      const release = knowledge.releases.get(known('filter.availableOn', filter.availableOn, knowledge.releases))!;
      return db
        .select({ feature: t.features })
        .from(t.features)
        .innerJoin(t.windowsVersions, eq(t.windowsVersions.slug, t.features.minimumWindowsSlug))
        .where(sql`${t.windowsVersions.build} <= ${release.build}`)
        .orderBy(asc(t.features.ordinal))
        .all()
        .map((r) => r.feature);
    },
    feature: (_, { slug }, { loaders }) => loaders.feature.load(slug),

    limitations(_, { filter }, { database: { db }, knowledge }) {
      const where: SQL[] = [];
      const scoped = (table: typeof t.limitationPlugins, slugs: string[]) =>
        exists(
          db
            .select()
            .from(table)
            .where(and(eq(table.limitationSlug, t.limitations.slug), sql`${table.targetSlug} IN ${slugs}`)),
        );
      if (filter?.cniPlugin != null) {
        const plugin = knowledge.plugins.get(known('filter.cniPlugin', filter.cniPlugin, knowledge.plugins))!;
        where.push(scoped(t.limitationPlugins, [plugin.slug, ...plugin.modes.flatMap((m) => (m.delegatesTo ? [m.delegatesTo] : []))]));
      }
      if (filter?.networkMode != null) where.push(scoped(t.limitationModes, [known('filter.networkMode', filter.networkMode, knowledge.modes)]));
      if (filter?.environment != null) where.push(scoped(t.limitationEnvironments, [known('filter.environment', filter.environment, knowledge.environments)]));
      if (filter?.kind != null) where.push(eq(t.limitations.kind, filter.kind));
      if (filter?.windowsVersion != null) {
        const build = knowledge.releases.get(known('filter.windowsVersion', filter.windowsVersion, knowledge.releases))!.build;
        // A build range can include a release when it starts at or before the release's build and ends
        // after its first revision. CAST takes the leading major build of "17763.1432".
        const major = (column: AnySQLiteColumn) => sql`CAST(${column} AS INTEGER)`;
        const revision = sql`CASE WHEN instr(${t.limitations.buildBefore}, '.') > 0 THEN CAST(substr(${t.limitations.buildBefore}, instr(${t.limitations.buildBefore}, '.') + 1) AS INTEGER) ELSE 0 END`;
        where.push(sql`(${t.limitations.buildFrom} IS NULL OR ${major(t.limitations.buildFrom)} <= ${build})`);
        where.push(
          sql`(${t.limitations.buildBefore} IS NULL OR ${major(t.limitations.buildBefore)} > ${build} OR (${major(t.limitations.buildBefore)} = ${build} AND ${revision} > 0))`,
        );
      }
      if (where.length === 0) return listAll(db, t.limitations, asc(t.limitations.ordinal));
      return db
        .select()
        .from(t.limitations)
        .where(and(...where))
        .orderBy(asc(t.limitations.ordinal))
        .all();
    },
    limitation: (_, { slug }, { loaders }) => loaders.limitation.load(slug),

    nodeOsSupport(_, { filter }, { database: { db }, knowledge }) {
      const where: SQL[] = [];
      if (filter?.windowsVersion != null)
        where.push(eq(t.nodeOsSupport.windowsVersionSlug, known('filter.windowsVersion', filter.windowsVersion, knowledge.releases)));
      if (filter?.environment != null) where.push(eq(t.nodeOsSupport.environmentSlug, known('filter.environment', filter.environment, knowledge.environments)));
      if (filter?.kubernetesVersion != null) {
        const version = kubernetesMinorOf(filter.kubernetesVersion);
        if (version === null)
          throw badUserInput(
            'filter.kubernetesVersion',
            `filter.kubernetesVersion must be a Kubernetes minor version such as "1.33" or "v1.33", got "${filter.kubernetesVersion}"`,
          );
        // Minor versions compare as numbers: "1.9" < "1.14".
        const minor = parseKubernetesMinor(version);
        const part = (column: AnySQLiteColumn) => sql`CAST(substr(${column}, 3) AS INTEGER)`;
        where.push(sql`(${t.nodeOsSupport.kubernetesMin} IS NULL OR ${part(t.nodeOsSupport.kubernetesMin)} <= ${minor})`);
        where.push(sql`(${t.nodeOsSupport.kubernetesMax} IS NULL OR ${part(t.nodeOsSupport.kubernetesMax)} >= ${minor})`);
      }
      const query = db.select().from(t.nodeOsSupport);
      return (where.length > 0 ? query.where(and(...where)) : query).orderBy(asc(t.nodeOsSupport.ordinal)).all();
    },
    featureDefaults: (_, __, { database: { db } }) => listAll(db, t.featureDefaults, asc(t.featureDefaults.ordinal)),

    // Unfiltered lists come from memory: the data cannot change while it is served.
    ipamOptions: (_, __, { database: { db } }) => listAll(db, t.ipamOptions, asc(t.ipamOptions.ordinal)),
    ipamOption: (_, { slug }, { loaders }) => loaders.ipamOption.load(slug),
    serviceTypes: (_, __, { database: { db } }) => listAll(db, t.serviceTypes, asc(t.serviceTypes.ordinal)),
    environments: (_, __, { database: { db } }) => listAll(db, t.environments, asc(t.environments.slug)),
    environment: (_, { slug }, { loaders }) => loaders.environment.load(slug),
    networkFlows: (_, __, { database: { db } }) => listAll(db, t.networkFlows, asc(t.networkFlows.ordinal)),
    glossary: (_, __, { database: { db } }) => listAll(db, t.glossaryTerms, asc(t.glossaryTerms.term)),
    pluginComparisons: (_, __, { database: { db } }) => listAll(db, t.pluginComparisons, asc(t.pluginComparisons.slug)),
    sourceDocuments: (_, __, { database: { db } }) => listAll(db, t.sourceDocuments, asc(t.sourceDocuments.slug)),
    sourceDocument: (_, { slug }, { loaders }) => loaders.sourceDocument.load(slug),
  },

  Node: { __resolveType: (obj) => (obj as unknown as { __typename: string }).__typename as never },

  DatasetInfo: {
    version: (m) => m.datasetVersion,
    horizon: (m) => ({ kubernetesVersion: m.kubernetesHorizon, windowsVersion: m.windowsHorizon, knowledgeDate: m.knowledgeDate }),
    counts: (_, __, { database: { db } }) => {
      const union = Object.entries(COUNTED_TABLES)
        .map(([kind, table]) => `SELECT '${kind}' AS kind, COUNT(*) AS count FROM "${getTableName(table)}"`)
        .join(' UNION ALL ');
      return db.all<{ kind: string; count: number }>(sql.raw(union));
    },
  },

  DatasetHorizon: {
    windowsVersion: (h, _, { loaders }) => required(loaders.windowsVersion, h.windowsVersion),
  },

  SourceDocument: { id: (p) => toGlobalId('SourceDocument', p.slug) },
  SourceReference: {
    document: (c, _, { loaders }) => required(loaders.sourceDocument, c.doc),
  },
  Note: { sources: (n, _, { loaders }) => loaders.citations.load(owner.note(n.id)) },

  WindowsVersion: {
    ...nodeFields('WindowsVersion', owner.windowsVersion),
    servicingChannel: (v) => v.channel,
    releaseDate: (v) => v.released,
    updates: (v, _, { loaders }) => loaders.updatesByVersion.load(v.slug),
    notes: (v, _, { loaders }) => loaders.notesByOwner.load(owner.windowsVersion(v.slug)),
    nodeOsSupport: (v, _, { loaders }) => loaders.nodeOsSupportByVersion.load(v.slug),
    featuresAvailable: (v, _, { loaders }) => loaders.featuresAvailableOn.load(v.slug),
  },
  WindowsUpdate: {
    build: async (u, _, { loaders }) => `${(await loaders.windowsVersion.load(u.versionSlug))!.build}.${u.revision}`,
    releaseDate: (u) => u.released,
    sources: (u, _, { loaders }) => loaders.citations.load(owner.windowsUpdate(u.id)),
  },

  NetworkMode: {
    ...nodeFields('NetworkMode', owner.networkMode),
    statusNotes: (m, _, { loaders }) => loaders.notesByOwner.load(owner.networkMode(m.slug)),
    settings: (m, _, { loaders }) => settingsOf(owner.networkMode(m.slug), loaders),
    cniPlugins: async (m, _, { loaders }) => unique(await loaders.pluginsOfMode.load(m.slug)),
    limitations: (m, _, { loaders }) => loaders.limitationsOfMode.load(m.slug),
  },

  CniPlugin: {
    ...nodeFields('CniPlugin', owner.cniPlugin),
    networkModes: async (p, _, { loaders }) => unique(await loaders.modesOfPlugin.load(p.slug)),
    modes: (p, _, { loaders }) => loaders.modesByPlugin.load(p.slug),
    supportsNetworkPolicy: (p) => p.networkPolicySupport === 'supported',
    networkPolicy: (p) => ({ citationOwner: owner.pluginNetworkPolicy(p.slug), support: p.networkPolicySupport, note: p.networkPolicyNote }),
    onlyIn: (p, _, { loaders }) => follow(loaders.environment, loaders.onlyInByPlugin.load(p.slug), (r) => r.environmentSlug),
    onlyInSources: (p, _, { loaders }) => loaders.citations.load(owner.pluginOnlyIn(p.slug)),
    ipamOptions(p, _, { loaders }) {
      return follow(loaders.ipamOption, loaders.ipamByPlugin.load(p.slug), (l) => l.ipamSlug);
    },
    environments: (p, _, { loaders }) => loaders.environmentsByPlugin.load(p.slug),
    // Limitations of the plugin itself and of the reference plugins it delegates to, by slug.
    limitations: (p, _, { loaders }) => loaders.effectiveLimitationsOfPlugin.load(p.slug),
    notes: (p, _, { loaders }) => loaders.notesByOwner.load(owner.cniPlugin(p.slug)),
  },
  PluginMode: {
    mode: (m, _, { loaders }) => required(loaders.networkMode, m.modeSlug),
    delegatesTo: (m, _, { loaders }) => (m.delegatesTo ? loaders.cniPlugin.load(m.delegatesTo) : null),
    sources: (m, _, { loaders }) => loaders.citations.load(owner.pluginMode(m.id)),
  },
  NetworkPolicySupport: { sources: (n, _, { loaders }) => loaders.citations.load(n.citationOwner) },
  PluginEnvironmentStatus: {
    environment: (e, _, { loaders }) => required(loaders.environment, e.environmentSlug),
    networkPolicy: (e) =>
      e.networkPolicySupport ? { citationOwner: owner.pluginEnvironmentNetworkPolicy(e.id), support: e.networkPolicySupport, note: e.networkPolicyNote } : null,
    sources: (e, _, { loaders }) => loaders.citations.load(owner.pluginEnvironment(e.id)),
  },
  Environment: {
    ...nodeFields('Environment', owner.environment),
    pluginsListedSources: (e, _, { loaders }) => loaders.citations.load(owner.environmentPluginsListed(e.slug)),
    featureDefaults: (e, _, { loaders }) => follow(loaders.featureDefault, loaders.defaultsByEnvironment.load(e.slug), (r) => r.defaultSlug),
    nodeOsSupport: (e, _, { loaders }) => loaders.nodeOsSupportByEnvironment.load(e.slug),
  },
  NodeOsSupport: {
    windowsVersion: (r, _, { loaders }) => required(loaders.windowsVersion, r.windowsVersionSlug),
    environment: (r, _, { loaders }) => (r.environmentSlug ? loaders.environment.load(r.environmentSlug) : null),
    kubernetesVersions: (r) => kubernetesRange(r.kubernetesMin, r.kubernetesMax),
    sources: (r, _, { loaders }) => loaders.citations.load(owner.nodeOsSupport(r.slug)),
  },
  FeatureDefault: {
    feature: (d, _, { loaders }) => required(loaders.feature, d.featureSlug),
    environments: (d, _, { loaders }) => follow(loaders.environment, loaders.defaultEnvironments.load(d.slug), (r) => r.environmentSlug),
    servicingChannels: (d) => d.channels ?? [],
    windowsBuilds: (d) => (d.buildFrom === null && d.buildBefore === null ? null : { from: d.buildFrom, before: d.buildBefore }),
    sources: (d, _, { loaders }) => loaders.citations.load(owner.featureDefault(d.slug)),
  },

  Feature: {
    ...nodeFields('Feature', owner.feature),
    minimumWindowsVersion: (f, _, { loaders }) => required(loaders.windowsVersion, f.minimumWindowsSlug),
    minimumWindowsSources: (f, _, { loaders }) => loaders.citations.load(owner.featureMinimumWindows(f.slug)),
    minimumKubernetesVersion: (f) => f.minimumKubernetes,
    requires(f, _, { loaders }) {
      return follow(loaders.feature, loaders.requiresByFeature.load(f.slug), (r) => r.requiredSlug);
    },
    settings: (f, _, { loaders }) => settingsOf(owner.feature(f.slug), loaders),
    defaults: (f, _, { loaders }) => loaders.defaultsByFeature.load(f.slug),
  },
  Setting: {
    kubernetesVersions: (s) => s.kubernetes ?? null,
    windowsBuilds: (s) => s.windowsBuilds ?? null,
    sources: (s, _, { loaders }) => (s.id !== undefined ? loaders.citations.load(owner.setting(s.id)) : s.sources),
  },
  KubernetesVersionRange: { description: (r) => describeRange(r) },

  Limitation: {
    ...nodeFields('Limitation', owner.limitation),
    appliesTo: (l) => l,
    threshold: (l) =>
      l.thresholdMetric && l.thresholdMax !== null ? { metric: l.thresholdMetric, max: l.thresholdMax, approximate: l.thresholdApproximate ?? false } : null,
    parameters: (l) => Object.entries(l.parameters ?? {}).map(([name, value]) => ({ name, value })),
    mitigatedBy(l, _, { loaders }) {
      return follow(loaders.feature, loaders.mitigationsByLimitation.load(l.slug), (r) => r.targetSlug);
    },
    workaroundSettings: (l, _, { loaders }) => settingsOf(owner.limitationWorkaround(l.slug), loaders),
    mitigatedByFeatureGates: (l) => l.mitigatedByGates ?? [],
    requires: (l) => l.requires ?? null,
  },
  LimitationRequirement: {
    environments: (r, _, { loaders }) => Promise.all((r.environments ?? []).map((s) => required(loaders.environment, s))),
    cniPlugins: (r, _, { loaders }) => Promise.all((r.plugins ?? []).map((s) => required(loaders.cniPlugin, s))),
    networkModes: (r, _, { loaders }) => Promise.all((r.modes ?? []).map((s) => required(loaders.networkMode, s))),
    platforms: (r) => r.platforms ?? [],
    description: (r) => describeRequirement(r),
  },
  LimitationScope: {
    environments: (l, _, { loaders }) => follow(loaders.environment, loaders.scopeEnvironments.load(l.slug), (r) => r.targetSlug),
    cniPlugins: (l, _, { loaders }) => follow(loaders.cniPlugin, loaders.scopePlugins.load(l.slug), (r) => r.targetSlug),
    networkModes: (l, _, { loaders }) => follow(loaders.networkMode, loaders.scopeModes.load(l.slug), (r) => r.targetSlug),
    features: (l, _, { loaders }) => follow(loaders.feature, loaders.scopeFeatures.load(l.slug), (r) => r.targetSlug),
    serviceTypes: (l, _, { loaders }) => follow(loaders.serviceType, loaders.scopeServiceTypes.load(l.slug), (r) => r.targetSlug),
    windowsBuilds: (l) => (l.buildFrom === null && l.buildBefore === null ? null : { from: l.buildFrom, before: l.buildBefore }),
    windowsBuildsConfirmedOn: (l, _, { loaders }) => follow(loaders.windowsVersion, loaders.confirmationsByLimitation.load(l.slug), (r) => r.targetSlug),
    servicingChannels: (l) => l.channels ?? [],
    kubernetesVersions: (l) => kubernetesRange(l.kubernetesMin, l.kubernetesMax),
    cniPluginVersions: (l) =>
      l.pluginVersionFrom === null && l.pluginVersionBefore === null ? null : { from: l.pluginVersionFrom, before: l.pluginVersionBefore },
    serviceSettings: (l) => l.serviceSettings ?? [],
    platforms: (l) => l.platforms ?? [],
    kubernetesPatchFixed: (l) => l.kubernetesPatchFixed ?? [],
  },
  PluginVersionRange: { description: (r) => describePluginVersionRange({ ...(r.from ? { from: r.from } : {}), ...(r.before ? { before: r.before } : {}) }) },
  BuildRange: {
    description: (r) =>
      r.from && r.before ? `builds ${r.from} up to, not including, ${r.before}` : r.from ? `build ${r.from} and later` : `builds before ${r.before}`,
  },

  IpamOption: {
    ...nodeFields('IpamOption', owner.ipamOption),
    restrictedTo(o, _, { loaders }) {
      return follow(loaders.cniPlugin, loaders.restrictionsByIpam.load(o.slug), (r) => r.pluginSlug);
    },
    settings: (o, _, { loaders }) => settingsOf(owner.ipamOption(o.slug), loaders),
  },
  ServiceType: nodeFields('ServiceType', owner.serviceType),
  NetworkFlow: {
    order: (f) => f.ordinal,
    from: (f) => f.fromEndpoint.toUpperCase(),
    to: (f) => f.toEndpoint.toUpperCase(),
    sources: (f, _, { loaders }) => loaders.citations.load(owner.networkFlow(f.slug)),
  },
  GlossaryTerm: nodeFields('GlossaryTerm', owner.glossaryTerm),
  PluginComparison: {
    environment: (c, _, { loaders }) => required(loaders.environment, c.environmentSlug),
    cniPlugins: (c, _, { loaders }) => getAll(loaders.cniPlugin, c.plugins),
    rows: (c, _, { loaders }) => loaders.rowsByComparison.load(c.slug),
    sources: (c, _, { loaders }) => loaders.citations.load(owner.pluginComparison(c.slug)),
  },
  ComparisonRow: { values: (r, _, { loaders }) => loaders.valuesByRow.load(r.id) },
  ComparisonValue: { cniPlugin: (v, _, { loaders }) => required(loaders.cniPlugin, v.pluginSlug) },
};
