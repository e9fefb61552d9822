/**
 * bench/scale/generate-seeds.ts: a factor-3 dataset passes the seed checks, has three times the
 * records of every cloned file, and each copy references its own copy of the graph.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFactor, generateScaledSeeds, NOT_CLONED, type ScaleResult } from '../../bench/scale/generate-seeds.js';
import { readSeeds } from '../../src/seeds/read.js';
import { references } from '../../src/seeds/lint/references-resolve.js';
import { lintSeeds } from '../../src/seeds/lint/index.js';
import { SEED_FILES, type SeedKey, type SeedSet } from '../../src/seeds/schema.js';
import { architectureOf } from '../../src/domain/instance-types.js';
import { REAL_SEEDS_DIR, realSeeds, record } from '../seeds/support.js';

const FACTOR = 3;
const KEYS = Object.keys(SEED_FILES) as SeedKey[];
let dir: string;
let result: ScaleResult;
let scaled: SeedSet;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-scale-'));
  result = await generateScaledSeeds({ factor: FACTOR, outDir: dir, seedsDir: REAL_SEEDS_DIR });
  const read = readSeeds(dir);
  expect(read.problems).toEqual([]);
  scaled = read.seeds;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generateScaledSeeds, factor 3', () => {
  it('passes every lint rule (what seeds:check and db:build run)', () => {
    expect(lintSeeds(scaled)).toEqual([]);
  });

  it.each(KEYS)('%s: three times the records, or the same when not cloned', (key) => {
    const real = realSeeds()[key].size;
    expect(scaled[key].size).toBe(NOT_CLONED.has(key) ? real : FACTOR * real);
  });

  it('reports the records and files it wrote', () => {
    expect(result.records).toBe(KEYS.reduce((n, key) => n + scaled[key].size, 0));
    expect(result.files.map((f) => f.slice(dir.length + 1)).sort()).toEqual(KEYS.map((k) => SEED_FILES[k].file).sort());
  });

  it("flannel's copy 2 points at copy 2 of its modes, delegates, IPAM and environments", () => {
    const flannel = record(realSeeds().cniPlugins, 'flannel');
    const clone = record(scaled.cniPlugins, 'flannel-x2');
    expect(clone.modes.map((m) => [m.mode, m.delegatesTo])).toEqual(flannel.modes.map((m) => [`${m.mode}-x2`, m.delegatesTo && `${m.delegatesTo}-x2`]));
    expect(clone.ipam).toEqual(flannel.ipam.map((s) => `${s}-x2`));
    expect(clone.environments.map((e) => e.environment)).toEqual(flannel.environments.map((e) => `${e.environment}-x2`));
    expect(clone.modes.length).toBeGreaterThan(0);
  });

  it('every reference from a copy-2 record points into copy 2, or at an original of a table that is not cloned', () => {
    const fromCopy2 = references(scaled).filter((r) => r.record.endsWith('-x2'));
    expect(fromCopy2.length).toBeGreaterThan(50);
    for (const r of fromCopy2) expect([r.from, r.record, r.path, r.slug.endsWith('-x2')]).toEqual([r.from, r.record, r.path, !NOT_CLONED.has(r.to)]);
  });

  it('changes nothing in a clone but its references (enum values equal to a slug stay), and flow order', () => {
    const real = realSeeds();
    for (const key of KEYS) {
      if (NOT_CLONED.has(key)) continue;
      for (const [slug, original] of real[key]) {
        const clone = structuredClone(record(scaled[key] as Map<string, unknown>, `${slug}-x2`));
        if (key === 'networkFlows') (clone as { order: number }).order -= 2 * Math.max(...[...real.networkFlows.values()].map((f) => f.order));
        expect(JSON.stringify(clone).replaceAll('-x2"', '"'), `${key} ${slug}`).toBe(JSON.stringify(original));
      }
    }
  });

  it('cloned instance types keep the family, so architecture derives as for the original', () => {
    expect(record(scaled.instanceTypes, 'm5.large-x1')).toEqual(record(realSeeds().instanceTypes, 'm5.large'));
    expect(architectureOf('a1.large-x2')).toBe('arm64');
    expect(architectureOf('m6g.large-x2')).toBe('arm64');
    expect(architectureOf('m5.large-x2')).toBe('x86_64');
    for (const name of realSeeds().instanceTypes.keys()) expect(architectureOf(`${name}-x2`), name).toBe(architectureOf(name));
  });
});

describe('factor validation', () => {
  it.each([0, -1, 1.5, 1001, Number.NaN])('rejects %s', (factor) => {
    expect(() => checkFactor(factor)).toThrow(/whole number from 1 to 1000/);
  });
  it.each([1, 100, 1000])('accepts %s', (factor) => {
    expect(() => checkFactor(factor)).not.toThrow();
  });
  it('generateScaledSeeds rejects a bad factor before writing anything', async () => {
    await expect(generateScaledSeeds({ factor: 0, outDir: join(dir, 'never') })).rejects.toThrow(RangeError);
  });
});
