/**
 * The in-memory page index answers exactly what a plain filter-sort-slice over the whole
 * catalogue answers, for any data, filter, page size and cursor (fast-check properties).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstanceTypePages, podsIn, type InstanceTypeFilter, type PageableInstanceType, type PodsMode } from '../../src/domain/instance-type-pages.js';

const instanceType = fc.record({
  name: fc.stringMatching(/^[a-d][1-3]\.(large|xlarge|metal)$/),
  family: fc.constantFrom('a1', 'b2', 'c3'),
  architecture: fc.constantFrom('x86_64', 'arm64'),
  hypervisor: fc.constantFrom('nitro', 'xen', null),
  windowsUnsuitability: fc.constantFrom(null, 'arm'),
  podsSecondaryIp: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  podsPrefixDelegation: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
});
const catalogue = fc.uniqueArray(instanceType, { selector: (t) => t.name, maxLength: 60 });
const filter: fc.Arbitrary<InstanceTypeFilter> = fc.record(
  {
    family: fc.constantFrom('a1', 'b2', 'c3'),
    architecture: fc.constantFrom('x86_64', 'arm64'),
    hypervisor: fc.constantFrom('nitro', 'xen'),
    usableForWindows: fc.boolean(),
    minimumPods: fc.integer({ min: 0, max: 45 }),
  },
  { requiredKeys: [] },
);
const mode = fc.constantFrom<PodsMode>('SECONDARY_IP', 'PREFIX_DELEGATION');

/** The oracle: everything matching, in the documented order. */
function naive(rows: PageableInstanceType[], m: PodsMode, f: InstanceTypeFilter): PageableInstanceType[] {
  return rows
    .filter(
      (r) =>
        (f.family == null || r.family === f.family) &&
        (f.architecture == null || r.architecture === f.architecture) &&
        (f.hypervisor == null || r.hypervisor === f.hypervisor) &&
        (f.usableForWindows == null || (r.windowsUnsuitability === null) === f.usableForWindows) &&
        (f.minimumPods == null || podsIn(r, m) >= f.minimumPods),
    )
    .sort((a, b) => podsIn(b, m) - podsIn(a, m) || (a.name < b.name ? -1 : 1));
}

describe('InstanceTypePages', () => {
  it('pages through exactly the matching types, in order, with the right totals', () => {
    fc.assert(
      fc.property(catalogue, mode, filter, fc.integer({ min: 1, max: 7 }), (rows, m, f, first) => {
        const pages = new InstanceTypePages(rows);
        const expected = naive(rows, m, f);
        const seen: string[] = [];
        let after: { pods: number; name: string } | undefined;
        for (;;) {
          const page = pages.page(m, f, first, after);
          expect(page.totalCount()).toBe(expected.length);
          expect(page.rows.length).toBeLessThanOrEqual(first);
          seen.push(...page.rows.map((r) => r.name));
          if (!page.hasNextPage) break;
          const last = page.rows.at(-1)!;
          after = { pods: podsIn(last, m), name: last.name };
        }
        expect(seen).toEqual(expected.map((r) => r.name));
      }),
      { numRuns: 300 },
    );
  });

  it('starts after a cursor even when the cursor names a type that is not in the catalogue', () => {
    const rows = [
      { name: 'a.large', family: 'a', architecture: 'x86_64', hypervisor: 'nitro', windowsUnsuitability: null, podsSecondaryIp: 10, podsPrefixDelegation: null },
      { name: 'c.large', family: 'c', architecture: 'x86_64', hypervisor: 'nitro', windowsUnsuitability: null, podsSecondaryIp: 10, podsPrefixDelegation: null },
      { name: 'd.large', family: 'd', architecture: 'x86_64', hypervisor: 'nitro', windowsUnsuitability: null, podsSecondaryIp: 5, podsPrefixDelegation: null },
    ];
    const page = new InstanceTypePages(rows).page('SECONDARY_IP', {}, 10, { pods: 10, name: 'b.large' });
    expect(page.rows.map((r) => r.name)).toEqual(['c.large', 'd.large']);
  });
});
