/**
 * `npm run db:build [-- --target PATH] [--seeds DIR] [--if-stale]`: build the database from the seeds.
 * With --if-stale (what `npm start` uses) an existing database is kept when it was built from
 * exactly these seeds with this schema. Broken seeds are listed (file > record > field: reason)
 * and the previous database is kept. Then a plain build exits 1; with --if-stale, when the kept
 * database opens, it exits 0 after a loud warning, so `npm start` serves the good database
 * rather than nothing (without one it still exits 1).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildDatabase, stalenessOf } from '../build.js';
import { readKnowledgeSnapshot } from '../../db/knowledge-snapshot.js';
import { openDatabase } from '../../db/open.js';
import { DEFAULT_DATABASE_PATH, SEEDS_DIR } from '../../db/paths.js';
import { SeedError } from '../read.js';

const { values } = parseArgs({ options: { target: { type: 'string' }, seeds: { type: 'string' }, 'if-stale': { type: 'boolean' } } });
const target = values.target ?? DEFAULT_DATABASE_PATH;
const seedsDir = values.seeds ?? SEEDS_DIR;

/** Why the database must be (re)built, or null when it is current. */
function staleReason(): string | null {
  if (!existsSync(target)) return 'no database yet';
  try {
    const db = openDatabase(target);
    const built = db.meta.datasetVersion;
    db.close();
    // The CLI's knowledge snapshot (src/db/knowledge-snapshot.ts) is part of the build.
    return stalenessOf(built, seedsDir) ?? (readKnowledgeSnapshot(target) ? null : 'no current knowledge snapshot beside it');
  } catch (error) {
    return (error as Error).message;
  }
}

/** The dataset version of the database at the target when it opens (a good one), else null. */
function usableDatabase(): string | null {
  if (!existsSync(target)) return null;
  try {
    const db = openDatabase(target);
    const version = db.meta.datasetVersion;
    db.close();
    return version;
  } catch {
    return null;
  }
}

const reason = values['if-stale'] ? staleReason() : 'requested';
if (reason === null) {
  console.log(`database is current: ${target}`);
} else {
  try {
    const result = buildDatabase({ target, seedsDir });
    const total = Object.values(result.records).reduce((a, b) => a + b, 0);
    console.log(`built ${result.target} (${reason}; dataset ${result.datasetVersion}, ${total} records) in ${result.milliseconds.toFixed(0)} ms`);
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(`seeds are invalid; ${existsSync(target) ? `kept the previous database ${target}` : 'no database written'}`);
      console.error(error.message);
    } else {
      console.error(`database build failed: ${(error as Error).message}`);
    }
    const kept = values['if-stale'] ? usableDatabase() : null;
    if (kept === null) process.exit(1);
    const rule = '!'.repeat(78);
    console.error(
      [
        rule,
        `WARNING: the database was NOT rebuilt (${reason}), and the build above failed.`,
        `Keeping the previous database, dataset ${kept}, without the current seeds: \`npm start\` serves it.`,
        'Fix the seeds and run `npm run db:build` (or restart) to serve them.',
        rule,
      ].join('\n'),
    );
  }
}
