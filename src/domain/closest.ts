/** "Did you mean" suggestions for mistyped names (m5.larg -> m5.large). */
import { distance } from 'fastest-levenshtein';

export function closestNames(wanted: string, known: Iterable<string>, limit = 3): string[] {
  const needle = wanted.trim().toLowerCase();
  return [...known]
    .map((name) => ({ name, d: distance(needle, name), prefix: name.startsWith(needle) ? 0 : 1 }))
    .sort((a, b) => a.d - b.d || a.prefix - b.prefix || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((c) => c.name);
}
