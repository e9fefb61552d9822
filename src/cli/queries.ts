/**
 * The GraphQL operations the CLI runs. Their answers' types are not written by hand: `npm run
 * codegen` derives them from these operations and the schema (src/cli/generated/operations.ts),
 * and each operation carries its own (`Operation`), so a request's answer has the type of what
 * it asks. test/cli/operations.test.ts fails when the generated types are stale.
 */
import type {
  CapacityQuery,
  CapacityQueryVariables,
  CompatibilityQuery,
  CompatibilityQueryVariables,
  ExplainQuery,
  ExplainQueryVariables,
  SearchQuery,
  SearchQueryVariables,
  SlugsQuery,
  SlugsQueryVariables,
} from './generated/operations.js';

/** An operation's text, carrying the types of its answer and its variables. */
export type Operation<TResult, TVariables> = string & { readonly __types?: { result: TResult; variables: TVariables } };
/** The answer an operation gives. */
export type ResultOf<O> = O extends Operation<infer R, unknown> ? R : never;

const operation = <TResult, TVariables>(text: string) => text as Operation<TResult, TVariables>;

const SOURCE = 'fragment Src on SourceReference { document { slug title url } section note }';
const SETTING = 'fragment Set on Setting { kind key value target note kubernetesVersions { min max description } sources { ...Src } }';

export const COMPATIBILITY_QUERY = operation<CompatibilityQuery, CompatibilityQueryVariables>(`query Compatibility($input: CompatibilityInput!) {
  compatibility(input: $input) {
    verdict
    datasetVersion
    horizon { kubernetesVersion windowsVersion { slug name } knowledgeDate }
    findings { severity code subject message remediation sources { ...Src } applicability dependsOn }
    requiredSettings { ...Set }
    enabledFeatures { slug name }
  }
}
${SOURCE}
${SETTING}`);

export const CAPACITY_QUERY = operation<CapacityQuery, CapacityQueryVariables>(`query Capacity($input: PodCapacityInput!) {
  podCapacity(input: $input) {
    instanceType ipAddressMode effectiveIpAddressMode ipv4AddressesPerInterface maxPods kubeletDefaultMaxPods kubeletMaxPods
    exceedsKubeletDefault schedulablePods limitedBy steps sources { ...Src }
  }
}
${SOURCE}`);

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

export const EXPLAIN_QUERY = operation<ExplainQuery, ExplainQueryVariables>(`query Explain($slug: String!) {
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
${SETTING}`);

/** What explain prints of an entity of each kind: the answer's field for that kind, found. */
export type ExplainViews = { [K in EntityKind]: NonNullable<ExplainQuery[(typeof ENTITY_KINDS)[K]]> };

/** Every slug explain knows except instance types (those come from the knowledge snapshot). */
export const SLUGS_QUERY = operation<SlugsQuery, SlugsQueryVariables>(`query Slugs {
  windowsVersions { slug } networkModes { slug } cniPlugins { slug } features { slug }
  limitations { slug } ipamOptions { slug } environments { slug }
}`);

export const SEARCH_QUERY = operation<SearchQuery, SearchQueryVariables>(`query Search($query: String!, $first: Int) {
  search(query: $query, first: $first) {
    score field snippet
    node {
      id __typename
      ... on WindowsVersion { slug name } ... on NetworkMode { slug name } ... on CniPlugin { slug name } ... on Feature { slug name }
      ... on Limitation { slug name: title } ... on IpamOption { slug name } ... on ServiceType { slug name } ... on Environment { slug name }
      ... on SourceDocument { slug name: title } ... on GlossaryTerm { slug name: term } ... on InstanceType { slug: name name }
      ... on FindingCodeInfo { slug: code name: code }
    }
  }
}`);

/** Every operation the CLI runs, for the type generator (tools/codegen.ts). */
export const CLI_OPERATIONS: Readonly<Record<string, string>> = {
  COMPATIBILITY_QUERY,
  CAPACITY_QUERY,
  EXPLAIN_QUERY,
  SLUGS_QUERY,
  SEARCH_QUERY,
};
