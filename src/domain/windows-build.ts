/**
 * Windows OS builds and their comparison.
 *
 * Releases are ordered by build number (1903 = 18362 is newer than Server 2019 = 17763), and a
 * build may carry an update revision (17763.1432). A node whose revision is not known sits
 * *inside* a release: against a threshold in that same release the answer is "depends on the
 * update level", which the rules report instead of guessing.
 */

export interface WindowsBuild {
  build: number;
  /** Undefined when the update level is not known. */
  revision?: number;
}

export function parseBuild(text: string): WindowsBuild {
  const match = /^(\d{4,5})(?:\.(\d{1,5}))?$/.exec(text);
  if (!match) throw new RangeError(`not a Windows build: "${text}" (expected e.g. 17763 or 17763.1432)`);
  return match[2] === undefined ? { build: Number(match[1]) } : { build: Number(match[1]), revision: Number(match[2]) };
}

export function formatBuild(b: WindowsBuild): string {
  return b.revision === undefined ? String(b.build) : `${b.build}.${b.revision}`;
}

/** Total order for fully known builds; a missing revision counts as the release's first (0). */
export function compareBuilds(a: WindowsBuild, b: WindowsBuild): number {
  return a.build - b.build || (a.revision ?? 0) - (b.revision ?? 0);
}

/** Yes, no, or "it depends on the node's update level". */
export type Tristate = 'yes' | 'no' | 'unknown';

/** Is node >= threshold? Unknown when they share a build, the threshold names a revision and the node's is unknown. */
export function isAtLeast(node: WindowsBuild, threshold: WindowsBuild): Tristate {
  if (node.build !== threshold.build) return node.build > threshold.build ? 'yes' : 'no';
  if (threshold.revision === undefined || threshold.revision === 0) return 'yes';
  if (node.revision === undefined) return 'unknown';
  return node.revision >= threshold.revision ? 'yes' : 'no';
}

/** Is from <= node < before? Missing ends are open. */
export function isInRange(node: WindowsBuild, range: { from?: WindowsBuild; before?: WindowsBuild }): Tristate {
  const lower: Tristate = range.from ? isAtLeast(node, range.from) : 'yes';
  const upper: Tristate = range.before ? not(isAtLeast(node, range.before)) : 'yes';
  return and(lower, upper);
}

export function not(t: Tristate): Tristate {
  return t === 'unknown' ? t : t === 'yes' ? 'no' : 'yes';
}

export function and(...values: Tristate[]): Tristate {
  if (values.includes('no')) return 'no';
  return values.includes('unknown') ? 'unknown' : 'yes';
}
