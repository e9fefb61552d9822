/**
 * A validator for SARIF 2.1.0 logs: the official JSON Schema (OASIS, a byte-for-byte copy in
 * test/fixtures/sarif-schema-2.1.0.json; provenance in test/fixtures/scan/README.md).
 *
 * The schema is draft-04 and Ajv 8 does not ship draft-04: its `$schema` and `id` are dropped before
 * compiling (the keywords it uses mean the same in draft-07), and `unicodeRegExp` is off because the
 * `language` pattern is not a valid Unicode-mode regular expression. ajv-formats checks uri,
 * uri-reference and date-time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

export const SARIF_SCHEMA_PATH = 'test/fixtures/sarif-schema-2.1.0.json';

// ajv-formats is CommonJS with a default export; under ESM interop it can arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export function sarifValidator(): ValidateFunction {
  const text = readFileSync(join(PROJECT_ROOT, SARIF_SCHEMA_PATH), 'utf8');
  const schema = JSON.parse(text) as Record<string, unknown>;
  expect(schema.title).toBe('Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema');
  delete schema.$schema;
  delete schema.id;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

export const errorsOf = (validate: ValidateFunction) => (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('\n');
