/**
 * `npm run seeds:schemas`: writes seeds/schemas/*.schema.json from the zod schemas and makes each
 * seed file start with the yaml-language-server line that points at its schema.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEEDS_DIR } from '../../db/paths.js';
import { renderSeedSchemas, SCHEMAS_DIR, schemaHeaderOf } from '../json-schemas.js';
import { SEED_FILES, type SeedKey } from '../schema.js';

const dir = join(SEEDS_DIR, SCHEMAS_DIR);
mkdirSync(dir, { recursive: true });
for (const [file, text] of renderSeedSchemas()) writeFileSync(join(dir, file), text);
for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
  const path = join(SEEDS_DIR, SEED_FILES[key].file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const header = schemaHeaderOf(key);
  if (lines[0] === header) continue;
  writeFileSync(path, [header, ...(lines[0]?.startsWith('# yaml-language-server:') ? lines.slice(1) : lines)].join('\n'));
}
console.log(`wrote ${dir} and the header line of every seed file`);
