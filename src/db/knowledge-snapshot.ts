/**
 * The knowledge snapshot: what the compatibility engine and the scanner read (the domain's
 * Knowledge) and the source documents their citations name, v8-serialised into one file written
 * beside the database by each build (data/winnet-kb.knowledge.v8 beside data/winnet-kb.sqlite).
 *
 * `winnet-kb check` and `scan` read it instead of loading the knowledge through drizzle: one file
 * read and one deserialise, no ORM. It is used only when it belongs to the database it sits
 * beside: the snapshot records the database's dataset version and build time, and both are
 * compared with the database's own dataset_meta (read with a bare SQLite statement) on every
 * read. Any other answer (no snapshot, another build, an unreadable file, another format) is
 * null, and the caller loads the knowledge from the database as before, so it is never stale.
 * This module is what the CLI loads: the writer that reads the database through drizzle is
 * knowledge.ts's writeKnowledgeSnapshot.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import Database from 'better-sqlite3';
import type { Knowledge } from '../domain/knowledge.js';
import { runtimeProblem } from './runtime.js';
import { expectedSchemaVersion } from './schema-version.js';

/** The source documents by slug: what a citation's `document` names. */
export type SourceDocuments = ReadonlyMap<string, { slug: string; title: string; url: string }>;

/** Bumped whenever the shape of Knowledge or of the file changes, so an old file is not read as new. */
const SNAPSHOT_FORMAT = 1;

export interface KnowledgeSnapshot {
  knowledge: Knowledge;
  documents: SourceDocuments;
}

interface SnapshotFile extends KnowledgeSnapshot {
  format: number;
  datasetVersion: string;
  builtAt: string;
  schemaVersion: string;
}

/** data/winnet-kb.sqlite -> data/winnet-kb.knowledge.v8 */
export function snapshotPathOf(databasePath: string): string {
  return `${databasePath.replace(/\.sqlite$/, '')}.knowledge.v8`;
}

/** Writes a snapshot file to `target`, atomically (a temporary file renamed over it). */
export function writeSnapshotFile(snapshot: KnowledgeSnapshot, meta: { datasetVersion: string; builtAt: string; schemaVersion: string }, target: string): void {
  const { datasetVersion, builtAt, schemaVersion } = meta;
  const file: SnapshotFile = { format: SNAPSHOT_FORMAT, datasetVersion, builtAt, schemaVersion, ...snapshot };
  const temp = `${target}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(temp, serialize(file));
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The database's dataset_meta, read with one statement; null when it cannot be read (the caller's full open says why). */
function databaseMeta(databasePath: string): Record<string, string> | null {
  // The full open refuses a runtime whose binding would crash; here that is only a reason not to read.
  if (runtimeProblem() !== null) return null;
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
    const rows = sqlite.prepare('SELECT key, value FROM dataset_meta').all() as { key: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } catch {
    return null;
  } finally {
    sqlite?.close();
  }
}

/** The snapshot beside the database when it was written by the build of exactly that database, else null. */
export function readKnowledgeSnapshot(databasePath: string): (KnowledgeSnapshot & { datasetVersion: string }) | null {
  let file: SnapshotFile;
  try {
    file = deserialize(readFileSync(snapshotPathOf(databasePath))) as SnapshotFile;
  } catch {
    return null;
  }
  if (file?.format !== SNAPSHOT_FORMAT) return null;
  const meta = databaseMeta(databasePath);
  if (!meta || meta.datasetVersion !== file.datasetVersion || meta.builtAt !== file.builtAt) return null;
  if (meta.schemaVersion !== file.schemaVersion || file.schemaVersion !== expectedSchemaVersion()) return null;
  return { knowledge: file.knowledge, documents: file.documents, datasetVersion: file.datasetVersion };
}
