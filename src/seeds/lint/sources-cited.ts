import { SEED_FILES, type SeedKey } from '../schema.js';
import type { LintRule } from './rule.js';
import { collect, isCitation } from './walk.js';

/** A registered source that nothing cites is either dead weight or a sign of a lost citation. */
export const sourcesCited: LintRule = {
  name: 'sources-cited',
  description: 'Every document registered in sources.yaml is cited by at least one record.',
  check(seeds) {
    const cited = new Set<string>();
    for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
      if (key === 'sources') continue;
      for (const record of seeds[key].values()) for (const { value } of collect(record, isCitation)) cited.add(value.doc);
    }
    return [...seeds.sources.keys()]
      .filter((doc) => !cited.has(doc))
      .map((doc) => ({ file: SEED_FILES.sources.file, record: doc, message: 'no record cites this source', rule: this.name }));
  },
};
