/** Loads feature gates into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Feature gates with their stages, locked-override effect and proposed removal. */
export function loadFeatureGates({ db, newId, cite }: SeedWriter, seeds: SeedSet): void {
  [...seeds.featureGates].forEach(([slug, g], ordinal) => {
    db.insert(t.featureGates)
      .values({
        slug,
        name: g.name,
        component: g.component,
        description: g.description,
        lockedOverrideEffect: g.lockedOverride?.effect ?? null,
        lockedOverrideObserved: g.lockedOverride?.observed ?? null,
        lockedOverrideNote: g.lockedOverride?.note ?? null,
        removalStatus: g.removal?.status ?? null,
        removalAllowedFrom: g.removal?.allowedFrom ?? null,
        removalNote: g.removal?.note ?? null,
        ordinal,
      })
      .run();
    g.stages.forEach((stage, stageOrdinal) =>
      db
        .insert(t.featureGateStages)
        .values({
          id: newId(),
          gateSlug: slug,
          ordinal: stageOrdinal,
          stage: stage.stage,
          defaultEnabled: stage.default,
          locked: stage.locked,
          kubernetesMin: stage.kubernetes.min ?? null,
          kubernetesMax: stage.kubernetes.max ?? null,
        })
        .run(),
    );
    cite(owner.featureGate(slug), g.sources);
    cite(owner.featureGateStages(slug), g.stageSources);
    cite(owner.featureGateLockedOverride(slug), g.lockedOverride?.sources);
    cite(owner.featureGateRemoval(slug), g.removal?.sources);
  });
}
