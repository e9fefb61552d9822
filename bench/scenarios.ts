/**
 * The benchmark's workload: the operations a portal or a CI check sends, each paired with the
 * request the baseline (stock Apollo answering a constant) gets over the same transport.
 */
import { createHash } from 'node:crypto';
import { controlFetch } from './fetch.js';

/**
 * POST: computed every time (the request carries `Cache-Control: no-store`, which makes the
 * service's response cache step aside); POST-REPEATED: the same POST without it, so repeats are
 * answered from the response cache; GET-APQ: a GET with a persisted-query hash, cached likewise.
 */
export type Transport = 'POST' | 'POST-REPEATED' | 'GET-APQ';

export interface Scenario {
  /** Stable key in results.json. */
  id: string;
  /** One line for BENCHMARKS.md. */
  title: string;
  query: string;
  variables?: Record<string, unknown>;
  transport: Transport;
  /** Which targets apply: uncached lookups/reports must reach 1.0x, cached answers (GET or repeated POST) 5.0x. */
  target: 'uncached' | 'cached' | 'none';
  /** A lookup: p99 must stay under 5 ms at 4 connections. */
  latencyTarget?: true;
}

export const BASELINE_QUERY = 'query Hello { hello }';

const SOURCE_FIELDS = 'sources { section note document { slug title url } }';

export const LOOKUP_QUERY = `query PluginLookup($slug: String!) {
  cniPlugin(slug: $slug) {
    id slug name description supportsNetworkPolicy
    networkModes { slug name }
    limitations { slug title severity ${SOURCE_FIELDS} }
    notes { text ${SOURCE_FIELDS} }
  }
}`;

export const CATALOGUE_QUERY = `query Catalogue {
  cniPlugins {
    slug name
    networkModes { slug name limitations { slug title ${SOURCE_FIELDS} } }
    limitations { slug title kind severity ${SOURCE_FIELDS} }
  }
}`;

export const COMPATIBILITY_QUERY = `query Check($input: CompatibilityInput!) {
  compatibility(input: $input) {
    verdict datasetVersion
    findings { severity code message subject remediation ${SOURCE_FIELDS} }
    requiredSettings { kind key value target }
  }
}`;

/** The compatibility scenario's plan: Flannel overlay on Windows Server 2019 with 3 features. */
export const COMPATIBILITY_PLAN = {
  windowsVersion: 'windows-server-2019',
  cniPlugin: 'flannel',
  networkMode: 'overlay',
  kubernetesVersion: '1.31',
  features: ['direct-server-return', 'session-affinity', 'dual-stack'],
};

export const CAPACITY_QUERY = `query Capacity($input: PodCapacityInput!) {
  podCapacity(input: $input) { maxPods ipv4AddressesPerInterface ipAddressMode instanceType steps exceedsKubeletDefault }
}`;

export const INSTANCE_TYPES_QUERY = `query Planning($first: Int!, $minimumPods: Int!) {
  instanceTypes(filter: { minimumPods: $minimumPods, usableForWindows: true }, podsMode: PREFIX_DELEGATION, first: $first) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { name family maxInterfaces ipv4AddressesPerInterface prefixDelegationCapacity { maxPods } }
  }
}`;

export const SCENARIOS: Scenario[] = [
  {
    id: 'lookup',
    title: 'cniPlugin(slug) with modes, limitations, notes and their sources',
    query: LOOKUP_QUERY,
    variables: { slug: 'flannel' },
    transport: 'POST',
    target: 'uncached',
    latencyTarget: true,
  },
  { id: 'catalogue', title: 'full catalogue: every plugin -> modes -> limitations -> sources', query: CATALOGUE_QUERY, transport: 'POST', target: 'uncached' },
  {
    id: 'compatibility',
    title: 'compatibility report, Flannel overlay on Windows Server 2019 with 3 features',
    query: COMPATIBILITY_QUERY,
    variables: { input: COMPATIBILITY_PLAN },
    transport: 'POST',
    target: 'uncached',
  },
  {
    id: 'pod-capacity',
    title: 'podCapacity(instanceType: m5.large, prefix delegation)',
    query: CAPACITY_QUERY,
    variables: { input: { instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION' } },
    transport: 'POST',
    target: 'uncached',
    latencyTarget: true,
  },
  {
    id: 'instance-types-page',
    title: 'instanceTypes page of 20 (filter minimumPods 100, usable for Windows)',
    query: INSTANCE_TYPES_QUERY,
    variables: { first: 20, minimumPods: 100 },
    transport: 'POST',
    target: 'none',
  },
  {
    id: 'lookup-post-repeated',
    title: 'the lookup as a repeated POST (the same plan POSTed again, as CI tools do)',
    query: LOOKUP_QUERY,
    variables: { slug: 'flannel' },
    transport: 'POST-REPEATED',
    target: 'cached',
  },
  {
    id: 'lookup-get-apq',
    title: 'the lookup as GET with a persisted-query hash (repeated)',
    query: LOOKUP_QUERY,
    variables: { slug: 'flannel' },
    transport: 'GET-APQ',
    target: 'cached',
    latencyTarget: true,
  },
];

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The HTTP request for an operation over a transport (GETs carry only the APQ hash). */
export function httpRequest(query: string, variables: Record<string, unknown> | undefined, transport: Transport): HttpRequest {
  if (transport === 'POST' || transport === 'POST-REPEATED')
    return {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...(transport === 'POST' ? { 'cache-control': 'no-store' } : {}) },
      body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
    };
  const params = new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }) });
  if (variables) params.set('variables', JSON.stringify(variables));
  // Stock Apollo (the baseline) refuses GETs without a preflight-forcing header; the service no longer
  // needs it (CSRF_PREVENTION is off by default), and sending it costs both sides the same.
  return { method: 'GET', path: `/graphql?${params.toString()}`, headers: { 'apollo-require-preflight': 'true' } };
}

/** Registers an APQ hash with a server (a POST carrying both the hash and the text). */
export async function registerPersistedQuery(baseUrl: string, query: string, variables?: Record<string, unknown>): Promise<void> {
  const response = await controlFetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (!response.ok || body.errors) throw new Error(`registering the persisted query failed: ${response.status} ${JSON.stringify(body.errors)}`);
}
