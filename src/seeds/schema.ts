/**
 * The shape of every seed file, checked with zod before anything is written to a database.
 *
 * Each seed file under seeds/ is a YAML mapping from slug to record: the slug is the key, so a
 * record cannot disagree with its own name. Cross-record rules (references resolve, no cycles,
 * sections exist) live in rules/; this file only says what one record may look like.
 */
import { z } from 'zod';
import { SEED_FILE_NAMES } from './files.js';
import { PLUGIN_VERSION } from '../domain/plugin-version.js';
import { KUBERNETES_MINOR } from '../domain/kubernetes-version.js';
import {
  CHANNELS,
  IP_ADDRESS_MODES,
  PLATFORMS,
  ENVIRONMENT_STATUSES,
  GATE_STAGES,
  HYPERVISORS,
  LIMITATION_KINDS,
  NODE_OS_STATUSES,
  SERVICE_SETTINGS,
  SETTING_KINDS,
  SEVERITIES,
  SIGNAL_PLACES,
  SIGNAL_READS,
  SOURCE_KINDS,
  STABILITY_LEVELS,
  SUPPORT_LEVELS,
  THRESHOLD_METRICS,
} from '../domain/vocabulary.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z.string().regex(SLUG_PATTERN, 'must be lower-case kebab-case');

/** A Windows OS build, optionally with the update revision: "17763" or "17763.1432". */
export const BUILD_PATTERN = /^\d{4,5}(?:\.\d{1,5})?$/;
export const buildRef = z.string().regex(BUILD_PATTERN, 'must look like "17763" or "17763.1432"');

/** A Kubernetes minor version such as "1.33" (the pattern's one home is src/domain/kubernetes-version.ts). */
export const kubernetesMinor = z.string().regex(KUBERNETES_MINOR, 'must look like "1.33"');

export const isoDate = z.string().regex(/^\d{4}-\d{2}(?:-\d{2})?$/, 'must be YYYY-MM-DD (or YYYY-MM when the day is not known)');
const text = z.string().trim().min(1);

/** Where a fact comes from: a registered source document and a section of it. */
export const citation = z
  .object({
    doc: slug.describe('Slug of a document registered in sources.yaml.'),
    section: text.describe('Section of that document: an anchor for the Kubernetes pages, the English heading elsewhere (one of its registered sections).'),
    note: text.optional().describe('What exactly the citation supports, when a record cites several documents.'),
  })
  .strict();
export const citations = z.array(citation).min(1, 'every record cites at least one source');

/** Inclusive-exclusive range of Windows builds: from <= build < before. */
export const buildRange = z
  .object({
    from: buildRef.optional().describe('Inclusive lower end, e.g. "17763.2746"; omit for open.'),
    before: buildRef.optional().describe('Exclusive upper end, e.g. "17764"; omit for open.'),
  })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/**
 * A build range whose boundary a source has confirmed only on some releases (e.g. a fix that
 * reached Windows Server 2019 in 17763.2746). On newer releases that are not listed, comparing
 * build numbers would assert what no source says, so the engine reports "may apply" there.
 */
export const scopedBuildRange = z
  .object({
    from: buildRef.optional().describe('Inclusive lower end, e.g. "17763.2746"; omit for open.'),
    before: buildRef.optional().describe('Exclusive upper end; omit for open.'),
    confirmedOn: z
      .array(slug)
      .min(1)
      .optional()
      .describe('Slugs of the releases on which a source confirms the boundary; on newer releases the engine reports "may apply".'),
  })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/** A plugin's release, e.g. "0.12.0" (a leading v is allowed and ignored). */
export const pluginVersion = z.string().regex(PLUGIN_VERSION, 'must look like "0.12.0" or "v0.12.0"');

/** Inclusive-exclusive range of plugin releases: from <= version < before. */
export const pluginVersionRange = z
  .object({
    from: pluginVersion.optional().describe('Inclusive lower end, e.g. "0.12.0"; omit for open.'),
    before: pluginVersion.optional().describe('Exclusive upper end, e.g. "0.12.0"; omit for open.'),
  })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/**
 * Inclusive-exclusive range of dates: from <= day < before. A bound given as YYYY-MM says only the
 * month: a day inside that month is neither clearly before nor after it, so the engine reports
 * "may apply" there.
 */
export const dateRange = z
  .object({
    from: isoDate.optional().describe('First day the fact holds, YYYY-MM-DD (or YYYY-MM); omit for open.'),
    before: isoDate.optional().describe('First day it no longer holds, YYYY-MM-DD (or YYYY-MM); omit for open.'),
  })
  .strict()
  .refine((r) => r.from !== undefined || r.before !== undefined, 'give from, before or both');

/** Inclusive range of Kubernetes minor versions. */
export const kubernetesRange = z
  .object({
    min: kubernetesMinor.optional().describe('Oldest minor version, inclusive, e.g. "1.14"; omit for open.'),
    max: kubernetesMinor.optional().describe('Newest minor version, inclusive, e.g. "1.32"; omit for open.'),
  })
  .strict()
  .refine((r) => r.min !== undefined || r.max !== undefined, 'give min, max or both');

/** One concrete thing to configure, optionally only for some Kubernetes versions. */
export const setting = z
  .object({
    kind: z.enum(SETTING_KINDS).describe('Where the setting is made.'),
    key: text.describe('The flag, field path, annotation, ConfigMap key, PowerShell parameter or KB number.'),
    value: text.describe('The value to set (for an OS update: the build it brings).'),
    target: text.optional().describe('Where the setting lives when the key alone is ambiguous (e.g. ConfigMap kube-system/amazon-vpc-cni).'),
    kubernetes: kubernetesRange.optional().describe('Only for these Kubernetes minor versions.'),
    windowsBuilds: buildRange.optional().describe('Only needed on these Windows builds (e.g. an OS update that exists for one release).'),
    note: text.optional().describe('Context for the setting, in your own words.'),
    ipAddressMode: z
      .enum(IP_ADDRESS_MODES)
      .optional()
      .describe('The IP address mode the nodes move to when the key is set to the value (an IPAM option setting that picks a mode rather than one it needs).'),
    sources: citations.describe('Where the setting is stated.'),
  })
  .strict();

/** unspecified: the sources give no stability label. */

/** NetworkPolicy enforcement as a source states it, with what it rests on. */
const networkPolicySupport = z
  .object({
    support: z.enum(SUPPORT_LEVELS).describe('supported, not-supported, or unknown when no source says.'),
    note: text.optional().describe('Context, e.g. what to use instead.'),
    sources: citations.optional().describe('Where it is stated; required unless unknown.'),
  })
  .strict()
  .refine((p) => p.support === 'unknown' || p.sources !== undefined, 'a known policy support level needs sources');

/** A statement with its sources: used for notes that are facts in their own right. */
export const sourcedNote = z.object({ text: text.describe('The fact, in your own words.'), sources: citations.describe('Where it is stated.') }).strict();

// ---------------------------------------------------------------------------------------------
// One schema per seed file.

export const sourceDocument = z
  .object({
    title: text.describe('Title of the document.'),
    url: z.url().describe('Canonical address of the document.'),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/)
      .describe("BCP 47 tag of the document's language."),
    kind: z
      .enum(SOURCE_KINDS)
      .describe('seed-document: one of the four documents in shared/sources; research: a primary source named in shared/research or found by the project.'),
    revision: text.describe('Which revision was read and how it differs from others.'),
    sections: z.array(text).min(1).describe('The sections that citations may name: anchors for the Kubernetes pages, English headings elsewhere.'),
    revisionDate: isoDate
      .optional()
      .describe("Date of the revision read (a commit's or a stored copy's date). The newest one is how far the dataset's knowledge reaches."),
    file: text.optional().describe('Local file the text was read from, for the four seed documents.'),
  })
  .strict();

export const windowsUpdate = z
  .object({
    kb: z
      .string()
      .regex(/^KB\d{6,8}$/)
      .describe('Knowledge-base article number, e.g. KB4571748.'),
    revision: z.number().int().positive().describe('The build revision the update brings, e.g. 1432 for 17763.1432.'),
    released: isoDate.describe('Release date, YYYY-MM-DD.'),
    description: text.describe('What the update brings that matters to container networking.'),
    sources: citations.describe('Where the update and its build are stated.'),
  })
  .strict();

export const windowsVersion = z
  .object({
    name: text.describe('Marketing name, e.g. Windows Server 2019.'),
    version: text.describe('Version label, e.g. 1809 or 20H2.'),
    versionLabelVerified: z.boolean().describe('False where the version label is common usage but no primary source states it.'),
    build: z.number().int().min(1000).max(99999).describe('OS build number, e.g. 17763; releases are ordered by it.'),
    channel: z.enum(CHANNELS).describe('Servicing channel: LTSC, SAC or AC.'),
    released: isoDate.describe('Release date, YYYY-MM-DD (or YYYY-MM).'),
    mainstreamSupportEnds: isoDate.optional().describe('End of mainstream support (LTSC only), where known.'),
    supportEnds: isoDate.optional().describe('End of extended support (LTSC) or of servicing (SAC/AC).'),
    notes: z.array(sourcedNote).default([]).describe('Remarks on dates or labels, each with its sources.'),
    updates: z.array(windowsUpdate).default([]).describe('Cumulative updates that matter to container networking.'),
    sources: citations.describe('Where the release facts come from.'),
  })
  .strict();

/** An EC2 instance type name, e.g. m5.large (the keys of ec2-instance-types.yaml). */
export const INSTANCE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const environment = z
  .object({
    name: text.describe('Display name.'),
    description: text.describe('What the environment is, in your own words.'),
    pluginsListed: z
      .object({ note: text.optional().describe('Remarks on the list.'), sources: citations.describe('Where the list of plugins is given.') })
      .strict()
      .optional()
      .describe(
        "Present when the sources list the CNI plugins offered in this environment (the plugins' own environments entries): " +
          'a plugin outside that list is then reported as undocumented there.',
      ),
    platform: z
      .enum(PLATFORMS)
      .optional()
      .describe('The infrastructure the environment runs on (azure, aws, on-premises); omit where a cluster may run anywhere (self-managed).'),
    eksctl: z
      .object({
        defaultInstanceType: z
          .string()
          .regex(INSTANCE_TYPE_PATTERN)
          .describe('The EC2 instance type (ec2-instance-types.yaml) eksctl gives a node group that names none and picks its instances no other way.'),
        sources: citations.describe("Where eksctl's default is stated."),
      })
      .strict()
      .optional()
      .describe("What eksctl, the environment's cluster tool, applies when a ClusterConfig leaves it out; the scanner reads eksctl node groups with it."),
    sources: citations.describe('Where the facts come from.'),
  })
  .strict();

export const networkMode = z
  .object({
    name: text.describe('Display name, e.g. L2bridge.'),
    description: text.describe('What the mode is and when it is used.'),
    packetModifications: text.describe('How packets are modified on the way (encapsulation, NAT, MAC rewrites).'),
    usedByKubernetes: z.boolean().describe('False for modes that exist on Windows but Kubernetes does not use (NAT).'),
    stability: z.enum(STABILITY_LEVELS).describe('How the documentation labels the mode, e.g. beta.'),
    statusNotes: z.array(sourcedNote).default([]).describe('Notes on the stability label, each with its sources.'),
    gateGraduation: z
      .object({
        gate: text.describe('The kube-proxy feature gate behind the mode, e.g. WinOverlay.'),
        kubernetes: kubernetesMinor.describe('The Kubernetes minor version from which the gate is GA.'),
        sources: citations.describe('Where the graduation is stated.'),
      })
      .strict()
      .optional()
      .describe("Where the page's stability label lags behind the gate: from this version the label no longer says how mature the mode is."),
    settings: z.array(setting).default([]).describe('What to configure whenever this mode is used (scoped by Kubernetes version where needed).'),
    sources: citations.describe('Where the facts come from.'),
  })
  .strict();

export const pluginMode = z
  .object({
    mode: slug.describe('Slug of the network mode (network-modes.yaml).'),
    backend: text.optional().describe("The plugin's own backend name for this mode, e.g. vxlan or host-gw for flannel."),
    delegatesTo: slug.optional().describe('The reference plugin this plugin hands the mode to (flannel -> win-overlay).'),
    stability: z.enum(STABILITY_LEVELS).describe("How the sources label the plugin's support for the mode."),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

export const pluginEnvironment = z
  .object({
    environment: slug.describe('Slug of the environment (environments.yaml).'),
    status: z.enum(ENVIRONMENT_STATUSES).describe('default, supported, alternative (documented as one) or retired.'),
    since: isoDate.optional().describe('Since when, YYYY-MM or YYYY-MM-DD, where known.'),
    note: text.optional().describe('Details, e.g. how to still choose a retired plugin.'),
    networkPolicy: networkPolicySupport
      .optional()
      .describe("NetworkPolicy enforcement in this environment, where it differs from the plugin's general answer."),
    modes: z
      .array(slug)
      .min(1)
      .optional()
      .describe("The only network modes (of the plugin's own) it runs in this environment, where a source says (Calico on AKS on Windows Server: overlay)."),
    sources: citations.describe('Where the status is stated.'),
  })
  .strict();

export const cniPlugin = z
  .object({
    name: text.describe('Display name.'),
    description: text.describe('What the plugin is and when to use it.'),
    modes: z.array(pluginMode).default([]).describe('The Windows network modes the plugin creates or delegates to.'),
    networkPolicy: networkPolicySupport.describe('Whether Kubernetes NetworkPolicy is enforced on Windows nodes (unknown unless a source says).'),
    ipam: z.array(slug).default([]).describe('Slugs of the IPAM options it uses (ipam-options.yaml).'),
    environments: z.array(pluginEnvironment).default([]).describe('Its status in managed or on-premises environments.'),
    onlyIn: z
      .object({
        environments: z.array(slug).min(1).describe('Slugs of the only environments the plugin runs in.'),
        note: text.describe('Why it runs nowhere else.'),
        sources: citations.describe('Where that is stated.'),
      })
      .strict()
      .optional()
      .describe(
        'The plugin runs only in these environments (e.g. the Amazon VPC CNI, whose Windows IPAM lives in the EKS control plane). ' +
          'Only then may a plan without an environment be assumed to be there.',
      ),
    notes: z.array(sourcedNote).default([]).describe('Other facts, each with its sources.'),
    sources: citations.describe('Where the facts come from.'),
  })
  .strict();

export const feature = z
  .object({
    name: text.describe('Display name.'),
    description: text.describe('What the feature does.'),
    minimumWindows: z
      .object({
        version: slug.describe('Slug of that release (windows-versions.yaml).'),
        build: buildRef.optional().describe('A finer minimum within that release, e.g. "17763.1432" for DSR on Server 2019.'),
        sources: citations.describe('Where it is stated.'),
      })
      .strict()
      .describe('The oldest Windows release that supports the feature, and the finer build where one is known.'),
    minimumKubernetes: z
      .object({ version: kubernetesMinor.describe('Kubernetes minor version, e.g. "1.14".'), sources: citations.describe('Where it is stated.') })
      .strict()
      .optional()
      .describe('The first Kubernetes minor in which the feature can be switched on, where known.'),
    requires: z.array(slug).default([]).describe('Slugs of features that must be enabled with it.'),
    settings: z.array(setting).default([]).describe('What to set to enable it, scoped by Kubernetes version where that differs.'),
    enablementNote: text.optional().describe('How to enable it when that is not a single setting.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

/**
 * Every dimension given must match the planned configuration for the limitation to apply;
 * an omitted dimension matches everything.
 */
export const limitationScope = z
  .object({
    environments: z.array(slug).min(1).optional().describe('Only in these environments.'),
    plugins: z.array(slug).min(1).optional().describe('Matches the chosen plugin or any plugin it delegates to.'),
    modes: z.array(slug).min(1).optional().describe('Only with these network modes.'),
    windowsBuilds: scopedBuildRange.optional().describe('Only on these Windows builds.'),
    channels: z
      .array(z.enum(CHANNELS))
      .min(1)
      .optional()
      .describe("Servicing channels of the node's release: tells LTSC 2019 from SAC 1809, which share build 17763."),
    kubernetes: kubernetesRange.optional().describe('Only for these Kubernetes minor versions.'),
    kubernetesPatchFixed: z
      .array(kubernetesMinor)
      .min(1)
      .optional()
      .describe(
        'Minor versions (within kubernetes) in which a patch release fixed it, where no source confirms which patch: on them the ' +
          'limitation "may apply", since a plan gives only the minor version.',
      ),
    pluginVersions: pluginVersionRange.optional().describe('Releases of the plugin (with plugins) the limitation concerns.'),
    platforms: z
      .array(z.enum(PLATFORMS))
      .min(1)
      .optional()
      .describe('Only on this infrastructure (azure, aws, on-premises); a self-managed cluster leaves it open.'),
    dates: dateRange.optional().describe("Only in this period, judged at the plan's asOf date."),
    ipAddressModes: z
      .array(z.enum(IP_ADDRESS_MODES))
      .min(1)
      .optional()
      .describe("Only when the plan's pod IP address mode (SECONDARY_IP, the default, or PREFIX_DELEGATION) is one of these."),
    networkPolicy: z
      .literal(true)
      .optional()
      .describe('The limitation is only relevant when the plan needs Kubernetes NetworkPolicy enforced on its Windows nodes.'),
    features: z.array(slug).min(1).optional().describe('The limitation is only relevant when one of these features is requested.'),
    serviceTypes: z
      .array(slug)
      .min(1)
      .optional()
      .describe('The limitation is only relevant to these Service types (all are assumed in use unless the plan lists them).'),
    serviceSettings: z
      .array(z.enum(SERVICE_SETTINGS))
      .min(1)
      .optional()
      .describe('The limitation is only relevant when the plan (or a scanned Service) uses one of these Service settings.'),
  })
  .strict();

/** The scope dimensions a claim and a record can both restrict (features and Service types say what a fact is about, not where it holds). */
export const SCOPE_DIMENSIONS = [
  'windowsBuilds',
  'channels',
  'environments',
  'platforms',
  'kubernetes',
  'dates',
  'plugins',
  'pluginVersions',
  'modes',
] as const;
export type ScopeDimension = (typeof SCOPE_DIMENSIONS)[number];

/**
 * Sources for a scope a record sets that its seed documents' claims do not (a build boundary from
 * the EKS user guide on a limit the Kubernetes page states without one). The claims checklist
 * holds records to their claims' scopes; a dimension cited here is justified by another source.
 */
const scopeSources = z
  .partialRecord(z.enum(SCOPE_DIMENSIONS), citations)
  .optional()
  .describe('Per scope dimension, the sources that restrict it where the seed documents do not.');

export const limitation = z
  .object({
    title: text.describe('Short title.'),
    kind: z.enum(LIMITATION_KINDS).describe('unsupported, known-issue, requirement or caveat.'),
    description: text.describe('What does not work, and when, in your own words.'),
    appliesTo: limitationScope.describe('Where it applies: every dimension given must match the plan; an omitted one matches everything.'),
    threshold: z
      .object({
        metric: z.enum(THRESHOLD_METRICS).describe('What is counted: backends-per-service or services-per-node.'),
        max: z.number().int().positive().describe('The largest number that still works.'),
        approximate: z.boolean().default(false).describe('True when the source gives the number as approximate ("about 100").'),
      })
      .strict()
      .optional()
      .describe("A numeric limit: exceeded when the plan's number is greater than max."),
    parameters: z.record(z.string(), z.number()).optional().describe("Named numeric parameters the limitation fixes, e.g. Flannel's VNI and UDP port."),
    mitigatedBy: z
      .object({
        features: z.array(slug).min(1).optional().describe('Slugs of the features (features.yaml).'),
        kubeProxyFeatureGates: z
          .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]*=(true|false)$/, 'a gate written as in --feature-gates, e.g. WinDSR=false'))
          .min(1)
          .optional()
          .describe('kube-proxy feature gates, as gate=true|false, that the plan sets (kubeProxyFeatureGates).'),
      })
      .strict()
      .refine((m) => m.features !== undefined || m.kubeProxyFeatureGates !== undefined, 'name features or kubeProxyFeatureGates')
      .optional()
      .describe(
        'The plan inputs that carry out the workaround (or otherwise take the bite away): with all of them in the plan the ' +
          'limitation is reported as mitigated (INFO), and its remediation is not repeated. The workarounds-mitigate lint holds ' +
          'each workaround setting that a plan can express to this.',
      ),
    severity: z.enum(SEVERITIES).describe('How a plan that hits it is judged: error (will not work), warning (may break), info (worth knowing).'),
    mayApply: z
      .object({
        severity: z.enum(SEVERITIES).describe('The severity while the plan leaves a dimension of the scope open.'),
        reason: text.describe('Why the default (warning for an error, info otherwise) is wrong for this record.'),
      })
      .strict()
      .optional()
      .describe(
        'Overrides the severity of a "may apply" finding (the plan leaves a dimension open). Default: warning for an error or a threshold, ' +
          'info otherwise. For an error that should not make every plan leaving the dimension open a warning, e.g. a release line nobody runs any more.',
      ),
    workaround: text.optional().describe('What to do instead, where the sources say.'),
    workaroundSettings: z.array(setting).default([]).describe('Concrete settings of the workaround.'),
    requires: limitationScope
      .optional()
      .describe(
        'Where the thing the limitation is about works at all: it applies when appliesTo matches and this does not ' +
          '(L2tunnel outside Azure). Dimensions as in appliesTo.',
      ),
    scopeSources: scopeSources,
    revisionNote: text.optional().describe('Which page revisions state it, when that differs between revisions.'),
    fixedByLaterUpdate: text
      .optional()
      .describe(
        'For an OS bug that a later update fixed, when no source gives the build of the fix: how the sources say it was fixed (a newer page ' +
          'revision dropped the warning, the tracking issue is closed). It is then reported as "may apply" information, not at its severity. ' +
          'Where a source gives the fixed build, scope appliesTo.windowsBuilds.before to it instead.',
      ),
    revisionScope: z
      .object({
        kubernetes: kubernetesRange.optional().describe('The Kubernetes versions whose documentation is the revision that carries the fact.'),
        dates: dateRange.optional().describe('When that revision was the page in force (judged at the plan date when the plan gives no Kubernetes version).'),
        note: text.describe('Which revision alone carries the fact and how its versions and dates are known.'),
      })
      .strict()
      .optional()
      .describe(
        'For a fact that only one revision of the Kubernetes page carries (a later one dropped or changed it): the versions and dates that ' +
          'revision covers. Inside them the fact keeps its severity; outside them it is "may apply" information, unless another source ' +
          'confirms it there (scopeSources on a confirmed release).',
      ),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

/**
 * Whether a feature is on without any setting in some environment or node image (AKS turns DSR on
 * in Windows node pools; the EKS SAC AMIs do too). Scoped like a limitation.
 */
export const featureDefault = z
  .object({
    feature: slug.describe('Slug of the feature (features.yaml).'),
    enabled: z.boolean().describe('True when the feature is on by default there.'),
    description: text.describe('What the default is and where it holds, in your own words.'),
    appliesTo: z
      .object({
        environments: z.array(slug).min(1).describe('Slugs of the environments where the default holds.'),
        channels: z.array(z.enum(CHANNELS)).min(1).optional().describe('Only on releases of these servicing channels (e.g. the SAC AMIs).'),
        windowsBuilds: buildRange.optional().describe('Only on these builds.'),
        dates: dateRange.optional().describe("Only in this period, judged at the plan's asOf date."),
      })
      .strict()
      .describe('Where the default holds.'),
    scopeSources: scopeSources,
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

/**
 * One row of a node-OS support table: the Kubernetes versions for which an authority (upstream
 * Kubernetes when environment is absent, else that environment) lists a Windows release as a node
 * OS. A release with no row for a version the authority documents is not supported there.
 */
export const nodeOsSupport = z
  .object({
    windowsVersion: slug.describe('Slug of the Windows release (windows-versions.yaml).'),
    environment: slug.optional().describe('Absent: the upstream Kubernetes documentation, which holds in every environment.'),
    kubernetes: kubernetesRange.optional().describe('The Kubernetes minor versions the row covers; omit for all.'),
    dates: dateRange
      .optional()
      .describe("When the authority offered it with this status (an AMI calendar, a retirement date); judged at the plan's asOf date."),
    status: z
      .enum(NODE_OS_STATUSES)
      .describe(
        "disputed: the authority's own pages disagree about these versions; retired: once offered, no longer offered for new nodes; removed: its node images are removed, so no node of it can be created or scaled.",
      ),
    note: text.optional().describe('Details: dates, and what a range is inferred from.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

/**
 * One Kubernetes feature gate a Windows setting depends on (kube-proxy's WinDSR, WinOverlay): its
 * stage and default per Kubernetes version, what setting it to a locked value's opposite does, and
 * a removal that is proposed but not yet released. The key is the gate's name in kebab case.
 */
export const featureGate = z
  .object({
    name: text.describe('The gate as it is spelled on the command line, e.g. WinDSR.'),
    component: z.enum(['kube-proxy']).describe('The component whose --feature-gates flag (featureGates in its configuration) takes the gate.'),
    description: text.describe('What the gate switches, in your own words.'),
    stages: z
      .array(
        z
          .object({
            stage: z.enum(GATE_STAGES).describe('alpha, beta, ga or deprecated.'),
            default: z.boolean().describe('The value the gate has when no flag sets it.'),
            locked: z.boolean().default(false).describe('True when the gate is locked to its default: the component refuses the other value.'),
            kubernetes: kubernetesRange.describe('The Kubernetes minor versions of this stage; the newest stage has no max.'),
          })
          .strict(),
      )
      .min(1)
      .describe('The stages in order, without gaps or overlaps.'),
    stageSources: citations.describe('Where the stages and defaults are stated.'),
    lockedOverride: z
      .object({
        effect: text.describe('What the component does when the locked gate is given its other value.'),
        observed: z
          .boolean()
          .describe('True when a source reports it happening for this gate; false when it is only expected by the same mechanism (reported as "may apply").'),
        note: text.optional().describe('Where it was observed, or why it is expected.'),
        sources: citations.describe('Where it is stated or observed.'),
      })
      .strict()
      .optional()
      .describe('What setting the gate to the opposite of its locked value does.'),
    removal: z
      .object({
        status: z.enum(['proposed']).describe('proposed: a change removes the gate but no release is known to ship it.'),
        allowedFrom: kubernetesMinor.describe('The first Kubernetes minor version in which the gate may be removed.'),
        note: text.describe('What changes after the removal, and what is not known.'),
        sources: citations.describe('Where the removal is proposed.'),
      })
      .strict()
      .optional()
      .describe('A removal of the gate that is pending: reported as "may apply" for versions from allowedFrom.'),
    sources: citations.describe('Where the gate is described.'),
  })
  .strict();

export const ipamOption = z
  .object({
    name: text.describe('Display name.'),
    description: text.describe('What the option does.'),
    restrictedTo: z.array(slug).default([]).describe('Slugs of the only plugins that can use it; empty for any.'),
    isFallback: z.boolean().describe('True for the option used when no other is configured.'),
    settings: z.array(setting).default([]).describe('What to configure for it.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

export const serviceType = z
  .object({
    name: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']).describe('The Kubernetes Service type.'),
    supportedOnWindows: z.boolean().describe('Whether Windows nodes support it.'),
    description: text.describe('What it is and any Windows specifics.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

export const networkFlow = z
  .object({
    order: z.number().int().positive().describe('Position in the documented list of flows.'),
    from: z.enum(['pod', 'node']).describe('Where the traffic starts.'),
    to: z.enum(['pod', 'service', 'external', 'node']).describe('Where it goes.'),
    addressing: text.optional().describe('How the destination is addressed: IP, name, cluster IP, PQDN, FQDN, DNS.'),
    label: text.describe('The flow as the pages name it.'),
    note: text.optional().describe('Conditions or exceptions.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

export const glossaryTerm = z
  .object({
    term: text.describe('The term or abbreviation.'),
    expansion: text.optional().describe('What the abbreviation stands for.'),
    definition: text.describe('What it means, in your own words.'),
    sources: citations.describe('Where it is stated.'),
  })
  .strict();

export const pluginComparison = z
  .object({
    title: text.describe('Title of the comparison.'),
    environment: slug.describe('Slug of the environment whose documentation publishes it.'),
    plugins: z.array(slug).min(2).describe('Slugs of the plugins compared, in column order.'),
    rows: z
      .array(
        z
          .object({
            capability: text.describe('The capability compared.'),
            values: z.record(slug, text).describe('Plugin slug -> the value the source gives, in English.'),
          })
          .strict(),
      )
      .min(1)
      .describe('One row per capability compared.'),
    sources: citations.describe('Where it is published.'),
  })
  .strict();

/** What a manifest signal states: a plugin (a slug, or the name of one the knowledge base does not hold), an environment, that the object is about Windows. */
export const signalFacts = z
  .object({
    cniPlugin: slug
      .optional()
      .describe(
        'The CNI plugin it shows: a slug of cni-plugins.yaml, or the name of a plugin the knowledge base does not hold (then reported as unknown, never ignored).',
      ),
    environment: slug.optional().describe('The environment it shows (environments.yaml).'),
    windows: z.boolean().optional().describe('True when the object is about Windows nodes (a Windows node pool, a Windows agent).'),
    networking: z
      .boolean()
      .optional()
      .describe("False when this value turns the plugin's networking off (Calico's backend none: another plugin networks the pods)."),
    concerns: z
      .array(slug)
      .min(1)
      .optional()
      .describe(
        "Limitations (limitations.yaml) a Windows object with this place is concerned by: raised on it as applying where the limitation's dates hold (the azure-npm image: AKS's end of support for NPM on Windows).",
      ),
  })
  .strict();

/** A value of a signal with a meaning of its own: an image tag's Windows build, an AMI family's release, a backend that turns networking off. */
export const signalValue = z
  .object({
    windowsBuild: z.number().int().min(10000).max(99999).optional().describe('The Windows build the value names (ltsc2019 and 1809: 17763).'),
    windowsVersion: slug.optional().describe('The Windows release the value names (an AMI family: Windows2019 -> windows-server-2019).'),
    states: signalFacts.optional().describe('What the signal states with this value, instead of its general `states`.'),
    backend: text
      .optional()
      .describe(
        "For a plugin-backend signal: the plugin's backend (cni-plugins.yaml modes[].backend) this value stands for (Calico's calico_backend bird: windows-bgp). A listed value without one states no backend.",
      ),
    meets: slug
      .optional()
      .describe('A limitation (limitations.yaml) this value shows the input keeps to: its general note is not raised on the cluster (IPIP Never).'),
    breaks: slug
      .optional()
      .describe("A limitation (limitations.yaml) this value runs into: raised as a setting to change, with the limitation's sources (IPIP Always)."),
    note: text.optional().describe('What the value means, for the report.'),
  })
  .strict();

/**
 * Where a manifest states a plugin, a mode, a version or a release (manifest-signals.yaml): what
 * the scanner's readers walk. A new plugin, or a new way of stating a backend, is a record here.
 */
export const manifestSignal = z
  .object({
    component: text.describe('Whose setting it is: a plugin slug, kube-proxy, a Windows base image, a node pool tool.'),
    description: text.describe('What the place holds and what it says, in your own words.'),
    where: z
      .array(
        z
          .object({
            kind: z.enum(SIGNAL_PLACES).describe('The kind of place.'),
            name: text.describe(
              'The variable, ConfigMap key, CNI type, image repository (its path, matched from the end: windows/servercore), node label, or dotted field path.',
            ),
            objectKinds: z.array(text).min(1).optional().describe('For FIELD: the object kinds that have the field.'),
            field: text
              .optional()
              .describe(
                'For CONFIG_MAP_KEY: the field (dotted path) of the JSON document the key holds that holds the value (cns_config.json: CNIConflistScenario).',
              ),
          })
          .strict(),
      )
      .min(1)
      .describe('The places that hold it.'),
    states: signalFacts.default({}).describe('What the place states whenever it is present.'),
    reads: z.enum(SIGNAL_READS).optional().describe("How its value (a variable's value, an image's tag, a field's value) reads."),
    values: z
      .record(z.string().min(1), signalValue)
      .default({})
      .describe(
        "Values with a meaning of their own, by value (a backend) or by one dash-separated part of the value (an image tag's calico in v1.26.7-calico-hostprocess, ltsc2019 in 4.8-windowsservercore-ltsc2019).",
      ),
    sources: citations.describe("Where the place and the meaning of its values are stated (the project's documentation or code)."),
  })
  .strict();

/**
 * One EC2 instance type's network limits, generated from AWS's VPC Resource Controller data by
 * `npm run seeds:ec2` (never edited by hand). Keys are instance type names such as m5.large.
 */
export const instanceType = z
  .object({
    maxInterfaces: z.number().int().positive().describe('Elastic network interfaces the type allows.'),
    ipv4PerInterface: z.number().int().min(1).describe('IPv4 addresses per interface, the primary one included.'),
    hypervisor: z.enum(HYPERVISORS).nullable().describe('Empty upstream for bare-metal types, and only for them.'),
    bareMetal: z.boolean().describe('True for bare-metal types.'),
    networkCards: z
      .array(z.tuple([z.number().int().min(0), z.number().int().positive()]))
      .min(1)
      .describe('[card index, max interfaces on that card] pairs.'),
    defaultNetworkCardIndex: z.number().int().min(0).describe('Index of the default network card.'),
    trunking: z.boolean().describe('Whether the type supports ENI trunking.'),
    branchInterfaces: z.number().int().min(0).describe('Branch interfaces for trunking.'),
  })
  .strict()
  .refine((r) => (r.hypervisor === null) === r.bareMetal, 'hypervisor is empty exactly for bare-metal types')
  .refine((r) => r.networkCards.some(([i]) => i === r.defaultNetworkCardIndex), 'the default network card must be listed');

/** The seed files, their record schemas, and the order they load in (referenced tables first). */
export const SEED_FILES = {
  sources: { file: SEED_FILE_NAMES.sources, schema: sourceDocument },
  windowsVersions: { file: SEED_FILE_NAMES.windowsVersions, schema: windowsVersion },
  environments: { file: SEED_FILE_NAMES.environments, schema: environment },
  networkModes: { file: SEED_FILE_NAMES.networkModes, schema: networkMode },
  ipamOptions: { file: SEED_FILE_NAMES.ipamOptions, schema: ipamOption },
  cniPlugins: { file: SEED_FILE_NAMES.cniPlugins, schema: cniPlugin },
  features: { file: SEED_FILE_NAMES.features, schema: feature },
  limitations: { file: SEED_FILE_NAMES.limitations, schema: limitation },
  featureDefaults: { file: SEED_FILE_NAMES.featureDefaults, schema: featureDefault },
  nodeOsSupport: { file: SEED_FILE_NAMES.nodeOsSupport, schema: nodeOsSupport },
  featureGates: { file: SEED_FILE_NAMES.featureGates, schema: featureGate },
  serviceTypes: { file: SEED_FILE_NAMES.serviceTypes, schema: serviceType },
  networkFlows: { file: SEED_FILE_NAMES.networkFlows, schema: networkFlow },
  glossary: { file: SEED_FILE_NAMES.glossary, schema: glossaryTerm },
  pluginComparisons: { file: SEED_FILE_NAMES.pluginComparisons, schema: pluginComparison },
  manifestSignals: { file: SEED_FILE_NAMES.manifestSignals, schema: manifestSignal },
  instanceTypes: { file: SEED_FILE_NAMES.instanceTypes, schema: instanceType, keyPattern: INSTANCE_TYPE_PATTERN },
} as const;

export type SeedKey = keyof typeof SEED_FILES;
export type SeedRecord<K extends SeedKey> = z.output<(typeof SEED_FILES)[K]['schema']>;
/** Every seed, parsed: per file, a map from slug to record, in file order. */
export type SeedSet = { [K in SeedKey]: Map<string, SeedRecord<K>> };

export type Citation = z.output<typeof citation>;
export type SettingSeed = z.output<typeof setting>;
