/** Where the project's files are, whether running from src/ (tsx, vitest) or dist/src/ (node). */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'tsconfig.build.json')) === false) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no project root above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const SEEDS_DIR = join(PROJECT_ROOT, 'seeds');
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');
/** The embedded database; DATABASE_PATH overrides it. */
export const DEFAULT_DATABASE_PATH = resolve(process.env.DATABASE_PATH ?? join(PROJECT_ROOT, 'data', 'winnet-kb.sqlite'));
