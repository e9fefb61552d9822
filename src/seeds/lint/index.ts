import type { SeedProblem } from '../read.js';
import type { SeedSet } from '../schema.js';
import { citationsResolve } from './citations-resolve.js';
import { delegationConsistent } from './delegation-consistent.js';
import { minimumBuildWithinRelease } from './minimum-build-within-release.js';
import { rangesOrdered } from './ranges-ordered.js';
import { referencesResolve } from './references-resolve.js';
import { requiresAcyclic } from './requires-acyclic.js';
import { sourcesCited } from './sources-cited.js';
import { uniqueKeys } from './unique-keys.js';
import { workaroundsMitigate } from './workarounds-mitigate.js';
import type { LintRule } from './rule.js';

export const LINT_RULES: readonly LintRule[] = [
  referencesResolve,
  citationsResolve,
  sourcesCited,
  requiresAcyclic,
  rangesOrdered,
  minimumBuildWithinRelease,
  delegationConsistent,
  uniqueKeys,
  workaroundsMitigate,
];

export function lintSeeds(seeds: SeedSet): SeedProblem[] {
  return LINT_RULES.flatMap((rule) => rule.check(seeds));
}
