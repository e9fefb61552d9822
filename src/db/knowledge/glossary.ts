/** Glossary terms by term. (A part of the engine's snapshot: ../knowledge.ts.) */
import type { GlossaryFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readGlossary({ db, cite }: KnowledgeReader) {
  const glossary = new Map(
    db
      .select({ slug: t.glossaryTerms.slug, term: t.glossaryTerms.term, definition: t.glossaryTerms.definition })
      .from(t.glossaryTerms)
      .all()
      .map((r): [string, GlossaryFact] => [r.term, { ...r, sources: cite(owner.glossaryTerm(r.slug)) }]),
  );
  return glossary;
}
