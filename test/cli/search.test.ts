/** `winnet-kb search` end to end: the same hits as the API's search, printed; refusals exit 1. */
import { ApolloServer } from '@apollo/server';
import { describe, expect, it, vi } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { SEARCH_QUERY } from '../../src/cli/queries.js';
import type { SearchHitView } from '../../src/cli/search.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { requestLoaders } from '../../src/graphql/loaders.js';
import { resolvers, typeDefs } from '../../src/graphql/schema.js';
import { TEST_TODAY, testDatabase } from '../support/fixtures.js';
import { runCli } from './cli-helpers.js';

// Each test starts the CLI in a child process; on a busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

async function apiHits(query: string, first: number): Promise<SearchHitView[]> {
  const apollo = new ApolloServer<RequestContext>({ typeDefs, resolvers: resolvers as never });
  await apollo.start();
  try {
    const database = testDatabase();
    const response = await apollo.executeOperation(
      { query: SEARCH_QUERY, variables: { query, first } },
      { contextValue: { database, knowledge: loadKnowledge(database), loaders: requestLoaders(database.db), today: TEST_TODAY } },
    );
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return (response.body.singleResult.data as { search: SearchHitView[] }).search;
  } finally {
    await apollo.stop();
  }
}

describe('search', () => {
  it('prints the API hits, ranked, with field, score and snippet', async () => {
    const [text, json, api, dsr] = await Promise.all([
      runCli(['search', 'dsr', '-n', '3']),
      runCli(['search', '-o', 'json', '-n', '5', '--', '--enable-dsr']),
      apiHits('--enable-dsr', 5),
      apiHits('dsr', 3),
    ]);
    expect(text.code, text.stderr).toBe(0);
    // The score is BM25 over the whole dataset, so it moves with every record: the text output
    // must print the API's score for the hit, to two places, whatever the data holds.
    expect(dsr[0]).toMatchObject({ field: 'name', node: { slug: 'direct-server-return' } });
    const score = dsr[0]!.score.toFixed(2);
    expect(text.stdout.split('\n').slice(0, 2)).toEqual([` 1. direct-server-return (Feature, name, score ${score})`, '    Direct Server Return (**DSR**)']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(api);
  });

  it('finds the 2026 facts by the words a user types (issue 36): trafficDistribution, internalTrafficPolicy, Cilium, externalIPs', async () => {
    const expected: Record<string, string> = {
      trafficDistribution: 'service-topology-ignored-on-windows',
      internalTrafficPolicy: 'internal-traffic-policy-local-deletes-load-balancers',
      // "Cilium" alone now names the plugin (cni-plugins.yaml cilium) first; with "dataplane", its no-Windows limitation.
      'Cilium dataplane': 'aks-windows-not-with-cilium',
      externalIPs: 'external-ips-deprecated',
    };
    const results = await Promise.all(Object.keys(expected).map((word) => runCli(['search', '-n', '1', ...word.split(' ')])));
    Object.keys(expected).forEach((word, i) => {
      expect(results[i]!.code, results[i]!.stderr).toBe(0);
      expect(results[i]!.stdout.split('\n')[0], word).toMatch(new RegExp(`^ 1\\. ${expected[word]} \\(Limitation, `));
    });
  });

  it('refuses a malformed FTS5 query with exit 1 and the reason', async () => {
    const result = await runCli(['search', 'dsr AND (']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/query: query is not a valid full-text query/);
  });

  it('says so when nothing matches', async () => {
    const result = await runCli(['search', 'zzzqqqxx']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('No matches for "zzzqqqxx".\n');
  });
});
