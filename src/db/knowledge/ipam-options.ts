/** IPAM options by slug, with the plugins they are restricted to and their settings. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { IpamOptionFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { group, type KnowledgeReader } from './reader.js';

export function readIpamOptions({ db, cite, settings }: KnowledgeReader) {
  const ipamRestrictions = group(
    db.select().from(t.ipamRestrictions).orderBy(asc(t.ipamRestrictions.ordinal)).all(),
    (r) => r.ipamSlug,
    (r) => r.pluginSlug,
  );
  const ipamOptions = new Map(
    db
      .select({ slug: t.ipamOptions.slug, name: t.ipamOptions.name })
      .from(t.ipamOptions)
      .orderBy(asc(t.ipamOptions.ordinal))
      .all()
      .map((r): [string, IpamOptionFact] => [
        r.slug,
        {
          slug: r.slug,
          name: r.name,
          restrictedTo: ipamRestrictions.get(r.slug) ?? [],
          settings: settings.get(owner.ipamOption(r.slug)) ?? [],
          sources: cite(owner.ipamOption(r.slug)),
        },
      ]),
  );
  return ipamOptions;
}
