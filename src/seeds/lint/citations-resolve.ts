import { SEED_FILES, type SeedKey } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';
import { collect, isCitation } from './walk.js';

/** Every citation names a registered source and a section that source declares. */
export const citationsResolve: LintRule = {
  name: 'citations-resolve',
  description: 'Every citation names a document in sources.yaml and one of the sections it lists.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
      if (key === 'sources') continue;
      for (const [slug, record] of seeds[key]) {
        for (const { value, path } of collect(record, isCitation)) {
          const doc = seeds.sources.get(value.doc);
          const base = { file: SEED_FILES[key].file, record: slug, path, rule: this.name };
          if (!doc) problems.push({ ...base, message: `unknown source document "${value.doc}"` });
          else if (!doc.sections.includes(value.section))
            problems.push({ ...base, message: `"${value.doc}" has no section "${value.section}" (it lists: ${doc.sections.join(', ')})` });
        }
      }
    }
    return problems;
  },
};
