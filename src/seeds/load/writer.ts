/**
 * What every step of ../load.ts writes with: the database, the ids of sub-records (handed out in
 * load order, so that their citations can point at them), and the writers of the records many
 * entities own (citations, settings, notes).
 */
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { Citation, SettingSeed } from '../schema.js';

export type Db = BetterSQLite3Database<typeof t>;

export interface SeedWriter {
  db: Db;
  /** The next id of a sub-record (settings, notes, updates, plugin modes and environments, ...). */
  newId: () => number;
  /** Writes the citations of an owner key (owners.ts), in their order. */
  cite: (ownerKey: string, sources: readonly Citation[] | undefined) => void;
  /** Writes an owner's settings, each with its citations. */
  addSettings: (ownerKey: string, list: readonly SettingSeed[]) => void;
  /** Writes an owner's notes, each with its citations. */
  addNotes: (ownerKey: string, list: readonly { text: string; sources: Citation[] }[]) => void;
}

export function seedWriter(db: Db): SeedWriter {
  let nextId = 1;
  const newId = () => nextId++;
  const cite = (ownerKey: string, sources: readonly Citation[] | undefined) =>
    sources?.forEach((c, ordinal) =>
      db
        .insert(t.citations)
        .values({ owner: ownerKey, ordinal, documentSlug: c.doc, section: c.section, note: c.note ?? null })
        .run(),
    );
  const addSettings = (ownerKey: string, list: readonly SettingSeed[]) =>
    list.forEach((s, ordinal) => {
      const id = newId();
      db.insert(t.settings)
        .values({
          id,
          owner: ownerKey,
          ordinal,
          kind: s.kind,
          key: s.key,
          value: s.value,
          target: s.target ?? null,
          kubernetesMin: s.kubernetes?.min ?? null,
          kubernetesMax: s.kubernetes?.max ?? null,
          buildFrom: s.windowsBuilds?.from ?? null,
          buildBefore: s.windowsBuilds?.before ?? null,
          note: s.note ?? null,
          ipAddressMode: s.ipAddressMode ?? null,
        })
        .run();
      cite(owner.setting(id), s.sources);
    });
  const addNotes = (ownerKey: string, list: readonly { text: string; sources: Citation[] }[]) =>
    list.forEach((n, ordinal) => {
      const id = newId();
      db.insert(t.notes).values({ id, owner: ownerKey, ordinal, text: n.text }).run();
      cite(owner.note(id), n.sources);
    });
  return { db, newId, cite, addSettings, addNotes };
}
