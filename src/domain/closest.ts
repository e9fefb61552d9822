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

/**
 * How a refused name is answered, by the API and the CLI alike: the reason, the closest known
 * names (closestNames) and, for a closed set, every valid choice:
 * `unknown feature "dsr". Closest known: direct-server-return. Valid choices: ...`.
 */
export function refusalMessage(reason: string, validChoices?: readonly string[], suggestions?: readonly string[]): string {
  const parts = [reason];
  if (suggestions && suggestions.length > 0) parts.push(`Closest known: ${suggestions.join(', ')}`);
  if (validChoices) parts.push(`Valid choices: ${validChoices.join(', ')}`);
  return parts.join('. ');
}
