/** Root query fields: lists with optional filters, lookups by slug, node(id), dataset info. */
import { and, asc, eq, exists, gte, sql, type SQL } from 'drizzle-orm';
import * as t from '../../db/tables.js';
import { listAll } from '../loaders.js';
import { badUserInput } from '../errors.js';
import { fromGlobalId, type NodeType } from '../global-id.js';
import type { RequestContext } from '../context.js';
import type { QueryResolvers } from '../generated/resolvers.js';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { KUBERNETES_MINOR, parseKubernetesMinor } from '../../domain/kubernetes-version.js';
import { findingCodeInfo } from './search.js';

/** Refuses a filter slug that names nothing, listing what it could be. */
function known(field: string, slug: string, choices: ReadonlyMap<string, unknown>): string {
  if (!choices.has(slug)) throw badUserInput(field, `unknown value "${slug}" for ${field}`, [...choices.keys()]);
  return slug;
}

const NODE_LOADERS: Record<Exclude<NodeType, 'FindingCodeInfo'>, keyof RequestContext['loaders']> = {
  WindowsVersion: 'windowsVersion',
  NetworkMode: 'networkMode',
  CniPlugin: 'cniPlugin',
  Feature: 'feature',
  Limitation: 'limitation',
  IpamOption: 'ipamOption',
  ServiceType: 'serviceType',
  Environment: 'environment',
  SourceDocument: 'sourceDocument',
  InstanceType: 'instanceType',
  GlossaryTerm: 'glossaryTerm',
};

/** The node of a type and slug (with its __typename), or null when there is none. */
export async function nodeOf(type: NodeType, slug: string, { loaders }: RequestContext): Promise<object | null> {
  if (type === 'FindingCodeInfo') {
    const info = findingCodeInfo(slug);
    return info ? { ...info, __typename: type } : null;
  }
  const loader = loaders[NODE_LOADERS[type]] as { load(slug: string): Promise<object | null> };
  const row = await loader.load(slug);
  return row ? { ...row, __typename: type } : null;
}

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

export const Query: QueryResolvers = {
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
    return db.select().from(t.windowsVersions).where(and(...where)).orderBy(asc(t.windowsVersions.sortOrder)).all();
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
      where.push(filter.supportsNetworkPolicy ? eq(t.cniPlugins.networkPolicySupport, 'supported') : sql`${t.cniPlugins.networkPolicySupport} <> 'supported'`);
    if (filter?.networkMode != null) {
      const mode = known('filter.networkMode', filter.networkMode, knowledge.modes);
      where.push(exists(db.select().from(t.pluginModes).where(and(eq(t.pluginModes.pluginSlug, t.cniPlugins.slug), eq(t.pluginModes.modeSlug, mode)))));
    }
    if (filter?.environment != null) {
      const env = known('filter.environment', filter.environment, knowledge.environments);
      where.push(exists(db.select().from(t.pluginEnvironments).where(and(eq(t.pluginEnvironments.pluginSlug, t.cniPlugins.slug), eq(t.pluginEnvironments.environmentSlug, env)))));
    }
    if (where.length === 0) return listAll(db, t.cniPlugins, asc(t.cniPlugins.ordinal));
    // Run here, once: a returned query builder would run again for every `.then` called on it.
    return db.select().from(t.cniPlugins).where(and(...where)).orderBy(asc(t.cniPlugins.ordinal)).all();
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
      exists(db.select().from(table).where(and(eq(table.limitationSlug, t.limitations.slug), sql`${table.targetSlug} IN ${slugs}`)));
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
      where.push(sql`(${t.limitations.buildBefore} IS NULL OR ${major(t.limitations.buildBefore)} > ${build} OR (${major(t.limitations.buildBefore)} = ${build} AND ${revision} > 0))`);
    }
    if (where.length === 0) return listAll(db, t.limitations, asc(t.limitations.ordinal));
    return db.select().from(t.limitations).where(and(...where)).orderBy(asc(t.limitations.ordinal)).all();
  },
  limitation: (_, { slug }, { loaders }) => loaders.limitation.load(slug),

  nodeOsSupport(_, { filter }, { database: { db }, knowledge }) {
    const where: SQL[] = [];
    if (filter?.windowsVersion != null) where.push(eq(t.nodeOsSupport.windowsVersionSlug, known('filter.windowsVersion', filter.windowsVersion, knowledge.releases)));
    if (filter?.environment != null) where.push(eq(t.nodeOsSupport.environmentSlug, known('filter.environment', filter.environment, knowledge.environments)));
    if (filter?.kubernetesVersion != null) {
      if (!KUBERNETES_MINOR.test(filter.kubernetesVersion))
        throw badUserInput('filter.kubernetesVersion', `filter.kubernetesVersion must be a Kubernetes minor version such as "1.33", got "${filter.kubernetesVersion}"`);
      // Minor versions compare as numbers: "1.9" < "1.14".
      const minor = parseKubernetesMinor(filter.kubernetesVersion);
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
};

export { COUNTED_TABLES };
