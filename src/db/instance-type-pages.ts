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
  /** Items matching the filter in all pages; counted when first asked for. */
  totalCount(): number;
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
  if (filter.usableForWindows != null) where.push(filter.usableForWindows ? isNull(t.instanceTypes.windowsUnsuitability) : isNotNull(t.instanceTypes.windowsUnsuitability));
  return where;
}

/** The page query (exported for the EXPLAIN QUERY PLAN test). */
export function pageQuery(db: KbDatabase, mode: PodsMode, filter: InstanceTypeFilter, first: number, after?: Seek) {
  const rank = rankColumn(mode);
  const where = filterClauses(mode, filter);
  if (after) where.push(sql`(${rank}, ${t.instanceTypes.name}) > (${rankOf(after.pods)}, ${after.name})`);
  return db
    .select()
    .from(t.instanceTypes)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(asc(rank), asc(t.instanceTypes.name))
    .limit(first + 1);
}

export function instanceTypePage(db: KbDatabase, mode: PodsMode, filter: InstanceTypeFilter, first: number, after?: Seek): Page {
  const rows = pageQuery(db, mode, filter, first, after).all();
  const key = `${mode}\u0000${JSON.stringify([filter.family, filter.architecture, filter.hypervisor, filter.usableForWindows, filter.minimumPods])}`;
  return {
    rows: rows.slice(0, first),
    hasNextPage: rows.length > first,
    totalCount: () => {
      let totals = totalsByDb.get(db);
      if (!totals) totalsByDb.set(db, (totals = new Map()));
      let total = totals.get(key);
      if (total === undefined) {
        const where = filterClauses(mode, filter);
        total = db.select({ n: count() }).from(t.instanceTypes).where(where.length > 0 ? and(...where) : undefined).get()!.n;
        if (totals.size >= REMEMBERED_TOTALS) totals.clear();
        totals.set(key, total);
      }
      return total;
    },
  };
}
