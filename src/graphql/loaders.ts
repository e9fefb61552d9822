/**
 * Per-request DataLoaders over the read-only SQLite database: the GraphQL read path.
 *
 * Every relation field (plugin -> modes, mode -> plugins, X -> sources, limitation -> scope, ...)
 * and every unique lookup by slug resolves through a DataLoader created for the request (see
 * `requestLoaders`, called by the context factory). DataLoader collects the keys a level of the
 * query asks for and calls the batch function once; the batch function runs one drizzle query,
 * `inArray(column, keys)`, prepared once per database. The keys are bound as a single JSON
 * parameter and expanded by SQLite's json_each, so one prepared statement serves any number of
 * keys (SQLite cannot bind an array, and a statement per key count would be prepared again and
 * again). A nested query therefore issues one statement per relation and level, however many
 * rows it touches (test/graphql/n-plus-one.test.ts counts them).
 *
 * DataLoader's per-request cache stays on: within one request a row is read at most once.
 *
 * Under the DataLoaders sits one bounded, process-wide read-through row cache (`rowCache`): a
 * process serves an immutable dataset, so what a loader read for a key stays right for as long as
 * that dataset is served. Entries are keyed by the dataset (its version and build time), the
 * loader (a table or relation) and the key; a batch reads from SQLite, in one statement, only the
 * keys the cache lacks. `rowCacheStats` gives its hits and misses (the server's /metrics).
 *
 * The compatibility engine has its own read path, a snapshot loaded once per database
 * (src/db/knowledge.ts); this file serves the graph only.
 */
import DataLoader from 'dataloader';
import { and, asc, eq, getTableName, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { LRUCache } from 'lru-cache';
import type { KbDatabase } from '../db/open.js';
import * as t from '../db/tables.js';
import type { Citation } from '../domain/knowledge.js';

type Row<T extends SQLiteTable> = T['$inferSelect'];
type Key = string | number;

/** The keys of a batch, as one bound parameter: `column IN (SELECT value FROM json_each(?))`. */
const KEYS = sql.placeholder('keys');
export const inKeys = (column: AnySQLiteColumn): SQL => inArray(column, sql`(SELECT value FROM json_each(${KEYS}))`);

interface Prepared<R> {
  all(params: { keys: string }): R[];
  readonly sql: string;
}

/** A prepared drizzle select as a loader runs it: its rows for a batch's keys, and its SQL (for the query-plan test). */
function prepared<R>(query: { all(placeholders?: Record<string, unknown>): unknown; getQuery(): { sql: string } }): Prepared<R> {
  return { all: (params) => query.all(params) as R[], sql: query.getQuery().sql };
}

/** What one loader reads: a prepared query per database, and how its rows map to keys. */
interface Spec<K extends Key, R, V> {
  prepare(db: KbDatabase): Prepared<R>;
  /** Turns the batch's rows into one value per key, in the keys' order. */
  assemble(keys: readonly K[], rows: R[]): V[];
}

/** Single rows by a unique column; unknown keys give null. */
function unique<T extends SQLiteTable>(table: T, column: AnySQLiteColumn, key: (row: Row<T>) => Key): Spec<string, Row<T>, Row<T> | null> {
  return {
    prepare: (db) =>
      prepared(
        db
          .select()
          .from(table as SQLiteTable)
          .where(inKeys(column))
          .prepare(),
      ),
    assemble(keys, rows) {
      const byKey = new Map<Key, Row<T>>();
      for (const row of rows) byKey.set(key(row), row);
      return keys.map((k) => byKey.get(k) ?? null);
    },
  };
}

/** Rows grouped by a (non-unique) column, in `order`; unknown keys give []. */
function group<T extends SQLiteTable, K extends Key>(
  table: T,
  column: AnySQLiteColumn,
  key: (row: Row<T>) => K | null,
  order: SQL | AnySQLiteColumn,
): Spec<K, Row<T>, Row<T>[]> {
  return {
    prepare: (db) =>
      prepared(
        db
          .select()
          .from(table as SQLiteTable)
          .where(inKeys(column))
          .orderBy(order)
          .prepare(),
      ),
    assemble(keys, rows) {
      const byKey = new Map<Key, Row<T>[]>();
      for (const row of rows) {
        const k = key(row);
        if (k === null) continue;
        const list = byKey.get(k);
        if (list) list.push(row);
        else byKey.set(k, [row]);
      }
      return keys.map((k) => byKey.get(k) ?? []);
    },
  };
}

/** Features whose minimum release is at or below each release (keyed by the release's slug). */
const release = alias(t.windowsVersions, 'release');
const featuresAvailableOn: Spec<string, { release: string; feature: Row<typeof t.features> }, Row<typeof t.features>[]> = {
  prepare(db) {
    const selection = { release: release.slug, feature: t.features };
    // CROSS JOIN is SQLite's join-order hint: find the release by slug first, then the releases at
    // or below its build (build index), then their features (minimum-release index). Left to
    // itself the planner walks every feature, cheap today but growing with the catalogue.
    return prepared(
      db
        .select(selection)
        .from(release)
        .crossJoin(t.windowsVersions)
        .crossJoin(t.features)
        .where(and(inKeys(release.slug), lte(t.windowsVersions.build, release.build), eq(t.features.minimumWindowsSlug, t.windowsVersions.slug)))
        .orderBy(asc(t.features.ordinal))
        .prepare(),
    );
  },
  assemble(keys, rows) {
    const byKey = new Map<string, Row<typeof t.features>[]>();
    for (const { release, feature } of rows) {
      const list = byKey.get(release);
      if (list) list.push(feature);
      else byKey.set(release, [feature]);
    }
    return keys.map((k) => byKey.get(k) ?? []);
  },
};

/**
 * Rows of `target` reached through a link table, grouped by the link's key column, in `order`:
 * one statement for a relation that would otherwise take two (the links, then their targets).
 */
function through<L extends SQLiteTable, T extends SQLiteTable>(
  link: L,
  key: AnySQLiteColumn,
  pointer: AnySQLiteColumn,
  target: T,
  targetKey: AnySQLiteColumn,
  order: (SQL | AnySQLiteColumn)[],
): Spec<string, { key: string; row: Row<T> }, Row<T>[]> {
  return {
    prepare(db) {
      const selection = { key: sql<string>`${key}`, row: target };
      return prepared(
        db
          .select(selection)
          .from(link as SQLiteTable)
          .innerJoin(target as SQLiteTable, eq(targetKey, pointer))
          .where(inKeys(key))
          .orderBy(...order)
          .prepare(),
      );
    },
    assemble(keys, rows) {
      const byKey = new Map<string, Row<T>[]>();
      for (const { key: k, row } of rows) {
        const list = byKey.get(k);
        if (list) list.push(row);
        else byKey.set(k, [row]);
      }
      return keys.map((k) => byKey.get(k) ?? []);
    },
  };
}

/**
 * Citations of any owner, in the domain's Citation shape; their documents load by slug (few, shared).
 * Only the columns a Citation is made of are read: the row id and ordinal only order them.
 */
const citationColumns = { owner: t.citations.owner, documentSlug: t.citations.documentSlug, section: t.citations.section, note: t.citations.note };
const citations: Spec<string, Pick<Row<typeof t.citations>, keyof typeof citationColumns>, Citation[]> = {
  prepare: (db) =>
    prepared(db.select(citationColumns).from(t.citations).where(inKeys(t.citations.owner)).orderBy(asc(t.citations.owner), asc(t.citations.ordinal)).prepare()),
  assemble(keys, rows) {
    const byKey = new Map<string, Citation[]>();
    for (const r of rows) {
      const citation: Citation = { doc: r.documentSlug, section: r.section, ...(r.note ? { note: r.note } : {}) };
      const list = byKey.get(r.owner);
      if (list) list.push(citation);
      else byKey.set(r.owner, [citation]);
    }
    return keys.map((k) => byKey.get(k) ?? []);
  },
};

const SPECS = {
  windowsVersion: unique(t.windowsVersions, t.windowsVersions.slug, (r) => r.slug),
  networkMode: unique(t.networkModes, t.networkModes.slug, (r) => r.slug),
  cniPlugin: unique(t.cniPlugins, t.cniPlugins.slug, (r) => r.slug),
  feature: unique(t.features, t.features.slug, (r) => r.slug),
  limitation: unique(t.limitations, t.limitations.slug, (r) => r.slug),
  ipamOption: unique(t.ipamOptions, t.ipamOptions.slug, (r) => r.slug),
  serviceType: unique(t.serviceTypes, t.serviceTypes.slug, (r) => r.slug),
  environment: unique(t.environments, t.environments.slug, (r) => r.slug),
  sourceDocument: unique(t.sourceDocuments, t.sourceDocuments.slug, (r) => r.slug),
  glossaryTerm: unique(t.glossaryTerms, t.glossaryTerms.slug, (r) => r.slug),
  instanceType: unique(t.instanceTypes, t.instanceTypes.name, (r) => r.name),
  featureDefault: unique(t.featureDefaults, t.featureDefaults.slug, (r) => r.slug),
  citations,
  settingsByOwner: group(t.settings, t.settings.owner, (r) => r.owner, asc(t.settings.ordinal)),
  notesByOwner: group(t.notes, t.notes.owner, (r) => r.owner, asc(t.notes.ordinal)),
  updatesByVersion: group(t.windowsUpdates, t.windowsUpdates.versionSlug, (r) => r.versionSlug, asc(t.windowsUpdates.revision)),
  modesByPlugin: group(t.pluginModes, t.pluginModes.pluginSlug, (r) => r.pluginSlug, asc(t.pluginModes.ordinal)),
  pluginsByMode: group(t.pluginModes, t.pluginModes.modeSlug, (r) => r.modeSlug, asc(t.pluginModes.id)),
  environmentsByPlugin: group(t.pluginEnvironments, t.pluginEnvironments.pluginSlug, (r) => r.pluginSlug, asc(t.pluginEnvironments.id)),
  ipamByPlugin: group(t.pluginIpam, t.pluginIpam.pluginSlug, (r) => r.pluginSlug, asc(t.pluginIpam.ordinal)),
  restrictionsByIpam: group(t.ipamRestrictions, t.ipamRestrictions.ipamSlug, (r) => r.ipamSlug, asc(t.ipamRestrictions.ordinal)),
  requiresByFeature: group(t.featureRequires, t.featureRequires.featureSlug, (r) => r.featureSlug, asc(t.featureRequires.ordinal)),
  limitationsByPlugin: group(t.limitationPlugins, t.limitationPlugins.targetSlug, (r) => r.targetSlug, asc(t.limitationPlugins.limitationSlug)),
  limitationsByMode: group(t.limitationModes, t.limitationModes.targetSlug, (r) => r.targetSlug, asc(t.limitationModes.limitationSlug)),
  scopeEnvironments: group(
    t.limitationEnvironments,
    t.limitationEnvironments.limitationSlug,
    (r) => r.limitationSlug,
    asc(t.limitationEnvironments.targetSlug),
  ),
  scopePlugins: group(t.limitationPlugins, t.limitationPlugins.limitationSlug, (r) => r.limitationSlug, asc(t.limitationPlugins.targetSlug)),
  scopeModes: group(t.limitationModes, t.limitationModes.limitationSlug, (r) => r.limitationSlug, asc(t.limitationModes.targetSlug)),
  scopeFeatures: group(t.limitationFeatures, t.limitationFeatures.limitationSlug, (r) => r.limitationSlug, asc(t.limitationFeatures.targetSlug)),
  scopeServiceTypes: group(
    t.limitationServiceTypes,
    t.limitationServiceTypes.limitationSlug,
    (r) => r.limitationSlug,
    asc(t.limitationServiceTypes.targetSlug),
  ),
  mitigationsByLimitation: group(
    t.limitationMitigations,
    t.limitationMitigations.limitationSlug,
    (r) => r.limitationSlug,
    asc(t.limitationMitigations.targetSlug),
  ),
  confirmationsByLimitation: group(
    t.limitationBuildConfirmations,
    t.limitationBuildConfirmations.limitationSlug,
    (r) => r.limitationSlug,
    asc(t.limitationBuildConfirmations.targetSlug),
  ),
  onlyInByPlugin: group(t.pluginOnlyIn, t.pluginOnlyIn.pluginSlug, (r) => r.pluginSlug, asc(t.pluginOnlyIn.environmentSlug)),
  nodeOsSupportByVersion: group(t.nodeOsSupport, t.nodeOsSupport.windowsVersionSlug, (r) => r.windowsVersionSlug, asc(t.nodeOsSupport.ordinal)),
  nodeOsSupportByEnvironment: group(t.nodeOsSupport, t.nodeOsSupport.environmentSlug, (r) => r.environmentSlug, asc(t.nodeOsSupport.ordinal)),
  defaultsByFeature: group(t.featureDefaults, t.featureDefaults.featureSlug, (r) => r.featureSlug, asc(t.featureDefaults.ordinal)),
  defaultEnvironments: group(
    t.featureDefaultEnvironments,
    t.featureDefaultEnvironments.defaultSlug,
    (r) => r.defaultSlug,
    asc(t.featureDefaultEnvironments.environmentSlug),
  ),
  defaultsByEnvironment: group(
    t.featureDefaultEnvironments,
    t.featureDefaultEnvironments.environmentSlug,
    (r) => r.environmentSlug,
    asc(t.featureDefaultEnvironments.defaultSlug),
  ),
  rowsByComparison: group(t.comparisonRows, t.comparisonRows.comparisonSlug, (r) => r.comparisonSlug, asc(t.comparisonRows.ordinal)),
  valuesByRow: group(t.comparisonValues, t.comparisonValues.rowId, (r) => r.rowId, asc(t.comparisonValues.pluginSlug)),
  featuresAvailableOn,
  // Relations through a link table, read in one statement each.
  modesOfPlugin: through(t.pluginModes, t.pluginModes.pluginSlug, t.pluginModes.modeSlug, t.networkModes, t.networkModes.slug, [asc(t.pluginModes.ordinal)]),
  pluginsOfMode: through(t.pluginModes, t.pluginModes.modeSlug, t.pluginModes.pluginSlug, t.cniPlugins, t.cniPlugins.slug, [asc(t.pluginModes.id)]),
  limitationsOfPlugin: through(t.limitationPlugins, t.limitationPlugins.targetSlug, t.limitationPlugins.limitationSlug, t.limitations, t.limitations.slug, [
    asc(t.limitationPlugins.limitationSlug),
  ]),
  /** Own limitations and those of the plugins a plugin's modes delegate to (a table the build derives). */
  effectiveLimitationsOfPlugin: through(
    t.pluginEffectiveLimitations,
    t.pluginEffectiveLimitations.pluginSlug,
    t.pluginEffectiveLimitations.limitationSlug,
    t.limitations,
    t.limitations.slug,
    [asc(t.pluginEffectiveLimitations.pluginSlug), asc(t.pluginEffectiveLimitations.limitationSlug)],
  ),
  limitationsOfMode: through(t.limitationModes, t.limitationModes.targetSlug, t.limitationModes.limitationSlug, t.limitations, t.limitations.slug, [
    asc(t.limitationModes.limitationSlug),
  ]),
};

type Specs = typeof SPECS;
type LoaderOf<S> = S extends Spec<infer K, unknown, infer V> ? DataLoader<K, V> : never;
export type Loaders = { readonly [N in keyof Specs]: LoaderOf<Specs[N]> };

/** The prepared statements of a database, prepared on first use (a WeakMap: they go with the database). */
const preparedByDb = new WeakMap<KbDatabase, Map<string, Prepared<unknown>>>();

function statementsOf(db: KbDatabase): Map<string, Prepared<unknown>> {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map<string, Prepared<unknown>>()));
  return statements;
}

/**
 * A statement of a database prepared once under `name` (lists, pages, search): drizzle builds and
 * SQLite compiles it on first use, and later requests only bind and step it.
 */
export function preparedStatement<P>(db: KbDatabase, name: string, prepare: () => P): P {
  const statements = statementsOf(db);
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = prepare()) as Prepared<unknown>);
  return statement;
}

/**
 * Every row of `table` in `order`, through a statement prepared once per database, and kept in
 * the row cache (one entry per table and dataset) like a loader's rows.
 */
export function listAll<T extends SQLiteTable>(db: KbDatabase, table: T, order: SQL | AnySQLiteColumn): Row<T>[] {
  const name = `list:${getTableName(table)}`;
  const key = `${datasetKey(db)}\u0000${name}`;
  const cached = rowCache.get(key) as Row<T>[] | undefined;
  if (cached) {
    rowCacheHits++;
    return cached;
  }
  rowCacheMisses++;
  const rows = preparedStatement(db, name, () =>
    db
      .select()
      .from(table as SQLiteTable)
      .orderBy(order)
      .prepare(),
  ).all();
  rowCache.set(key, rows);
  return rows;
}

/** Prepares every loader's statement now, so no request pays for it (the server calls it at start). */
export function prepareLoaders(db: KbDatabase): void {
  const statements = statementsOf(db);
  for (const [name, spec] of Object.entries(SPECS)) if (!statements.has(name)) statements.set(name, spec.prepare(db));
}

/** Each loader's SQL by name, for the query-plan test (every batch must search an index). */
export function loaderStatements(db: KbDatabase): Record<string, string> {
  prepareLoaders(db);
  const statements = statementsOf(db);
  return Object.fromEntries(Object.keys(SPECS).map((name) => [name, statements.get(name)!.sql]));
}

/**
 * Values a loader returned, by dataset, loader and key, for the whole process: the data is
 * immutable while a dataset is served, so they are never stale. Bounded by entries (a value is
 * one row or one key's list of rows), least recently used first out; unknown keys are kept too
 * (as null or []), so a client repeating them does not reach SQLite either. Values are shared
 * between requests: resolvers must not change them (none does; they map into new objects).
 */
export const ROW_CACHE_ENTRIES = 50_000;
/**
 * And by estimated bytes: keys come from clients (an unknown slug is kept too), and a key can be as
 * long as the request body allows, so 50,000 of them must not mean 50,000 long strings. A key
 * counts two bytes a character, a row about 512 bytes.
 */
export const ROW_CACHE_BYTES = 32 * 1024 * 1024;
const ROW_BYTES = 512;
const rowCache = new LRUCache<string, object>({
  max: ROW_CACHE_ENTRIES,
  maxSize: ROW_CACHE_BYTES,
  maxEntrySize: ROW_CACHE_BYTES / 8,
  sizeCalculation: (value, key) => 2 * key.length + (Array.isArray(value) ? 64 + value.length * ROW_BYTES : ROW_BYTES),
});
let rowCacheHits = 0;
let rowCacheMisses = 0;

/** The row cache's hits and misses (one per key a batch asked for) since the process started, and its entries now. */
export function rowCacheStats(): { hits: number; misses: number; entries: number } {
  return { hits: rowCacheHits, misses: rowCacheMisses, entries: rowCache.size };
}

/** Empties the row cache (tests that count the statements of a cold request). */
export function clearRowCache(): void {
  rowCache.clear();
}

/** The dataset a database holds, as the row cache's key prefix: its version and build time, read once per database. */
const datasetOf = new WeakMap<KbDatabase, string>();
function datasetKey(db: KbDatabase): string {
  let key = datasetOf.get(db);
  if (key === undefined) {
    const meta = Object.fromEntries(
      db
        .select()
        .from(t.datasetMeta)
        .all()
        .map((r) => [r.key, r.value]),
    );
    datasetOf.set(db, (key = `${meta.datasetVersion}@${meta.builtAt}`));
  }
  return key;
}

/**
 * A request's DataLoader over one prepared statement, read through the row cache: the keys the
 * cache holds are answered from it, the rest in one statement (bound as one JSON parameter).
 */
function batchLoader(spec: Spec<Key, unknown, unknown>, statement: Prepared<unknown>, prefix: string): DataLoader<Key, unknown> {
  return new DataLoader<Key, unknown>(async (keys) => {
    const values = new Array<unknown>(keys.length);
    let missing: Key[] | undefined;
    let missingAt: number[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const value = rowCache.get(prefix + keys[i]);
      if (value !== undefined) values[i] = value === NULL ? null : value;
      else {
        (missing ??= []).push(keys[i]!);
        (missingAt ??= []).push(i);
      }
    }
    rowCacheHits += keys.length - (missing?.length ?? 0);
    if (missing) {
      rowCacheMisses += missing.length;
      const read = spec.assemble(missing, statement.all({ keys: JSON.stringify(missing) }));
      for (let j = 0; j < missing.length; j++) {
        const value = read[j];
        values[missingAt![j]!] = value;
        // null (an unknown key) is kept as such; LRUCache holds objects only.
        rowCache.set(prefix + missing[j], value ?? NULL);
      }
    }
    return values;
  });
}
/** The row cache's stand-in for null (an unknown key). */
const NULL = Object.freeze({});

/**
 * A request's loaders. Each DataLoader is created on first use, so a request pays only for the
 * relations it touches, and its cache lives as long as the request.
 */
class RequestLoaders {
  constructor(
    readonly statements: Map<string, Prepared<unknown>>,
    readonly db: KbDatabase,
    readonly dataset: string,
  ) {}
}
for (const [name, spec] of Object.entries(SPECS) as [string, Spec<Key, unknown, unknown>][]) {
  Object.defineProperty(RequestLoaders.prototype, name, {
    get(this: RequestLoaders) {
      let statement = this.statements.get(name);
      if (!statement) this.statements.set(name, (statement = spec.prepare(this.db)));
      const loader = batchLoader(spec, statement, `${this.dataset}\u0000${name}\u0000`);
      Object.defineProperty(this, name, { value: loader });
      return loader;
    },
  });
}

/** Fresh loaders for one request (the context factory calls this per request). */
export function requestLoaders(db: KbDatabase): Loaders {
  return new RequestLoaders(statementsOf(db), db, datasetKey(db)) as unknown as Loaders;
}
