/** Loads node OS support into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Node OS support statements. */
export function loadNodeOsSupport({ db, cite }: SeedWriter, seeds: SeedSet): void {
  [...seeds.nodeOsSupport].forEach(([slug, r], ordinal) => {
    db.insert(t.nodeOsSupport)
      .values({
        slug,
        windowsVersionSlug: r.windowsVersion,
        environmentSlug: r.environment ?? null,
        kubernetesMin: r.kubernetes?.min ?? null,
        kubernetesMax: r.kubernetes?.max ?? null,
        status: r.status,
        dateFrom: r.dates?.from ?? null,
        dateBefore: r.dates?.before ?? null,
        note: r.note ?? null,
        ordinal,
      })
      .run();
    cite(owner.nodeOsSupport(slug), r.sources);
  });
}
