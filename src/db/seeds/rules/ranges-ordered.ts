import { compareBuilds, parseBuild } from '../../../domain/windows-build.js';
import { compareKubernetes } from '../../../domain/kubernetes-version.js';
import { SEED_FILES, type SeedKey } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';
import { collect } from './walk.js';

const isBuildRange = (v: unknown): v is { from?: string; before?: string } =>
  v !== null && typeof v === 'object' && ('before' in v || ('from' in v && typeof (v as { from: unknown }).from === 'string' && /^\d/.test((v as { from: string }).from)));
const isKubeRange = (v: unknown): v is { min?: string; max?: string } =>
  v !== null && typeof v === 'object' && ('min' in v || 'max' in v) && !('metric' in v);

/** A range whose lower end is not below its upper end matches nothing: always a typo. */
export const rangesOrdered: LintRule = {
  name: 'ranges-ordered',
  description: 'Build ranges have from < before; Kubernetes ranges have min <= max.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
      for (const [slug, record] of seeds[key]) {
        const base = { file: SEED_FILES[key].file, record: slug, rule: this.name };
        for (const { value, path } of collect(record, isBuildRange)) {
          if (value.from && value.before && compareBuilds(parseBuild(value.from), parseBuild(value.before)) >= 0)
            problems.push({ ...base, path, message: `from ${value.from} is not before ${value.before}` });
        }
        for (const { value, path } of collect(record, isKubeRange)) {
          if (value.min && value.max && compareKubernetes(value.min, value.max) > 0)
            problems.push({ ...base, path, message: `min ${value.min} is after max ${value.max}` });
        }
      }
    }
    return problems;
  },
};
