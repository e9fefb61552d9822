/** The server opens only complete databases of the expected schema, read-only. */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnusableError, openDatabase } from '../../src/db/open.js';
import { testDatabasePath } from '../support/fixtures.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-open-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('opens the built database read-only', () => {
    const db = openDatabase(testDatabasePath());
    expect(() => db.sqlite.exec("INSERT INTO dataset_meta VALUES ('x', 'y')")).toThrow(/readonly/);
    db.close();
  });

  it('refuses a missing file with a message that says how to fix it', () => {
    expect(() => openDatabase(join(dir, 'absent.sqlite'))).toThrow(/does not exist.*npm run db:build/);
  });

  it('refuses a file that is not a database', () => {
    const path = join(dir, 'garbage.sqlite');
    writeFileSync(path, 'this is not sqlite'.repeat(100));
    expect(() => openDatabase(path)).toThrow(DatabaseUnusableError);
  });

  it('refuses a database of another schema version', () => {
    const path = join(dir, 'old.sqlite');
    copyFileSync(testDatabasePath(), path);
    const rw = new Database(path);
    rw.prepare("UPDATE dataset_meta SET value = '0000_older' WHERE key = 'schemaVersion'").run();
    rw.close();
    expect(() => openDatabase(path)).toThrow(/schema is 0000_older but this code needs/);
  });

  it('refuses an empty SQLite database', () => {
    const path = join(dir, 'empty.sqlite');
    new Database(path).close();
    expect(() => openDatabase(path)).toThrow(/not a winnet-kb database/);
  });
});
