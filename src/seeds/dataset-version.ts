/**
 * The dataset version: the package version and a fingerprint of the seed files. A database
 * carries the version it was built from; one whose version differs from the checked-out seeds'
 * is stale. Kept apart from build.ts (SQLite, drizzle, the seed schema and lint) because the CLI
 * asks this on every run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, SEEDS_DIR } from '../db/paths.js';
import { SEED_FILE_NAMES } from './files.js';

/** A stable fingerprint of the seed files: the dataset version changes exactly when they do. */
function seedHash(seedsDir: string): string {
  const hash = createHash('sha256');
  for (const file of Object.values(SEED_FILE_NAMES))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(seedsDir, file)));
  return hash.digest('hex');
}

/** The dataset version a build of these seeds gets: package version + seed fingerprint. */
export function currentDatasetVersion(seedsDir = SEEDS_DIR): string {
  const packageVersion = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return `${packageVersion}+${seedHash(seedsDir).slice(0, 12)}`;
}

/** Why a database built as `builtVersion` no longer matches the seeds in seedsDir, or null when it does. */
export function stalenessOf(builtVersion: string, seedsDir = SEEDS_DIR): string | null {
  const wanted = currentDatasetVersion(seedsDir);
  return builtVersion === wanted ? null : `it was built from dataset ${builtVersion}, the seeds in ${seedsDir} are now ${wanted}`;
}
