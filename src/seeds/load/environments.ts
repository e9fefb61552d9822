/** Loads environments into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Environments, with their plugin-list and eksctl facts. */
export function loadEnvironments({ db, cite }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, e] of seeds.environments) {
    db.insert(t.environments)
      .values({
        slug,
        name: e.name,
        description: e.description,
        pluginsListed: e.pluginsListed !== undefined,
        pluginsListedNote: e.pluginsListed?.note ?? null,
        platform: e.platform ?? null,
        eksctlDefaultInstanceType: e.eksctl?.defaultInstanceType ?? null,
      })
      .run();
    cite(owner.environment(slug), e.sources);
    cite(owner.environmentPluginsListed(slug), e.pluginsListed?.sources);
    cite(owner.environmentEksctl(slug), e.eksctl?.sources);
  }
}
