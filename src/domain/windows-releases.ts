/**
 * Ordering of Windows Server releases: by OS build, so 1903 (18362) sorts after Server 2019
 * (17763). Server 2019 and the SAC release 1809 share build 17763 and a release day; there the
 * SAC release sorts first so that the long-lived LTSC release is the "newest" at that build.
 */
import type { Channel } from './vocabulary.js';

export interface ReleaseOrderKey {
  build: number;
  released: string;
  channel: Channel;
}

const CHANNEL_RANK = { SAC: 0, AC: 1, LTSC: 2 } as const;

export function compareWindowsReleases(a: ReleaseOrderKey, b: ReleaseOrderKey): number {
  return a.build - b.build || a.released.localeCompare(b.released) || CHANNEL_RANK[a.channel] - CHANNEL_RANK[b.channel];
}
