/**
 * Pages of the instance-type catalogue, from SQLite: keyset pagination on an index.
 *
 * The planning list orders by pods in the mode, most first, then by name; types without pods in
 * the mode come last. The build stores that order as an ascending rank per mode
 * (instance_types.rank_*: -(pods), or 1 for none) indexed with the name, so a page is
 *
 *   WHERE (rank, name) > (?, ?) [AND filters] ORDER BY rank, name LIMIT first + 1
 *
 * a seek into the index and a scan that stops when the page is full: its cost follows the page
 * size, not the catalogue's. `minimumPods` bounds the same index (rank <= -minimumPods). Totals
 * are counted by SQL when first asked for, and remembered per database and filter (the data
 * cannot change while it is served).
 */
import { and, asc, count, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { KbDatabase } from './open.js';
import * as t from './tables.js';
import type { InstanceTypeFilter, PodsMode, Seek } from '../domain/instance-type-pages.js';

export type InstanceTypeRow = typeof t.instanceTypes.$inferSelect;

export interface Page {
  rows: InstanceTypeRow[];
  hasNextPage: boolean;
  /** Items matching the filter in all pages; counted when first asked for (a plain function: it may be passed on unbound). */
  totalCount: () => number;
}

/** The rank column of a mode: ascending rank = the list's order. */
export const rankColumn = (mode: PodsMode) => (mode === 'PREFIX_DELEGATION' ? t.instanceTypes.rankPrefixDelegation : t.instanceTypes.rankSecondaryIp);
/** A cursor's pods (-1 for none) as the rank the build stored. */
const rankOf = (pods: number) => -pods;

/** Totals remembered per filter; past this many distinct filters the memory starts over. */
const REMEMBERED_TOTALS = 1024;
const totalsByDb = new WeakMap<KbDatabase, Map<string, number>>();

function filterClauses(mode: PodsMode, filter: InstanceTypeFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.minimumPods != null) where.push(lte(rankColumn(mode), rankOf(filter.minimumPods)));
  if (filter.family != null) where.push(eq(t.instanceTypes.family, filter.family));
  if (filter.architecture != null) where.push(eq(t.instanceTypes.architecture, filter.architecture as InstanceTypeRow['architecture']));
  if (filter.hypervisor != null) where.push(eq(t.instanceTypes.hypervisor, filter.hypervisor as 'nitro'));
  if (filter.usableForWindows != null)
    where.push(filter.usableForWindows ? isNull(t.instanceTypes.windowsUnsuitability) : isNotNull(t.instanceTypes.windowsUnsuitability));
  return where;
}

/**
 * The page query of a mode, with every filter as a parameter (a null filter matches all), so one
 * statement per mode is prepared once per database rather than built by drizzle per request.
 * Exported unprepared for the EXPLAIN QUERY PLAN test.
 */
export function pageQuery(db: KbDatabase, mode: PodsMode) {
  const rank = rankColumn(mode);
  const p = (name: string) => sql.placeholder(name);
  return db
    .select()
    .from(t.instanceTypes)
    .where(
      and(
        sql`${rank} <= ${p('maxRank')}`,
        sql`(${rank}, ${t.instanceTypes.name}) > (${p('afterRank')}, ${p('afterName')})`,
        sql`(${p('family')} IS NULL OR ${t.instanceTypes.family} = ${p('family')})`,
        sql`(${p('architecture')} IS NULL OR ${t.instanceTypes.architecture} = ${p('architecture')})`,
        sql`(${p('hypervisor')} IS NULL OR ${t.instanceTypes.hypervisor} = ${p('hypervisor')})`,
        sql`(${p('usable')} IS NULL OR (${t.instanceTypes.windowsUnsuitability} IS NULL) = ${p('usable')})`,
      ),
    )
    .orderBy(asc(rank), asc(t.instanceTypes.name))
    .limit(p('limit'));
}

/** The parameters of pageQuery for a filter, page size and cursor. */
export function pageParams(filter: InstanceTypeFilter, first: number, after?: Seek): Record<string, string | number | null> {
  return {
    // Ranks are -(pods), or 1 for none; 1 admits every row.
    maxRank: filter.minimumPods != null ? rankOf(filter.minimumPods) : 1,
    // Before every row: ranks are >= -(the most pods any type has), far above this.
    afterRank: after ? rankOf(after.pods) : Number.MIN_SAFE_INTEGER,
    afterName: after ? after.name : '',
    family: filter.family ?? null,
    architecture: filter.architecture ?? null,
    hypervisor: filter.hypervisor ?? null,
    usable: filter.usableForWindows == null ? null : filter.usableForWindows ? 1 : 0,
    limit: first + 1,
  };
}

type PageStatement = { all(params: Record<string, unknown>): InstanceTypeRow[] };
const pageStatements = new WeakMap<KbDatabase, Map<PodsMode, PageStatement>>();

export function instanceTypePage(db: KbDatabase, mode: PodsMode, filter: InstanceTypeFilter, first: number, after?: Seek): Page {
  let statements = pageStatements.get(db);
  if (!statements) pageStatements.set(db, (statements = new Map<PodsMode, PageStatement>()));
  let statement = statements.get(mode);
  if (!statement) statements.set(mode, (statement = pageQuery(db, mode).prepare()));
  const rows = statement.all(pageParams(filter, first, after));
  const key = `${mode}\u0000${JSON.stringify([filter.family, filter.architecture, filter.hypervisor, filter.usableForWindows, filter.minimumPods])}`;
  return {
    rows: rows.slice(0, first),
    hasNextPage: rows.length > first,
    totalCount: () => {
      let totals = totalsByDb.get(db);
      if (!totals) totalsByDb.set(db, (totals = new Map<string, number>()));
      let total = totals.get(key);
      if (total === undefined) {
        const where = filterClauses(mode, filter);
        total = db
          .select({ n: count() })
          .from(t.instanceTypes)
          .where(where.length > 0 ? and(...where) : undefined)
          .get()!.n;
        if (totals.size >= REMEMBERED_TOTALS) totals.clear();
        totals.set(key, total);
      }
      return total;
    },
  };
}
