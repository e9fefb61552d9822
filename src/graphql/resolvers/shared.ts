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

/** Loads many rows by slug through a unique loader, dropping none (the database guarantees they exist). */
export async function loadAll<T>(loader: { loadMany(keys: readonly string[]): Promise<(T | null | Error)[]> }, slugs: readonly string[]): Promise<T[]> {
  const rows = await loader.loadMany(slugs);
  return rows.map((r) => {
    if (r instanceof Error) throw r;
    if (r === null) throw new Error('dangling reference in a read-only database');
    return r;
  });
}
