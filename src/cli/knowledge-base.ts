/**
 * How the CLI opens the embedded knowledge: the snapshot written beside the database by its build
 * (src/db/knowledge-snapshot.ts) when it belongs to that database, else the database itself.
 * Either way a missing, unusable or stale database (built from other seeds than the checked-out
 * ones) is refused with how to rebuild it. Nothing here loads GraphQL: `check` and `scan` start
 * with what they run.
 */
import { existsSync } from 'node:fs';
import { readKnowledgeSnapshot, type SourceDocuments } from '../db/knowledge-snapshot.js';
import { SEEDS_DIR } from '../db/paths.js';
import type { Knowledge } from '../domain/knowledge.js';
import type { OpenDatabase } from '../db/open.js';
import { stalenessOf } from '../seeds/dataset-version.js';
import { CliError } from './errors.js';

const REBUILD = 'build it with `npm run db:build` (or point --database / DATABASE_PATH at a built database)';

/** Why the database no longer matches the checked-out seeds, or null (also when there are no seeds to compare with). */
function staleness(builtVersion: string): string | null {
  if (!existsSync(SEEDS_DIR)) return null;
  try {
    return stalenessOf(builtVersion, SEEDS_DIR);
  } catch {
    return null;
  }
}

/** Opens the database read-only, refusing a missing, unusable or stale one with how to rebuild it. */
export async function openCheckedDatabase(path: string): Promise<OpenDatabase> {
  const { DatabaseUnusableError, openDatabase } = await import('../db/open.js');
  const { UnsupportedRuntimeError } = await import('../db/runtime.js');
  let database: OpenDatabase;
  try {
    database = openDatabase(path);
  } catch (error) {
    if (error instanceof DatabaseUnusableError) {
      const missing = !existsSync(path);
      throw new CliError(missing ? `database ${path} does not exist` : error.message, [REBUILD]);
    }
    if (error instanceof UnsupportedRuntimeError) throw new CliError(error.message);
    throw error;
  }
  const stale = staleness(database.meta.datasetVersion);
  if (stale !== null) {
    database.close();
    throw new CliError(`database ${path} is stale: ${stale}`, [REBUILD]);
  }
  return database;
}

/** The knowledge the engine and the scanner read, and the source documents their citations name. */
export interface KnowledgeBase {
  knowledge: Knowledge;
  documents: SourceDocuments;
}

/** The knowledge of the database at `path`: from its snapshot when that is current, else read from the database. */
export async function openKnowledgeBase(path: string): Promise<KnowledgeBase> {
  const snapshot = readKnowledgeSnapshot(path);
  if (snapshot) {
    const stale = staleness(snapshot.datasetVersion);
    if (stale !== null) throw new CliError(`database ${path} is stale: ${stale}`, [REBUILD]);
    return snapshot;
  }
  const database = await openCheckedDatabase(path);
  try {
    const { loadKnowledge, loadSourceDocuments } = await import('../db/knowledge.js');
    return { knowledge: loadKnowledge(database), documents: loadSourceDocuments(database.db) };
  } finally {
    database.close();
  }
}
