/**
 * Reads the whole knowledge base into the domain's plain data, once per opened database (the
 * data is read-only and small). The compatibility engine reasons over this snapshot.
 */
import type Database from 'better-sqlite3';
import type { Channel, Citation, EnvironmentFact, FeatureDefaultFact, Knowledge, LimitationFact, NetworkPolicyFact, NodeOsSupportFact, PluginFact, SettingFact, Stability } from '../domain/knowledge.js';
import type { OpenDatabase } from './open.js';
import { owner } from './owners.js';

type Rows = Record<string, unknown>[];

function all(sqlite: Database.Database, sql: string): Rows {
  return sqlite.prepare(sql).all() as Rows;
}

const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
const range = (min: unknown, max: unknown) => (min === null && max === null ? undefined : { ...(min !== null ? { min: String(min) } : {}), ...(max !== null ? { max: String(max) } : {}) });
/** A from/before pair of columns as an optional half-open range. */
const span = (from: unknown, before: unknown) =>
  from === null && before === null ? undefined : { ...(from !== null ? { from: String(from) } : {}), ...(before !== null ? { before: String(before) } : {}) };
const channelList = (json: unknown) => (json === null || json === undefined ? undefined : (JSON.parse(String(json)) as Channel[]));

export function loadKnowledge({ sqlite, meta }: OpenDatabase): Knowledge {
  const citations = new Map<string, Citation[]>();
  for (const r of all(sqlite, 'SELECT owner, document_slug, section, note FROM citations ORDER BY owner, ordinal')) {
    const list = citations.get(String(r.owner)) ?? [];
    list.push({ doc: String(r.document_slug), section: String(r.section), ...(r.note ? { note: String(r.note) } : {}) });
    citations.set(String(r.owner), list);
  }
  const cite = (key: string) => citations.get(key) ?? [];
  const settings = new Map<string, (SettingFact & { id: number })[]>();
  for (const r of all(sqlite, 'SELECT * FROM settings ORDER BY owner, ordinal')) {
    const id = Number(r.id);
    const list = settings.get(String(r.owner)) ?? [];
    const kubernetes = range(r.kubernetes_min, r.kubernetes_max);
    const windowsBuilds = span(r.build_from, r.build_before);
    list.push({
      id,
      kind: r.kind as SettingFact['kind'],
      key: String(r.key),
      value: String(r.value),
      ...(r.target ? { target: String(r.target) } : {}),
      ...(kubernetes ? { kubernetes } : {}),
      ...(windowsBuilds ? { windowsBuilds } : {}),
      ...(r.note ? { note: String(r.note) } : {}),
      sources: cite(owner.setting(id)),
    });
    settings.set(String(r.owner), list);
  }
  const group = <T>(rows: Rows, key: string, map: (r: Record<string, unknown>) => T) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(String(r[key]), [...(m.get(String(r[key])) ?? []), map(r)]);
    return m;
  };

  const updates = group(all(sqlite, 'SELECT * FROM windows_updates ORDER BY revision'), 'version_slug', (r) => ({
    kb: String(r.kb),
    revision: Number(r.revision),
    sources: cite(owner.windowsUpdate(Number(r.id))),
  }));
  const releases = new Map(
    all(sqlite, 'SELECT * FROM windows_versions ORDER BY sort_order').map((r) => [
      String(r.slug),
      {
        slug: String(r.slug),
        name: String(r.name),
        build: Number(r.build),
        channel: r.channel as 'LTSC' | 'SAC' | 'AC',
        released: String(r.released),
        mainstreamSupportEnds: str(r.mainstream_support_ends),
        supportEnds: str(r.support_ends),
        updates: updates.get(String(r.slug)) ?? [],
        sources: cite(owner.windowsVersion(String(r.slug))),
      },
    ]),
  );
  const modes = new Map(
    all(sqlite, 'SELECT * FROM network_modes ORDER BY ordinal').map((r) => [
      String(r.slug),
      {
        slug: String(r.slug),
        name: String(r.name),
        usedByKubernetes: Boolean(r.used_by_kubernetes),
        stability: r.stability as Stability,
        settings: settings.get(owner.networkMode(String(r.slug))) ?? [],
        sources: cite(owner.networkMode(String(r.slug))),
      },
    ]),
  );
  const pluginModes = group(all(sqlite, 'SELECT * FROM plugin_modes ORDER BY ordinal'), 'plugin_slug', (r) => ({
    mode: String(r.mode_slug),
    ...(r.backend ? { backend: String(r.backend) } : {}),
    ...(r.delegates_to ? { delegatesTo: String(r.delegates_to) } : {}),
    stability: r.stability as Stability,
    sources: cite(owner.pluginMode(Number(r.id))),
  }));
  const pluginEnvironments = group(all(sqlite, 'SELECT * FROM plugin_environments ORDER BY id'), 'plugin_slug', (r) => {
    const networkPolicy: NetworkPolicyFact | undefined = r.network_policy_support
      ? {
          support: r.network_policy_support as NetworkPolicyFact['support'],
          ...(r.network_policy_note ? { note: String(r.network_policy_note) } : {}),
          sources: cite(owner.pluginEnvironmentNetworkPolicy(Number(r.id))),
        }
      : undefined;
    return {
      environment: String(r.environment_slug),
      status: r.status as 'default',
      ...(r.since ? { since: String(r.since) } : {}),
      ...(r.note ? { note: String(r.note) } : {}),
      ...(networkPolicy ? { networkPolicy } : {}),
      sources: cite(owner.pluginEnvironment(Number(r.id))),
    };
  });
  const onlyIn = group(all(sqlite, 'SELECT * FROM plugin_only_in ORDER BY rowid'), 'plugin_slug', (r) => String(r.environment_slug));
  const plugins = new Map(
    all(sqlite, 'SELECT * FROM cni_plugins ORDER BY ordinal').map((r) => {
      const slug = String(r.slug);
      return [
        slug,
        {
          slug,
          name: String(r.name),
          modes: pluginModes.get(slug) ?? [],
          networkPolicy: { support: r.network_policy_support as 'unknown', ...(r.network_policy_note ? { note: String(r.network_policy_note) } : {}), sources: cite(owner.pluginNetworkPolicy(slug)) },
          environments: pluginEnvironments.get(slug) ?? [],
          ...(onlyIn.has(slug) ? { onlyIn: { environments: onlyIn.get(slug)!, note: String(r.only_in_note), sources: cite(owner.pluginOnlyIn(slug)) } } : {}),
          sources: cite(owner.cniPlugin(slug)),
        } satisfies PluginFact,
      ];
    }),
  );
  const requires = group(all(sqlite, 'SELECT * FROM feature_requires ORDER BY ordinal'), 'feature_slug', (r) => String(r.required_slug));
  const features = new Map(
    all(sqlite, 'SELECT * FROM features ORDER BY ordinal').map((r) => {
      const slug = String(r.slug);
      return [
        slug,
        {
          slug,
          name: String(r.name),
          minimumWindows: String(r.minimum_windows_slug),
          ...(r.minimum_build ? { minimumBuild: String(r.minimum_build) } : {}),
          minimumWindowsSources: cite(owner.featureMinimumWindows(slug)),
          ...(r.minimum_kubernetes ? { minimumKubernetes: String(r.minimum_kubernetes) } : {}),
          minimumKubernetesSources: cite(owner.featureMinimumKubernetes(slug)),
          requires: requires.get(slug) ?? [],
          settings: settings.get(owner.feature(slug)) ?? [],
          sources: cite(owner.feature(slug)),
        },
      ];
    }),
  );
  const links = (table: string, column: string) => group(all(sqlite, `SELECT limitation_slug, ${column} FROM ${table} ORDER BY rowid`), 'limitation_slug', (r) => String(r[column]));
  const scope = {
    environments: links('limitation_environments', 'environment_slug'),
    plugins: links('limitation_plugins', 'plugin_slug'),
    modes: links('limitation_modes', 'mode_slug'),
    features: links('limitation_features', 'feature_slug'),
    serviceTypes: links('limitation_service_types', 'service_type_slug'),
    mitigations: links('limitation_mitigations', 'feature_slug'),
    confirmedOn: links('limitation_build_confirmations', 'windows_version_slug'),
  };
  const limitations: LimitationFact[] = all(sqlite, 'SELECT * FROM limitations ORDER BY ordinal').map((r) => {
    const slug = String(r.slug);
    const pick = (m: Map<string, string[]>) => m.get(slug);
    const builds = span(r.build_from, r.build_before);
    const windowsBuilds = builds && pick(scope.confirmedOn) ? { ...builds, confirmedOn: pick(scope.confirmedOn) } : builds;
    const kubernetes = range(r.kubernetes_min, r.kubernetes_max);
    const pluginVersions = span(r.plugin_version_from, r.plugin_version_before);
    const channels = channelList(r.channels);
    return {
      slug,
      title: String(r.title),
      kind: r.kind as LimitationFact['kind'],
      description: String(r.description),
      severity: r.severity as LimitationFact['severity'],
      scope: {
        ...(pick(scope.environments) ? { environments: pick(scope.environments) } : {}),
        ...(pick(scope.plugins) ? { plugins: pick(scope.plugins) } : {}),
        ...(pick(scope.modes) ? { modes: pick(scope.modes) } : {}),
        ...(windowsBuilds ? { windowsBuilds } : {}),
        ...(channels ? { channels } : {}),
        ...(kubernetes ? { kubernetes } : {}),
        ...(pluginVersions ? { pluginVersions } : {}),
        ...(pick(scope.features) ? { features: pick(scope.features) } : {}),
        ...(pick(scope.serviceTypes) ? { serviceTypes: pick(scope.serviceTypes) } : {}),
      },
      ...(r.threshold_metric ? { threshold: { metric: r.threshold_metric as 'services-per-node', max: Number(r.threshold_max), approximate: Boolean(r.threshold_approximate) } } : {}),
      mitigatedBy: pick(scope.mitigations) ?? [],
      ...(r.workaround ? { workaround: String(r.workaround) } : {}),
      workaroundSettings: settings.get(owner.limitationWorkaround(slug)) ?? [],
      sources: cite(owner.limitation(slug)),
    };
  });
  const instanceTypes = new Map(
    all(sqlite, 'SELECT name, ipv4_per_interface, hypervisor, bare_metal FROM instance_types').map((r) => [
      String(r.name),
      { name: String(r.name), ipv4PerInterface: Number(r.ipv4_per_interface), hypervisor: (r.hypervisor ?? null) as 'nitro' | 'xen' | null, bareMetal: Boolean(r.bare_metal) },
    ]),
  );
  const named = (sql: string) => new Map(all(sqlite, sql).map((r) => [String(r.slug), { slug: String(r.slug), name: String(r.name) }]));
  const environments = new Map(
    all(sqlite, 'SELECT slug, name, plugins_listed, plugins_listed_note FROM environments ORDER BY rowid').map((r): [string, EnvironmentFact] => {
      const slug = String(r.slug);
      const listed = r.plugins_listed ? { pluginsListed: { ...(r.plugins_listed_note ? { note: String(r.plugins_listed_note) } : {}), sources: cite(owner.environmentPluginsListed(slug)) } } : {};
      return [slug, { slug, name: String(r.name), ...listed }];
    }),
  );
  const defaultEnvironments = group(all(sqlite, 'SELECT * FROM feature_default_environments ORDER BY rowid'), 'default_slug', (r) => String(r.environment_slug));
  const featureDefaults = all(sqlite, 'SELECT * FROM feature_defaults ORDER BY ordinal').map((r): FeatureDefaultFact => {
    const slug = String(r.slug);
    const windowsBuilds = span(r.build_from, r.build_before);
    const channels = channelList(r.channels);
    return {
      slug,
      feature: String(r.feature_slug),
      enabled: Boolean(r.enabled),
      description: String(r.description),
      scope: { environments: defaultEnvironments.get(slug) ?? [], ...(channels ? { channels } : {}), ...(windowsBuilds ? { windowsBuilds } : {}) },
      sources: cite(owner.featureDefault(slug)),
    };
  });
  const nodeOsSupport = all(sqlite, 'SELECT * FROM node_os_support ORDER BY ordinal').map((r): NodeOsSupportFact => {
    const kubernetes = range(r.kubernetes_min, r.kubernetes_max);
    return {
      slug: String(r.slug),
      windowsVersion: String(r.windows_version_slug),
      ...(r.environment_slug ? { environment: String(r.environment_slug) } : {}),
      ...(kubernetes ? { kubernetes } : {}),
      status: r.status as NodeOsSupportFact['status'],
      ...(r.note ? { note: String(r.note) } : {}),
      sources: cite(owner.nodeOsSupport(String(r.slug))),
    };
  });
  return {
    datasetVersion: meta.datasetVersion,
    nodeOsSupport,
    releases,
    modes,
    plugins,
    features,
    limitations,
    featureDefaults,
    environments,
    serviceTypes: named('SELECT slug, name FROM service_types ORDER BY ordinal'),
    instanceTypes,
    // Derived from the catalogue already in memory rather than asked of SQL again.
    maxIpv4PerInterface: Math.max(0, ...[...instanceTypes.values()].map((t) => t.ipv4PerInterface)),
  };
}
