/**
 * The GET response cache (src/server/response-cache.ts): repeated GETs are answered from memory
 * with the same bytes, ETags revalidate to 304, and nothing that should not be cached is.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { startApp, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

const LOOKUP = 'query Lookup($slug: String!) { cniPlugin(slug: $slug) { slug name networkModes { slug } } }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const PREFLIGHT = { 'apollo-require-preflight': 'true' };
/** The answers these tests read: a plugin lookup, a compatibility verdict, or errors. */
type Body = GraphqlBody<{ cniPlugin?: { slug: string }; compatibility?: { verdict: string } }>;
const json = async (response: Response) => (await response.json()) as Body;

const search = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
/** A GET as standard clients send it: no CSRF preflight header (CSRF prevention is off by default). */
function get(params: Record<string, unknown>, headers: Record<string, string> = {}, base = app.url) {
  return fetch(`${base}/graphql?${search(params).toString()}`, { headers });
}
/** What a browser's address bar sends. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('GET answers', () => {
  it('are computed once, then served from the cache with the same body and headers', async () => {
    const params = { query: LOOKUP, variables: { slug: 'flannel' } };
    const first = await get(params);
    const second = await get(params);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    expect((JSON.parse(b) as Body).data?.cniPlugin?.slug).toBe('flannel');
    for (const header of ['etag', 'cache-control', 'content-type']) expect(second.headers.get(header)).toBe(first.headers.get(header));
    expect(second.headers.get('cache-control')).toBe(`max-age=${DEFAULT_LIMITS.cacheMaxAgeSeconds}, public`);
    expect(second.headers.get('x-request-id')).toBeTruthy();
  });

  it('carry an ETag naming the dataset, and a matching If-None-Match gets 304 without a body', async () => {
    const params = { query: LOOKUP, variables: { slug: 'win-overlay' } };
    const first = await get(params);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(new RegExp(`^"${app.database.meta.datasetVersion.replace(/[.+]/g, '\\$&')}-[\\w-]+"$`));
    const revalidated = await get(params, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const stale = await get(params, { 'if-none-match': '"0.0.0-other"' });
    expect(stale.status).toBe(200);
  });

  it('are kept apart by variables', async () => {
    const flannel = await json(await get({ query: LOOKUP, variables: { slug: 'flannel' } }));
    const calico = await json(await get({ query: LOOKUP, variables: { slug: 'calico' } }));
    expect(flannel.data?.cniPlugin?.slug).toBe('flannel');
    expect(calico.data?.cniPlugin?.slug).toBe('calico');
  });

  it('work with automatic persisted queries: after registration a GET carries only the hash', async () => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(LOOKUP) } };
    const unknown = await get({ extensions, variables: { slug: 'flannel' } });
    expect((await json(unknown)).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.headers.get('x-cache')).toBe('MISS');
    const registration = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: LOOKUP, variables: { slug: 'flannel' }, extensions }),
    });
    expect(registration.status).toBe(200);
    const first = await get({ extensions, variables: { slug: 'flannel' } });
    const second = await get({ extensions, variables: { slug: 'flannel' } });
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect((await json(second)).data?.cniPlugin?.slug).toBe('flannel');
  });

  it('are not stored when they carry errors', async () => {
    const params = { query: LOOKUP, variables: { slug: 42 } };
    for (let i = 0; i < 2; i++) {
      const response = await get(params);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-cache')).toBe('MISS');
      expect(response.headers.get('etag')).toBeNull();
    }
  });

  it('and a browser opening the same URL are kept apart: JSON is cached, the GraphiQL page never is, both vary by Accept', async () => {
    const params = { query: LOOKUP, variables: { slug: 'azure-cni' } };
    const page = async () => {
      const response = await get(params, { accept: BROWSER_ACCEPT });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('vary')).toMatch(/accept/i);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-cache')).toBeNull();
      expect(await response.text()).toContain('GraphiQL');
    };
    await page();
    for (const state of ['MISS', 'HIT']) {
      const response = await get(params);
      expect(response.headers.get('x-cache')).toBe(state);
      expect(response.headers.get('vary')).toMatch(/accept/i);
      expect((await json(response)).data?.cniPlugin?.slug).toBe('azure-cni');
    }
    await page();
  });
});

describe('with CSRF_PREVENTION=true', () => {
  it('a GET without a preflight header is refused with BAD_REQUEST, even once its answer is cached', async () => {
    const strict = await startApp({ csrfPrevention: true });
    try {
      const params = { query: LOOKUP, variables: { slug: 'flannel' } };
      expect((await get(params, PREFLIGHT, strict.url)).headers.get('x-cache')).toBe('MISS');
      expect((await get(params, PREFLIGHT, strict.url)).headers.get('x-cache')).toBe('HIT');
      const refused = await get(params, {}, strict.url);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('x-cache')).toBeNull();
      expect((await json(refused)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    } finally {
      await strict.close();
    }
  });
});

describe('POST answers', () => {
  const post = (body: Record<string, unknown> | string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('are computed once, then served from the cache with the same body and headers', async () => {
    const body = { query: LOOKUP, variables: { slug: 'calico' } };
    const first = await post(body);
    const second = await post(body);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    expect((JSON.parse(b) as Body).data?.cniPlugin?.slug).toBe('calico');
    for (const header of ['etag', 'cache-control', 'content-type']) expect(second.headers.get(header)).toBe(first.headers.get(header));
    expect(second.headers.get('x-request-id')).toBeTruthy();
  });

  it('share an entry whatever the order of the keys of the body and its variables, and are kept apart by their values', async () => {
    const input = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', features: ['direct-server-return'] };
    const query = 'query Check($input: CompatibilityInput!) { compatibility(input: $input) { verdict findings { code } } }';
    const first = await post(`{"variables":{"input":${JSON.stringify(input)}},"query":${JSON.stringify(query)}}`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const reordered = Object.fromEntries(Object.entries(input).reverse());
    const second = await post({ query, variables: { input: reordered } });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    const other = await post({ query, variables: { input: { ...input, cniPlugin: 'flannel' } } });
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect((await json(other)).data?.compatibility?.verdict).toBeTruthy();
    const named = await post({ query, variables: { input }, operationName: 'Check' });
    expect(named.headers.get('x-cache')).toBe('MISS');
  });

  it('are not stored when they carry errors, and Cache-Control: no-store bypasses the cache', async () => {
    const failing = { query: 'query { cniPlugins(filter: { environment: "nowhere" }) { slug } }' };
    for (let i = 0; i < 2; i++) {
      const response = await post(failing);
      expect(response.headers.get('x-cache')).toBe('MISS');
      expect((await json(response)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const body = { query: LOOKUP, variables: { slug: 'antrea' } };
    await post(body);
    const fresh = await post(body, { 'cache-control': 'no-store' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-cache')).toBeNull();
    expect((await post(body)).headers.get('x-cache')).toBe('HIT');
  });

  it('find a repeat by its exact text only within its Accept header and day', async () => {
    let day = '2026-11-22';
    const dated = await startApp({ today: () => day });
    try {
      const text = JSON.stringify({ query: LOOKUP, variables: { slug: 'flannel' } });
      const send = (accept?: string) =>
        fetch(`${dated.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) }, body: text });
      expect((await send()).headers.get('x-cache')).toBe('MISS');
      expect((await send()).headers.get('x-cache')).toBe('HIT');
      const graphqlJson = 'application/graphql-response+json';
      const other = await send(graphqlJson);
      expect(other.headers.get('x-cache')).toBe('MISS');
      const repeated = await send(graphqlJson);
      expect(repeated.headers.get('x-cache')).toBe('HIT');
      expect(repeated.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
      day = '2026-11-23';
      expect((await send()).headers.get('x-cache')).toBe('MISS');
    } finally {
      await dated.close();
    }
  });

  it("keep Fastify's JSON parsing: prototype poisoning and empty bodies are refused", async () => {
    const poisoned = await post('{"query":"{ __typename }","__proto__":{"polluted":true}}');
    expect(poisoned.status).toBe(400);
    expect(poisoned.headers.get('x-cache')).toBeNull();
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a malformed body is refused as before, and never looked up or cached', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await post('{"query": 42}');
      expect(response.status).toBe(400);
      expect(response.headers.get('x-cache')).toBeNull();
    }
  });
});

describe('RESPONSE_CACHE_BYTES=0', () => {
  it('turns the cache off', async () => {
    const uncached = await startApp({ limits: { ...DEFAULT_LIMITS, responseCacheBytes: 0 } });
    try {
      const url = `${uncached.url}/graphql?${new URLSearchParams({ query: LOOKUP, variables: JSON.stringify({ slug: 'flannel' }) }).toString()}`;
      for (let i = 0; i < 2; i++) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('x-cache')).toBeNull();
      }
    } finally {
      await uncached.close();
    }
  });
});
