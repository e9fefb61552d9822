/**
 * Standard GraphQL clients, unmodified, against the real server: urql (@urql/core), graphql-request
 * and Apollo Client with its normalized InMemoryCache. Each one, over POST and over GET (as
 * `preferGetMethod`, `method: 'GET'` and `useGETForQueries` send it, with no CSRF preflight
 * header), runs a query, walks a filtered `instanceTypes` connection to its end by cursor, and
 * gets a BAD_USER_INPUT error it can read. Every request is recorded, so a client that silently
 * fell back to POST, or sent a preflight header after all, fails the test.
 */
import { ApolloClient, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { cacheExchange, Client as UrqlClient, fetchExchange } from '@urql/core';
import { ClientError, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const LOOKUP = 'query Lookup($slug: String!) { cniPlugin(slug: $slug) { id slug name networkModes { id slug } } }';
// Prefix delegation, at least 1000 pods, usable for Windows: a filtered set spanning several pages of 25.
const PAGE = `query Page($after: String) {
  instanceTypes(filter: { minimumPods: 1000, usableForWindows: true }, podsMode: PREFIX_DELEGATION, first: 25, after: $after) {
    totalCount
    edges { cursor node { id name prefixDelegationCapacity { maxPods } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const BAD_INPUT = 'query Capacity { podCapacity(input: { instanceType: "m5.lrge" }) { maxPods } }';

interface PageData {
  instanceTypes: {
    totalCount: number;
    edges: { cursor: string; node: { id: string; name: string; prefixDelegationCapacity: { maxPods: number } | null } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}
interface GraphQLErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

/** What every client must do, whatever its API. */
interface Driver {
  lookup(slug: string): Promise<{ cniPlugin: { slug: string; name: string } }>;
  page(after: string | null): Promise<PageData>;
  /** The errors of an operation that fails with errors in the body. */
  errors(query: string): Promise<readonly GraphQLErrorLike[]>;
  /** Apollo: the connection as the normalized cache holds it after the walk. */
  cachedWalk?(): Promise<string[]>;
}

/** Records each request a client makes, then sends it with Node's fetch. */
function recorder() {
  const calls: { method: string; url: string; headers: Record<string, string> }[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    calls.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers) });
    return fetch(request);
  };
  return { calls, fetch: recordingFetch };
}

const urql = (method: 'GET' | 'POST', fetch: typeof globalThis.fetch): Driver => {
  const client = new UrqlClient({
    url: `${app.url}/graphql`,
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: method === 'GET',
    fetch,
    requestPolicy: 'network-only',
  });
  const run = async <T>(query: string, variables: Record<string, unknown> = {}) => client.query<T>(query, variables).toPromise();
  return {
    async lookup(slug) {
      const result = await run<{ cniPlugin: { slug: string; name: string } }>(LOOKUP, { slug });
      if (result.error) throw result.error;
      return result.data!;
    },
    async page(after) {
      const result = await run<PageData>(PAGE, { after });
      if (result.error) throw result.error;
      return result.data!;
    },
    async errors(query) {
      const result = await run(query);
      return result.error?.graphQLErrors ?? [];
    },
  };
};

const graphqlRequest = (method: 'GET' | 'POST', fetch: typeof globalThis.fetch): Driver => {
  const client = new GraphQLClient(`${app.url}/graphql`, { method, fetch });
  return {
    lookup: (slug) => client.request(LOOKUP, { slug }),
    page: (after) => client.request<PageData>(PAGE, { after }),
    async errors(query) {
      try {
        await client.request(query);
        return [];
      } catch (error) {
        if (error instanceof ClientError) return error.response.errors ?? [];
        throw error;
      }
    },
  };
};

const apollo = (method: 'GET' | 'POST', fetch: typeof globalThis.fetch): Driver => {
  const cache = new InMemoryCache({
    // Normalized by `id` (every entity here is a Node); pages of one filtered connection merge into one list.
    typePolicies: { Query: { fields: { instanceTypes: relayStylePagination(['filter', 'podsMode']) } } },
  });
  const client = new ApolloClient({ cache, link: new HttpLink({ uri: `${app.url}/graphql`, useGETForQueries: method === 'GET', fetch }) });
  const pageQuery = gql(PAGE);
  return {
    async lookup(slug) {
      const { data } = await client.query<{ cniPlugin: { slug: string; name: string } }>({ query: gql(LOOKUP), variables: { slug } });
      return data!;
    },
    async page(after) {
      // network-only: the merged list would otherwise answer every later page from the cache.
      const { data } = await client.query<PageData>({ query: pageQuery, variables: { after }, fetchPolicy: 'network-only' });
      // The answer is the connection merged so far (relayStylePagination); this page is what follows `after`.
      const edges = data!.instanceTypes.edges;
      const start = after === null ? 0 : edges.findIndex((e) => e.cursor === after) + 1;
      expect(start, 'the merged list holds the previous page').toBeGreaterThanOrEqual(after === null ? 0 : 1);
      return { instanceTypes: { ...data!.instanceTypes, edges: edges.slice(start) } };
    },
    async errors(query) {
      try {
        await client.query({ query: gql(query), fetchPolicy: 'network-only' });
        return [];
      } catch (error) {
        if (CombinedGraphQLErrors.is(error)) return error.errors;
        throw error;
      }
    },
    async cachedWalk() {
      const merged = client.readQuery<PageData>({ query: pageQuery, variables: { after: null } });
      return (merged?.instanceTypes.edges ?? []).map((e) => e.node.name);
    },
  };
};

const CLIENTS = { urql, 'graphql-request': graphqlRequest, 'Apollo Client': apollo } as const;

/** The filtered connection as one big page gives it: the oracle for every walk. */
let expected: string[];
beforeAll(async () => {
  const { body } = await app.graphql<PageData>(PAGE.replace('first: 25', 'first: 100'));
  expected = body.data!.instanceTypes.edges.map((e) => e.node.name);
  expect(expected.length).toBe(body.data!.instanceTypes.totalCount);
  expect(expected.length).toBeGreaterThan(50);
  expect(expected.length).toBeLessThanOrEqual(100);
});

describe.each(Object.entries(CLIENTS))('%s', (_name, makeClient) => {
  describe.each(['POST', 'GET'] as const)('over %s', (method) => {
    const recorded = recorder();
    let client: Driver;
    beforeAll(() => {
      client = makeClient(method, recorded.fetch);
    });

    it('runs a query', async () => {
      const data = await client.lookup('flannel');
      expect(data.cniPlugin).toMatchObject({ slug: 'flannel', name: 'Flannel' });
    });

    it('walks a filtered instanceTypes connection to its end by cursor', async () => {
      const names: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const { instanceTypes }: PageData = await client.page(after);
        expect(instanceTypes.totalCount).toBe(expected.length);
        names.push(...instanceTypes.edges.map((e) => e.node.name));
        pages++;
        if (!instanceTypes.pageInfo.hasNextPage) break;
        expect(instanceTypes.edges).toHaveLength(25);
        after = instanceTypes.pageInfo.endCursor;
      }
      expect(pages).toBe(Math.ceil(expected.length / 25));
      expect(names).toEqual(expected);
      if (client.cachedWalk) expect(await client.cachedWalk(), 'the pages merged in the normalized cache').toEqual(expected);
    });

    it('reads a BAD_USER_INPUT error with its code, field and suggestions', async () => {
      const errors = await client.errors(BAD_INPUT);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.instanceType' });
      expect(errors[0]!.extensions?.suggestions).toContain('m5.large');
    });

    it(`sent every request as ${method}, with no CSRF preflight header`, () => {
      expect(recorded.calls.length).toBeGreaterThanOrEqual(4);
      expect(new Set(recorded.calls.map((c) => c.method))).toEqual(new Set([method]));
      for (const call of recorded.calls) expect(call.headers).not.toHaveProperty('apollo-require-preflight');
    });
  });
});
