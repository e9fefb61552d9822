/**
 * The schema version a database must carry to be served: the tag of the newest migration. A
 * database built before a migration was added is refused with a message saying so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from './paths.js';

export function expectedSchemaVersion(migrationsDir = MIGRATIONS_DIR): string {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`no migrations in ${migrationsDir}`);
  return last.tag;
}
