/**
 * Pages of the instance-type catalogue from in-memory sorted indexes.
 *
 * The catalogue is immutable while served, so it is sorted once per pods mode (most pods first,
 * then by name; types without pods in the mode last). A page is then a binary search to the
 * cursor and a scan that stops as soon as the page is full: its cost follows the page size,
 * not the catalogue's size. `minimumPods` is a second binary search on the same order. Totals
 * are counted on demand and remembered per filter.
 */

import type { IpAddressMode } from './vocabulary.js';

export type PodsMode = IpAddressMode;

export interface PageableInstanceType {
  name: string;
  family: string;
  architecture: string;
  hypervisor: string | null;
  windowsUnsuitability: string | null;
  podsSecondaryIp: number | null;
  podsPrefixDelegation: number | null;
}

export interface InstanceTypeFilter {
  family?: string | null;
  architecture?: string | null;
  hypervisor?: string | null;
  usableForWindows?: boolean | null;
  minimumPods?: number | null;
}

/** A cursor position: the sort key of the last item already seen. */
export interface Seek {
  pods: number;
  name: string;
}

export interface Page<T> {
  rows: T[];
  hasNextPage: boolean;
  /** Items matching the filter in all pages; counted when first asked for. */
  totalCount(): number;
}

/** Sort key: pods in the mode, -1 where the mode gives none. */
export const podsIn = (row: PageableInstanceType, mode: PodsMode): number => (mode === 'PREFIX_DELEGATION' ? row.podsPrefixDelegation : row.podsSecondaryIp) ?? -1;

/** Totals remembered per filter; past this many distinct filters the memory starts over. */
const REMEMBERED_TOTALS = 1024;

export class InstanceTypePages<T extends PageableInstanceType> {
  private readonly sorted: Record<PodsMode, T[]>;
  private readonly totals = new Map<string, number>();

  constructor(rows: readonly T[]) {
    const order = (mode: PodsMode) => [...rows].sort((a, b) => podsIn(b, mode) - podsIn(a, mode) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.sorted = { SECONDARY_IP: order('SECONDARY_IP'), PREFIX_DELEGATION: order('PREFIX_DELEGATION') };
  }

  page(mode: PodsMode, filter: InstanceTypeFilter, first: number, after?: Seek): Page<T> {
    const rows = this.sorted[mode];
    // Everything before `end` has at least minimumPods (the order is by pods, descending).
    const end = filter.minimumPods == null ? rows.length : this.firstIndex(rows, (r) => podsIn(r, mode) < filter.minimumPods!);
    const start = after ? this.firstIndex(rows, (r) => this.isAfter(r, mode, after)) : 0;
    const matches = this.predicate(filter);
    const page: T[] = [];
    let i = start;
    for (; i < end && page.length <= first; i++) if (matches(rows[i]!)) page.push(rows[i]!);
    const key = `${mode}\u0000${JSON.stringify(filter)}`;
    return {
      rows: page.slice(0, first),
      hasNextPage: page.length > first,
      totalCount: () => {
        let total = this.totals.get(key);
        if (total === undefined) {
          total = 0;
          for (let j = 0; j < end; j++) if (matches(rows[j]!)) total++;
          if (this.totals.size >= REMEMBERED_TOTALS) this.totals.clear();
          this.totals.set(key, total);
        }
        return total;
      },
    };
  }

  /** True when `row` sorts after the seek position. */
  private isAfter(row: T, mode: PodsMode, seek: Seek): boolean {
    const pods = podsIn(row, mode);
    return pods < seek.pods || (pods === seek.pods && row.name > seek.name);
  }

  /** The first index where `test` holds, for a test that is false then true along the order. */
  private firstIndex(rows: T[], test: (row: T) => boolean): number {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (test(rows[mid]!)) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  private predicate(filter: InstanceTypeFilter): (row: T) => boolean {
    const { family, architecture, hypervisor, usableForWindows } = filter;
    return (row) =>
      (family == null || row.family === family) &&
      (architecture == null || row.architecture === architecture) &&
      (hypervisor == null || row.hypervisor === hypervisor) &&
      (usableForWindows == null || (row.windowsUnsuitability === null) === usableForWindows);
  }
}
