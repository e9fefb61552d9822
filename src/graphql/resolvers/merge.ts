import type { Resolvers } from '../generated/resolvers.js';

/** Shallow-merges resolver maps type by type; a field defined twice is a programming error. */
export function mergeResolvers(maps: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps)
    for (const [type, fields] of Object.entries(map)) {
      const target = (merged[type] ??= {});
      for (const [field, fn] of Object.entries(fields as object)) {
        if (field in target) throw new Error(`resolver ${type}.${field} is defined twice`);
        target[field] = fn;
      }
    }
  return merged as Resolvers;
}
