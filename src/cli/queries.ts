/** The GraphQL operations the CLI runs, and the shapes they return. */
import type { IpAddressMode } from '../domain/vocabulary.js';
import type { SettingView, SourceRef } from './report/model.js';

const SOURCE = 'fragment Src on SourceReference { document { slug title url } section note }';
const SETTING = 'fragment Set on Setting { kind key value target note kubernetesVersions { min max description } sources { ...Src } }';

export const COMPATIBILITY_QUERY = `query Compatibility($input: CompatibilityInput!) {
  compatibility(input: $input) {
    verdict
    datasetVersion
    horizon { kubernetesVersion windowsVersion { slug name } knowledgeDate }
    findings { severity code subject message remediation sources { ...Src } }
    requiredSettings { ...Set }
    enabledFeatures { slug name }
  }
}
${SOURCE}
${SETTING}`;

export interface CapacityView {
  instanceType: string | null;
  ipAddressMode: IpAddressMode;
  effectiveIpAddressMode: IpAddressMode;
  ipv4AddressesPerInterface: number;
  maxPods: number;
  kubeletDefaultMaxPods: number;
  kubeletMaxPods: number;
  exceedsKubeletDefault: boolean;
  schedulablePods: number;
  limitedBy: 'IP_ADDRESSES' | 'KUBELET_MAX_PODS';
  steps: string[];
  sources: SourceRef[];
}

export const CAPACITY_QUERY = `query Capacity($input: PodCapacityInput!) {
  podCapacity(input: $input) {
    instanceType ipAddressMode effectiveIpAddressMode ipv4AddressesPerInterface maxPods kubeletDefaultMaxPods kubeletMaxPods
    exceedsKubeletDefault schedulablePods limitedBy steps sources { ...Src }
  }
}
${SOURCE}`;

/** Every kind of entity `explain` looks up, with the query field that finds one by slug. */
export const ENTITY_KINDS = {
  'windows-version': 'windowsVersion',
  'network-mode': 'networkMode',
  'cni-plugin': 'cniPlugin',
  feature: 'feature',
  limitation: 'limitation',
  'ipam-option': 'ipamOption',
  environment: 'environment',
  'instance-type': 'instanceType',
} as const;
export type EntityKind = keyof typeof ENTITY_KINDS;

const NOTE = 'text sources { ...Src }';
const slug = '{ slug name }';

export const EXPLAIN_QUERY = `query Explain($slug: String!) {
  windowsVersion(slug: $slug) {
    slug name version versionLabelVerified build servicingChannel releaseDate mainstreamSupportEnds supportEnds
    updates { kb build releaseDate description sources { ...Src } }
    featuresAvailable ${slug}
    notes { ${NOTE} }
    sources { ...Src }
  }
  networkMode(slug: $slug) {
    slug name description packetModifications usedByKubernetes stability
    statusNotes { ${NOTE} }
    settings { ...Set }
    cniPlugins ${slug}
    limitations { slug title }
    sources { ...Src }
  }
  cniPlugin(slug: $slug) {
    slug name description
    modes { mode ${slug} backend delegatesTo ${slug} stability sources { ...Src } }
    networkPolicy { support note sources { ...Src } }
    ipamOptions ${slug}
    environments { environment ${slug} status since note sources { ...Src } }
    limitations { slug title }
    notes { ${NOTE} }
    sources { ...Src }
  }
  feature(slug: $slug) {
    slug name description
    minimumWindowsVersion { slug name build }
    minimumBuild
    minimumWindowsSources { ...Src }
    minimumKubernetesVersion
    requires ${slug}
    settings { ...Set }
    enablementNote
    sources { ...Src }
  }
  limitation(slug: $slug) {
    slug title kind description severity
    appliesTo {
      environments ${slug} cniPlugins ${slug} networkModes ${slug}
      windowsBuilds { description } kubernetesVersions { description }
      features ${slug} serviceTypes ${slug}
    }
    threshold { metric max approximate }
    parameters { name value }
    mitigatedBy ${slug}
    workaround
    workaroundSettings { ...Set }
    revisionNote
    sources { ...Src }
  }
  ipamOption(slug: $slug) {
    slug name description restrictedTo ${slug} isFallback settings { ...Set } sources { ...Src }
  }
  environment(slug: $slug) { slug name description sources { ...Src } }
  instanceType(name: $slug) {
    name family architecture usableForWindows notUsableReason hypervisor bareMetal maxInterfaces
    ipv4AddressesPerInterface prefixDelegationSupported
    secondaryIpCapacity { maxPods schedulablePods limitedBy }
    prefixDelegationCapacity { maxPods schedulablePods limitedBy }
    sources { ...Src }
  }
}
${SOURCE}
${SETTING}`;

/** A related entity as EXPLAIN_QUERY asks for it (`{ slug name }`). */
export interface NamedRef {
  slug: string;
  name: string;
}

interface NoteView {
  text: string;
  sources: SourceRef[];
}

interface CapacityBrief {
  maxPods: number;
  schedulablePods: number;
  limitedBy: string;
}

/** What EXPLAIN_QUERY returns for each kind of entity; explain prints enum values in words, so they stay strings here. */
export interface ExplainViews {
  'windows-version': {
    slug: string;
    name: string;
    version: string;
    versionLabelVerified: boolean;
    build: number;
    servicingChannel: string;
    releaseDate: string;
    mainstreamSupportEnds: string | null;
    supportEnds: string | null;
    updates: { kb: string; build: string; releaseDate: string; description: string; sources: SourceRef[] }[];
    featuresAvailable: NamedRef[];
    notes: NoteView[];
    sources: SourceRef[];
  };
  'network-mode': {
    slug: string;
    name: string;
    description: string;
    packetModifications: string;
    usedByKubernetes: boolean;
    stability: string;
    statusNotes: NoteView[];
    settings: SettingView[];
    cniPlugins: NamedRef[];
    limitations: { slug: string; title: string }[];
    sources: SourceRef[];
  };
  'cni-plugin': {
    slug: string;
    name: string;
    description: string;
    modes: { mode: NamedRef; backend: string | null; delegatesTo: NamedRef | null; stability: string; sources: SourceRef[] }[];
    networkPolicy: { support: string; note: string | null; sources: SourceRef[] };
    ipamOptions: NamedRef[];
    environments: { environment: NamedRef; status: string; since: string | null; note: string | null; sources: SourceRef[] }[];
    limitations: { slug: string; title: string }[];
    notes: NoteView[];
    sources: SourceRef[];
  };
  feature: {
    slug: string;
    name: string;
    description: string;
    minimumWindowsVersion: { slug: string; name: string; build: number };
    minimumBuild: string | null;
    minimumWindowsSources: SourceRef[];
    minimumKubernetesVersion: string | null;
    requires: NamedRef[];
    settings: SettingView[];
    enablementNote: string | null;
    sources: SourceRef[];
  };
  limitation: {
    slug: string;
    title: string;
    kind: string;
    description: string;
    severity: string;
    appliesTo: {
      environments: NamedRef[];
      cniPlugins: NamedRef[];
      networkModes: NamedRef[];
      windowsBuilds: { description: string } | null;
      kubernetesVersions: { description: string } | null;
      features: NamedRef[];
      serviceTypes: NamedRef[];
    };
    threshold: { metric: string; max: number; approximate: boolean } | null;
    parameters: { name: string; value: number }[];
    mitigatedBy: NamedRef[];
    workaround: string | null;
    workaroundSettings: SettingView[];
    revisionNote: string | null;
    sources: SourceRef[];
  };
  'ipam-option': {
    slug: string;
    name: string;
    description: string;
    restrictedTo: NamedRef[];
    isFallback: boolean;
    settings: SettingView[];
    sources: SourceRef[];
  };
  environment: { slug: string; name: string; description: string; sources: SourceRef[] };
  'instance-type': {
    name: string;
    family: string;
    architecture: string;
    usableForWindows: boolean;
    notUsableReason: string | null;
    hypervisor: string | null;
    bareMetal: boolean;
    maxInterfaces: number;
    ipv4AddressesPerInterface: number;
    prefixDelegationSupported: boolean;
    secondaryIpCapacity: CapacityBrief | null;
    prefixDelegationCapacity: CapacityBrief | null;
    sources: SourceRef[];
  };
}

/** EXPLAIN_QUERY's data: one field per kind, null when the slug names no entity of that kind. */
export type ExplainData = { [K in EntityKind as (typeof ENTITY_KINDS)[K]]: ExplainViews[K] | null };

/** Every slug explain knows except instance types (those come from the knowledge snapshot). */
export const SLUGS_QUERY = `{
  windowsVersions { slug } networkModes { slug } cniPlugins { slug } features { slug }
  limitations { slug } ipamOptions { slug } environments { slug }
}`;

export type SlugsView = Record<
  'windowsVersions' | 'networkModes' | 'cniPlugins' | 'features' | 'limitations' | 'ipamOptions' | 'environments',
  { slug: string }[]
>;
