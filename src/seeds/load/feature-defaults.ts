/** Loads feature defaults into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Feature defaults with their scope. */
export function loadFeatureDefaults({ db, cite }: SeedWriter, seeds: SeedSet): void {
  [...seeds.featureDefaults].forEach(([slug, d], ordinal) => {
    const s = d.appliesTo;
    db.insert(t.featureDefaults)
      .values({
        slug,
        featureSlug: d.feature,
        enabled: d.enabled,
        description: d.description,
        channels: s.channels ?? null,
        buildFrom: s.windowsBuilds?.from ?? null,
        buildBefore: s.windowsBuilds?.before ?? null,
        dateFrom: s.dates?.from ?? null,
        dateBefore: s.dates?.before ?? null,
        ordinal,
      })
      .run();
    s.environments.forEach((environmentSlug) => db.insert(t.featureDefaultEnvironments).values({ defaultSlug: slug, environmentSlug }).run());
    cite(owner.featureDefault(slug), d.sources);
    for (const [dimension, sources] of Object.entries(d.scopeSources ?? {})) cite(owner.scopeSource('feature-default', slug, dimension), sources);
  });
}
