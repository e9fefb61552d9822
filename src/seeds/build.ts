/**
 * Builds the database from the seeds, atomically.
 *
 * Seeds are read, validated and linted before any file is touched. The database is then
 * written to a temporary file beside the target (same directory, so rename is atomic),
 * migrated, loaded in one transaction, checked (foreign keys, integrity) and only then renamed
 * over the target. Any failure, or a kill at any point, leaves the previous database as it was.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { currentDatasetVersion } from './dataset-version.js';
import { loadSeeds } from './load.js';
import { assertSupportedRuntime } from '../db/runtime.js';
import { buildSearchIndex } from '../db/search-index.js';
import { writeKnowledgeSnapshot } from '../db/knowledge.js';
import { snapshotPathOf } from '../db/knowledge-snapshot.js';
import { openDatabase } from '../db/open.js';
import { MIGRATIONS_DIR, SEEDS_DIR } from '../db/paths.js';
import { expectedSchemaVersion } from '../db/schema-version.js';
import { SeedError, readSeeds } from './read.js';
import { lintSeeds } from './lint/index.js';
import type { SeedSet } from './schema.js';
import { kubernetesVersionsIn, newestKubernetes, newestRelease } from '../domain/horizon.js';
import * as tables from '../db/tables.js';

export interface BuildOptions {
  target: string;
  seedsDir?: string;
  migrationsDir?: string;
  /** Test hook: runs inside the load transaction, after the seeds are written. */
  afterLoad?: () => void;
}

export interface BuildResult {
  target: string;
  datasetVersion: string;
  builtAt: string;
  records: Record<string, number>;
  milliseconds: number;
}

/** How far the seeds' knowledge reaches (src/domain/horizon.ts), stored with the dataset's other metadata. */
export function horizonOf(seeds: SeedSet): { kubernetesHorizon: string; windowsHorizon: string; knowledgeDate: string } {
  const dates = [...seeds.sources.values()].flatMap((s) => (s.revisionDate ? [s.revisionDate] : []));
  if (dates.length === 0) throw new Error('sources.yaml: no source gives a revisionDate, so the dataset cannot say how far its knowledge reaches');
  return {
    kubernetesHorizon: newestKubernetes(kubernetesVersionsIn(seeds)),
    windowsHorizon: newestRelease([...seeds.windowsVersions].map(([slug, v]) => ({ slug, build: v.build, released: v.released }))).slug,
    knowledgeDate: dates.sort().at(-1)!,
  };
}

/** Temp files of builds whose process is gone (killed mid-build) are removed; live ones are left alone. */
function removeAbandonedBuilds(target: string): void {
  const prefix = `${basename(target)}.building-`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid === process.pid || (Number.isInteger(pid) && isAlive(pid))) continue;
    rmSync(join(dirname(target), name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export { currentDatasetVersion, stalenessOf } from './dataset-version.js';

export function buildDatabase(options: BuildOptions): BuildResult {
  assertSupportedRuntime();
  const started = performance.now();
  const seedsDir = options.seedsDir ?? SEEDS_DIR;
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const { seeds, problems } = readSeeds(seedsDir);
  if (problems.length > 0) throw new SeedError(problems);
  const lintProblems = lintSeeds(seeds);
  if (lintProblems.length > 0) throw new SeedError(lintProblems);

  const datasetVersion = currentDatasetVersion(seedsDir);
  const builtAt = new Date().toISOString();

  mkdirSync(dirname(options.target), { recursive: true });
  removeAbandonedBuilds(options.target);
  removeAbandonedBuilds(snapshotPathOf(options.target));
  const temp = `${options.target}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const sqlite = new Database(temp);
    try {
      // A rollback journal (not WAL) keeps the finished database a single self-contained file.
      sqlite.pragma('journal_mode = DELETE');
      sqlite.pragma('foreign_keys = ON');
      const db = drizzle(sqlite, { schema: tables });
      migrate(db, { migrationsFolder: migrationsDir });
      sqlite.transaction(() => {
        loadSeeds(db, seeds);
        // Full-text search over what was just loaded (not a migration: see search-index.ts).
        buildSearchIndex(sqlite);
        const meta = { datasetVersion, builtAt, schemaVersion: expectedSchemaVersion(migrationsDir), ...horizonOf(seeds) };
        for (const [key, value] of Object.entries(meta)) db.insert(tables.datasetMeta).values({ key, value }).run();
        options.afterLoad?.();
      })();
      const dangling = sqlite.pragma('foreign_key_check') as unknown[];
      if (dangling.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(dangling.slice(0, 5))}`);
      const integrity = sqlite.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`integrity check failed: ${String(integrity)}`);
      sqlite.exec('VACUUM');
    } finally {
      sqlite.close();
    }
    const fd = openSync(temp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, options.target);
  } catch (error) {
    rmSync(temp, { force: true });
    rmSync(`${temp}-journal`, { force: true });
    throw error;
  }
  // What `winnet-kb check` and `scan` read instead of the database (src/db/knowledge-snapshot.ts),
  // from the database as it is served; it names this build, so a snapshot of another is never used.
  const built = openDatabase(options.target, { migrationsDir });
  try {
    writeKnowledgeSnapshot(built, snapshotPathOf(options.target));
  } finally {
    built.close();
  }
  const records = Object.fromEntries(Object.entries(seeds).map(([k, m]) => [k, m.size]));
  return { target: options.target, datasetVersion, builtAt, records, milliseconds: performance.now() - started };
}
