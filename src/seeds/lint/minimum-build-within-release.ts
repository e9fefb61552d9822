import { parseBuild } from '../../domain/windows-build.js';
import { SEED_FILES } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';

/** "Needs 17763.1432" on a feature whose minimum release is 2019 must be a 17763 build. */
export const minimumBuildWithinRelease: LintRule = {
  name: 'minimum-build-within-release',
  description: "A feature's minimum build revision belongs to its minimum Windows release.",
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const [slug, f] of seeds.features) {
      const release = seeds.windowsVersions.get(f.minimumWindows.version);
      if (!release || !f.minimumWindows.build) continue;
      if (parseBuild(f.minimumWindows.build).build !== release.build)
        problems.push({
          file: SEED_FILES.features.file,
          record: slug,
          path: 'minimumWindows.build',
          message: `${f.minimumWindows.build} is not a build of ${f.minimumWindows.version} (${release.build})`,
          rule: this.name,
        });
    }
    return problems;
  },
};
