/** Feature defaults in seed order, each with its scope. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { FeatureDefaultFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import { optionalSpan as span } from '../ranges.js';
import * as t from '../tables.js';
import { group, insertionOrder, type KnowledgeReader } from './reader.js';

export function readFeatureDefaults({ db, cite, scopeSources }: KnowledgeReader) {
  const defaultEnvironments = group(
    db.select().from(t.featureDefaultEnvironments).orderBy(insertionOrder).all(),
    (r) => r.defaultSlug,
    (r) => r.environmentSlug,
  );
  const featureDefaults = db
    .select()
    .from(t.featureDefaults)
    .orderBy(asc(t.featureDefaults.ordinal))
    .all()
    .map((r): FeatureDefaultFact => {
      const windowsBuilds = span(r.buildFrom, r.buildBefore);
      const dates = span(r.dateFrom, r.dateBefore);
      return {
        slug: r.slug,
        feature: r.featureSlug,
        enabled: r.enabled,
        description: r.description,
        scope: {
          environments: defaultEnvironments.get(r.slug) ?? [],
          ...(r.channels ? { channels: r.channels } : {}),
          ...(windowsBuilds ? { windowsBuilds } : {}),
          ...(dates ? { dates } : {}),
        },
        scopeSources: scopeSources('feature-default', r.slug),
        sources: cite(owner.featureDefault(r.slug)),
      };
    });
  return featureDefaults;
}
