/** Features by slug: their minimum Windows and Kubernetes, what they require and the settings that switch them on. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { group, type KnowledgeReader } from './reader.js';

export function readFeatures({ db, cite, settings }: KnowledgeReader) {
  const requires = group(
    db.select().from(t.featureRequires).orderBy(asc(t.featureRequires.ordinal)).all(),
    (r) => r.featureSlug,
    (r) => r.requiredSlug,
  );
  const features = new Map(
    db
      .select()
      .from(t.features)
      .orderBy(asc(t.features.ordinal))
      .all()
      .map((r) => {
        const slug = r.slug;
        return [
          slug,
          {
            slug,
            name: r.name,
            minimumWindows: r.minimumWindowsSlug,
            ...(r.minimumBuild ? { minimumBuild: r.minimumBuild } : {}),
            minimumWindowsSources: cite(owner.featureMinimumWindows(slug)),
            ...(r.minimumKubernetes ? { minimumKubernetes: r.minimumKubernetes } : {}),
            minimumKubernetesSources: cite(owner.featureMinimumKubernetes(slug)),
            requires: requires.get(slug) ?? [],
            settings: settings.get(owner.feature(slug)) ?? [],
            sources: cite(owner.feature(slug)),
          },
        ];
      }),
  );
  return features;
}
