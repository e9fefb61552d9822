import { compareBuilds, parseBuild } from '../../domain/windows-build.js';
import { compareKubernetes } from '../../domain/kubernetes-version.js';
import { comparePluginVersions, PLUGIN_VERSION } from '../../domain/plugin-version.js';
import { BUILD_PATTERN, SEED_FILES, type SeedKey } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';
import { collect } from './walk.js';

type FromBefore = { from?: unknown; before?: unknown };
/** An object with from/before whose ends (where given) all match the pattern. */
const rangeOf =
  (pattern: RegExp) =>
  (v: unknown): v is { from?: string; before?: string } => {
    if (v === null || typeof v !== 'object' || !('from' in v || 'before' in v)) return false;
    const ends = [(v as FromBefore).from, (v as FromBefore).before].filter((e) => e !== undefined);
    return ends.every((e) => typeof e === 'string' && pattern.test(e));
  };
const isBuildRange = rangeOf(BUILD_PATTERN);
const isPluginVersionRange = rangeOf(PLUGIN_VERSION);
const isKubeRange = (v: unknown): v is { min?: string; max?: string } => v !== null && typeof v === 'object' && ('min' in v || 'max' in v) && !('metric' in v);

/** A range whose lower end is not below its upper end matches nothing: always a typo. */
export const rangesOrdered: LintRule = {
  name: 'ranges-ordered',
  description:
    "Build and plugin-version ranges have from < before; Kubernetes ranges have min <= max, and a limitation's kubernetesPatchFixed versions lie inside its Kubernetes range.",
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
      for (const [slug, record] of seeds[key]) {
        const base = { file: SEED_FILES[key].file, record: slug, rule: this.name };
        for (const { value, path } of collect(record, isBuildRange)) {
          if (value.from && value.before && compareBuilds(parseBuild(value.from), parseBuild(value.before)) >= 0)
            problems.push({ ...base, path, message: `from ${value.from} is not before ${value.before}` });
        }
        // A build range such as {from: "17763"} also looks like a version range; only true versions are compared here.
        for (const { value, path } of collect(record, isPluginVersionRange)) {
          if (collect(value, isBuildRange).some((b) => b.value === value)) continue;
          if (value.from && value.before && comparePluginVersions(value.from, value.before) >= 0)
            problems.push({ ...base, path, message: `from ${value.from} is not before ${value.before}` });
        }
        for (const { value, path } of collect(record, isKubeRange)) {
          if (value.min && value.max && compareKubernetes(value.min, value.max) > 0)
            problems.push({ ...base, path, message: `min ${value.min} is after max ${value.max}` });
        }
      }
    }
    // A patch-fixed minor outside the range would never be judged: the fact does not hold there at all.
    for (const [slug, l] of seeds.limitations) {
      const range = l.appliesTo.kubernetes;
      for (const version of l.appliesTo.kubernetesPatchFixed ?? [])
        if (!range || (range.min && compareKubernetes(version, range.min) < 0) || (range.max && compareKubernetes(version, range.max) > 0))
          problems.push({
            file: SEED_FILES.limitations.file,
            record: slug,
            path: 'appliesTo.kubernetesPatchFixed',
            message: `${version} is outside the limitation's Kubernetes range`,
            rule: this.name,
          });
    }
    return problems;
  },
};
