/**
 * A settings row reads the same in the catalogue and in the engine's snapshot: both map it with
 * src/db/settings.ts. The catalogue's settings of every network mode, feature and IPAM option
 * equal the snapshot's (which verdicts cite in requiredSettings), field for field.
 */
import { describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import type { SettingFact } from '../../src/domain/knowledge.js';
import { testDatabase } from '../support/fixtures.js';
import { inProcessApi } from '../support/in-process-api.js';

const run = inProcessApi();

const SETTING = 'kind key value target note kubernetesVersions { min max } windowsBuilds { from before } sources { document { slug } section note }';
const QUERY = `{
  networkModes { slug settings { ${SETTING} } }
  features { slug settings { ${SETTING} } }
  ipamOptions { slug settings { ${SETTING} } }
}`;

/** The snapshot's setting as the catalogue spells it. */
const spelt = (s: SettingFact) => ({
  kind: s.kind,
  key: s.key,
  value: s.value,
  target: s.target ?? null,
  note: s.note ?? null,
  kubernetesVersions: s.kubernetes ? { min: s.kubernetes.min ?? null, max: s.kubernetes.max ?? null } : null,
  windowsBuilds: s.windowsBuilds ? { from: s.windowsBuilds.from ?? null, before: s.windowsBuilds.before ?? null } : null,
  sources: s.sources.map((c) => ({ document: { slug: c.doc }, section: c.section, note: c.note ?? null })),
});

type Owners = Record<'networkModes' | 'features' | 'ipamOptions', { slug: string; settings: unknown[] }[]>;

describe('a settings row', () => {
  it('reads the same in the catalogue as in the engine snapshot', async () => {
    const result = await run(QUERY, {});
    expect(result.errors).toBeUndefined();
    const data = result.data as Owners;
    const k = loadKnowledge(testDatabase());
    const snapshot: Owners = {
      networkModes: [...k.modes.values()].map((m) => ({ slug: m.slug, settings: m.settings.map(spelt) })),
      features: [...k.features.values()].map((f) => ({ slug: f.slug, settings: f.settings.map(spelt) })),
      ipamOptions: [...k.ipamOptions.values()].map((o) => ({ slug: o.slug, settings: o.settings.map(spelt) })),
    };
    const bySlug = (list: Owners[keyof Owners]) => [...list].sort((a, b) => a.slug.localeCompare(b.slug));
    for (const key of ['networkModes', 'features', 'ipamOptions'] as const) expect(bySlug(data[key])).toEqual(bySlug(snapshot[key]));
    // Not vacuous: the seeds give settings with targets, version ranges and build ranges.
    const all = Object.values(data).flatMap((list) => list.flatMap((o) => o.settings)) as ReturnType<typeof spelt>[];
    expect(all.some((s) => s.target !== null)).toBe(true);
    expect(all.some((s) => s.kubernetesVersions !== null)).toBe(true);
    expect(all.some((s) => s.sources.length > 0)).toBe(true);
  });
});
