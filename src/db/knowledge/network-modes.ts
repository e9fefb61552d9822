/** Network modes by slug, with the gate that graduated them and the settings that select them. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readModes({ db, cite, settings }: KnowledgeReader) {
  const modes = new Map(
    db
      .select()
      .from(t.networkModes)
      .orderBy(asc(t.networkModes.ordinal))
      .all()
      .map((r) => [
        r.slug,
        {
          slug: r.slug,
          name: r.name,
          usedByKubernetes: r.usedByKubernetes,
          // Validated by the seed schema; the column is plain text.
          stability: r.stability,
          ...(r.gateGraduatedIn && r.gateName
            ? { gateGraduation: { gate: r.gateName, kubernetes: r.gateGraduatedIn, sources: cite(owner.networkModeGraduation(r.slug)) } }
            : {}),
          settings: settings.get(owner.networkMode(r.slug)) ?? [],
          sources: cite(owner.networkMode(r.slug)),
        },
      ]),
  );
  return modes;
}
