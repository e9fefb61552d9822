/** Loads plugin comparisons into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Plugin comparisons, their rows and values. */
export function loadPluginComparisons({ db, newId, cite }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, c] of seeds.pluginComparisons) {
    db.insert(t.pluginComparisons).values({ slug, title: c.title, environmentSlug: c.environment, plugins: c.plugins }).run();
    cite(owner.pluginComparison(slug), c.sources);
    c.rows.forEach((r, ordinal) => {
      const id = newId();
      db.insert(t.comparisonRows).values({ id, comparisonSlug: slug, ordinal, capability: r.capability }).run();
      for (const [pluginSlug, value] of Object.entries(r.values)) db.insert(t.comparisonValues).values({ rowId: id, pluginSlug, value }).run();
    });
  }
}
