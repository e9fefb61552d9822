/**
 * The scenarios of `npm run bench:compare` (compare.ts) and `npm run bench:pipeline` (pipeline.ts),
 * and the HTTP request each is measured with.
 */
import { CAPACITY_QUERY, COMPATIBILITY_PLAN, COMPATIBILITY_QUERY } from './scenarios.js';

const SOURCES = 'sources { section note document { slug title url } }';
export interface CompareScenario {
  id: string;
  title: string;
  method: 'POST' | 'GET';
  query: string;
  variables?: Record<string, unknown>;
}
export const COMPARE_SCENARIOS: CompareScenario[] = [
  {
    id: 'lookup',
    title: 'feature by slug with 3 relations (minimum release, requires, sources with documents)',
    method: 'POST',
    query: `query FeatureLookup($slug: String!) {
  feature(slug: $slug) { id slug name description minimumBuild minimumWindowsVersion { slug name build } requires { slug name } ${SOURCES} }
}`,
    variables: { slug: 'direct-server-return' },
  },
  {
    id: 'catalogue',
    title: 'plugins with their modes, features with what they require',
    method: 'POST',
    query: `query Catalogue { cniPlugins { slug name modes { mode { slug name } delegatesTo { slug } } } features { slug name requires { slug name } } }`,
  },
  {
    id: 'compatibility',
    title: 'compatibility report, Flannel overlay on Windows Server 2019 with 3 features',
    method: 'POST',
    query: COMPATIBILITY_QUERY,
    variables: { input: COMPATIBILITY_PLAN },
  },
  {
    id: 'podCapacity',
    title: 'podCapacity(m5.large, prefix delegation)',
    method: 'POST',
    query: CAPACITY_QUERY,
    variables: { input: { instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION' } },
  },
  { id: 'cachedGet', title: 'the lookup as a repeated GET (answered from the response cache)', method: 'GET', query: '', variables: {} },
];
// The cached GET asks what the lookup asks.
COMPARE_SCENARIOS[4]!.query = COMPARE_SCENARIOS[0]!.query;
COMPARE_SCENARIOS[4]!.variables = COMPARE_SCENARIOS[0]!.variables;

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export function requestOf(s: CompareScenario): Request {
  if (s.method === 'POST')
    return {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: JSON.stringify({ query: s.query, ...(s.variables ? { variables: s.variables } : {}) }),
    };
  const params = new URLSearchParams({ query: s.query, variables: JSON.stringify(s.variables ?? {}) });
  // Stock Apollo refuses a GET without a header that forces a CORS preflight; the header costs every server alike.
  return { method: 'GET', path: `/graphql?${params.toString()}`, headers: { 'apollo-require-preflight': 'true' } };
}
