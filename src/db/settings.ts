/**
 * A settings row as the domain's SettingFact: the one mapping, read by the engine's snapshot
 * (src/db/knowledge.ts) and by the graph's resolvers (src/graphql/resolvers/catalogue.ts), so that
 * a setting reads the same in a verdict and in the catalogue.
 */
import type { Citation, SettingFact } from '../domain/knowledge.js';
import { optionalRange, optionalSpan } from './ranges.js';
import type * as t from './tables.js';

/** A setting with its row id, by which its citations are keyed (owner.setting(id)). */
export type SettingWithId = SettingFact & { id: number };

/** The row as a fact; `sources` are its citations (the graph loads them by id, and passes none). */
export function settingFromRow(r: typeof t.settings.$inferSelect, sources: Citation[]): SettingWithId {
  const kubernetes = optionalRange(r.kubernetesMin, r.kubernetesMax);
  const windowsBuilds = optionalSpan(r.buildFrom, r.buildBefore);
  return {
    id: r.id,
    // The seed schema admits only the domain's kinds; the column is plain text.
    kind: r.kind,
    key: r.key,
    value: r.value,
    ...(r.target ? { target: r.target } : {}),
    ...(kubernetes ? { kubernetes } : {}),
    ...(windowsBuilds ? { windowsBuilds } : {}),
    ...(r.note ? { note: r.note } : {}),
    ...(r.ipAddressMode ? { ipAddressMode: r.ipAddressMode } : {}),
    sources,
  };
}
