/** Loads limitations into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** Limitations: the row, the scope links of each dimension, citations and workaround settings. */
export function loadLimitations({ db, cite, addSettings }: SeedWriter, seeds: SeedSet): void {
  [...seeds.limitations].forEach(([slug, l], ordinal) => {
    const s = l.appliesTo;
    db.insert(t.limitations)
      .values({
        slug,
        title: l.title,
        kind: l.kind,
        description: l.description,
        severity: l.severity,
        mayApplySeverity: l.mayApply?.severity ?? null,
        mayApplyReason: l.mayApply?.reason ?? null,
        workaround: l.workaround ?? null,
        revisionNote: l.revisionNote ?? null,
        fixedByLaterUpdate: l.fixedByLaterUpdate ?? null,
        revisionScope: l.revisionScope ?? null,
        thresholdMetric: l.threshold?.metric ?? null,
        thresholdMax: l.threshold?.max ?? null,
        thresholdApproximate: l.threshold?.approximate ?? null,
        parameters: l.parameters ?? null,
        buildFrom: s.windowsBuilds?.from ?? null,
        buildBefore: s.windowsBuilds?.before ?? null,
        channels: s.channels ?? null,
        kubernetesMin: s.kubernetes?.min ?? null,
        kubernetesMax: s.kubernetes?.max ?? null,
        pluginVersionFrom: s.pluginVersions?.from ?? null,
        pluginVersionBefore: s.pluginVersions?.before ?? null,
        platforms: s.platforms ?? null,
        dateFrom: s.dates?.from ?? null,
        dateBefore: s.dates?.before ?? null,
        ipAddressModes: s.ipAddressModes ?? null,
        networkPolicy: s.networkPolicy ?? null,
        kubernetesPatchFixed: s.kubernetesPatchFixed ?? null,
        serviceSettings: s.serviceSettings ?? null,
        mitigatedByGates: l.mitigatedBy?.kubeProxyFeatureGates ?? null,
        requires: l.requires ?? null,
        ordinal,
      })
      .run();
    const link = (table: typeof t.limitationPlugins, slugs: readonly string[] | undefined) =>
      slugs?.forEach((targetSlug) => db.insert(table).values({ limitationSlug: slug, targetSlug }).run());
    link(t.limitationEnvironments, s.environments);
    link(t.limitationPlugins, s.plugins);
    link(t.limitationModes, s.modes);
    link(t.limitationFeatures, s.features);
    link(t.limitationServiceTypes, s.serviceTypes);
    link(t.limitationMitigations, l.mitigatedBy?.features);
    link(t.limitationBuildConfirmations, s.windowsBuilds?.confirmedOn);
    cite(owner.limitation(slug), l.sources);
    for (const [dimension, sources] of Object.entries(l.scopeSources ?? {})) cite(owner.scopeSource('limitation', slug, dimension), sources);
    addSettings(owner.limitationWorkaround(slug), l.workaroundSettings);
  });
}

/** The derived plugin -> limitation table (after plugins and limitations). */
export function loadPluginEffectiveLimitations({ db }: SeedWriter, seeds: SeedSet): void {
  // Derived, not seeded: a plugin's own limitations and those of the reference plugins its modes
  // delegate to, so the graph reads them in one statement (tables.ts, pluginEffectiveLimitations).
  for (const [pluginSlug, p] of seeds.cniPlugins) {
    const reach = new Set([pluginSlug, ...p.modes.flatMap((m) => (m.delegatesTo ? [m.delegatesTo] : []))]);
    const effective = new Set([...seeds.limitations].filter(([, l]) => l.appliesTo.plugins?.some((target) => reach.has(target))).map(([slug]) => slug));
    for (const limitationSlug of effective) db.insert(t.pluginEffectiveLimitations).values({ pluginSlug, limitationSlug }).run();
  }
}
