/**
 * Loaders over in-memory indexes of the immutable data. The database is read-only while it is
 * served, so each relation's table is read once (one statement) and grouped by its key; after
 * that a request issues no SQL at all, however many rows it touches.
 *
 * They are synchronous. DataLoader's machinery has nothing to do here: with no I/O left there is
 * nothing to batch, and its per-request queueing and promise bookkeeping cost 27% of a nested
 * lookup's time (2,817 -> 3,837 req/s). Returning already-resolved promises kept its interface
 * but still cost graphql-jit a deferred path and a microtask per field; plain values do not.
 */
import { asc, getTableName, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { KbDatabase } from '../db/open.js';
import * as t from '../db/tables.js';
import type { Citation } from '../domain/knowledge.js';
import { InstanceTypePages } from '../domain/instance-type-pages.js';

type Row<T extends SQLiteTable> = T['$inferSelect'];

/** Indexes built so far, per opened database (a WeakMap, so a closed database's go with it). */
const indexes = new WeakMap<KbDatabase, Map<string, Map<unknown, unknown>>>();  // and wholeTable's arrays

/** Rows of `table` grouped by `key`, in `order`, read once per database. */
function indexOf<T extends SQLiteTable, K>(db: KbDatabase, table: T, column: AnySQLiteColumn, key: (row: Row<T>) => K, order: SQL | AnySQLiteColumn | undefined, unique: boolean) {
  let perDb = indexes.get(db);
  if (!perDb) indexes.set(db, (perDb = new Map()));
  const name = `${getTableName(table)}.${(column as AnyColumn).name}`;
  let index = perDb.get(name);
  if (!index) {
    const query = db.select().from(table as SQLiteTable);
    const rows = (order ? query.orderBy(order).all() : query.all()) as Row<T>[];
    index = new Map();
    for (const row of rows) {
      const k = key(row);
      if (unique) index.set(k, row);
      else {
        const list = index.get(k) as Row<T>[] | undefined;
        if (list) list.push(row);
        else index.set(k, [row]);
      }
    }
    perDb.set(name, index);
  }
  return index as Map<K, unknown>;
}

/**
 * Every row of `table` in `order`, read once per database: what unfiltered lists return.
 * Callers must not mutate the array (it is shared by all requests).
 */
export function wholeTable<T extends SQLiteTable>(db: KbDatabase, table: T, order: SQL | AnySQLiteColumn): Row<T>[] {
  let perDb = indexes.get(db);
  if (!perDb) indexes.set(db, (perDb = new Map()));
  const name = `${getTableName(table)}:all`;
  let rows = perDb.get(name) as unknown as Row<T>[] | undefined;
  if (!rows) {
    rows = db.select().from(table as SQLiteTable).orderBy(order).all() as Row<T>[];
    perDb.set(name, rows as unknown as Map<unknown, unknown>);
  }
  return rows;
}

const pagesByDb = new WeakMap<KbDatabase, InstanceTypePages<Row<typeof t.instanceTypes>>>();

/** The instance-type catalogue's sorted indexes (instance-type-pages.ts), built once per database. */
export function instanceTypePages(db: KbDatabase): InstanceTypePages<Row<typeof t.instanceTypes>> {
  let pages = pagesByDb.get(db);
  if (!pages) pagesByDb.set(db, (pages = new InstanceTypePages(wholeTable(db, t.instanceTypes, asc(t.instanceTypes.name)))));
  return pages;
}

/** Reads one in-memory index; unknown keys give [] or null, never an Error. */
export interface Loader<K, V> {
  get(key: K): V;
  getMany(keys: readonly K[]): V[];
}

function indexLoader<K, V>(index: Map<K, unknown>, missing: V): Loader<K, V> {
  const get = (k: K) => (index.get(k) as V | undefined) ?? missing;
  return { get, getMany: (keys) => keys.map(get) };
}

/** Loads rows of `table` whose `column` is one of the keys, grouped by key (order: `order`). */
function groupLoader<T extends SQLiteTable, K extends string | number>(db: KbDatabase, table: T, column: AnySQLiteColumn, key: (row: Row<T>) => K, order: SQL | AnySQLiteColumn) {
  return indexLoader<K, Row<T>[]>(indexOf(db, table, column, key, order, false), []);
}

/** Loads single rows by a unique key; unknown keys resolve to null. */
function uniqueLoader<T extends SQLiteTable>(db: KbDatabase, table: T, column: AnySQLiteColumn, key: (row: Row<T>) => string) {
  return indexLoader<string, Row<T> | null>(indexOf(db, table, column, key, undefined, true), null);
}

function createLoaders(db: KbDatabase) {
  return {
    windowsVersion: () => uniqueLoader(db, t.windowsVersions, t.windowsVersions.slug, (r) => r.slug),
    networkMode: () => uniqueLoader(db, t.networkModes, t.networkModes.slug, (r) => r.slug),
    cniPlugin: () => uniqueLoader(db, t.cniPlugins, t.cniPlugins.slug, (r) => r.slug),
    feature: () => uniqueLoader(db, t.features, t.features.slug, (r) => r.slug),
    limitation: () => uniqueLoader(db, t.limitations, t.limitations.slug, (r) => r.slug),
    ipamOption: () => uniqueLoader(db, t.ipamOptions, t.ipamOptions.slug, (r) => r.slug),
    serviceType: () => uniqueLoader(db, t.serviceTypes, t.serviceTypes.slug, (r) => r.slug),
    environment: () => uniqueLoader(db, t.environments, t.environments.slug, (r) => r.slug),
    sourceDocument: () => uniqueLoader(db, t.sourceDocuments, t.sourceDocuments.slug, (r) => r.slug),
    citationRows: () => groupLoader(db, t.citations, t.citations.owner, (r) => r.owner, asc(t.citations.ordinal)),
    settingsByOwner: () => groupLoader(db, t.settings, t.settings.owner, (r) => r.owner, asc(t.settings.ordinal)),
    notesByOwner: () => groupLoader(db, t.notes, t.notes.owner, (r) => r.owner, asc(t.notes.ordinal)),
    updatesByVersion: () => groupLoader(db, t.windowsUpdates, t.windowsUpdates.versionSlug, (r) => r.versionSlug, asc(t.windowsUpdates.revision)),
    modesByPlugin: () => groupLoader(db, t.pluginModes, t.pluginModes.pluginSlug, (r) => r.pluginSlug, asc(t.pluginModes.ordinal)),
    pluginsByMode: () => groupLoader(db, t.pluginModes, t.pluginModes.modeSlug, (r) => r.modeSlug, asc(t.pluginModes.id)),
    environmentsByPlugin: () => groupLoader(db, t.pluginEnvironments, t.pluginEnvironments.pluginSlug, (r) => r.pluginSlug, asc(t.pluginEnvironments.id)),
    ipamByPlugin: () => groupLoader(db, t.pluginIpam, t.pluginIpam.pluginSlug, (r) => r.pluginSlug, asc(t.pluginIpam.ordinal)),
    restrictionsByIpam: () => groupLoader(db, t.ipamRestrictions, t.ipamRestrictions.ipamSlug, (r) => r.ipamSlug, asc(t.ipamRestrictions.ordinal)),
    requiresByFeature: () => groupLoader(db, t.featureRequires, t.featureRequires.featureSlug, (r) => r.featureSlug, asc(t.featureRequires.ordinal)),
    limitationsByPlugin: () => groupLoader(db, t.limitationPlugins, t.limitationPlugins.targetSlug, (r) => r.targetSlug, asc(t.limitationPlugins.limitationSlug)),
    limitationsByMode: () => groupLoader(db, t.limitationModes, t.limitationModes.targetSlug, (r) => r.targetSlug, asc(t.limitationModes.limitationSlug)),
    scopeEnvironments: () => groupLoader(db, t.limitationEnvironments, t.limitationEnvironments.limitationSlug, (r) => r.limitationSlug, asc(t.limitationEnvironments.targetSlug)),
    scopePlugins: () => groupLoader(db, t.limitationPlugins, t.limitationPlugins.limitationSlug, (r) => r.limitationSlug, asc(t.limitationPlugins.targetSlug)),
    scopeModes: () => groupLoader(db, t.limitationModes, t.limitationModes.limitationSlug, (r) => r.limitationSlug, asc(t.limitationModes.targetSlug)),
    scopeFeatures: () => groupLoader(db, t.limitationFeatures, t.limitationFeatures.limitationSlug, (r) => r.limitationSlug, asc(t.limitationFeatures.targetSlug)),
    scopeServiceTypes: () => groupLoader(db, t.limitationServiceTypes, t.limitationServiceTypes.limitationSlug, (r) => r.limitationSlug, asc(t.limitationServiceTypes.targetSlug)),
    mitigationsByLimitation: () => groupLoader(db, t.limitationMitigations, t.limitationMitigations.limitationSlug, (r) => r.limitationSlug, asc(t.limitationMitigations.targetSlug)),
    confirmationsByLimitation: () =>
      groupLoader(db, t.limitationBuildConfirmations, t.limitationBuildConfirmations.limitationSlug, (r) => r.limitationSlug, asc(t.limitationBuildConfirmations.targetSlug)),
    onlyInByPlugin: () => groupLoader(db, t.pluginOnlyIn, t.pluginOnlyIn.pluginSlug, (r) => r.pluginSlug, asc(t.pluginOnlyIn.environmentSlug)),
    nodeOsSupportByVersion: () => groupLoader(db, t.nodeOsSupport, t.nodeOsSupport.windowsVersionSlug, (r) => r.windowsVersionSlug, asc(t.nodeOsSupport.ordinal)),
    nodeOsSupportByEnvironment: () => groupLoader(db, t.nodeOsSupport, t.nodeOsSupport.environmentSlug, (r) => r.environmentSlug ?? '', asc(t.nodeOsSupport.ordinal)),
    featureDefault: () => uniqueLoader(db, t.featureDefaults, t.featureDefaults.slug, (r) => r.slug),
    defaultsByFeature: () => groupLoader(db, t.featureDefaults, t.featureDefaults.featureSlug, (r) => r.featureSlug, asc(t.featureDefaults.ordinal)),
    defaultEnvironments: () => groupLoader(db, t.featureDefaultEnvironments, t.featureDefaultEnvironments.defaultSlug, (r) => r.defaultSlug, asc(t.featureDefaultEnvironments.environmentSlug)),
    defaultsByEnvironment: () =>
      groupLoader(db, t.featureDefaultEnvironments, t.featureDefaultEnvironments.environmentSlug, (r) => r.environmentSlug, asc(t.featureDefaultEnvironments.defaultSlug)),
    instanceType: () => uniqueLoader(db, t.instanceTypes, t.instanceTypes.name, (r) => r.name),
    rowsByComparison: () => groupLoader(db, t.comparisonRows, t.comparisonRows.comparisonSlug, (r) => r.comparisonSlug, asc(t.comparisonRows.ordinal)),
    valuesByRow: () => groupLoader(db, t.comparisonValues, t.comparisonValues.rowId, (r) => r.rowId, asc(t.comparisonValues.pluginSlug)),
  };
}

type Factories = ReturnType<typeof createLoaders>;
export type Loaders = { [K in keyof Factories]: ReturnType<Factories[K]> } & {
  /** Citations of any owner, as the domain's Citation shape. */
  citations(ownerKey: string): Citation[];
};

const loadersByDb = new WeakMap<KbDatabase, Loaders>();

/**
 * The loaders of a database, built (and their indexes read) on first call; the server calls it
 * at start so no request pays for it. Shared by all requests: nothing in them is per request.
 */
export function databaseLoaders(db: KbDatabase): Loaders {
  let loaders = loadersByDb.get(db);
  if (!loaders) {
    // Citations in the domain's shape, converted once per owner.
    const citations = new Map<string, Citation[]>();
    const built = Object.fromEntries(Object.entries(createLoaders(db)).map(([name, make]) => [name, make()])) as { [K in keyof Factories]: ReturnType<Factories[K]> };
    loaders = {
      ...built,
      citations(ownerKey: string): Citation[] {
        let list = citations.get(ownerKey);
        if (!list) {
          const rows = built.citationRows.get(ownerKey);
          citations.set(ownerKey, (list = rows.map((r) => ({ doc: r.documentSlug, section: r.section, ...(r.note ? { note: r.note } : {}) }))));
        }
        return list;
      },
    };
    loadersByDb.set(db, loaders);
    instanceTypePages(db);
  }
  return loaders;
}
