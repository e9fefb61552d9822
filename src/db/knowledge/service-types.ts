/** Service types by slug. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readServiceTypes({ db }: KnowledgeReader) {
  const serviceTypes = new Map(
    db
      .select({ slug: t.serviceTypes.slug, name: t.serviceTypes.name })
      .from(t.serviceTypes)
      .orderBy(asc(t.serviceTypes.ordinal))
      .all()
      .map((r) => [r.slug, r]),
  );
  return serviceTypes;
}
