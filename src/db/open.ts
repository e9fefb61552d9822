/**
 * Opens a built database for serving: read-only, and only if it is complete and of the schema
 * this code expects. Each refusal says what is wrong and how to fix it.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { assertSupportedRuntime } from './runtime.js';
import { expectedSchemaVersion } from './schema-version.js';
import * as tables from './tables.js';
import { SEARCH_TABLE } from './search-index.js';

export type KbDatabase = BetterSQLite3Database<typeof tables>;

export class DatabaseUnusableError extends Error {
  constructor(path: string, reason: string) {
    super(`database ${path} cannot be served: ${reason}. Rebuild it with \`npm run db:build\`.`);
    this.name = 'DatabaseUnusableError';
  }
}

export interface OpenDatabase {
  db: KbDatabase;
  sqlite: Database.Database;
  meta: { datasetVersion: string; builtAt: string; schemaVersion: string; kubernetesHorizon: string; windowsHorizon: string; knowledgeDate: string };
  /** Number of SQL statements run so far (for tests that prove there is no N+1); a plain function, passed on unbound. */
  statementCount: () => number;
  close(): void;
}

export function openDatabase(path: string, options: { migrationsDir?: string } = {}): OpenDatabase {
  if (!existsSync(path)) throw new DatabaseUnusableError(path, 'the file does not exist');
  assertSupportedRuntime();
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new DatabaseUnusableError(path, `SQLite could not open it (${(error as Error).message})`);
  }
  try {
    // Nothing writes this file in place (a build renames a new file over the path), so the
    // connection keeps its shared lock instead of taking and checking it around every statement:
    // a point lookup costs 3 us instead of 14 (measured on the build machine).
    sqlite.pragma('locking_mode = EXCLUSIVE');
    let statements = 0;
    const db = drizzle(sqlite, { schema: tables, logger: { logQuery: () => void statements++ } });
    let rows: { key: string; value: string }[];
    try {
      rows = sqlite.prepare('SELECT key, value FROM dataset_meta').all() as { key: string; value: string }[];
    } catch (error) {
      throw new DatabaseUnusableError(path, `it is not a winnet-kb database or it is damaged (${(error as Error).message})`);
    }
    const meta = Object.fromEntries(rows.map((r) => [r.key, r.value])) as OpenDatabase['meta'];
    const expected = expectedSchemaVersion(options.migrationsDir);
    if (meta.schemaVersion !== expected)
      throw new DatabaseUnusableError(path, `its schema is ${meta.schemaVersion ?? 'unknown'} but this code needs ${expected}`);
    if (!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(SEARCH_TABLE))
      throw new DatabaseUnusableError(path, `it has no ${SEARCH_TABLE} table (built before full-text search)`);
    const quick = sqlite.pragma('quick_check', { simple: true });
    if (quick !== 'ok') throw new DatabaseUnusableError(path, `quick_check reported ${String(quick)}`);
    return { db, sqlite, meta, statementCount: () => statements, close: () => sqlite.close() };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
