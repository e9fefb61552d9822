/** Environments by slug, with whether their plugin list is published and their eksctl default. (A part of the engine's snapshot: ../knowledge.ts.) */
import type { EnvironmentFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { insertionOrder, type KnowledgeReader } from './reader.js';

export function readEnvironments({ db, cite }: KnowledgeReader) {
  const environments = new Map(
    db
      .select()
      .from(t.environments)
      .orderBy(insertionOrder)
      .all()
      .map((r): [string, EnvironmentFact] => {
        const listed = r.pluginsListed
          ? { pluginsListed: { ...(r.pluginsListedNote ? { note: r.pluginsListedNote } : {}), sources: cite(owner.environmentPluginsListed(r.slug)) } }
          : {};
        const eksctl = r.eksctlDefaultInstanceType
          ? { eksctl: { defaultInstanceType: r.eksctlDefaultInstanceType, sources: cite(owner.environmentEksctl(r.slug)) } }
          : {};
        return [r.slug, { slug: r.slug, name: r.name, ...(r.platform ? { platform: r.platform } : {}), ...listed, ...eksctl }];
      }),
  );
  return environments;
}
