/** Feature gates by name, with their stages, locked-override effect and proposed removal. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { FeatureGateFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import { optionalRange as range } from '../ranges.js';
import * as t from '../tables.js';
import { group, type KnowledgeReader } from './reader.js';

export function readFeatureGates({ db, cite }: KnowledgeReader) {
  const gateStages = group(
    db.select().from(t.featureGateStages).orderBy(asc(t.featureGateStages.gateSlug), asc(t.featureGateStages.ordinal)).all(),
    (r) => r.gateSlug,
    (r) => ({ stage: r.stage, default: r.defaultEnabled, locked: r.locked, kubernetes: range(r.kubernetesMin, r.kubernetesMax) ?? {} }),
  );
  const featureGates = new Map(
    db
      .select()
      .from(t.featureGates)
      .orderBy(asc(t.featureGates.ordinal))
      .all()
      .map((r): [string, FeatureGateFact] => [
        r.name,
        {
          slug: r.slug,
          name: r.name,
          component: r.component,
          description: r.description,
          stages: gateStages.get(r.slug) ?? [],
          stageSources: cite(owner.featureGateStages(r.slug)),
          ...(r.lockedOverrideEffect !== null
            ? {
                lockedOverride: {
                  effect: r.lockedOverrideEffect,
                  observed: r.lockedOverrideObserved ?? false,
                  ...(r.lockedOverrideNote ? { note: r.lockedOverrideNote } : {}),
                  sources: cite(owner.featureGateLockedOverride(r.slug)),
                },
              }
            : {}),
          ...(r.removalAllowedFrom !== null && r.removalStatus === 'proposed'
            ? {
                removal: {
                  status: 'proposed' as const,
                  allowedFrom: r.removalAllowedFrom,
                  note: r.removalNote ?? '',
                  sources: cite(owner.featureGateRemoval(r.slug)),
                },
              }
            : {}),
          sources: cite(owner.featureGate(r.slug)),
        },
      ]),
  );
  return featureGates;
}
