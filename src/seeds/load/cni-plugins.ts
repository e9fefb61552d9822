/** Loads CNI plugins into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** CNI plugins, then their relations in a second pass: a mode may delegate to a plugin later in the file. */
export function loadCniPlugins({ db, newId, cite, addNotes }: SeedWriter, seeds: SeedSet): void {
  [...seeds.cniPlugins].forEach(([slug, p], ordinal) => {
    db.insert(t.cniPlugins)
      .values({
        slug,
        name: p.name,
        description: p.description,
        networkPolicySupport: p.networkPolicy.support,
        networkPolicyNote: p.networkPolicy.note ?? null,
        onlyInNote: p.onlyIn?.note ?? null,
        ordinal,
      })
      .run();
    cite(owner.cniPlugin(slug), p.sources);
    cite(owner.pluginOnlyIn(slug), p.onlyIn?.sources);
    cite(owner.pluginNetworkPolicy(slug), p.networkPolicy.sources);
    addNotes(owner.cniPlugin(slug), p.notes);
  });
  // Second pass: plugin relations may point at plugins that come later in the file.
  for (const [slug, p] of seeds.cniPlugins) {
    p.modes.forEach((m, ordinal) => {
      const id = newId();
      db.insert(t.pluginModes)
        .values({ id, pluginSlug: slug, modeSlug: m.mode, backend: m.backend ?? null, delegatesTo: m.delegatesTo ?? null, stability: m.stability, ordinal })
        .run();
      cite(owner.pluginMode(id), m.sources);
    });
    p.ipam.forEach((ipamSlug, ordinal) => db.insert(t.pluginIpam).values({ pluginSlug: slug, ipamSlug, ordinal }).run());
    for (const e of p.environments) {
      const id = newId();
      db.insert(t.pluginEnvironments)
        .values({
          id,
          pluginSlug: slug,
          environmentSlug: e.environment,
          status: e.status,
          since: e.since ?? null,
          note: e.note ?? null,
          networkPolicySupport: e.networkPolicy?.support ?? null,
          networkPolicyNote: e.networkPolicy?.note ?? null,
          modes: e.modes ?? null,
        })
        .run();
      cite(owner.pluginEnvironment(id), e.sources);
      cite(owner.pluginEnvironmentNetworkPolicy(id), e.networkPolicy?.sources);
    }
    p.onlyIn?.environments.forEach((environmentSlug) => db.insert(t.pluginOnlyIn).values({ pluginSlug: slug, environmentSlug }).run());
  }
}
