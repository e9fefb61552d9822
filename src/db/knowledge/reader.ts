/**
 * What every part of the engine's snapshot reads with: the database, the citations by owner key,
 * the settings by owner key, and the helpers that group rows. One module per entity
 * (./<entity>.ts) reads its tables through it; ../knowledge.ts puts the parts together.
 */
import { asc, sql } from 'drizzle-orm';
import type { Citation, SettingFact } from '../../domain/knowledge.js';
import type { KbDatabase } from '../open.js';
import { owner } from '../owners.js';
import { settingFromRow } from '../settings.js';
import * as t from '../tables.js';

/** Insertion order, for tables whose seeds' order is their only order. */
export const insertionOrder = sql`rowid`;

/** Rows grouped by a key, each mapped, in the rows' order. */
export function group<R, K, V>(rows: readonly R[], key: (row: R) => K, map: (row: R) => V): Map<K, V[]> {
  const grouped = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = grouped.get(k);
    if (list) list.push(map(row));
    else grouped.set(k, [map(row)]);
  }
  return grouped;
}

/** A limitation's scope links of one dimension: limitation slug -> target slugs, in insertion order. */
export function links(db: KbDatabase, table: typeof t.limitationPlugins): Map<string, string[]> {
  const rows = db.select().from(table).orderBy(insertionOrder).all();
  return group(
    rows,
    (r) => r.limitationSlug,
    (r) => r.targetSlug,
  );
}

export interface KnowledgeReader {
  db: KbDatabase;
  /** The citations of an owner key (owners.ts), in their order; none when it has none. */
  cite: (key: string) => Citation[];
  /** The settings by owner key, each with its citations. */
  settings: Map<string, SettingFact[]>;
  /** Every scope-source citation of one record, whatever the dimension. */
  scopeSources: (record: 'limitation' | 'feature-default', slug: string) => Citation[];
}

/** Reads the citations and settings every entity cites, once. */
export function knowledgeReader(db: KbDatabase): KnowledgeReader {
  const citations = group(
    db.select().from(t.citations).orderBy(asc(t.citations.owner), asc(t.citations.ordinal)).all(),
    (r) => r.owner,
    (r): Citation => ({ doc: r.documentSlug, section: r.section, ...(r.note ? { note: r.note } : {}) }),
  );
  const cite = (key: string) => citations.get(key) ?? [];

  const settings = group(
    db.select().from(t.settings).orderBy(asc(t.settings.owner), asc(t.settings.ordinal)).all(),
    (r) => r.owner,
    (r) => settingFromRow(r, cite(owner.setting(r.id))),
  );

  const scopeSources = (record: 'limitation' | 'feature-default', slug: string): Citation[] => {
    const prefix = owner.scopeSource(record, slug, '');
    return [...citations].filter(([key]) => key.startsWith(prefix)).flatMap(([, list]) => list);
  };
  return { db, cite, settings, scopeSources };
}
