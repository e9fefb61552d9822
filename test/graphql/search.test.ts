/**
 * Full-text search (issue 12, part 2): relevance of what a Windows node operator types, prefix
 * and flag spellings, snippets, node resolution, and refusals that are BAD_USER_INPUT, not 500s.
 */
import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../src/db/search-index.js';
import { FINDING_CODE_REGISTRY } from '../../src/domain/finding-codes.js';
import { toGlobalId } from '../../src/graphql/global-id.js';
import { inProcessApi } from '../support/in-process-api.js';

const SEARCH = `query Search($query: String!, $first: Int) {
  search(query: $query, first: $first) {
    score field snippet
    node {
      id __typename
      ... on WindowsVersion { slug } ... on NetworkMode { slug } ... on CniPlugin { slug } ... on Feature { slug }
      ... on Limitation { slug } ... on IpamOption { slug } ... on ServiceType { slug } ... on Environment { slug }
      ... on SourceDocument { slug } ... on GlossaryTerm { slug } ... on InstanceType { slug: name } ... on FindingCodeInfo { slug: code }
    }
  }
}`;

interface Hit {
  score: number;
  field: string;
  snippet: string;
  node: { id: string; __typename: string; slug: string };
}

const run = inProcessApi();

async function search(query: string, first = 3): Promise<Hit[]> {
  const result = await run(SEARCH, { query, first });
  expect(result.errors).toBeUndefined();
  return (result.data as { search: Hit[] }).search;
}

/** What operators type, and the slug that must be among the first three hits. */
const RELEVANCE: [query: string, slug: string][] = [
  ['dsr', 'direct-server-return'],
  ['direct server return', 'direct-server-return'],
  ['--enable-dsr', 'direct-server-return'],
  ['enable-dsr', 'direct-server-return'],
  ['WinDSR', 'direct-server-return'],
  ['sessionAff', 'session-affinity'],
  ['session affinity', 'session-affinity'],
  ['overlay', 'overlay'],
  ['vxlan', 'vxlan'],
  ['flannel', 'flannel'],
  ['calico', 'calico'],
  ['win-bridge', 'win-bridge'],
  ['l2bridge', 'l2bridge'],
  ['vpc cni', 'amazon-vpc-cni'],
  ['network policy', 'network-policy'],
  ['kb4489899', 'overlay-requires-kb4489899'],
  ['64 backends', 'backends-per-service-64'],
  ['host network', 'host-network-mode'],
  ['icmp', 'outbound-icmp-not-translated'],
  ['externalTrafficPolicy', 'client-ip-preservation'],
  ['dual stack', 'dual-stack'],
  ['ipv6', 'dual-stack'],
  ['windows server 2022', 'windows-server-2022'],
  ['1809', 'windows-server-2019'],
  ['HNS', 'hns'],
  ['outboundnat', 'outboundnat'],
  ['hyper-v switch', 'vswitch'],
  ['prefix delegation', 'prefix-delegation'],
  ['NODE_OS_UNSUPPORTED', 'NODE_OS_UNSUPPORTED'],
  ['mainstream support', 'WINDOWS_VERSION_MAINSTREAM_ENDED'],
  ['container image mismatch', 'CONTAINER_IMAGE_OS_MISMATCH'],
  ['NOT_JUDGED', 'NOT_JUDGED'],
  ['advertises pod addresses', 'NODE_CAPACITY_MISMATCH'],
  ['c5.xlarge', 'c5.xlarge'],
  ['m5.lar', 'm5.large'],
  ['aks', 'aks-windows-server'],
  ['eks', 'eks'],
  ['load balancer', 'load-balancer'],
  ['source vip', 'overlay'],
];

describe('search relevance: the expected node is in the top 3', () => {
  it.each(RELEVANCE)('%s -> %s', async (query, slug) => {
    const hits = await search(query);
    expect(
      hits.map((h) => h.node.slug),
      JSON.stringify(hits.map((h) => `${h.node.__typename}:${h.node.slug}`)),
    ).toContain(slug);
  });

  it('has at least 25 queries', () => expect(RELEVANCE.length).toBeGreaterThanOrEqual(25));
});

describe('search hits', () => {
  it('are ranked, one per node, with the field and a snippet that marks the match', async () => {
    const hits = await search('dsr', 10);
    expect(hits.length).toBe(10);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    expect(new Set(hits.map((h) => h.node.id)).size).toBe(hits.length);
    const feature = hits.find((h) => h.node.slug === 'direct-server-return')!;
    expect(feature.field).toBe('name');
    expect(feature.snippet).toBe('Direct Server Return (**DSR**)');
    for (const hit of hits) expect(hit.snippet).toMatch(/\*\*[^*]+\*\*/);
  });

  it('match flags with or without their dashes, in the key field', async () => {
    for (const spelling of ['--enable-dsr', 'enable-dsr']) {
      const [first] = await search(spelling, 1);
      expect(first!.field).toBe('key');
      expect(first!.snippet).toContain('--**enable-dsr**=true');
    }
  });

  it('resolve to nodes that node(id:) fetches again, finding codes and glossary terms included', async () => {
    for (const query of ['NODE_OS_UNSUPPORTED', 'outboundnat', 'flannel']) {
      const [hit] = await search(query, 1);
      const again = await run(
        'query($id: ID!) { node(id: $id) { id __typename ... on FindingCodeInfo { code description } ... on GlossaryTerm { term } ... on CniPlugin { slug } } }',
        { id: hit!.node.id },
      );
      expect(again.errors).toBeUndefined();
      expect((again.data as { node: { id: string; __typename: string } }).node).toMatchObject({ id: hit!.node.id, __typename: hit!.node.__typename });
    }
  });

  it("include the scan's own codes, which node(id:) resolves from the registry with their severities, raisers and scope", async () => {
    const [hit] = await search('REQUIRED_SETTING_MISSING', 1);
    expect(hit!.node).toMatchObject({ __typename: 'FindingCodeInfo', slug: 'REQUIRED_SETTING_MISSING' });
    const info = async (id: string) => {
      const result = await run('query($id: ID!) { node(id: $id) { ... on FindingCodeInfo { code description severities raisedBy scanOnly } } }', { id });
      expect(result.errors).toBeUndefined();
      return (result.data as { node: Record<string, unknown> | null }).node;
    };
    expect(await info(hit!.node.id)).toEqual({
      code: 'REQUIRED_SETTING_MISSING',
      description: FINDING_CODE_REGISTRY.REQUIRED_SETTING_MISSING.description,
      severities: ['WARNING'],
      raisedBy: ['scan/own-findings.ts ownFindings'],
      scanOnly: true,
    });
    // Every code of the registry, the engine's and the scan's, is a node with the registry's entry.
    for (const [code, entry] of Object.entries(FINDING_CODE_REGISTRY))
      expect(await info(toGlobalId('FindingCodeInfo', code))).toEqual({
        code,
        description: entry.description,
        severities: entry.severities.map((s) => s.toUpperCase()),
        raisedBy: entry.raisedBy,
        scanOnly: entry.scanOnly,
      });
    expect(await info(toGlobalId('FindingCodeInfo', 'NO_SUCH_CODE'))).toBeNull();
  });

  it('are empty for words that match nothing, or no words at all', async () => {
    expect(await search('zzzqqqxx')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('---')).toEqual([]);
  });

  it('accept FTS5 syntax as written', async () => {
    const hits = await search('"direct server" OR vxlan', 10);
    expect(hits.map((h) => h.node.slug)).toEqual(expect.arrayContaining(['direct-server-return', 'vxlan']));
  });
});

describe('search refusals are BAD_USER_INPUT, never a 500', () => {
  it.each(['dsr AND (', '"unterminated', 'NEAR(', 'foo:bar', '*', 'AND', '^', 'dsr NOT'])('%s', async (query) => {
    const result = await run(SEARCH, { query, first: 3 });
    expect(result.errors?.[0]?.extensions?.code, JSON.stringify(result.errors)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.field).toBe('query');
  });

  it.each([0, 51, -1])('first: %d', async (first) => {
    const result = await run(SEARCH, { query: 'dsr', first });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.field).toBe('first');
  });
});

describe('toFtsQuery', () => {
  it('quotes each word as a prefix phrase, strips dashes and splits camelCase', () => {
    expect(toFtsQuery('dsr')).toEqual({ expression: '"dsr"*', raw: false });
    expect(toFtsQuery('--enable-dsr')).toEqual({ expression: '"enable dsr"*', raw: false });
    expect(toFtsQuery('sessionAff overlay')).toEqual({ expression: '("sessionaff"* OR "session aff"*) AND "overlay"*', raw: false });
    expect(toFtsQuery('  ')).toBeNull();
    expect(toFtsQuery('a AND b')).toEqual({ expression: 'a AND b', raw: true });
  });
});
