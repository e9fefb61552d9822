/**
 * JSON Schemas of the seed files, derived from the zod schemas in schema.ts (descriptions
 * included), so that an editor with a YAML language server completes and checks fields while a
 * curator types. Each seed file points at its schema in its first line:
 *   # yaml-language-server: $schema=./schemas/<file>.schema.json
 * `npm run seeds:schemas` writes them; test/seeds/json-schemas.test.ts fails when one is stale.
 */
import { z } from 'zod';
import { SEED_FILES, SLUG_PATTERN, type SeedKey } from './schema.js';

export const SCHEMAS_DIR = 'schemas';

export const schemaFileOf = (key: SeedKey) => `${SEED_FILES[key].file.replace(/\.yaml$/, '')}.schema.json`;

/** The header line a seed file must start with. */
export const schemaHeaderOf = (key: SeedKey) => `# yaml-language-server: $schema=./${SCHEMAS_DIR}/${schemaFileOf(key)}`;

/** A seed file is a mapping from key (slug, or instance-type name) to record. */
export function seedFileJsonSchema(key: SeedKey): Record<string, unknown> {
  const entry = SEED_FILES[key];
  const record = z.toJSONSchema(entry.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema, ...recordSchema } = record;
  const keyPattern: RegExp = 'keyPattern' in entry ? (entry as { keyPattern: RegExp }).keyPattern : SLUG_PATTERN;
  return {
    $schema,
    title: `winnet-kb seeds/${entry.file}`,
    description:
      `Each key is a record's stable ${'keyPattern' in entry ? 'name' : 'slug'}; each value is one record. ` +
      `Generated from src/seeds/schema.ts by npm run seeds:schemas; do not edit.`,
    type: 'object',
    propertyNames: { pattern: keyPattern.source },
    additionalProperties: recordSchema,
  };
}

/** Every seed file's schema as the text written to disk. */
export function renderSeedSchemas(): Map<string, string> {
  return new Map((Object.keys(SEED_FILES) as SeedKey[]).map((key) => [schemaFileOf(key), `${JSON.stringify(seedFileJsonSchema(key), null, 2)}\n`]));
}
