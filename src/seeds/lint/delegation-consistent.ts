import { SEED_FILES } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';

/** flannel's vxlan hands overlay to win-overlay, so win-overlay must itself offer overlay. */
export const delegationConsistent: LintRule = {
  name: 'delegation-consistent',
  description: 'A plugin that delegates a mode to another plugin names one that offers that mode.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const [slug, p] of seeds.cniPlugins) {
      p.modes.forEach((m, i) => {
        if (!m.delegatesTo) return;
        const target = seeds.cniPlugins.get(m.delegatesTo);
        if (target && !target.modes.some((t) => t.mode === m.mode))
          problems.push({
            file: SEED_FILES.cniPlugins.file,
            record: slug,
            path: `modes.${i}.delegatesTo`,
            message: `${m.delegatesTo} does not offer mode ${m.mode}`,
            rule: this.name,
          });
      });
    }
    return problems;
  },
};
