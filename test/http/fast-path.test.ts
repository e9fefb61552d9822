/**
 * The cached-GET fast path (src/server/fast-path.ts) answers response-cache hits before Fastify.
 * Two apps on one database, one with the fast path and one without, get the same requests: every
 * answer must be the same (status, headers but the Date and a generated request id, body), and so
 * must the /metrics counters and the log lines. The app with the fast path must not have passed
 * the hits through Fastify, so these tests fail if the fast path is removed or diverges.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { buildApp, type AppOptions } from '../../src/server/app.js';
import { TEST_TODAY, testDatabasePath } from '../support/fixtures.js';

const LOOKUP = 'query Lookup($slug: String!) { feature(slug: $slug) { slug name requires { slug } } }';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Side {
  url: string;
  /** Requests Fastify answered. */
  fastifySaw: () => number;
  logLines: Record<string, unknown>[];
  close(): Promise<void>;
}

async function side(options: Partial<AppOptions>): Promise<Side> {
  const database = openDatabase(testDatabasePath());
  const logLines: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
  const { fastify } = await buildApp({ database, logLevel: 'debug', logStream, today: () => TEST_TODAY, ...options });
  let seen = 0;
  // onResponse runs for every answer Fastify gives, those of its onRequest hooks (a hit) included.
  fastify.addHook('onResponse', (_request, _reply, done) => {
    seen++;
    done();
  });
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    fastifySaw: () => seen,
    logLines,
    async close() {
      await fastify.close();
      database.close();
    },
  };
}

function send(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const lookupPath = (slug: string) => `/graphql?${new URLSearchParams({ query: LOOKUP, variables: JSON.stringify({ slug }) }).toString()}`;

/** An answer's headers without the two that differ by nature: the Date, and a request id the server made up. */
function comparable(answer: Answer, clientRequestId?: string): Answer {
  const { date: _date, 'x-request-id': id, ...headers } = answer.headers;
  expect(id).toBeTruthy();
  if (clientRequestId !== undefined) expect(id).toBe(clientRequestId);
  return { ...answer, headers };
}

/** The request counters and the duration histogram's count for GET /graphql, as /metrics shows them. */
async function graphqlGetMetrics(base: string): Promise<string[]> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text.split('\n').filter((l) => /^winnet_kb_http_request(s_total\{method="GET"|_duration_seconds_count\{)[^}]*route="\/graphql"/.test(l));
}

/**
 * The request log's lines for /graphql, without what differs by nature (time, pid, host, request
 * id, duration, and so the level: a request slower than SLOW_REQUEST_MS is a warn, and how slow
 * one is depends on the machine's load, not on the path that answered it).
 */
const graphqlLogLines = (s: Side) =>
  s.logLines
    .filter((l) => l.msg === 'request completed' && String(l.url).startsWith('/graphql'))
    .map(({ time: _t, pid: _p, hostname: _h, reqId, responseTimeMs, level, ...rest }) => ({
      ...rest,
      level: level === 40 || level === 20 ? 'debug or slow' : level,
      reqId: typeof reqId,
      responseTimeMs: typeof responseTimeMs,
    }));

describe.each([
  { name: 'default settings', options: {} },
  { name: 'CSRF prevention on', options: { csrfPrevention: true } },
])('the fast path and the Fastify path answer alike ($name)', ({ options }) => {
  let fast: Side;
  let normal: Side;
  beforeAll(async () => {
    [fast, normal] = await Promise.all([side({ ...options, fastPath: true }), side({ ...options, fastPath: false })]);
  });
  afterAll(() => Promise.all([fast.close(), normal.close()]));

  /** Sends the request to both apps and requires the same answer; returns it, and whether the fast path answered it. */
  async function both(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const [fastBefore, normalBefore] = [fast.fastifySaw(), normal.fastifySaw()];
    const [a, b] = [await send(fast.url, path, headers, method), await send(normal.url, path, headers, method)];
    expect(comparable(a, headers['x-request-id'])).toEqual(comparable(b, headers['x-request-id']));
    expect(normal.fastifySaw() - normalBefore).toBe(1);
    return { answer: a, fastPath: fast.fastifySaw() === fastBefore };
  }

  const preflight = { 'apollo-require-preflight': 'true' };

  it('answer a hit, a revalidation and every variant of the headers the same, without Fastify', async () => {
    const path = lookupPath('direct-server-return');
    const miss = await both(path, preflight);
    expect([miss.answer.status, miss.answer.headers['x-cache'], miss.fastPath]).toEqual([200, 'MISS', false]);
    const hit = await both(path, preflight);
    expect([hit.answer.status, hit.answer.headers['x-cache'], hit.fastPath]).toEqual([200, 'HIT', true]);
    expect(hit.answer.body).toBe(miss.answer.body);
    const etag = String(hit.answer.headers.etag);
    const hits: [Record<string, string>, number][] = [
      [{ 'if-none-match': etag }, 304],
      [{ 'if-none-match': '*' }, 304],
      [{ 'if-none-match': `"other", W/${etag}` }, 304],
      [{ 'if-none-match': '"other"' }, 200],
      [{ 'x-request-id': 'client-chosen-id' }, 200],
      [{ 'if-none-match': etag, 'x-request-id': 'client-chosen-id-2' }, 304],
      [{ 'cache-control': 'no-cache' }, 200],
    ];
    for (const [headers, status] of hits) {
      const { answer, fastPath } = await both(path, { ...preflight, ...headers });
      expect([answer.status, fastPath], JSON.stringify(headers)).toEqual([status, true]);
    }
    // Another Accept is another entry: a miss first, then a hit, with its own content type.
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      expect((await both(path, { ...preflight, accept })).fastPath).toBe(false);
      const { answer, fastPath } = await both(path, { ...preflight, accept });
      expect([answer.headers['x-cache'], fastPath]).toEqual(['HIT', true]);
    }
  });

  it('answer a HEAD of a hit as its GET, without a body (the server factory makes every HEAD a GET)', async () => {
    const path = lookupPath('session-affinity');
    await both(path, preflight);
    const { answer, fastPath } = await both(path, preflight, 'HEAD');
    expect([answer.status, answer.headers['x-cache'], fastPath]).toEqual([200, 'HIT', true]);
  });

  it('leave to Fastify what is not a hit: no-store, a browser, another path, another query', async () => {
    const path = lookupPath('session-affinity');
    await both(path, preflight);
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const [headers, method, p] of [
      [{ 'cache-control': 'no-store' }, 'GET', path],
      [{ accept: browser }, 'GET', path],
      [{}, 'GET', path.replace('/graphql?', '/graphql/?')],
      [{}, 'GET', lookupPath('dual-stack')],
    ] as const) {
      const { fastPath } = await both(p, { ...preflight, ...headers }, method);
      expect(fastPath, `${method} ${p.slice(0, 20)} ${JSON.stringify(headers)}`).toBe(false);
    }
  });

  it('count the same requests and durations in /metrics, and write the same log lines', async () => {
    expect(await graphqlGetMetrics(fast.url)).toEqual(await graphqlGetMetrics(normal.url));
    const lines = graphqlLogLines(fast);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines).toEqual(graphqlLogLines(normal));
    // Each line names the request id its answer carried.
    const id = 'client-chosen-log-id';
    await both(lookupPath('direct-server-return'), { ...preflight, 'x-request-id': id });
    expect(fast.logLines.at(-1)).toMatchObject({ reqId: id, msg: 'request completed', statusCode: 200 });
  });
});

it('a GET that CSRF prevention refuses is refused on a hit too', async () => {
  const [fast, normal] = await Promise.all([side({ csrfPrevention: true, fastPath: true }), side({ csrfPrevention: true, fastPath: false })]);
  try {
    const path = lookupPath('direct-server-return');
    for (const s of [fast, normal]) expect((await send(s.url, path, { 'apollo-require-preflight': 'true' })).status).toBe(200);
    const [a, b] = [await send(fast.url, path), await send(normal.url, path)];
    expect(a.status).toBe(400);
    expect(comparable(a)).toEqual(comparable(b));
  } finally {
    await Promise.all([fast.close(), normal.close()]);
  }
});

it('is off with CORS, whose headers depend on the Origin', async () => {
  const cors = await side({ corsOrigins: ['https://portal.example.com'] });
  try {
    const path = lookupPath('direct-server-return');
    await send(cors.url, path);
    const before = cors.fastifySaw();
    const hit = await send(cors.url, path, { origin: 'https://portal.example.com' });
    expect([hit.headers['x-cache'], hit.headers['access-control-allow-origin'], cors.fastifySaw() - before]).toEqual(['HIT', 'https://portal.example.com', 1]);
  } finally {
    await cors.close();
  }
});
