/** Loads the glossary into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Glossary terms. */
export function loadGlossary({ db, cite }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, g] of seeds.glossary) {
    db.insert(t.glossaryTerms)
      .values({ slug, term: g.term, expansion: g.expansion ?? null, definition: g.definition })
      .run();
    cite(owner.glossaryTerm(slug), g.sources);
  }
}
