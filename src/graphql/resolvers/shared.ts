/** Small pieces the resolver maps share. */
import { describeKubernetesRange } from '../../domain/kubernetes-version.js';
import { toGlobalId, type NodeType } from '../global-id.js';
import type { RequestContext } from '../context.js';

/** Resolvers for `id` and `sources` of a slug-keyed Node type whose citations are owned by `ownerKey(slug)`. */
export function nodeFields(type: NodeType, ownerKey: (slug: string) => string) {
  return {
    id: (p: { slug: string }) => toGlobalId(type, p.slug),
    sources: (p: { slug: string }, _: unknown, { loaders }: RequestContext) => loaders.citations(ownerKey(p.slug)),
  };
}

export function kubernetesRange(min: string | null, max: string | null) {
  if (min === null && max === null) return null;
  return { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

export function describeRange(r: { min?: string | null; max?: string | null }): string {
  return describeKubernetesRange({ ...(r.min ? { min: r.min } : {}), ...(r.max ? { max: r.max } : {}) });
}

/** Many rows by slug through a unique loader, dropping none (the database guarantees they exist). */
export function getAll<T>(loader: { getMany(keys: readonly string[]): (T | null)[] }, slugs: readonly string[]): T[] {
  return loader.getMany(slugs).map((r) => {
    if (r === null) throw new Error('dangling reference in a read-only database');
    return r;
  });
}
