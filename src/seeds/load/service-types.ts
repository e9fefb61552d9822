/** Loads service types into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Service types. */
export function loadServiceTypes({ db, cite }: SeedWriter, seeds: SeedSet): void {
  [...seeds.serviceTypes].forEach(([slug, s], ordinal) => {
    db.insert(t.serviceTypes).values({ slug, name: s.name, supportedOnWindows: s.supportedOnWindows, description: s.description, ordinal }).run();
    cite(owner.serviceType(slug), s.sources);
  });
}
