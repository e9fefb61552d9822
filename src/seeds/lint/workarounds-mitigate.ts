import { SEED_FILES } from '../schema.js';
import type { SeedProblem } from '../read.js';
import type { LintRule } from './rule.js';

/**
 * A workaround the plan can carry out must be read as done when the plan does it: otherwise a plan
 * that already sets externalTrafficPolicy Local is still warned, and told to set it. Two plan inputs
 * express a workaround setting: a feature whose own settings include it (same kind, key and value),
 * and a kube-proxy feature gate (--feature-gates gate=value). A limitation about that very feature
 * (the feature in its appliesTo) is exempt: its workaround configures what it is about.
 */
export const workaroundsMitigate: LintRule = {
  name: 'workarounds-mitigate',
  description:
    'A workaround setting that a plan can express (a feature sets it, or it is a kube-proxy feature gate) is named in mitigatedBy, so a plan that carries it out is not warned.',
  check(seeds) {
    const problems: SeedProblem[] = [];
    for (const [slug, l] of seeds.limitations)
      l.workaroundSettings.forEach((s, i) => {
        const about = l.appliesTo.features ?? [];
        const setting = (f: string) => seeds.features.get(f)?.settings.some((fs) => fs.kind === s.kind && fs.key === s.key && fs.value === s.value);
        if (about.some(setting)) return;
        const features = [...seeds.features.keys()].filter(setting);
        // One feature that expresses the setting is enough (copies of a feature set it too).
        if (features.length > 0 && !features.some((f) => l.mitigatedBy?.features?.includes(f)))
          problems.push({
            file: SEED_FILES.limitations.file,
            record: slug,
            path: `workaroundSettings.${i}`,
            message: `${s.key}=${s.value} is what ${features.join(', ')} sets; name it in mitigatedBy.features`,
            rule: this.name,
          });
        if (s.kind === 'KUBE_PROXY_FLAG' && s.key === '--feature-gates' && !l.mitigatedBy?.kubeProxyFeatureGates?.includes(s.value))
          problems.push({
            file: SEED_FILES.limitations.file,
            record: slug,
            path: `workaroundSettings.${i}`,
            message: `the gate ${s.value} is a plan input (kubeProxyFeatureGates); name it in mitigatedBy.kubeProxyFeatureGates`,
            rule: this.name,
          });
      });
    return problems;
  },
};
