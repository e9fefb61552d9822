/**
 * Keyset pages of the instance-type catalogue (src/db/instance-type-pages.ts) answer exactly what
 * a plain filter-sort-slice over the whole catalogue answers, for any filter, page size and
 * cursor (fast-check properties over the real catalogue); and every list query SQLite runs for
 * the graph uses an index (EXPLAIN QUERY PLAN).
 */
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { instanceTypePage, pageParams, pageQuery, type InstanceTypeRow } from '../../src/db/instance-type-pages.js';
import type { OpenDatabase } from '../../src/db/open.js';
import * as t from '../../src/db/tables.js';
import { podsIn, type InstanceTypeFilter, type PodsMode } from '../../src/domain/instance-type-pages.js';
import { inKeys } from '../../src/graphql/loaders.js';
import { testDatabase } from '../support/fixtures.js';

let database: OpenDatabase;
let catalogue: InstanceTypeRow[];
beforeAll(() => {
  database = testDatabase();
  catalogue = database.db.select().from(t.instanceTypes).all();
});

const filter: fc.Arbitrary<InstanceTypeFilter> = fc.record(
  {
    family: fc.constantFrom('m5', 'c5', 't3', 'm6g', 'p4d', 'nope'),
    architecture: fc.constantFrom('x86_64', 'arm64'),
    hypervisor: fc.constantFrom('nitro', 'xen'),
    usableForWindows: fc.boolean(),
    minimumPods: fc.integer({ min: 0, max: 800 }),
  },
  { requiredKeys: [] },
);
const mode = fc.constantFrom<PodsMode>('SECONDARY_IP', 'PREFIX_DELEGATION');

/** The oracle: everything matching, in the documented order. */
function naive(rows: InstanceTypeRow[], m: PodsMode, f: InstanceTypeFilter): InstanceTypeRow[] {
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

describe('instance-type pages (keyset on an index)', () => {
  it('page through exactly the matching types, in order, with the right totals', () => {
    fc.assert(
      fc.property(mode, filter, fc.integer({ min: 1, max: 100 }), (m, f, first) => {
        const expected = naive(catalogue, m, f);
        const seen: string[] = [];
        let after: { pods: number; name: string } | undefined;
        for (let pages = 0; pages < 40; pages++) {
          const page = instanceTypePage(database.db, m, f, first, after);
          expect(page.totalCount()).toBe(expected.length);
          expect(page.rows.length).toBeLessThanOrEqual(first);
          seen.push(...page.rows.map((r) => r.name));
          if (!page.hasNextPage) break;
          const last = page.rows.at(-1)!;
          after = { pods: podsIn(last, m), name: last.name };
        }
        expect(seen).toEqual(expected.slice(0, seen.length).map((r) => r.name));
        if (seen.length < expected.length) expect(seen.length).toBe(40 * first);
      }),
      { numRuns: 150 },
    );
  });

  it('start after a cursor even when the cursor names a type that is not in the catalogue', () => {
    const all = naive(catalogue, 'SECONDARY_IP', {});
    const pivot = all[10]!;
    const page = instanceTypePage(database.db, 'SECONDARY_IP', {}, 3, { pods: podsIn(pivot, 'SECONDARY_IP'), name: `${pivot.name}~` });
    expect(page.rows.map((r) => r.name)).toEqual(all.slice(11, 14).map((r) => r.name));
  });
});

/** SQLite's plan for a drizzle query, one line per step. */
function plan(query: { toSQL(): { sql: string; params: unknown[] } }, params?: unknown[]): string {
  const { sql, params: own } = query.toSQL();
  const rows = database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params ?? own)) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

describe('EXPLAIN QUERY PLAN: list queries use an index', () => {
  it('an instanceTypes page seeks the rank index, with no sort step', () => {
    for (const m of ['SECONDARY_IP', 'PREFIX_DELEGATION'] as const) {
      const index = m === 'SECONDARY_IP' ? 'instance_types_rank_secondary_ip' : 'instance_types_rank_prefix_delegation';
      for (const [f, after] of [
        [{}, undefined],
        [{ minimumPods: 100, usableForWindows: true }, undefined],
        [
          { minimumPods: 100, usableForWindows: true },
          { pods: 200, name: 'm5.large' },
        ],
      ] as const) {
        const query = pageQuery(database.db, m);
        const values = pageParams(f, 20, after);
        const detail = plan(
          query,
          query.toSQL().params.map((p) => values[(p as { name: string }).name]),
        );
        expect(detail).toContain(`USING INDEX ${index}`);
        expect(detail).not.toContain('TEMP B-TREE');
        if (after || f.minimumPods !== undefined) expect(detail).toMatch(/SEARCH instance_types USING INDEX \w+ \(/);
      }
    }
  });

  it('every root list reads in index order (no sort step), filtered or not', () => {
    const lists = [
      [t.windowsVersions, t.windowsVersions.sortOrder],
      [t.networkModes, t.networkModes.ordinal],
      [t.cniPlugins, t.cniPlugins.ordinal],
      [t.features, t.features.ordinal],
      [t.limitations, t.limitations.ordinal],
      [t.featureDefaults, t.featureDefaults.ordinal],
      [t.nodeOsSupport, t.nodeOsSupport.ordinal],
      [t.ipamOptions, t.ipamOptions.ordinal],
      [t.serviceTypes, t.serviceTypes.ordinal],
      [t.environments, t.environments.slug],
      [t.networkFlows, t.networkFlows.ordinal],
      [t.glossaryTerms, t.glossaryTerms.term],
      [t.pluginComparisons, t.pluginComparisons.slug],
      [t.sourceDocuments, t.sourceDocuments.slug],
    ] as const;
    for (const [table, order] of lists) {
      const detail = plan(database.db.select().from(table).orderBy(asc(order)));
      expect(detail, detail).toMatch(/USING INDEX|USING (INTEGER )?PRIMARY KEY|sqlite_autoindex/);
      expect(detail, detail).not.toContain('TEMP B-TREE');
    }
    const filtered = plan(database.db.select().from(t.windowsVersions).where(eq(t.windowsVersions.channel, 'LTSC')).orderBy(asc(t.windowsVersions.sortOrder)));
    expect(filtered).toContain('USING INDEX windows_versions_sort_order');
  });

  it('every relation batch (inArray over the keys) searches an index', () => {
    const keys = JSON.stringify(['flannel', 'win-overlay']);
    const batches = [
      [t.pluginModes, t.pluginModes.pluginSlug, t.pluginModes.ordinal],
      [t.pluginModes, t.pluginModes.modeSlug, t.pluginModes.id],
      [t.citations, t.citations.owner, t.citations.ordinal],
      [t.settings, t.settings.owner, t.settings.ordinal],
      [t.notes, t.notes.owner, t.notes.ordinal],
      [t.limitationPlugins, t.limitationPlugins.targetSlug, t.limitationPlugins.limitationSlug],
      [t.limitationPlugins, t.limitationPlugins.limitationSlug, t.limitationPlugins.targetSlug],
      [t.cniPlugins, t.cniPlugins.slug, t.cniPlugins.ordinal],
      [t.limitations, t.limitations.slug, t.limitations.ordinal],
      [t.instanceTypes, t.instanceTypes.name, t.instanceTypes.name],
    ] as const;
    for (const [table, column, order] of batches) {
      const query = database.db.select().from(table).where(inKeys(column)).orderBy(asc(order));
      const detail = plan(query, [keys]);
      expect(detail, `${column.name}:\n${detail}`).toMatch(/SEARCH \w+ USING (COVERING )?(INDEX|PRIMARY KEY|INTEGER PRIMARY KEY)/);
    }
  });
});
