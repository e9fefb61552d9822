/** Helpers for tests that read the real seed files (not the built database). */
import { fileURLToPath } from 'node:url';
import { readSeeds, type SeedProblem } from '../../src/seeds/read.js';
import type { SeedSet } from '../../src/seeds/schema.js';

/** The project's seeds/ directory, independent of the working directory. */
export const REAL_SEEDS_DIR = fileURLToPath(new URL('../../seeds', import.meta.url));

let cached: SeedSet | undefined;
/** The real seeds, parsed once per test file; fails loudly if they do not parse. */
export function realSeeds(): SeedSet {
  if (!cached) {
    const { seeds, problems } = readSeeds(REAL_SEEDS_DIR);
    if (problems.length > 0) throw new Error(`real seeds do not parse: ${JSON.stringify(problems)}`);
    cached = seeds;
  }
  return cached;
}

/** A deep copy of the real seeds that a test may break without touching the shared copy. */
export function cloneSeeds(): SeedSet {
  return structuredClone(realSeeds());
}

/** Looks a record up and fails the test with a clear message when it is missing. */
export function record<T>(map: ReadonlyMap<string, T>, slug: string): T {
  const r = map.get(slug);
  if (r === undefined) throw new Error(`no seed record "${slug}" (known: ${[...map.keys()].join(', ')})`);
  return r;
}

/** Problems without the message text, for exact comparisons. */
export function located(problems: readonly SeedProblem[]): Omit<SeedProblem, 'message'>[] {
  return problems.map(({ message: _message, ...rest }) => rest);
}
