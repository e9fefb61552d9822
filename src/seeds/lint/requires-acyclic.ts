import { SEED_FILES } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';

/** Feature dependencies form a DAG: a cycle would make "what must I enable?" unanswerable. */
export const requiresAcyclic: LintRule = {
  name: 'requires-acyclic',
  description: 'No feature requires itself, directly or through other features.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (slug: string, trail: string[]): void => {
      if (state.get(slug) === 'done') return;
      if (state.get(slug) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(slug)), slug].join(' -> ');
        problems.push({ file: SEED_FILES.features.file, record: slug, path: 'requires', message: `cycle: ${cycle}`, rule: 'requires-acyclic' });
        return;
      }
      state.set(slug, 'visiting');
      for (const next of seeds.features.get(slug)?.requires ?? []) visit(next, [...trail, slug]);
      state.set(slug, 'done');
    };
    for (const slug of seeds.features.keys()) visit(slug, []);
    return problems;
  },
};
