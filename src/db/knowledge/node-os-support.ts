/** Node OS support statements in seed order. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { NodeOsSupportFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import { optionalRange as range, optionalSpan as span } from '../ranges.js';
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readNodeOsSupport({ db, cite }: KnowledgeReader) {
  const nodeOsSupport = db
    .select()
    .from(t.nodeOsSupport)
    .orderBy(asc(t.nodeOsSupport.ordinal))
    .all()
    .map((r): NodeOsSupportFact => {
      const kubernetes = range(r.kubernetesMin, r.kubernetesMax);
      const dates = span(r.dateFrom, r.dateBefore);
      return {
        slug: r.slug,
        windowsVersion: r.windowsVersionSlug,
        ...(r.environmentSlug ? { environment: r.environmentSlug } : {}),
        ...(kubernetes ? { kubernetes } : {}),
        ...(dates ? { dates } : {}),
        status: r.status,
        ...(r.note ? { note: r.note } : {}),
        sources: cite(owner.nodeOsSupport(r.slug)),
      };
    });
  return nodeOsSupport;
}
