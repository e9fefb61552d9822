/**
 * SQLite tables (drizzle). Entities are keyed by slug; relations are join tables with foreign
 * keys so that SQLite itself refuses a dangling reference, not just the seed lint.
 *
 * Citations, settings and notes attach to many kinds of record. They carry an `owner` key of the
 * form "<kind>:<slug-or-id>" (see owners.ts) instead of one table per owner kind; the seed lint
 * guarantees the owners exist, and the loaders batch them by owner.
 */
import { sqliteTable, text, integer, primaryKey, index, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  ARCHITECTURES,
  CHANNELS,
  ENVIRONMENT_STATUSES,
  GATE_STAGES,
  HYPERVISORS,
  IP_ADDRESS_MODES,
  LIMITATION_KINDS,
  NODE_OS_STATUSES,
  PLATFORMS,
  SETTING_KINDS,
  SEVERITIES,
  SIGNAL_READS,
  SOURCE_KINDS,
  STABILITY_LEVELS,
  SUPPORT_LEVELS,
  THRESHOLD_METRICS,
  type Channel,
  type IpAddressMode,
  type Platform,
  type ServiceSetting,
} from '../domain/vocabulary.js';
import type { SignalFacts, SignalPlace, SignalValue } from '../domain/knowledge.js';

import type { LimitationFact } from '../domain/knowledge.js';

const slug = () => text('slug').primaryKey();
type Keyed = { slug: AnySQLiteColumn };
const ref = (name: string, target: () => Keyed) =>
  text(name)
    .notNull()
    .references(() => target().slug);

export const datasetMeta = sqliteTable('dataset_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const sourceDocuments = sqliteTable('source_documents', {
  slug: slug(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  locale: text('locale').notNull(),
  kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
  revision: text('revision').notNull(),
  file: text('file'),
  /** JSON array of the section names citations may use. */
  sections: text('sections', { mode: 'json' }).$type<string[]>().notNull(),
  /** Date of the revision read, where the seeds give it. */
  revisionDate: text('revision_date'),
});

export const citations = sqliteTable(
  'citations',
  {
    id: integer('id').primaryKey(),
    owner: text('owner').notNull(),
    ordinal: integer('ordinal').notNull(),
    documentSlug: ref('document_slug', () => sourceDocuments),
    section: text('section').notNull(),
    note: text('note'),
  },
  (t) => [index('citations_owner').on(t.owner, t.ordinal)],
);

export const windowsVersions = sqliteTable(
  'windows_versions',
  {
    slug: slug(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    versionLabelVerified: integer('version_label_verified', { mode: 'boolean' }).notNull(),
    build: integer('build').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    released: text('released').notNull(),
    mainstreamSupportEnds: text('mainstream_support_ends'),
    supportEnds: text('support_ends'),
    /** Position in build order (ties broken by release date, then SAC before LTSC). */
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('windows_versions_sort_order').on(t.sortOrder), index('windows_versions_build').on(t.build)],
);

export const windowsUpdates = sqliteTable(
  'windows_updates',
  {
    id: integer('id').primaryKey(),
    versionSlug: ref('version_slug', () => windowsVersions),
    kb: text('kb').notNull(),
    revision: integer('revision').notNull(),
    released: text('released').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('windows_updates_kb').on(t.kb), index('windows_updates_version').on(t.versionSlug)],
);

export const environments = sqliteTable('environments', {
  slug: slug(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** True when the sources list the plugins offered there; see environment-plugins-listed citations. */
  pluginsListed: integer('plugins_listed', { mode: 'boolean' }).notNull().default(false),
  pluginsListedNote: text('plugins_listed_note'),
  /** The infrastructure the environment runs on; null for a self-managed cluster, which may run anywhere. */
  platform: text('platform', { enum: PLATFORMS }),
  /** The instance type eksctl gives a node group that names none; see environment-eksctl citations. Null where no source gives one. */
  eksctlDefaultInstanceType: text('eksctl_default_instance_type'),
});

export const networkModes = sqliteTable(
  'network_modes',
  {
    slug: slug(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    packetModifications: text('packet_modifications').notNull(),
    usedByKubernetes: integer('used_by_kubernetes', { mode: 'boolean' }).notNull(),
    stability: text('stability', { enum: STABILITY_LEVELS }).notNull(),
    /**
     * The Kubernetes version from which the feature gate behind the mode is GA, where the page's
     * stability label lags behind it (Overlay is labelled Beta; WinOverlay is GA from 1.34).
     */
    gateGraduatedIn: text('gate_graduated_in'),
    gateName: text('gate_name'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('network_modes_ordinal').on(t.ordinal)],
);

export const cniPlugins = sqliteTable(
  'cni_plugins',
  {
    slug: slug(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    networkPolicySupport: text('network_policy_support', { enum: SUPPORT_LEVELS }).notNull(),
    networkPolicyNote: text('network_policy_note'),
    /** Why the plugin runs only in the environments of plugin_only_in (null when it runs anywhere). */
    onlyInNote: text('only_in_note'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('cni_plugins_ordinal').on(t.ordinal)],
);

/** The environments a plugin is confined to (the Amazon VPC CNI's Windows IPAM lives in EKS). */
export const pluginOnlyIn = sqliteTable(
  'plugin_only_in',
  {
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    environmentSlug: ref('environment_slug', () => environments),
  },
  (t) => [primaryKey({ columns: [t.pluginSlug, t.environmentSlug] })],
);

export const pluginModes = sqliteTable(
  'plugin_modes',
  {
    id: integer('id').primaryKey(),
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    modeSlug: ref('mode_slug', () => networkModes),
    backend: text('backend'),
    delegatesTo: text('delegates_to').references(() => cniPlugins.slug),
    stability: text('stability', { enum: STABILITY_LEVELS }).notNull(),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('plugin_modes_plugin').on(t.pluginSlug), index('plugin_modes_mode').on(t.modeSlug)],
);

export const pluginEnvironments = sqliteTable(
  'plugin_environments',
  {
    id: integer('id').primaryKey(),
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    environmentSlug: ref('environment_slug', () => environments),
    status: text('status', { enum: ENVIRONMENT_STATUSES }).notNull(),
    since: text('since'),
    note: text('note'),
    /** NetworkPolicy enforcement in this environment, where it differs from the plugin's general answer. */
    networkPolicySupport: text('network_policy_support', { enum: SUPPORT_LEVELS }),
    networkPolicyNote: text('network_policy_note'),
    /** JSON array of the only network modes the plugin runs in this environment (seed modes); null: any of its modes. */
    modes: text('modes', { mode: 'json' }).$type<string[]>(),
  },
  (t) => [index('plugin_environments_plugin').on(t.pluginSlug), index('plugin_environments_env').on(t.environmentSlug)],
);

export const ipamOptions = sqliteTable(
  'ipam_options',
  {
    slug: slug(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    isFallback: integer('is_fallback', { mode: 'boolean' }).notNull(),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('ipam_options_ordinal').on(t.ordinal)],
);

export const pluginIpam = sqliteTable(
  'plugin_ipam',
  {
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    ipamSlug: ref('ipam_slug', () => ipamOptions),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pluginSlug, t.ipamSlug] }), index('plugin_ipam_ipam').on(t.ipamSlug)],
);

export const ipamRestrictions = sqliteTable(
  'ipam_restrictions',
  {
    ipamSlug: ref('ipam_slug', () => ipamOptions),
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ipamSlug, t.pluginSlug] })],
);

export const features = sqliteTable(
  'features',
  {
    slug: slug(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minimumWindowsSlug: ref('minimum_windows_slug', () => windowsVersions),
    /** Finer minimum inside that release, e.g. "17763.1432". */
    minimumBuild: text('minimum_build'),
    minimumKubernetes: text('minimum_kubernetes'),
    enablementNote: text('enablement_note'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('features_ordinal').on(t.ordinal), index('features_minimum_windows').on(t.minimumWindowsSlug)],
);

export const featureRequires = sqliteTable(
  'feature_requires',
  {
    featureSlug: ref('feature_slug', () => features),
    requiredSlug: ref('required_slug', () => features),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.featureSlug, t.requiredSlug] })],
);

export const settings = sqliteTable(
  'settings',
  {
    id: integer('id').primaryKey(),
    owner: text('owner').notNull(),
    ordinal: integer('ordinal').notNull(),
    kind: text('kind', { enum: SETTING_KINDS }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    target: text('target'),
    kubernetesMin: text('kubernetes_min'),
    kubernetesMax: text('kubernetes_max'),
    buildFrom: text('build_from'),
    buildBefore: text('build_before'),
    note: text('note'),
    ipAddressMode: text('ip_address_mode', { enum: IP_ADDRESS_MODES }),
  },
  (t) => [index('settings_owner').on(t.owner, t.ordinal)],
);

export const notes = sqliteTable(
  'notes',
  {
    id: integer('id').primaryKey(),
    owner: text('owner').notNull(),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('notes_owner').on(t.owner, t.ordinal)],
);

export const limitations = sqliteTable(
  'limitations',
  {
    slug: slug(),
    title: text('title').notNull(),
    kind: text('kind', { enum: LIMITATION_KINDS }).notNull(),
    description: text('description').notNull(),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    /** The severity of a "may apply" finding, when the seed overrides the default (mayApply). */
    mayApplySeverity: text('may_apply_severity', { enum: SEVERITIES }),
    mayApplyReason: text('may_apply_reason'),
    workaround: text('workaround'),
    revisionNote: text('revision_note'),
    /** An OS bug fixed by a later update whose build no source gives: why the sources say it is fixed. */
    fixedByLaterUpdate: text('fixed_by_later_update'),
    /** JSON: the versions and dates of the one page revision that carries the fact (seed revisionScope). */
    revisionScope: text('revision_scope', { mode: 'json' }).$type<NonNullable<LimitationFact['revisionScope']>>(),
    thresholdMetric: text('threshold_metric', { enum: THRESHOLD_METRICS }),
    thresholdMax: integer('threshold_max'),
    thresholdApproximate: integer('threshold_approximate', { mode: 'boolean' }),
    parameters: text('parameters', { mode: 'json' }).$type<Record<string, number>>(),
    buildFrom: text('build_from'),
    buildBefore: text('build_before'),
    /** JSON array of servicing channels (LTSC, SAC, AC); null matches every channel. */
    channels: text('channels', { mode: 'json' }).$type<Channel[]>(),
    kubernetesMin: text('kubernetes_min'),
    kubernetesMax: text('kubernetes_max'),
    /** JSON array of the minor versions where an unconfirmed patch release fixed it (seed kubernetesPatchFixed). */
    kubernetesPatchFixed: text('kubernetes_patch_fixed', { mode: 'json' }).$type<string[]>(),
    pluginVersionFrom: text('plugin_version_from'),
    pluginVersionBefore: text('plugin_version_before'),
    /** JSON array of platforms (azure, aws, on-premises); null matches every platform. */
    platforms: text('platforms', { mode: 'json' }).$type<Platform[]>(),
    dateFrom: text('date_from'),
    dateBefore: text('date_before'),
    /** JSON array of pod IP address modes (SECONDARY_IP, PREFIX_DELEGATION); null matches every mode. */
    ipAddressModes: text('ip_address_modes', { mode: 'json' }).$type<IpAddressMode[]>(),
    /** True: the limitation concerns plans that need NetworkPolicy; null: every plan. */
    networkPolicy: integer('network_policy', { mode: 'boolean' }),
    /** JSON array of Service settings (SERVICE_SETTINGS); null: not scoped to any. */
    serviceSettings: text('service_settings', { mode: 'json' }).$type<ServiceSetting[]>(),
    /** JSON array of kube-proxy gates (gate=true|false) that, set in the plan, carry out the workaround (seed mitigatedBy.kubeProxyFeatureGates). */
    mitigatedByGates: text('mitigated_by_gates', { mode: 'json' }).$type<string[]>(),
    /**
     * JSON scope (the seed's `requires`) where the thing the limitation concerns works at all; the
     * limitation applies where appliesTo matches and this does not. The seed lint resolves its slugs.
     */
    requires: text('requires', { mode: 'json' }).$type<LimitationFact['scope']>(),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('limitations_ordinal').on(t.ordinal)],
);

/** One join table per scope dimension, so every scoped slug is a real foreign key. */
const limitationLink = (name: string, column: string, target: () => Keyed) =>
  sqliteTable(
    name,
    {
      limitationSlug: ref('limitation_slug', () => limitations),
      targetSlug: ref(column, target),
    },
    (t) => [primaryKey({ columns: [t.limitationSlug, t.targetSlug] }), index(`${name}_target`).on(t.targetSlug)],
  );

export const limitationEnvironments = limitationLink('limitation_environments', 'environment_slug', () => environments);
export const limitationPlugins = limitationLink('limitation_plugins', 'plugin_slug', () => cniPlugins);
/**
 * Derived by the build, never seeded: the limitations that apply to a plugin, its own and those of
 * the reference plugins its modes delegate to (Flannel's VXLAN backend delegates to win-overlay).
 * `CniPlugin.limitations` reads it in one indexed statement instead of modes, then links.
 */
export const pluginEffectiveLimitations = sqliteTable(
  'plugin_effective_limitations',
  {
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    limitationSlug: ref('limitation_slug', () => limitations),
  },
  (t) => [primaryKey({ columns: [t.pluginSlug, t.limitationSlug] })],
);
export const limitationModes = limitationLink('limitation_modes', 'mode_slug', () => networkModes);
export const limitationFeatures = limitationLink('limitation_features', 'feature_slug', () => features);
export const limitationServiceTypes = limitationLink('limitation_service_types', 'service_type_slug', () => serviceTypes);
export const limitationMitigations = limitationLink('limitation_mitigations', 'feature_slug', () => features);
/** Releases on which a source confirms the limitation's build boundary. */
export const limitationBuildConfirmations = limitationLink('limitation_build_confirmations', 'windows_version_slug', () => windowsVersions);

/** A feature that is on (or off) without any setting in an environment, optionally by channel and build. */
export const featureDefaults = sqliteTable(
  'feature_defaults',
  {
    slug: slug(),
    featureSlug: ref('feature_slug', () => features),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    description: text('description').notNull(),
    channels: text('channels', { mode: 'json' }).$type<Channel[]>(),
    buildFrom: text('build_from'),
    buildBefore: text('build_before'),
    dateFrom: text('date_from'),
    dateBefore: text('date_before'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('feature_defaults_ordinal').on(t.ordinal), index('feature_defaults_feature').on(t.featureSlug)],
);

/** Which Windows releases an authority (upstream Kubernetes when environment is null) supports as node OS. */
export const nodeOsSupport = sqliteTable(
  'node_os_support',
  {
    slug: slug(),
    windowsVersionSlug: ref('windows_version_slug', () => windowsVersions),
    environmentSlug: text('environment_slug').references(() => environments.slug),
    kubernetesMin: text('kubernetes_min'),
    kubernetesMax: text('kubernetes_max'),
    status: text('status', { enum: NODE_OS_STATUSES }).notNull(),
    dateFrom: text('date_from'),
    dateBefore: text('date_before'),
    note: text('note'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [
    index('node_os_support_ordinal').on(t.ordinal),
    index('node_os_support_release').on(t.windowsVersionSlug),
    index('node_os_support_environment').on(t.environmentSlug),
  ],
);

/** A Kubernetes feature gate a Windows setting depends on (seeds/feature-gates.yaml). */
export const featureGates = sqliteTable(
  'feature_gates',
  {
    slug: slug(),
    name: text('name').notNull(),
    component: text('component').notNull(),
    description: text('description').notNull(),
    lockedOverrideEffect: text('locked_override_effect'),
    lockedOverrideObserved: integer('locked_override_observed', { mode: 'boolean' }),
    lockedOverrideNote: text('locked_override_note'),
    removalStatus: text('removal_status'),
    removalAllowedFrom: text('removal_allowed_from'),
    removalNote: text('removal_note'),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('feature_gates_ordinal').on(t.ordinal), uniqueIndex('feature_gates_name').on(t.name)],
);

/** One stage of a feature gate: its default over a range of Kubernetes versions. */
export const featureGateStages = sqliteTable(
  'feature_gate_stages',
  {
    id: integer('id').primaryKey(),
    gateSlug: ref('gate_slug', () => featureGates),
    ordinal: integer('ordinal').notNull(),
    stage: text('stage', { enum: GATE_STAGES }).notNull(),
    defaultEnabled: integer('default_enabled', { mode: 'boolean' }).notNull(),
    locked: integer('locked', { mode: 'boolean' }).notNull(),
    kubernetesMin: text('kubernetes_min'),
    kubernetesMax: text('kubernetes_max'),
  },
  (t) => [index('feature_gate_stages_gate').on(t.gateSlug, t.ordinal)],
);

export const featureDefaultEnvironments = sqliteTable(
  'feature_default_environments',
  {
    defaultSlug: ref('default_slug', () => featureDefaults),
    environmentSlug: ref('environment_slug', () => environments),
  },
  (t) => [primaryKey({ columns: [t.defaultSlug, t.environmentSlug] }), index('feature_default_environments_env').on(t.environmentSlug)],
);

export const serviceTypes = sqliteTable(
  'service_types',
  {
    slug: slug(),
    name: text('name').notNull(),
    supportedOnWindows: integer('supported_on_windows', { mode: 'boolean' }).notNull(),
    description: text('description').notNull(),
    ordinal: integer('ordinal').notNull(),
  },
  (t) => [index('service_types_ordinal').on(t.ordinal)],
);

export const networkFlows = sqliteTable(
  'network_flows',
  {
    slug: slug(),
    ordinal: integer('ordinal').notNull(),
    fromEndpoint: text('from_endpoint').notNull(),
    toEndpoint: text('to_endpoint').notNull(),
    addressing: text('addressing'),
    label: text('label').notNull(),
    note: text('note'),
  },
  (t) => [index('network_flows_ordinal').on(t.ordinal)],
);

export const glossaryTerms = sqliteTable(
  'glossary_terms',
  {
    slug: slug(),
    term: text('term').notNull(),
    expansion: text('expansion'),
    definition: text('definition').notNull(),
  },
  (t) => [index('glossary_terms_term').on(t.term)],
);

export const pluginComparisons = sqliteTable('plugin_comparisons', {
  slug: slug(),
  title: text('title').notNull(),
  environmentSlug: ref('environment_slug', () => environments),
  /** JSON array of plugin slugs, in column order. */
  plugins: text('plugins', { mode: 'json' }).$type<string[]>().notNull(),
});

export const comparisonRows = sqliteTable(
  'comparison_rows',
  {
    id: integer('id').primaryKey(),
    comparisonSlug: ref('comparison_slug', () => pluginComparisons),
    ordinal: integer('ordinal').notNull(),
    capability: text('capability').notNull(),
  },
  (t) => [index('comparison_rows_comparison').on(t.comparisonSlug)],
);

export const comparisonValues = sqliteTable(
  'comparison_values',
  {
    rowId: integer('row_id')
      .notNull()
      .references(() => comparisonRows.id),
    pluginSlug: ref('plugin_slug', () => cniPlugins),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rowId, t.pluginSlug] })],
);

export const instanceTypes = sqliteTable(
  'instance_types',
  {
    name: text('name').primaryKey(),
    /** The part before the dot, e.g. m5 for m5.large. */
    family: text('family').notNull(),
    maxInterfaces: integer('max_interfaces').notNull(),
    ipv4PerInterface: integer('ipv4_per_interface').notNull(),
    hypervisor: text('hypervisor', { enum: HYPERVISORS }),
    bareMetal: integer('bare_metal', { mode: 'boolean' }).notNull(),
    /** JSON [index, maxInterfaces] pairs. */
    networkCards: text('network_cards', { mode: 'json' }).$type<[number, number][]>().notNull(),
    defaultNetworkCardIndex: integer('default_network_card_index').notNull(),
    trunking: integer('trunking', { mode: 'boolean' }).notNull(),
    branchInterfaces: integer('branch_interfaces').notNull(),
    // Derived at build time from the name and limits (src/domain/instance-types.ts).
    architecture: text('architecture', { enum: ARCHITECTURES }).notNull(),
    /** Why Windows nodes cannot use the type; null when they can. */
    windowsUnsuitability: text('windows_unsuitability'),
    prefixDelegationSupported: integer('prefix_delegation_supported', { mode: 'boolean' }).notNull(),
    /** Windows pods in secondary-IP mode; null when Windows cannot use the type. */
    podsSecondaryIp: integer('pods_secondary_ip'),
    /** Windows pods with prefix delegation; null when unusable for Windows or not Nitro-based. */
    podsPrefixDelegation: integer('pods_prefix_delegation'),
    /**
     * Keyset sort keys of the planning list, most pods first: -(pods in the mode), or 1 where the
     * mode gives none (those sort last). With the name they order the pages ascending, so a page
     * is `WHERE (rank, name) > (?, ?) ORDER BY rank, name LIMIT n + 1` on the index below. (The
     * default only lets SQLite add the columns; the load always sets them.)
     */
    rankSecondaryIp: integer('rank_secondary_ip').notNull().default(0),
    rankPrefixDelegation: integer('rank_prefix_delegation').notNull().default(0),
  },
  (t) => [
    index('instance_types_family').on(t.family),
    index('instance_types_rank_secondary_ip').on(t.rankSecondaryIp, t.name),
    index('instance_types_rank_prefix_delegation').on(t.rankPrefixDelegation, t.name),
  ],
);

/**
 * Where manifests state a plugin, a mode, a version or a release (seeds/manifest-signals.yaml):
 * what the scanner's readers walk. Places, facts and values are small JSON documents read whole;
 * citations attach as manifest-signal:<slug>.
 */
export const manifestSignals = sqliteTable(
  'manifest_signals',
  {
    slug: slug(),
    ordinal: integer('ordinal').notNull(),
    component: text('component').notNull(),
    description: text('description').notNull(),
    places: text('places', { mode: 'json' }).$type<SignalPlace[]>().notNull(),
    states: text('states', { mode: 'json' }).$type<SignalFacts>().notNull(),
    reads: text('reads', { enum: SIGNAL_READS }),
    signalValues: text('signal_values', { mode: 'json' }).$type<Record<string, SignalValue>>().notNull(),
  },
  (t) => [index('manifest_signals_ordinal').on(t.ordinal)],
);
