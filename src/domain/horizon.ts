/**
 * Where the dataset's knowledge ends. A plan for a Kubernetes version past the newest one the
 * seeds document, or judged at a date past the newest source read, is outside what the dataset
 * knows: facts that could have changed since are "may apply" there (scope.ts), and every report
 * says where the knowledge ends.
 */
import { compareKubernetes, KUBERNETES_MINOR } from './kubernetes-version.js';
import type { DatasetHorizon } from './knowledge.js';

export type { DatasetHorizon } from './knowledge.js';

/**
 * Every Kubernetes minor version named anywhere in a seed tree: range bounds (`kubernetes: {min, max}`)
 * and single versions under keys that name one (`minimumKubernetes`, a gate graduation's `kubernetes`).
 */
export function kubernetesVersionsIn(tree: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string | undefined, parentKey: string | undefined): void => {
    if (typeof value === 'string') {
      const versionKey = key === 'minimumKubernetes' || (parentKey === 'kubernetes' && (key === 'min' || key === 'max')) || key === 'kubernetes';
      if (versionKey && KUBERNETES_MINOR.test(value)) found.push(value);
      return;
    }
    if (value instanceof Map) for (const [k, v] of value) visit(v, String(k), key);
    else if (Array.isArray(value)) for (const v of value) visit(v, key, parentKey);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k, key);
  };
  visit(tree, undefined, undefined);
  return found;
}

/** The newest of some Kubernetes minor versions. */
export function newestKubernetes(versions: readonly string[]): string {
  if (versions.length === 0) throw new RangeError('no Kubernetes version to take the newest of');
  return [...versions].sort(compareKubernetes).at(-1)!;
}

/** The release with the highest build, the later release date breaking a tie (2019 LTSC and 1809 SAC share 17763). */
export function newestRelease<R extends { slug: string; build: number; released: string }>(releases: Iterable<R>): R {
  let newest: R | undefined;
  for (const r of releases) if (!newest || r.build > newest.build || (r.build === newest.build && r.released > newest.released)) newest = r;
  if (!newest) throw new RangeError('no Windows release to take the newest of');
  return newest;
}

export function describeHorizon(h: DatasetHorizon, releaseName: string): string {
  return `The dataset documents Kubernetes up to ${h.kubernetesVersion} and Windows releases up to ${releaseName}; its newest source was read at ${h.knowledgeDate}.`;
}
