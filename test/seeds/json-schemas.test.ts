/**
 * The seed files' JSON Schemas are generated from the zod schemas (npm run seeds:schemas): the
 * committed files must be current, every seed file must point at its schema, and every field
 * carries a description an editor can show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { renderSeedSchemas, SCHEMAS_DIR, schemaFileOf, schemaHeaderOf, seedFileJsonSchema } from '../../src/seeds/json-schemas.js';
import { SEED_FILES, type SeedKey } from '../../src/seeds/schema.js';

const KEYS = Object.keys(SEED_FILES) as SeedKey[];

describe('seed JSON Schemas', () => {
  it.each([...renderSeedSchemas()])('%s is current (run npm run seeds:schemas after changing schema.ts)', (file, text) => {
    expect(readFileSync(join(SEEDS_DIR, SCHEMAS_DIR, file), 'utf8')).toBe(text);
  });

  it.each(KEYS)('seeds/%s starts with the yaml-language-server line for its schema', (key) => {
    const first = readFileSync(join(SEEDS_DIR, SEED_FILES[key].file), 'utf8').split('\n')[0];
    expect(first).toBe(schemaHeaderOf(key));
    expect(first).toContain(schemaFileOf(key));
  });

  it.each(KEYS)('every field of %s has a description', (key) => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const [k, v] of Object.entries((n.properties as Record<string, Record<string, unknown>>) ?? {})) {
        if (!('description' in v)) missing.push(`${path}.${k}`);
        walk(v, `${path}.${k}`);
      }
      for (const k of ['items', 'additionalProperties']) walk(n[k], `${path}[${k}]`);
      for (const k of ['anyOf', 'oneOf', 'allOf']) ((n[k] as unknown[]) ?? []).forEach((x, i) => walk(x, `${path}<${i}>`));
    };
    walk(seedFileJsonSchema(key), key);
    expect(missing).toEqual([]);
  });

  it('keeps the rules zod checks: key pattern, closed objects, enums', () => {
    const limitations = seedFileJsonSchema('limitations') as {
      propertyNames: { pattern: string };
      additionalProperties: { additionalProperties: boolean; properties: { kind: { enum: string[] } } };
    };
    expect(new RegExp(limitations.propertyNames.pattern).test('host-network-mode')).toBe(true);
    expect(new RegExp(limitations.propertyNames.pattern).test('Host Network')).toBe(false);
    expect(limitations.additionalProperties.additionalProperties).toBe(false);
    expect(limitations.additionalProperties.properties.kind.enum).toEqual(['unsupported', 'known-issue', 'requirement', 'caveat']);
    const ec2 = seedFileJsonSchema('instanceTypes') as { propertyNames: { pattern: string } };
    expect(new RegExp(ec2.propertyNames.pattern).test('m5.large')).toBe(true);
  });
});
