/**
 * The engine's wording: the texts the rules put in their messages and remediations (labels, the
 * plugins an environment lists, how a setting reads). What a rule decides lives in its file under
 * rules/; how the decision reads lives here.
 */
import { describeKubernetesRange } from '../kubernetes-version.js';
import type { SettingFact } from '../knowledge.js';
import type { PlanContext } from './plan-context.js';

export const STATUS_WORDS = { default: 'the default plugin', supported: 'supported', alternative: 'a documented alternative', retired: 'retired' } as const;

/** The plugins the sources list for an environment, with their status there ("Amazon VPC CNI (default)"). */
export function listedPlugins(k: PlanContext['k'], environment: string): string {
  return [...k.plugins.values()]
    .flatMap((p) => p.environments.filter((e) => e.environment === environment).map((e) => `${p.name} (${STATUS_WORDS[e.status]})`))
    .join(', ');
}

export const MODE_WORDS = { SECONDARY_IP: 'secondary-IP mode', PREFIX_DELEGATION: 'prefix delegation' } as const;

export const installUpdate = (build: string, update: { kb: string } | undefined) =>
  `Install ${update ? `${update.kb} (build ${build})` : `build ${build}`} or a later cumulative update.`;

export function describeSetting(s: SettingFact): string {
  const builds = s.windowsBuilds
    ? [s.windowsBuilds.from ? `from build ${s.windowsBuilds.from}` : '', s.windowsBuilds.before ? `before build ${s.windowsBuilds.before}` : '']
        .filter(Boolean)
        .join(' and ')
    : '';
  const scope = s.kubernetes || builds ? ` (${[s.kubernetes ? describeKubernetesRange(s.kubernetes) : '', builds].filter(Boolean).join('; ')})` : '';
  const where = s.target ? ` in ${s.target}` : '';
  switch (s.kind) {
    case 'KUBE_PROXY_FLAG':
      return `kube-proxy: ${s.key}=${s.value}${scope}.`;
    case 'OS_UPDATE':
      return `OS update: ${s.key} (build ${s.value})${scope}.`;
    default:
      return `Set ${s.key} to ${s.value}${where}${scope}.`;
  }
}
