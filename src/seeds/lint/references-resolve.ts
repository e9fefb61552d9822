import type { SeedProblem } from '../read.js';
import { SEED_FILES, type SeedKey, type SeedSet } from '../schema.js';
import type { LintRule } from './rule.js';

type Ref = { from: SeedKey; record: string; path: string; to: SeedKey; slug: string };

/** Lists every slug reference in the seed set with the table it must point into. */
export function references(seeds: SeedSet): Ref[] {
  const refs: Ref[] = [];
  const add = (from: SeedKey, record: string, path: string, to: SeedKey, slugs: readonly string[] | undefined) =>
    slugs?.forEach((s, i) => refs.push({ from, record, path: slugs.length > 1 || path.endsWith('s') ? `${path}.${i}` : path, to, slug: s }));

  for (const [slug, f] of seeds.features) {
    add('features', slug, 'minimumWindows.version', 'windowsVersions', [f.minimumWindows.version]);
    add('features', slug, 'requires', 'features', f.requires);
  }
  for (const [slug, p] of seeds.cniPlugins) {
    p.modes.forEach((m, i) => {
      add('cniPlugins', slug, `modes.${i}.mode`, 'networkModes', [m.mode]);
      if (m.delegatesTo) add('cniPlugins', slug, `modes.${i}.delegatesTo`, 'cniPlugins', [m.delegatesTo]);
    });
    add('cniPlugins', slug, 'ipam', 'ipamOptions', p.ipam);
    p.environments.forEach((e, i) => add('cniPlugins', slug, `environments.${i}.environment`, 'environments', [e.environment]));
    add('cniPlugins', slug, 'onlyIn.environments', 'environments', p.onlyIn?.environments);
  }
  for (const [slug, o] of seeds.ipamOptions) add('ipamOptions', slug, 'restrictedTo', 'cniPlugins', o.restrictedTo);
  for (const [slug, l] of seeds.limitations) {
    const s = l.appliesTo;
    add('limitations', slug, 'appliesTo.environments', 'environments', s.environments);
    add('limitations', slug, 'appliesTo.plugins', 'cniPlugins', s.plugins);
    add('limitations', slug, 'appliesTo.modes', 'networkModes', s.modes);
    add('limitations', slug, 'appliesTo.features', 'features', s.features);
    add('limitations', slug, 'appliesTo.serviceTypes', 'serviceTypes', s.serviceTypes);
    add('limitations', slug, 'mitigatedBy.features', 'features', l.mitigatedBy?.features);
    add('limitations', slug, 'appliesTo.windowsBuilds.confirmedOn', 'windowsVersions', s.windowsBuilds?.confirmedOn);
    // The requires scope is stored as JSON, so this lint is what keeps its slugs real.
    const r = l.requires;
    add('limitations', slug, 'requires.environments', 'environments', r?.environments);
    add('limitations', slug, 'requires.plugins', 'cniPlugins', r?.plugins);
    add('limitations', slug, 'requires.modes', 'networkModes', r?.modes);
    add('limitations', slug, 'requires.features', 'features', r?.features);
    add('limitations', slug, 'requires.serviceTypes', 'serviceTypes', r?.serviceTypes);
    add('limitations', slug, 'requires.windowsBuilds.confirmedOn', 'windowsVersions', r?.windowsBuilds?.confirmedOn);
  }
  for (const [slug, r] of seeds.nodeOsSupport) {
    add('nodeOsSupport', slug, 'windowsVersion', 'windowsVersions', [r.windowsVersion]);
    if (r.environment) add('nodeOsSupport', slug, 'environment', 'environments', [r.environment]);
  }
  for (const [slug, d] of seeds.featureDefaults) {
    add('featureDefaults', slug, 'feature', 'features', [d.feature]);
    add('featureDefaults', slug, 'appliesTo.environments', 'environments', d.appliesTo.environments);
  }
  for (const [slug, e] of seeds.environments)
    if (e.eksctl) add('environments', slug, 'eksctl.defaultInstanceType', 'instanceTypes', [e.eksctl.defaultInstanceType]);
  for (const [slug, c] of seeds.pluginComparisons) {
    add('pluginComparisons', slug, 'environment', 'environments', [c.environment]);
    add('pluginComparisons', slug, 'plugins', 'cniPlugins', c.plugins);
    c.rows.forEach((r, i) => add('pluginComparisons', slug, `rows.${i}.values`, 'cniPlugins', Object.keys(r.values)));
  }
  // A signal's plugin may be one the knowledge base holds no record of (Antrea): reported by the scan, not refused here.
  for (const [slug, m] of seeds.manifestSignals) {
    if (m.states.environment) add('manifestSignals', slug, 'states.environment', 'environments', [m.states.environment]);
    for (const [value, v] of Object.entries(m.values)) {
      if (v.windowsVersion) add('manifestSignals', slug, `values.${value}.windowsVersion`, 'windowsVersions', [v.windowsVersion]);
      if (v.states?.environment) add('manifestSignals', slug, `values.${value}.states.environment`, 'environments', [v.states.environment]);
    }
  }
  return refs;
}

/** Every slug a record mentions exists in the table it points into. */
export const referencesResolve: LintRule = {
  name: 'references-resolve',
  description: 'Every slug that a record refers to exists in the seed file it points into.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const r of references(seeds)) {
      if (seeds[r.to].has(r.slug)) continue;
      const keys = [...seeds[r.to].keys()];
      // The EC2 catalogue has over a thousand names: say how many rather than list them.
      const choices = r.to === 'instanceTypes' ? `${keys.length} instance types` : keys.join(', ');
      problems.push({
        file: SEED_FILES[r.from].file,
        record: r.record,
        path: r.path,
        message: `"${r.slug}" is not in ${SEED_FILES[r.to].file} (known: ${choices})`,
        rule: this.name,
      });
    }
    return problems;
  },
};
