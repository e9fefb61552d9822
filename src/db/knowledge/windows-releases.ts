/** Windows releases by slug, each with its updates (KBs) in revision order. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { group, type KnowledgeReader } from './reader.js';

export function readReleases({ db, cite }: KnowledgeReader) {
  const updates = group(
    db.select().from(t.windowsUpdates).orderBy(asc(t.windowsUpdates.revision)).all(),
    (r) => r.versionSlug,
    (r) => ({ kb: r.kb, revision: r.revision, released: r.released, sources: cite(owner.windowsUpdate(r.id)) }),
  );
  const releases = new Map(
    db
      .select()
      .from(t.windowsVersions)
      .orderBy(asc(t.windowsVersions.sortOrder))
      .all()
      .map((r) => [
        r.slug,
        {
          slug: r.slug,
          name: r.name,
          build: r.build,
          channel: r.channel,
          released: r.released,
          mainstreamSupportEnds: r.mainstreamSupportEnds ?? undefined,
          supportEnds: r.supportEnds ?? undefined,
          updates: updates.get(r.slug) ?? [],
          sources: cite(owner.windowsVersion(r.slug)),
        },
      ]),
  );
  return releases;
}
