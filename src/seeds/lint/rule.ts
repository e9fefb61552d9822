import type { SeedProblem } from '../read.js';
import type { SeedSet } from '../schema.js';

/** A cross-record check over the whole seed set, in the style of MDN browser-compat-data's linters. */
export interface LintRule {
  name: string;
  description: string;
  check(seeds: SeedSet): SeedProblem[];
}
