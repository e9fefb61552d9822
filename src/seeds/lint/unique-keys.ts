import { SEED_FILES } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';

/**
 * Natural keys other than the slug must be unique too: two releases with one build need
 * different channels (2019 LTSC and 1809 SAC share 17763), and a KB maps to one revision.
 */
export const uniqueKeys: LintRule = {
  name: 'unique-keys',
  description: 'Build+channel, KB numbers, network flow order and Service type names are unique.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    const seen = new Map<string, string>();
    const claim = (file: string, record: string, key: string, what: string) => {
      const owner = seen.get(key);
      if (owner) problems.push({ file, record, message: `${what} is also used by ${owner}`, rule: this.name });
      else seen.set(key, record);
    };
    for (const [slug, v] of seeds.windowsVersions) {
      claim(SEED_FILES.windowsVersions.file, slug, `build:${v.build}:${v.channel}`, `build ${v.build} in channel ${v.channel}`);
      for (const u of v.updates) claim(SEED_FILES.windowsVersions.file, slug, `kb:${u.kb}`, u.kb);
    }
    for (const [slug, f] of seeds.networkFlows) claim(SEED_FILES.networkFlows.file, slug, `flow:${f.order}`, `order ${f.order}`);
    for (const [slug, t] of seeds.serviceTypes) claim(SEED_FILES.serviceTypes.file, slug, `svc:${t.name}`, `name ${t.name}`);
    return problems;
  },
};
