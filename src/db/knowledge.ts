/**
 * The compatibility engine's read path: the whole knowledge base as the domain's plain data,
 * read once per opened database (the data is read-only and small) through drizzle's typed
 * selects, so every column arrives with the type its table declares (`$inferSelect`).
 *
 * The graph has the other read path (src/graphql/loaders.ts: per-request DataLoaders over SQL).
 * This one exists because the engine's rules are pure functions over a whole snapshot.
 */
import { asc, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type {
  Citation,
  EnvironmentFact,
  FeatureDefaultFact,
  FeatureGateFact,
  GlossaryFact,
  ManifestSignal,
  IpamOptionFact,
  Knowledge,
  LimitationFact,
  NetworkPolicyFact,
  NodeOsSupportFact,
  PluginFact,
  SettingFact,
} from '../domain/knowledge.js';
import { writeSnapshotFile, type SourceDocuments } from './knowledge-snapshot.js';
import type { KbDatabase, OpenDatabase } from './open.js';
import { owner } from './owners.js';
import * as t from './tables.js';

type Row<T extends SQLiteTable> = T['$inferSelect'];

/** Insertion order, for tables whose seeds' order is their only order. */
const insertionOrder = sql`rowid`;

const range = (min: string | null, max: string | null) =>
  min === null && max === null ? undefined : { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
/** A from/before pair of columns as an optional half-open range. */
const span = (from: string | null, before: string | null) =>
  from === null && before === null ? undefined : { ...(from !== null ? { from } : {}), ...(before !== null ? { before } : {}) };

/** Rows grouped by a key, each mapped, in the rows' order. */
function group<R, K, V>(rows: readonly R[], key: (row: R) => K, map: (row: R) => V): Map<K, V[]> {
  const grouped = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = grouped.get(k);
    if (list) list.push(map(row));
    else grouped.set(k, [map(row)]);
  }
  return grouped;
}

/** A limitation's scope links of one dimension: limitation slug -> target slugs, in insertion order. */
function links(db: KbDatabase, table: typeof t.limitationPlugins): Map<string, string[]> {
  const rows = db.select().from(table).orderBy(insertionOrder).all();
  return group(
    rows,
    (r) => r.limitationSlug,
    (r) => r.targetSlug,
  );
}

export function loadKnowledge({ db, meta }: Pick<OpenDatabase, 'db' | 'meta'>): Knowledge {
  const citations = group(
    db.select().from(t.citations).orderBy(asc(t.citations.owner), asc(t.citations.ordinal)).all(),
    (r) => r.owner,
    (r): Citation => ({ doc: r.documentSlug, section: r.section, ...(r.note ? { note: r.note } : {}) }),
  );
  const cite = (key: string) => citations.get(key) ?? [];

  const settings = group(
    db.select().from(t.settings).orderBy(asc(t.settings.owner), asc(t.settings.ordinal)).all(),
    (r) => r.owner,
    (r: Row<typeof t.settings>): SettingFact & { id: number } => {
      const kubernetes = range(r.kubernetesMin, r.kubernetesMax);
      const windowsBuilds = span(r.buildFrom, r.buildBefore);
      return {
        id: r.id,
        // The seed schema admits only the domain's kinds; the column is plain text.
        kind: r.kind,
        key: r.key,
        value: r.value,
        ...(r.target ? { target: r.target } : {}),
        ...(kubernetes ? { kubernetes } : {}),
        ...(windowsBuilds ? { windowsBuilds } : {}),
        ...(r.note ? { note: r.note } : {}),
        ...(r.ipAddressMode ? { ipAddressMode: r.ipAddressMode } : {}),
        sources: cite(owner.setting(r.id)),
      };
    },
  );

  const updates = group(
    db.select().from(t.windowsUpdates).orderBy(asc(t.windowsUpdates.revision)).all(),
    (r) => r.versionSlug,
    (r) => ({ kb: r.kb, revision: r.revision, released: r.released, sources: cite(owner.windowsUpdate(r.id)) }),
  );
  const releases = new Map(
    db
      .select()
      .from(t.windowsVersions)
      .orderBy(asc(t.windowsVersions.sortOrder))
      .all()
      .map((r) => [
        r.slug,
        {
          slug: r.slug,
          name: r.name,
          build: r.build,
          channel: r.channel,
          released: r.released,
          mainstreamSupportEnds: r.mainstreamSupportEnds ?? undefined,
          supportEnds: r.supportEnds ?? undefined,
          updates: updates.get(r.slug) ?? [],
          sources: cite(owner.windowsVersion(r.slug)),
        },
      ]),
  );
  const modes = new Map(
    db
      .select()
      .from(t.networkModes)
      .orderBy(asc(t.networkModes.ordinal))
      .all()
      .map((r) => [
        r.slug,
        {
          slug: r.slug,
          name: r.name,
          usedByKubernetes: r.usedByKubernetes,
          // Validated by the seed schema; the column is plain text.
          stability: r.stability,
          ...(r.gateGraduatedIn && r.gateName
            ? { gateGraduation: { gate: r.gateName, kubernetes: r.gateGraduatedIn, sources: cite(owner.networkModeGraduation(r.slug)) } }
            : {}),
          settings: settings.get(owner.networkMode(r.slug)) ?? [],
          sources: cite(owner.networkMode(r.slug)),
        },
      ]),
  );
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
  const requires = group(
    db.select().from(t.featureRequires).orderBy(asc(t.featureRequires.ordinal)).all(),
    (r) => r.featureSlug,
    (r) => r.requiredSlug,
  );
  const features = new Map(
    db
      .select()
      .from(t.features)
      .orderBy(asc(t.features.ordinal))
      .all()
      .map((r) => {
        const slug = r.slug;
        return [
          slug,
          {
            slug,
            name: r.name,
            minimumWindows: r.minimumWindowsSlug,
            ...(r.minimumBuild ? { minimumBuild: r.minimumBuild } : {}),
            minimumWindowsSources: cite(owner.featureMinimumWindows(slug)),
            ...(r.minimumKubernetes ? { minimumKubernetes: r.minimumKubernetes } : {}),
            minimumKubernetesSources: cite(owner.featureMinimumKubernetes(slug)),
            requires: requires.get(slug) ?? [],
            settings: settings.get(owner.feature(slug)) ?? [],
            sources: cite(owner.feature(slug)),
          },
        ];
      }),
  );
  const scope = {
    environments: links(db, t.limitationEnvironments),
    plugins: links(db, t.limitationPlugins),
    modes: links(db, t.limitationModes),
    features: links(db, t.limitationFeatures),
    serviceTypes: links(db, t.limitationServiceTypes),
    mitigations: links(db, t.limitationMitigations),
    confirmedOn: links(db, t.limitationBuildConfirmations),
  };
  /** Every scope-source citation of one record, whatever the dimension. */
  const scopeSources = (record: 'limitation' | 'feature-default', slug: string): Citation[] => {
    const prefix = owner.scopeSource(record, slug, '');
    return [...citations].filter(([key]) => key.startsWith(prefix)).flatMap(([, list]) => list);
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
  const instanceTypes = new Map(
    db
      .select({
        name: t.instanceTypes.name,
        ipv4PerInterface: t.instanceTypes.ipv4PerInterface,
        hypervisor: t.instanceTypes.hypervisor,
        bareMetal: t.instanceTypes.bareMetal,
      })
      .from(t.instanceTypes)
      .all()
      .map((r) => [r.name, r]),
  );
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
  const defaultEnvironments = group(
    db.select().from(t.featureDefaultEnvironments).orderBy(insertionOrder).all(),
    (r) => r.defaultSlug,
    (r) => r.environmentSlug,
  );
  const featureDefaults = db
    .select()
    .from(t.featureDefaults)
    .orderBy(asc(t.featureDefaults.ordinal))
    .all()
    .map((r): FeatureDefaultFact => {
      const windowsBuilds = span(r.buildFrom, r.buildBefore);
      const dates = span(r.dateFrom, r.dateBefore);
      return {
        slug: r.slug,
        feature: r.featureSlug,
        enabled: r.enabled,
        description: r.description,
        scope: {
          environments: defaultEnvironments.get(r.slug) ?? [],
          ...(r.channels ? { channels: r.channels } : {}),
          ...(windowsBuilds ? { windowsBuilds } : {}),
          ...(dates ? { dates } : {}),
        },
        scopeSources: scopeSources('feature-default', r.slug),
        sources: cite(owner.featureDefault(r.slug)),
      };
    });
  const nodeOsSupport = db
    .select()
    .from(t.nodeOsSupport)
    .orderBy(asc(t.nodeOsSupport.ordinal))
    .all()
    .map((r): NodeOsSupportFact => {
      const kubernetes = range(r.kubernetesMin, r.kubernetesMax);
      const dates = span(r.dateFrom, r.dateBefore);
      return {
        slug: r.slug,
        windowsVersion: r.windowsVersionSlug,
        ...(r.environmentSlug ? { environment: r.environmentSlug } : {}),
        ...(kubernetes ? { kubernetes } : {}),
        ...(dates ? { dates } : {}),
        status: r.status,
        ...(r.note ? { note: r.note } : {}),
        sources: cite(owner.nodeOsSupport(r.slug)),
      };
    });
  const gateStages = group(
    db.select().from(t.featureGateStages).orderBy(asc(t.featureGateStages.gateSlug), asc(t.featureGateStages.ordinal)).all(),
    (r) => r.gateSlug,
    (r) => ({ stage: r.stage, default: r.defaultEnabled, locked: r.locked, kubernetes: range(r.kubernetesMin, r.kubernetesMax) ?? {} }),
  );
  const featureGates = new Map(
    db
      .select()
      .from(t.featureGates)
      .orderBy(asc(t.featureGates.ordinal))
      .all()
      .map((r): [string, FeatureGateFact] => [
        r.name,
        {
          slug: r.slug,
          name: r.name,
          component: r.component,
          description: r.description,
          stages: gateStages.get(r.slug) ?? [],
          stageSources: cite(owner.featureGateStages(r.slug)),
          ...(r.lockedOverrideEffect !== null
            ? {
                lockedOverride: {
                  effect: r.lockedOverrideEffect,
                  observed: r.lockedOverrideObserved ?? false,
                  ...(r.lockedOverrideNote ? { note: r.lockedOverrideNote } : {}),
                  sources: cite(owner.featureGateLockedOverride(r.slug)),
                },
              }
            : {}),
          ...(r.removalAllowedFrom !== null && r.removalStatus === 'proposed'
            ? {
                removal: {
                  status: 'proposed' as const,
                  allowedFrom: r.removalAllowedFrom,
                  note: r.removalNote ?? '',
                  sources: cite(owner.featureGateRemoval(r.slug)),
                },
              }
            : {}),
          sources: cite(owner.featureGate(r.slug)),
        },
      ]),
  );
  const serviceTypes = new Map(
    db
      .select({ slug: t.serviceTypes.slug, name: t.serviceTypes.name })
      .from(t.serviceTypes)
      .orderBy(asc(t.serviceTypes.ordinal))
      .all()
      .map((r) => [r.slug, r]),
  );
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
  const glossary = new Map(
    db
      .select({ slug: t.glossaryTerms.slug, term: t.glossaryTerms.term, definition: t.glossaryTerms.definition })
      .from(t.glossaryTerms)
      .all()
      .map((r): [string, GlossaryFact] => [r.term, { ...r, sources: cite(owner.glossaryTerm(r.slug)) }]),
  );
  const manifestSignals = db
    .select()
    .from(t.manifestSignals)
    .orderBy(asc(t.manifestSignals.ordinal))
    .all()
    .map((r): ManifestSignal => ({
      slug: r.slug,
      component: r.component,
      description: r.description,
      where: r.places,
      states: r.states,
      ...(r.reads ? { reads: r.reads } : {}),
      values: r.signalValues,
      sources: cite(owner.manifestSignal(r.slug)),
    }));
  return {
    datasetVersion: meta.datasetVersion,
    horizon: { kubernetesVersion: meta.kubernetesHorizon, windowsVersion: meta.windowsHorizon, knowledgeDate: meta.knowledgeDate },
    nodeOsSupport,
    featureGates,
    releases,
    modes,
    plugins,
    features,
    limitations,
    featureDefaults,
    environments,
    serviceTypes,
    ipamOptions,
    instanceTypes,
    instanceTypeSources: cite(owner.instanceTypes),
    glossary,
    manifestSignals,
    // Derived from the catalogue already in memory rather than asked of SQL again.
    maxIpv4PerInterface: Math.max(0, ...[...instanceTypes.values()].map((i) => i.ipv4PerInterface)),
  };
}

/** The source documents by slug (slug, title, url): what a citation's `document` resolves to. */
export function loadSourceDocuments(db: KbDatabase): SourceDocuments {
  const rows = db.select({ slug: t.sourceDocuments.slug, title: t.sourceDocuments.title, url: t.sourceDocuments.url }).from(t.sourceDocuments).all();
  return new Map(rows.map((r) => [r.slug, r]));
}

/** Writes the knowledge snapshot of a complete database (knowledge-snapshot.ts) to `target`. */
export function writeKnowledgeSnapshot(database: Pick<OpenDatabase, 'db' | 'meta'>, target: string): void {
  writeSnapshotFile({ knowledge: loadKnowledge(database), documents: loadSourceDocuments(database.db) }, database.meta, target);
}
