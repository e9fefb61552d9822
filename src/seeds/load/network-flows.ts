/** Loads network flows into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Network flows. */
export function loadNetworkFlows({ db, cite }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, f] of seeds.networkFlows) {
    db.insert(t.networkFlows)
      .values({ slug, ordinal: f.order, fromEndpoint: f.from, toEndpoint: f.to, addressing: f.addressing ?? null, label: f.label, note: f.note ?? null })
      .run();
    cite(owner.networkFlow(slug), f.sources);
  }
}
