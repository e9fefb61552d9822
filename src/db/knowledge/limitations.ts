/** Limitations in seed order, each with its scope, gathered from the link tables of every dimension. (A part of the engine's snapshot: ../knowledge.ts.) */
import { asc } from 'drizzle-orm';
import type { LimitationFact } from '../../domain/knowledge.js';
import { owner } from '../owners.js';
import { optionalRange as range, optionalSpan as span } from '../ranges.js';
import * as t from '../tables.js';
import { links, type KnowledgeReader } from './reader.js';

export function readLimitations({ db, cite, settings, scopeSources }: KnowledgeReader) {
  const scope = {
    environments: links(db, t.limitationEnvironments),
    plugins: links(db, t.limitationPlugins),
    modes: links(db, t.limitationModes),
    features: links(db, t.limitationFeatures),
    serviceTypes: links(db, t.limitationServiceTypes),
    mitigations: links(db, t.limitationMitigations),
    confirmedOn: links(db, t.limitationBuildConfirmations),
  };
  const limitations: LimitationFact[] = db
    .select()
    .from(t.limitations)
    .orderBy(asc(t.limitations.ordinal))
    .all()
    .map((r) => {
      const slug = r.slug;
      const pick = (m: Map<string, string[]>) => m.get(slug);
      const builds = span(r.buildFrom, r.buildBefore);
      const windowsBuilds = builds && pick(scope.confirmedOn) ? { ...builds, confirmedOn: pick(scope.confirmedOn) } : builds;
      const kubernetes = range(r.kubernetesMin, r.kubernetesMax);
      const pluginVersions = span(r.pluginVersionFrom, r.pluginVersionBefore);
      const channels = r.channels ?? undefined;
      const dates = span(r.dateFrom, r.dateBefore);
      return {
        slug,
        title: r.title,
        kind: r.kind,
        description: r.description,
        severity: r.severity,
        scope: {
          ...(pick(scope.environments) ? { environments: pick(scope.environments) } : {}),
          ...(pick(scope.plugins) ? { plugins: pick(scope.plugins) } : {}),
          ...(pick(scope.modes) ? { modes: pick(scope.modes) } : {}),
          ...(windowsBuilds ? { windowsBuilds } : {}),
          ...(channels ? { channels } : {}),
          ...(kubernetes ? { kubernetes } : {}),
          ...(pluginVersions ? { pluginVersions } : {}),
          ...(r.platforms ? { platforms: r.platforms } : {}),
          ...(dates ? { dates } : {}),
          ...(r.ipAddressModes ? { ipAddressModes: r.ipAddressModes } : {}),
          ...(r.networkPolicy ? { networkPolicy: true as const } : {}),
          ...(pick(scope.features) ? { features: pick(scope.features) } : {}),
          ...(pick(scope.serviceTypes) ? { serviceTypes: pick(scope.serviceTypes) } : {}),
          ...(r.kubernetesPatchFixed ? { kubernetesPatchFixed: r.kubernetesPatchFixed } : {}),
          ...(r.serviceSettings ? { serviceSettings: r.serviceSettings } : {}),
        },
        // Validated by the seed schema and its references lint; the column is JSON.
        ...(r.requires ? { requires: r.requires } : {}),
        scopeSources: scopeSources('limitation', slug),
        ...(r.thresholdMetric
          ? { threshold: { metric: r.thresholdMetric, max: r.thresholdMax ?? Number.NaN, approximate: r.thresholdApproximate ?? false } }
          : {}),
        ...(r.parameters ? { parameters: r.parameters } : {}),
        mitigatedBy: pick(scope.mitigations) ?? [],
        mitigatedByGates: r.mitigatedByGates ?? [],
        ...(r.mayApplySeverity ? { mayApply: { severity: r.mayApplySeverity, reason: r.mayApplyReason ?? '' } } : {}),
        ...(r.workaround ? { workaround: r.workaround } : {}),
        ...(r.fixedByLaterUpdate ? { fixedByLaterUpdate: r.fixedByLaterUpdate } : {}),
        ...(r.revisionScope ? { revisionScope: r.revisionScope } : {}),
        workaroundSettings: settings.get(owner.limitationWorkaround(slug)) ?? [],
        sources: cite(owner.limitation(slug)),
      };
    });
  return limitations;
}
