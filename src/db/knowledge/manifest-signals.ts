/** The manifest signals the scanner reads (seeds/manifest-signals.yaml), in seed order. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { ManifestSignal } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readManifestSignals({ db, cite }: KnowledgeReader) {
  const manifestSignals = db
    .select()
    .from(t.manifestSignals)
    .orderBy(asc(t.manifestSignals.ordinal))
    .all()
    .map((r): ManifestSignal => ({
      slug: r.slug,
      component: r.component,
      description: r.description,
      where: r.places,
      states: r.states,
      ...(r.reads ? { reads: r.reads } : {}),
      values: r.signalValues,
      sources: cite(owner.manifestSignal(r.slug)),
    }));
  return manifestSignals;
}
