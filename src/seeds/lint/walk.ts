/** Helpers for rules that need to visit every citation or setting wherever it sits in a record. */
import type { Citation } from '../schema.js';

export interface Located<T> {
  value: T;
  path: string;
}

/** Finds every object under root that looks like T (by predicate), with its dotted path. */
export function collect<T>(root: unknown, isMatch: (v: unknown) => v is T, path = ''): Located<T>[] {
  const found: Located<T>[] = [];
  if (isMatch(root)) found.push({ value: root, path });
  if (Array.isArray(root)) {
    root.forEach((item, i) => found.push(...collect(item, isMatch, path ? `${path}.${i}` : String(i))));
  } else if (root !== null && typeof root === 'object') {
    for (const [k, v] of Object.entries(root)) found.push(...collect(v, isMatch, path ? `${path}.${k}` : k));
  }
  return found;
}

export const isCitation = (v: unknown): v is Citation => v !== null && typeof v === 'object' && 'doc' in v && 'section' in v;
