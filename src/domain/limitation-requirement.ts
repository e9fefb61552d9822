/**
 * A limitation's `requires` in words: where the thing it is about works at all (L2tunnel only on
 * Azure). The API's LimitationRequirement.description reads it; the engine reads the scope itself.
 */
import type { LimitationFact } from './knowledge.js';
import { PLATFORM_NAMES } from './vocabulary.js';

export function describeRequirement(r: NonNullable<LimitationFact['requires']>): string {
  const parts = [
    r.platforms ? `on ${r.platforms.map((p) => PLATFORM_NAMES[p]).join(' or ')}` : '',
    r.environments ? `in ${r.environments.join(' or ')}` : '',
    r.plugins ? `with ${r.plugins.join(' or ')}` : '',
    r.modes ? `in the ${r.modes.join(' or ')} mode` : '',
  ].filter(Boolean);
  return parts.length === 0 ? 'It works everywhere the limitation is scoped.' : `It works only ${parts.join(', ')}.`;
}
