/** CNI plugins by slug: their modes, environments, network-policy support and where they are confined to. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { NetworkPolicyFact, PluginFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import * as t from '../tables.js';
import { group, insertionOrder, type KnowledgeReader } from './reader.js';

export function readPlugins({ db, cite }: KnowledgeReader) {
  const pluginModes = group(
    db.select().from(t.pluginModes).orderBy(asc(t.pluginModes.ordinal)).all(),
    (r) => r.pluginSlug,
    (r) => ({
      mode: r.modeSlug,
      ...(r.backend ? { backend: r.backend } : {}),
      ...(r.delegatesTo ? { delegatesTo: r.delegatesTo } : {}),
      stability: r.stability,
      sources: cite(owner.pluginMode(r.id)),
    }),
  );
  const pluginEnvironments = group(
    db.select().from(t.pluginEnvironments).orderBy(asc(t.pluginEnvironments.id)).all(),
    (r) => r.pluginSlug,
    (r) => {
      const networkPolicy: NetworkPolicyFact | undefined = r.networkPolicySupport
        ? {
            support: r.networkPolicySupport,
            ...(r.networkPolicyNote ? { note: r.networkPolicyNote } : {}),
            sources: cite(owner.pluginEnvironmentNetworkPolicy(r.id)),
          }
        : undefined;
      return {
        environment: r.environmentSlug,
        status: r.status,
        ...(r.since ? { since: r.since } : {}),
        ...(r.note ? { note: r.note } : {}),
        ...(networkPolicy ? { networkPolicy } : {}),
        ...(r.modes ? { modes: r.modes } : {}),
        sources: cite(owner.pluginEnvironment(r.id)),
      };
    },
  );
  const onlyIn = group(
    db.select().from(t.pluginOnlyIn).orderBy(insertionOrder).all(),
    (r) => r.pluginSlug,
    (r) => r.environmentSlug,
  );
  const plugins = new Map(
    db
      .select()
      .from(t.cniPlugins)
      .orderBy(asc(t.cniPlugins.ordinal))
      .all()
      .map((r) => {
        const slug = r.slug;
        const confinedTo = onlyIn.get(slug);
        return [
          slug,
          {
            slug,
            name: r.name,
            modes: pluginModes.get(slug) ?? [],
            networkPolicy: {
              support: r.networkPolicySupport,
              ...(r.networkPolicyNote ? { note: r.networkPolicyNote } : {}),
              sources: cite(owner.pluginNetworkPolicy(slug)),
            },
            environments: pluginEnvironments.get(slug) ?? [],
            ...(confinedTo ? { onlyIn: { environments: confinedTo, note: r.onlyInNote ?? '', sources: cite(owner.pluginOnlyIn(slug)) } } : {}),
            sources: cite(owner.cniPlugin(slug)),
          } satisfies PluginFact,
        ];
      }),
  );
  return plugins;
}
