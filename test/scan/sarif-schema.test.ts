/**
 * `winnet-kb scan --output sarif` against the official SARIF 2.1.0 JSON Schema (OASIS, a byte-for-byte
 * copy in test/fixtures/sarif-schema-2.1.0.json; provenance in test/fixtures/scan/README.md).
 *
 * The schema is draft-04 and Ajv 8 does not ship draft-04: its `$schema` and `id` are dropped before
 * compiling (the keywords it uses mean the same in draft-07), and `unicodeRegExp` is off because the
 * `language` pattern is not a valid Unicode-mode regular expression. ajv-formats checks uri,
 * uri-reference and date-time.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const SCHEMA_PATH = 'test/fixtures/sarif-schema-2.1.0.json';
const F = 'test/fixtures/scan';

// ajv-formats is CommonJS with a default export; under ESM interop it can arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function sarifValidator(): ValidateFunction {
  const text = readFileSync(SCHEMA_PATH, 'utf8');
  const schema = JSON.parse(text) as Record<string, unknown>;
  expect(schema.title).toBe('Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema');
  delete schema.$schema;
  delete schema.id;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

const errorsOf = (validate: ValidateFunction) => (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('\n');

describe('SARIF output against the SARIF 2.1.0 schema', () => {
  it('the stored schema is the full official file', () => {
    expect(readFileSync(SCHEMA_PATH).length).toBe(112_768);
  });

  it('the real CLI on the constructed EKS dump prints a valid SARIF log; a broken copy is refused', async () => {
    const validate = sarifValidator();
    const result = await runCli(['scan', `${F}/constructed/eks-cluster.json`, '--output', 'sarif', '--fail-on', 'none']);
    expect(result.code, result.stderr).toBe(0);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    expect(validate(log), errorsOf(validate)).toBe(true);
    const results = log.runs[0]!.results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.ruleId)).toContain('FEATURE_REQUIRES_NEWER_WINDOWS');

    // The same log, broken in ways code scanning would reject: the test can fail.
    const noVersion = structuredClone(log) as Partial<typeof log>;
    delete noVersion.version;
    expect(validate(noVersion)).toBe(false);
    const badLevel = structuredClone(log);
    badLevel.runs[0]!.results[0]!.level = 'fatal';
    expect(validate(badLevel)).toBe(false);
    expect(errorsOf(validate)).toContain('/runs/0/results/0/level');
    const lineZero = structuredClone(log);
    lineZero.runs[0]!.results[0]!.locations[0]!.physicalLocation.region.startLine = 0;
    expect(validate(lineZero)).toBe(false);
  });

  it('a directory of real manifests with a plan, and stdin, also validate', async () => {
    const validate = sarifValidator();
    const dir = await runCli(['scan', `${F}/real`, '--plan', `${F}/plan-2019.yaml`, '--output', 'sarif', '--fail-on', 'none']);
    expect(dir.code, dir.stderr).toBe(0);
    expect(validate(JSON.parse(dir.stdout)), errorsOf(validate)).toBe(true);
    const stdin = await runCli(['scan', '-', '--output', 'sarif', '--fail-on', 'none'], { input: readFileSync(`${F}/constructed/eks-cluster.json`, 'utf8') });
    expect(stdin.code, stdin.stderr).toBe(0);
    expect(validate(JSON.parse(stdin.stdout)), errorsOf(validate)).toBe(true);
  });
});
