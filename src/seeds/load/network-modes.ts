/** Loads network modes into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Network modes, with their gate graduation, notes and settings. */
export function loadNetworkModes({ db, cite, addSettings, addNotes }: SeedWriter, seeds: SeedSet): void {
  [...seeds.networkModes].forEach(([slug, m], ordinal) => {
    db.insert(t.networkModes)
      .values({
        slug,
        name: m.name,
        description: m.description,
        packetModifications: m.packetModifications,
        usedByKubernetes: m.usedByKubernetes,
        stability: m.stability,
        gateGraduatedIn: m.gateGraduation?.kubernetes ?? null,
        gateName: m.gateGraduation?.gate ?? null,
        ordinal,
      })
      .run();
    cite(owner.networkMode(slug), m.sources);
    cite(owner.networkModeGraduation(slug), m.gateGraduation?.sources);
    addNotes(owner.networkMode(slug), m.statusNotes);
    addSettings(owner.networkMode(slug), m.settings);
  });
}
