import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeedText, type SeedProblem } from '../../src/seeds/read.js';
import { SEED_FILES } from '../../src/seeds/schema.js';
import { closestNames } from '../../src/domain/closest.js';
import { REAL_SEEDS_DIR } from '../seeds/support.js';

const problems: SeedProblem[] = [];
const instanceNames = [...parseSeedText('instanceTypes', readFileSync(join(REAL_SEEDS_DIR, SEED_FILES.instanceTypes.file), 'utf8'), problems).keys()];

describe('closestNames', () => {
  it('suggests m5.large first for "m5.larg" among the seeded instance types', () => {
    expect(problems).toEqual([]);
    expect(instanceNames.length).toBeGreaterThan(100);
    expect(closestNames('m5.larg', instanceNames)[0]).toBe('m5.large');
  });

  it('ignores case and surrounding blanks in the wanted name', () => {
    expect(closestNames('  M5.LARG ', instanceNames)[0]).toBe('m5.large');
  });

  it('returns at most limit names, 3 by default', () => {
    expect(closestNames('m5.larg', instanceNames)).toHaveLength(3);
    expect(closestNames('m5.larg', instanceNames, 1)).toEqual(['m5.large']);
    expect(closestNames('x', ['a', 'b'], 5)).toHaveLength(2);
  });

  it('prefers a name the input is a prefix of when distances tie, then sorts by name', () => {
    // "ab" is 1 edit from "abc" (prefix) and from "xb" (not a prefix).
    expect(closestNames('ab', ['xb', 'abc'])).toEqual(['abc', 'xb']);
    expect(closestNames('ab', ['ac', 'aa'])).toEqual(['aa', 'ac']);
  });

  it('puts an exact match first', () => {
    expect(closestNames('windows-server-2019', ['windows-server-2016', 'windows-server-2019', 'windows-server-2022'])[0]).toBe('windows-server-2019');
  });
});
