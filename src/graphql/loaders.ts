/**
 * Per-request DataLoaders. Every relation is fetched with one batched `WHERE key IN (...)`
 * query per request and tick, so a nested query costs a fixed number of statements however
 * many rows it touches. Loaders are created lazily: a request pays only for what it uses.
 */
import DataLoader from 'dataloader';
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { KbDatabase } from '../db/open.js';
import * as t from '../db/tables.js';
import type { Citation } from '../domain/knowledge.js';

type Row<T extends SQLiteTable> = T['$inferSelect'];

/** Loads rows of `table` whose `column` is one of the keys, grouped by key (order: `order`). */
function groupLoader<T extends SQLiteTable, K extends string | number>(db: KbDatabase, table: T, column: AnySQLiteColumn, key: (row: Row<T>) => K, order: SQL | AnySQLiteColumn) {
  return new DataLoader<K, Row<T>[]>(async (keys) => {
    const rows = (await db.select().from(table as SQLiteTable).where(inArray(column, keys as K[])).orderBy(order)) as Row<T>[];
    const groups = new Map<K, Row<T>[]>();
    for (const row of rows) {
      const k = key(row);
      const list = groups.get(k);
      if (list) list.push(row);
      else groups.set(k, [row]);
    }
    return keys.map((k) => groups.get(k) ?? []);
  });
}

/** Loads single rows by a unique key; unknown keys resolve to null. */
function uniqueLoader<T extends SQLiteTable>(db: KbDatabase, table: T, column: AnySQLiteColumn, key: (row: Row<T>) => string) {
  return new DataLoader<string, Row<T> | null>(async (keys) => {
    const rows = (await db.select().from(table as SQLiteTable).where(inArray(column, keys as string[]))) as Row<T>[];
    const byKey = new Map(rows.map((r) => [key(r), r]));
    return keys.map((k) => byKey.get(k) ?? null);
  });
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
    instanceType: () => uniqueLoader(db, t.instanceTypes, t.instanceTypes.name, (r) => r.name),
    rowsByComparison: () => groupLoader(db, t.comparisonRows, t.comparisonRows.comparisonSlug, (r) => r.comparisonSlug, asc(t.comparisonRows.ordinal)),
    valuesByRow: () => groupLoader(db, t.comparisonValues, t.comparisonValues.rowId, (r) => r.rowId, asc(t.comparisonValues.pluginSlug)),
  };
}

type Factories = ReturnType<typeof createLoaders>;
export type Loaders = { [K in keyof Factories]: ReturnType<Factories[K]> } & {
  /** Citations of any owner, as the domain's Citation shape. */
  citations(ownerKey: string): Promise<Citation[]>;
};

/** A fresh set of loaders for one request; each loader is built on first use. */
export function requestLoaders(db: KbDatabase): Loaders {
  const factories = createLoaders(db);
  const built = new Map<string, unknown>();
  const target = {
    async citations(ownerKey: string): Promise<Citation[]> {
      const rows = await (proxy as Loaders).citationRows.load(ownerKey);
      return rows.map((r) => ({ doc: r.documentSlug, section: r.section, ...(r.note ? { note: r.note } : {}) }));
    },
  };
  const proxy: unknown = new Proxy(target, {
    get(obj, name: string) {
      if (name in obj) return obj[name as keyof typeof obj];
      if (!built.has(name)) {
        const make = factories[name as keyof Factories];
        if (!make) return undefined;
        built.set(name, make());
      }
      return built.get(name);
    },
  });
  return proxy as Loaders;
}
