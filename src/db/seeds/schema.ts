/**
 * The shape of every seed file, checked with zod before anything is written to a database.
 *
 * Each seed file under seeds/ is a YAML mapping from slug to record: the slug is the key, so a
 * record cannot disagree with its own name. Cross-record rules (references resolve, no cycles,
 * sections exist) live in rules/; this file only says what one record may look like.
 */
import { z } from 'zod';
import { PLUGIN_VERSION } from '../../domain/plugin-version.js';
import { KUBERNETES_MINOR } from '../../domain/kubernetes-version.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z.string().regex(SLUG_PATTERN, 'must be lower-case kebab-case');

/** A Windows OS build, optionally with the update revision: "17763" or "17763.1432". */
export const BUILD_PATTERN = /^\d{4,5}(?:\.\d{1,5})?$/;
export const buildRef = z.string().regex(BUILD_PATTERN, 'must look like "17763" or "17763.1432"');

/** A Kubernetes minor version such as "1.33" (the pattern's one home is src/domain/kubernetes-version.ts). */
export const kubernetesMinor = z.string().regex(KUBERNETES_MINOR, 'must look like "1.33"');

const isoDate = z.string().regex(/^\d{4}-\d{2}(?:-\d{2})?$/, 'must be YYYY-MM-DD (or YYYY-MM when the day is not known)');
const text = z.string().trim().min(1);

/** Where a fact comes from: a registered source document and a section of it. */
export const citation = z
  .object({
    doc: slug,
    section: text,
    /** What exactly the citation supports, when a record cites several documents. */
    note: text.optional(),
  })
  .strict();
export const citations = z.array(citation).min(1, 'every record cites at least one source');

/** Inclusive-exclusive range of Windows builds: from <= build < before. */
export const buildRange = z
  .object({ from: buildRef.optional(), before: buildRef.optional() })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/**
 * A build range whose boundary a source has confirmed only on some releases (e.g. a fix that
 * reached Windows Server 2019 in 17763.2746). On newer releases that are not listed, comparing
 * build numbers would assert what no source says, so the engine reports "may apply" there.
 */
export const scopedBuildRange = z
  .object({ from: buildRef.optional(), before: buildRef.optional(), confirmedOn: z.array(slug).min(1).optional() })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/** A plugin's release, e.g. "0.12.0" (a leading v is allowed and ignored). */
export const pluginVersion = z.string().regex(PLUGIN_VERSION, 'must look like "0.12.0" or "v0.12.0"');

/** Inclusive-exclusive range of plugin releases: from <= version < before. */
export const pluginVersionRange = z
  .object({ from: pluginVersion.optional(), before: pluginVersion.optional() })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/** Inclusive range of Kubernetes minor versions. */
export const kubernetesRange = z
  .object({ min: kubernetesMinor.optional(), max: kubernetesMinor.optional() })
  .strict()
  .refine((r) => r.min !== undefined || r.max !== undefined, 'give min, max or both');

export const SETTING_KINDS = [
  'KUBE_PROXY_FLAG',
  'SERVICE_SPEC_FIELD',
  'SERVICE_ANNOTATION',
  'CONFIG_MAP_KEY',
  'POWERSHELL_PARAMETER',
  'OS_UPDATE',
] as const;

/** One concrete thing to configure, optionally only for some Kubernetes versions. */
export const setting = z
  .object({
    kind: z.enum(SETTING_KINDS),
    key: text,
    value: text,
    /** Where the setting lives when the key alone is ambiguous (e.g. ConfigMap kube-system/amazon-vpc-cni). */
    target: text.optional(),
    kubernetes: kubernetesRange.optional(),
    /** Only needed on these Windows builds (e.g. an OS update that exists for one release). */
    windowsBuilds: buildRange.optional(),
    note: text.optional(),
    sources: citations,
  })
  .strict();

/** unspecified: the sources give no stability label. */
export const STABILITY_LEVELS = ['stable', 'beta', 'experimental', 'unspecified'] as const;
export const SUPPORT_LEVELS = ['supported', 'not-supported', 'unknown'] as const;
export const ENVIRONMENT_STATUSES = ['default', 'supported', 'alternative', 'retired'] as const;
export const CHANNELS = ['LTSC', 'SAC', 'AC'] as const;

/** NetworkPolicy enforcement as a source states it, with what it rests on. */
const networkPolicySupport = z
  .object({ support: z.enum(SUPPORT_LEVELS), note: text.optional(), sources: citations.optional() })
  .strict()
  .refine((p) => p.support === 'unknown' || p.sources !== undefined, 'a known policy support level needs sources');

/** A statement with its sources: used for notes that are facts in their own right. */
export const sourcedNote = z.object({ text, sources: citations }).strict();

// ---------------------------------------------------------------------------------------------
// One schema per seed file.

export const sourceDocument = z
  .object({
    title: text,
    url: z.url(),
    /** BCP 47 tag of the document's language. */
    locale: z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/),
    kind: z.enum(['seed-document', 'research']),
    /** Which revision was read and how it differs from others. */
    revision: text,
    /** The sections that citations may name: anchors for the Kubernetes pages, English headings elsewhere. */
    sections: z.array(text).min(1),
    /** Local file the text was read from, for the four seed documents. */
    file: text.optional(),
  })
  .strict();

export const windowsUpdate = z
  .object({
    kb: z.string().regex(/^KB\d{6,8}$/),
    /** The build revision the update brings, e.g. 1432 for 17763.1432. */
    revision: z.number().int().positive(),
    released: isoDate,
    description: text,
    sources: citations,
  })
  .strict();

export const windowsVersion = z
  .object({
    name: text,
    version: text,
    /** False where the version label is common usage but no primary source states it. */
    versionLabelVerified: z.boolean(),
    build: z.number().int().min(1000).max(99999),
    channel: z.enum(CHANNELS),
    released: isoDate,
    mainstreamSupportEnds: isoDate.optional(),
    /** End of extended support (LTSC) or of servicing (SAC/AC). */
    supportEnds: isoDate.optional(),
    notes: z.array(sourcedNote).default([]),
    updates: z.array(windowsUpdate).default([]),
    sources: citations,
  })
  .strict();

export const environment = z
  .object({
    name: text,
    description: text,
    /**
     * Present when the sources list the CNI plugins offered in this environment (the plugins'
     * own environments entries): a plugin outside that list is then reported as undocumented there.
     */
    pluginsListed: z.object({ note: text.optional(), sources: citations }).strict().optional(),
    sources: citations,
  })
  .strict();

export const networkMode = z
  .object({
    name: text,
    description: text,
    packetModifications: text,
    usedByKubernetes: z.boolean(),
    /** How the documentation labels the mode, e.g. beta. */
    stability: z.enum(STABILITY_LEVELS),
    statusNotes: z.array(sourcedNote).default([]),
    /** What to configure whenever this mode is used (scoped by Kubernetes version where needed). */
    settings: z.array(setting).default([]),
    sources: citations,
  })
  .strict();

export const pluginMode = z
  .object({
    mode: slug,
    /** The plugin's own backend name for this mode, e.g. vxlan or host-gw for flannel. */
    backend: text.optional(),
    /** The reference plugin this plugin hands the mode to (flannel -> win-overlay). */
    delegatesTo: slug.optional(),
    stability: z.enum(STABILITY_LEVELS),
    sources: citations,
  })
  .strict();

export const pluginEnvironment = z
  .object({
    environment: slug,
    status: z.enum(ENVIRONMENT_STATUSES),
    since: isoDate.optional(),
    note: text.optional(),
    /** NetworkPolicy enforcement in this environment, where it differs from the plugin's general answer. */
    networkPolicy: networkPolicySupport.optional(),
    sources: citations,
  })
  .strict();

export const cniPlugin = z
  .object({
    name: text,
    description: text,
    modes: z.array(pluginMode).default([]),
    networkPolicy: networkPolicySupport,
    ipam: z.array(slug).default([]),
    environments: z.array(pluginEnvironment).default([]),
    /**
     * The plugin runs only in these environments (e.g. the Amazon VPC CNI's Windows IPAM lives in
     * the EKS control plane). Only then may a plan without an environment be assumed to be there.
     */
    onlyIn: z.object({ environments: z.array(slug).min(1), note: text, sources: citations }).strict().optional(),
    notes: z.array(sourcedNote).default([]),
    sources: citations,
  })
  .strict();

export const feature = z
  .object({
    name: text,
    description: text,
    minimumWindows: z
      .object({
        version: slug,
        /** A finer minimum within that release, e.g. "17763.1432" for DSR on Server 2019. */
        build: buildRef.optional(),
        sources: citations,
      })
      .strict(),
    /** The first Kubernetes minor in which the feature can be switched on, where known. */
    minimumKubernetes: z.object({ version: kubernetesMinor, sources: citations }).strict().optional(),
    requires: z.array(slug).default([]),
    settings: z.array(setting).default([]),
    enablementNote: text.optional(),
    sources: citations,
  })
  .strict();

export const LIMITATION_KINDS = ['unsupported', 'known-issue', 'requirement', 'caveat'] as const;
export const THRESHOLD_METRICS = ['backends-per-service', 'services-per-node'] as const;
export const SEVERITIES = ['error', 'warning', 'info'] as const;

/**
 * Every dimension given must match the planned configuration for the limitation to apply;
 * an omitted dimension matches everything.
 */
export const limitationScope = z
  .object({
    environments: z.array(slug).min(1).optional(),
    /** Matches the chosen plugin or any plugin it delegates to. */
    plugins: z.array(slug).min(1).optional(),
    modes: z.array(slug).min(1).optional(),
    windowsBuilds: scopedBuildRange.optional(),
    /** Servicing channels of the node's release: tells LTSC 2019 from SAC 1809, which share build 17763. */
    channels: z.array(z.enum(CHANNELS)).min(1).optional(),
    kubernetes: kubernetesRange.optional(),
    /** Releases of the plugin (with plugins) the limitation concerns. */
    pluginVersions: pluginVersionRange.optional(),
    /** The limitation is only relevant when one of these features is requested. */
    features: z.array(slug).min(1).optional(),
    /** The limitation is only relevant to these Service types (all are assumed in use unless the plan lists them). */
    serviceTypes: z.array(slug).min(1).optional(),
  })
  .strict();

export const limitation = z
  .object({
    title: text,
    kind: z.enum(LIMITATION_KINDS),
    description: text,
    appliesTo: limitationScope,
    /** Exceeded when the plan's number is greater than max. */
    threshold: z
      .object({ metric: z.enum(THRESHOLD_METRICS), max: z.number().int().positive(), approximate: z.boolean().default(false) })
      .strict()
      .optional(),
    /** Named numeric parameters the limitation fixes, e.g. Flannel's VNI and UDP port. */
    parameters: z.record(z.string(), z.number()).optional(),
    /** With all of these features enabled the limitation no longer bites (reported as INFO). */
    mitigatedBy: z.object({ features: z.array(slug).min(1) }).strict().optional(),
    severity: z.enum(SEVERITIES),
    workaround: text.optional(),
    workaroundSettings: z.array(setting).default([]),
    /** Which page revisions state it, when that differs between revisions. */
    revisionNote: text.optional(),
    sources: citations,
  })
  .strict();

/**
 * Whether a feature is on without any setting in some environment or node image (AKS turns DSR on
 * in Windows node pools; the EKS SAC AMIs do too). Scoped like a limitation.
 */
export const featureDefault = z
  .object({
    feature: slug,
    enabled: z.boolean(),
    description: text,
    appliesTo: z
      .object({ environments: z.array(slug).min(1), channels: z.array(z.enum(CHANNELS)).min(1).optional(), windowsBuilds: buildRange.optional() })
      .strict(),
    sources: citations,
  })
  .strict();

export const NODE_OS_STATUSES = ['supported', 'preview', 'disputed', 'retired'] as const;

/**
 * One row of a node-OS support table: the Kubernetes versions for which an authority (upstream
 * Kubernetes when environment is absent, else that environment) lists a Windows release as a node
 * OS. A release with no row for a version the authority documents is not supported there.
 */
export const nodeOsSupport = z
  .object({
    windowsVersion: slug,
    /** Absent: the upstream Kubernetes documentation, which holds in every environment. */
    environment: slug.optional(),
    kubernetes: kubernetesRange.optional(),
    /** disputed: the authority's own pages disagree about these versions; retired: once offered, no longer. */
    status: z.enum(NODE_OS_STATUSES),
    note: text.optional(),
    sources: citations,
  })
  .strict();

export const ipamOption = z
  .object({
    name: text,
    description: text,
    restrictedTo: z.array(slug).default([]),
    isFallback: z.boolean(),
    settings: z.array(setting).default([]),
    sources: citations,
  })
  .strict();

export const serviceType = z
  .object({
    name: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']),
    supportedOnWindows: z.boolean(),
    description: text,
    sources: citations,
  })
  .strict();

export const networkFlow = z
  .object({
    order: z.number().int().positive(),
    from: z.enum(['pod', 'node']),
    to: z.enum(['pod', 'service', 'external', 'node']),
    /** How the destination is addressed: IP, name, cluster IP, PQDN, FQDN, DNS. */
    addressing: text.optional(),
    label: text,
    note: text.optional(),
    sources: citations,
  })
  .strict();

export const glossaryTerm = z
  .object({
    term: text,
    expansion: text.optional(),
    definition: text,
    sources: citations,
  })
  .strict();

export const pluginComparison = z
  .object({
    title: text,
    environment: slug,
    plugins: z.array(slug).min(2),
    rows: z
      .array(
        z
          .object({
            capability: text,
            /** Plugin slug -> the value the source gives, in English. */
            values: z.record(slug, text),
          })
          .strict(),
      )
      .min(1),
    sources: citations,
  })
  .strict();

/**
 * One EC2 instance type's network limits, generated from AWS's VPC Resource Controller data by
 * `npm run seeds:ec2` (never edited by hand). Keys are instance type names such as m5.large.
 */
export const INSTANCE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const instanceType = z
  .object({
    maxInterfaces: z.number().int().positive(),
    ipv4PerInterface: z.number().int().min(1),
    /** Empty upstream for bare-metal types, and only for them. */
    hypervisor: z.enum(['nitro', 'xen']).nullable(),
    bareMetal: z.boolean(),
    /** [card index, max interfaces on that card] pairs. */
    networkCards: z.array(z.tuple([z.number().int().min(0), z.number().int().positive()])).min(1),
    defaultNetworkCardIndex: z.number().int().min(0),
    trunking: z.boolean(),
    branchInterfaces: z.number().int().min(0),
  })
  .strict()
  .refine((r) => (r.hypervisor === null) === r.bareMetal, 'hypervisor is empty exactly for bare-metal types')
  .refine((r) => r.networkCards.some(([i]) => i === r.defaultNetworkCardIndex), 'the default network card must be listed');

/** The seed files, their record schemas, and the order they load in (referenced tables first). */
export const SEED_FILES = {
  sources: { file: 'sources.yaml', schema: sourceDocument },
  windowsVersions: { file: 'windows-versions.yaml', schema: windowsVersion },
  environments: { file: 'environments.yaml', schema: environment },
  networkModes: { file: 'network-modes.yaml', schema: networkMode },
  ipamOptions: { file: 'ipam-options.yaml', schema: ipamOption },
  cniPlugins: { file: 'cni-plugins.yaml', schema: cniPlugin },
  features: { file: 'features.yaml', schema: feature },
  limitations: { file: 'limitations.yaml', schema: limitation },
  featureDefaults: { file: 'feature-defaults.yaml', schema: featureDefault },
  nodeOsSupport: { file: 'node-os-support.yaml', schema: nodeOsSupport },
  serviceTypes: { file: 'service-types.yaml', schema: serviceType },
  networkFlows: { file: 'network-flows.yaml', schema: networkFlow },
  glossary: { file: 'glossary.yaml', schema: glossaryTerm },
  pluginComparisons: { file: 'plugin-comparisons.yaml', schema: pluginComparison },
  instanceTypes: { file: 'ec2-instance-types.yaml', schema: instanceType, keyPattern: INSTANCE_TYPE_PATTERN },
} as const;

export type SeedKey = keyof typeof SEED_FILES;
export type SeedRecord<K extends SeedKey> = z.output<(typeof SEED_FILES)[K]['schema']>;
/** Every seed, parsed: per file, a map from slug to record, in file order. */
export type SeedSet = { [K in SeedKey]: Map<string, SeedRecord<K>> };

export type Citation = z.output<typeof citation>;
export type SettingSeed = z.output<typeof setting>;

