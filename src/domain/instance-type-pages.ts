/**
 * The planning list of instance types: its order (most pods in the mode first, then by name;
 * types without pods in the mode last), filter and cursor position. src/db/instance-type-pages.ts
 * pages it with SQL (keyset pagination on an index).
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

/** Sort key: pods in the mode, -1 where the mode gives none. */
export const podsIn = (row: PageableInstanceType, mode: PodsMode): number =>
  (mode === 'PREFIX_DELEGATION' ? row.podsPrefixDelegation : row.podsSecondaryIp) ?? -1;
