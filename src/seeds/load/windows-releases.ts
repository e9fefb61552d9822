/** Loads Windows releases into the tables: a step of ../load.ts. */
import { compareWindowsReleases } from '../../domain/windows-releases.js';
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Windows releases in release order (their sortOrder), with their notes and updates. */
export function loadWindowsReleases({ db, newId, cite, addNotes }: SeedWriter, seeds: SeedSet): void {
  const releases = [...seeds.windowsVersions].map(([slug, v]) => ({ slug, ...v }));
  releases.sort(compareWindowsReleases);
  releases.forEach((v, sortOrder) => {
    db.insert(t.windowsVersions)
      .values({
        slug: v.slug,
        name: v.name,
        version: v.version,
        versionLabelVerified: v.versionLabelVerified,
        build: v.build,
        channel: v.channel,
        released: v.released,
        mainstreamSupportEnds: v.mainstreamSupportEnds ?? null,
        supportEnds: v.supportEnds ?? null,
        sortOrder,
      })
      .run();
    cite(owner.windowsVersion(v.slug), v.sources);
    addNotes(owner.windowsVersion(v.slug), v.notes);
    for (const u of v.updates) {
      const id = newId();
      db.insert(t.windowsUpdates).values({ id, versionSlug: v.slug, kb: u.kb, revision: u.revision, released: u.released, description: u.description }).run();
      cite(owner.windowsUpdate(id), u.sources);
    }
  });
}
