/**
 * The EC2 catalogue: the seed matches AWS's data, the architecture rule holds for every family,
 * and the capacity formulas hold for every row (property tests).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SEEDS_DIR } from '../../src/db/paths.js';
import { csvToSeed } from '../../src/seeds/ec2.js';
import { readSeeds } from '../../src/seeds/read.js';
import { computePodCapacity, KUBELET_DEFAULT_MAX_PODS } from '../../src/domain/capacity.js';
import { architectureOf, instanceCapacity, parseInstanceTypeName, supportsPrefixDelegation, windowsUnsuitability } from '../../src/domain/instance-types.js';

const { seeds } = readSeeds(SEEDS_DIR);
const rows = [...seeds.instanceTypes].map(([name, r]) => ({ name, ...r }));
const families = [...new Set(rows.map((r) => parseInstanceTypeName(r.name).family))].sort();

// Written by hand from AWS's Graviton and a1 listings, independently of the rule under test.
const ARM_FAMILIES = [
  'a1',
  'c6g',
  'c6gd',
  'c6gn',
  'c7g',
  'c7gd',
  'c7gn',
  'c8g',
  'c8gb',
  'c8gd',
  'c8gn',
  'g5g',
  'i4g',
  'i8g',
  'i8ge',
  'im4gn',
  'is4gen',
  'm6g',
  'm6gd',
  'm7g',
  'm7gd',
  'm8g',
  'm8gb',
  'm8gd',
  'm8gn',
  'r6g',
  'r6gd',
  'r7g',
  'r7gd',
  'r8g',
  'r8gb',
  'r8gd',
  'r8gn',
  't4g',
  'x2gd',
  'x8g',
];
const MAC_FAMILIES = ['mac-m4', 'mac-m4max', 'mac-m4pro', 'mac1', 'mac2', 'mac2-m1ultra', 'mac2-m2', 'mac2-m2pro'];

describe('the seed is AWS data, unchanged', () => {
  const csv = join(PROJECT_ROOT, '..', 'shared', 'data', 'ec2-instance-network-limits.csv');
  // AWS's CSV lives in the workspace's ../shared, not in the repository; the seed records its upstream commit.
  if (!existsSync(csv)) console.warn(`seed-vs-CSV check skipped: ${csv} is absent (no ../shared beside this checkout)`);
  it('has 1164 instance types in 165 families', () => {
    expect(rows).toHaveLength(1164);
    expect(families).toHaveLength(165);
  });
  it.runIf(existsSync(csv))('equals what seeds:ec2 makes from the shared CSV (runs where ../shared is present, as in CI)', () => {
    expect(readFileSync(join(SEEDS_DIR, 'ec2-instance-types.yaml'), 'utf8')).toBe(csvToSeed(readFileSync(csv, 'utf8')).yaml);
  });
  it('seeds:ec2 refuses a CSV it cannot read with its usage, not a stack trace (a clone has no ../shared)', () => {
    const missing = join(PROJECT_ROOT, 'no-such-dir', 'limits.csv');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/seeds/scripts/seeds-ec2.ts', missing], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`seeds:ec2: cannot read the instance limits CSV ${missing}: ENOENT`);
    expect(result.stderr).toContain('usage: npm run seeds:ec2 -- <csv>');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('architecture from the naming convention, for every family', () => {
  it('parses every family name', () => {
    for (const f of families) expect(() => parseInstanceTypeName(`${f}.large`), f).not.toThrow();
  });
  it('flags exactly the Graviton and a1 families as Arm', () => {
    expect(families.filter((f) => architectureOf(`${f}.large`) === 'arm64')).toEqual(ARM_FAMILIES);
  });
  it('leaves the mac families unknown and calls everything else x86-64', () => {
    expect(families.filter((f) => architectureOf(`${f}.large`) === 'unknown')).toEqual(MAC_FAMILIES);
    const x86 = families.filter((f) => !ARM_FAMILIES.includes(f) && !MAC_FAMILIES.includes(f));
    expect(x86.every((f) => architectureOf(`${f}.large`) === 'x86_64')).toBe(true);
    // GPU series that start with g are not Graviton unless a g attribute follows.
    expect(['g4ad', 'g4dn', 'g5', 'g6', 'g6e', 'gr6'].every((f) => x86.includes(f))).toBe(true);
  });
  it('refuses Windows exactly on Arm and mac types, saying why', () => {
    for (const r of rows) {
      const reason = windowsUnsuitability(r.name);
      const family = parseInstanceTypeName(r.name).family;
      if (ARM_FAMILIES.includes(family)) expect(reason, r.name).toMatch(/Arm-based.*x86-64/);
      else if (MAC_FAMILIES.includes(family)) expect(reason, r.name).toMatch(/macOS only/);
      else expect(reason, r.name).toBeNull();
    }
  });
});

describe('capacity formulas over the whole catalogue (property tests)', () => {
  const row = fc.constantFrom(...rows);
  it('secondary IP = addresses - 1 for every Windows-capable row', () => {
    fc.assert(
      fc.property(row, (r) => {
        const result = instanceCapacity(r, 'SECONDARY_IP');
        if (windowsUnsuitability(r.name)) return 'refusal' in result;
        return 'capacity' in result && result.capacity.maxPods === r.ipv4PerInterface - 1;
      }),
      { numRuns: 5000 },
    );
  });
  it('prefix delegation = (addresses - 1) x 16 on Nitro or metal, refused on Xen', () => {
    fc.assert(
      fc.property(row, (r) => {
        const result = instanceCapacity(r, 'PREFIX_DELEGATION');
        if (windowsUnsuitability(r.name)) return 'refusal' in result;
        if (r.hypervisor === 'xen') return 'refusal' in result && /Nitro/.test(result.refusal) && !supportsPrefixDelegation(r);
        return 'capacity' in result && result.capacity.maxPods === (r.ipv4PerInterface - 1) * 16;
      }),
      { numRuns: 5000 },
    );
  });
  it('every Xen row refuses prefix delegation (all 80 of them)', () => {
    const xen = rows.filter((r) => r.hypervisor === 'xen');
    expect(xen).toHaveLength(80);
    for (const r of xen) expect('refusal' in instanceCapacity(r, 'PREFIX_DELEGATION'), r.name).toBe(true);
  });
  it('schedulable pods = min(IP pods, kubelet max-pods), and limitedBy names the smaller', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.constantFrom('SECONDARY_IP' as const, 'PREFIX_DELEGATION' as const),
        fc.option(fc.integer({ min: 1, max: 10000 }), { nil: undefined }),
        (ips, mode, kubelet) => {
          const c = computePodCapacity(ips, mode, 'x', kubelet);
          const cap = kubelet ?? KUBELET_DEFAULT_MAX_PODS;
          return (
            c.schedulablePods === Math.min(c.maxPods, cap) && c.limitedBy === (c.maxPods <= cap ? 'IP_ADDRESSES' : 'KUBELET_MAX_PODS') && c.steps.length === 4
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
