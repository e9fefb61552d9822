/** Tables the build derives from the seeds hold exactly what the seeds imply. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase } from '../../src/db/open.js';
import * as t from '../../src/db/tables.js';
import { testDatabasePath } from '../support/fixtures.js';

const database = openDatabase(testDatabasePath());
afterAll(() => database.close());
const { db } = database;

describe('derived plugin_effective_limitations', () => {
  it("holds each plugin's own limitations and those of the plugins its modes delegate to, and nothing else", () => {
    const knowledge = loadKnowledge(database);
    const derived = db.select().from(t.pluginEffectiveLimitations).all();
    expect(derived.length).toBeGreaterThan(0);
    for (const [slug, plugin] of knowledge.plugins) {
      const reach = new Set([slug, ...plugin.modes.flatMap((m) => (m.delegatesTo ? [m.delegatesTo] : []))]);
      const expected = knowledge.limitations
        .filter((l) => l.scope.plugins?.some((p) => reach.has(p)))
        .map((l) => l.slug)
        .sort();
      const actual = derived
        .filter((r) => r.pluginSlug === slug)
        .map((r) => r.limitationSlug)
        .sort();
      expect(actual, slug).toEqual(expected);
    }
    // Flannel reaches win-overlay's limitations through its VXLAN backend.
    const winOverlayOnly = knowledge.limitations.filter((l) => l.scope.plugins?.includes('win-overlay') && !l.scope.plugins.includes('flannel'));
    expect(winOverlayOnly.length).toBeGreaterThan(0);
    expect(derived.filter((r) => r.pluginSlug === 'flannel').map((r) => r.limitationSlug)).toEqual(expect.arrayContaining(winOverlayOnly.map((l) => l.slug)));
  });
});
