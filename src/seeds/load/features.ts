/** Loads features into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Features with their minimums and settings, then what each requires (after every feature). */
export function loadFeatures({ db, cite, addSettings }: SeedWriter, seeds: SeedSet): void {
  [...seeds.features].forEach(([slug, f], ordinal) => {
    db.insert(t.features)
      .values({
        slug,
        name: f.name,
        description: f.description,
        minimumWindowsSlug: f.minimumWindows.version,
        minimumBuild: f.minimumWindows.build ?? null,
        minimumKubernetes: f.minimumKubernetes?.version ?? null,
        enablementNote: f.enablementNote ?? null,
        ordinal,
      })
      .run();
    cite(owner.feature(slug), f.sources);
    cite(owner.featureMinimumWindows(slug), f.minimumWindows.sources);
    cite(owner.featureMinimumKubernetes(slug), f.minimumKubernetes?.sources);
    addSettings(owner.feature(slug), f.settings);
  });
  for (const [slug, f] of seeds.features)
    f.requires.forEach((requiredSlug, ordinal) => db.insert(t.featureRequires).values({ featureSlug: slug, requiredSlug, ordinal }).run());
}
