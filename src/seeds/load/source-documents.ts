/** Loads source documents into the tables: a step of ../load.ts. */
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** The source documents every citation points at. */
export function loadSourceDocuments({ db }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, s] of seeds.sources)
    db.insert(t.sourceDocuments)
      .values({
        slug,
        title: s.title,
        url: s.url,
        locale: s.locale,
        kind: s.kind,
        revision: s.revision,
        file: s.file ?? null,
        sections: s.sections,
        revisionDate: s.revisionDate ?? null,
      })
      .run();
}
