/**
 * `winnet-kb scan --output sarif` against the official SARIF 2.1.0 JSON Schema (OASIS, a byte-for-byte
 * copy in test/fixtures/sarif-schema-2.1.0.json; provenance in test/fixtures/scan/README.md; the
 * validator is test/support/sarif.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';
import { errorsOf, SARIF_SCHEMA_PATH as SCHEMA_PATH, sarifValidator } from '../support/sarif.js';

vi.setConfig({ testTimeout: 120_000 });

const F = 'test/fixtures/scan';

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
