/** Windows releases and Kubernetes versions as nodes and node groups name them. */
import type { Knowledge, ReleaseFact } from '../../knowledge.js';

const CHANNEL_PREFERENCE = { LTSC: 0, AC: 1, SAC: 2 } as const;

/** The release with this OS build: LTSC before AC before SAC where they share one (2019 and 1809). */
export function releaseByBuild(k: Knowledge, build: number): ReleaseFact | undefined {
  let best: ReleaseFact | undefined;
  for (const r of k.releases.values()) {
    if (r.build !== build) continue;
    if (!best || CHANNEL_PREFERENCE[r.channel] < CHANNEL_PREFERENCE[best.channel]) best = r;
  }
  return best;
}

/** "10.0.17763.1432" or "10.0.17763" -> build and revision. */
export function parseWindowsKernel(version: string): { build: number; revision?: number } | undefined {
  const m = /^10\.0\.(\d{5})(?:\.(\d{1,5}))?/.exec(version.trim());
  if (!m) return undefined;
  return m[2] === undefined ? { build: Number(m[1]) } : { build: Number(m[1]), revision: Number(m[2]) };
}

/** "v1.29.3-eks-adc7111" -> "1.29". */
export function kubernetesMinorOf(version: string): string | undefined {
  const m = /^v?(1)\.(\d{1,2})(?:\.|$|-|\+)/.exec(version.trim());
  return m ? `${m[1]}.${Number(m[2])}` : undefined;
}
