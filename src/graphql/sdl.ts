/** The served SDL: every file in schema/, in name order. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../db/paths.js';

export const SCHEMA_DIR = join(PROJECT_ROOT, 'schema');

export function loadSdl(dir = SCHEMA_DIR): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}
