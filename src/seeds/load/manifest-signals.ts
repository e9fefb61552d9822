/** Loads manifest signals into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** The manifest signals the scanner reads: where each component states what, and the values it takes. */
export function loadManifestSignals({ db, cite }: SeedWriter, seeds: SeedSet): void {
  [...seeds.manifestSignals].forEach(([slug, m], ordinal) => {
    db.insert(t.manifestSignals)
      .values({
        slug,
        ordinal,
        component: m.component,
        description: m.description,
        places: m.where,
        states: m.states,
        reads: m.reads ?? null,
        signalValues: m.values,
      })
      .run();
    cite(owner.manifestSignal(slug), m.sources);
  });
}
