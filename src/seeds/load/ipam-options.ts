/** Loads IPAM options into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** IPAM options and their settings; the plugins they are restricted to come after the plugins (loadIpamRestrictions). */
export function loadIpamOptions({ db, cite, addSettings }: SeedWriter, seeds: SeedSet): void {
  [...seeds.ipamOptions].forEach(([slug, o], ordinal) => {
    db.insert(t.ipamOptions).values({ slug, name: o.name, description: o.description, isFallback: o.isFallback, ordinal }).run();
    cite(owner.ipamOption(slug), o.sources);
    addSettings(owner.ipamOption(slug), o.settings);
  });
}

/** The plugins each IPAM option is restricted to (after the plugins they name). */
export function loadIpamRestrictions({ db }: SeedWriter, seeds: SeedSet): void {
  for (const [slug, o] of seeds.ipamOptions)
    o.restrictedTo.forEach((pluginSlug, ordinal) => db.insert(t.ipamRestrictions).values({ ipamSlug: slug, pluginSlug, ordinal }).run());
}
