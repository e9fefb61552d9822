/** Small pieces the resolver maps share. */
import { describeKubernetesRange } from '../../domain/kubernetes-version.js';
import { toGlobalId, type NodeType } from '../global-id.js';
import type { RequestContext } from '../context.js';

/** Resolvers for `id` and `sources` of a slug-keyed Node type whose citations are owned by `ownerKey(slug)`. */
export function nodeFields(type: NodeType, ownerKey: (slug: string) => string) {
  return {
    id: (p: { slug: string }) => toGlobalId(type, p.slug),
    sources: (p: { slug: string }, _: unknown, { loaders }: RequestContext) => loaders.citations.load(ownerKey(p.slug)),
  };
}

export function kubernetesRange(min: string | null, max: string | null) {
  if (min === null && max === null) return null;
  return { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

export function describeRange(r: { min?: string | null; max?: string | null }): string {
  return describeKubernetesRange({ ...(r.min ? { min: r.min } : {}), ...(r.max ? { max: r.max } : {}) });
}

/** A unique loader: rows by slug, null for an unknown slug. */
interface UniqueLoader<T> {
  load(key: string): Promise<T | null>;
}

/** Many rows by slug through a unique loader, dropping none (the database guarantees they exist). */
export async function getAll<T>(loader: UniqueLoader<T>, slugs: readonly string[]): Promise<T[]> {
  if (slugs.length === 0) return [];
  const rows = await Promise.all(slugs.map((slug) => loader.load(slug)));
  return rows.map((r) => {
    if (r === null) throw new Error('dangling reference in a read-only database');
    return r;
  });
}

/** The rows a relation's links point to: links loaded by one loader, their targets by another. */
export async function follow<L, T>(loader: UniqueLoader<T>, links: Promise<L[]>, target: (link: L) => string): Promise<T[]> {
  return getAll(loader, (await links).map(target));
}

/** One row that a foreign key guarantees. */
export async function required<T>(loader: UniqueLoader<T>, slug: string): Promise<T> {
  const row = await loader.load(slug);
  if (row === null) throw new Error('dangling reference in a read-only database');
  return row;
}
