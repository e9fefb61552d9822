/**
 * One test per hostile request class: each is refused with a 4xx or a GraphQL error carrying
 * extensions.code, quickly, and the server keeps answering afterwards.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { startApp, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  // Its scans are timed: their worker starts first, as under `npm start`.
  app = await startApp({ warmScanWorkers: true });
});
afterAll(() => app.close());

/** Generous: the point is "refused in milliseconds, not hanging", not a benchmark. */
const REFUSED_WITHIN_MS = 2000;

async function send(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const started = performance.now();
  const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers, body });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: (() => {
      try {
        return JSON.parse(text) as { errors?: { message: string; extensions?: { code?: string } }[] };
      } catch {
        return undefined;
      }
    })(),
    ms: performance.now() - started,
  };
}

/** Writes `chunks` in order on one raw connection and collects what comes back until the server closes it or 1 s of quiet. */
function rawExchange(port: number, chunks: string[]): Promise<{ text: string; closedByServer: boolean; bytesWritten: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let bytesWritten = 0;
    let quiet: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearTimeout(quiet);
      socket.destroy();
      resolve({ text, closedByServer, bytesWritten });
    };
    const restartQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(false), 1000);
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      restartQuiet();
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    const writeNext = (i: number): void => {
      if (i >= chunks.length || socket.destroyed) return restartQuiet();
      socket.write(chunks[i]!, (error) => {
        if (error) return;
        bytesWritten += Buffer.byteLength(chunks[i]!);
        writeNext(i + 1);
      });
    };
    socket.on('connect', () => writeNext(0));
  });
}

async function expectStillServing() {
  const { status, body } = await app.graphql<{ networkMode: { slug: string } }>('{ networkMode(slug: "overlay") { slug } }');
  expect(status).toBe(200);
  expect(body.data?.networkMode.slug).toBe('overlay');
}

const q = (query: string, variables?: unknown) => JSON.stringify({ query, variables });
/** GraphiQL's introspection query with its `__schema { ... }` repeated under `copies` aliases. */
function aliasedIntrospections(copies: number): string {
  const full = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
  const fragments = full.slice(full.indexOf('fragment FullType'));
  const head = full.slice(0, full.indexOf('fragment FullType'));
  const schema = head.slice(head.indexOf('__schema'), head.lastIndexOf('}'));
  return `{ ${Array.from({ length: copies }, (_, i) => `s${i}: ${schema}`).join(' ')} } ${fragments}`;
}
const nest = (depth: number) => `{ cniPlugins { ${'networkModes { cniPlugins { '.repeat(depth)}slug${' } }'.repeat(depth)} } }`;

describe.each([
  ['deep nesting (depth 60)', () => send(q(nest(30))), 'GRAPHQL_VALIDATION_FAILED', /depth/i],
  [
    'alias flood (100 aliases)',
    () => send(q(`{ ${Array.from({ length: 100 }, (_, i) => `a${i}: datasetInfo { version }`).join(' ')} }`)),
    'GRAPHQL_VALIDATION_FAILED',
    /alias/i,
  ],
  [
    '__typename alias flood (200 aliases)',
    () => send(q(`{ ${Array.from({ length: 200 }, (_, i) => `a${i}: __typename`).join(' ')} }`)),
    'GRAPHQL_VALIDATION_FAILED',
    /alias/i,
  ],
  ['the full introspection under 30 aliases', () => send(q(aliasedIntrospections(30))), 'GRAPHQL_VALIDATION_FAILED', /selections limit/i],
  ['the full introspection under 2 aliases', () => send(q(aliasedIntrospections(2))), 'COST_LIMIT_EXCEEDED', /costs \d+ points/],
  [
    'nested variables (3,000 levels)',
    () => send(`{"query":"query ($v: String) { __typename }","variables":{"v":${'['.repeat(3000)}${']'.repeat(3000)}}}`),
    'BAD_REQUEST',
    /nest/,
  ],
  ['duplicated selections (1,240 fields)', () => send(q(`{ ${'datasetInfo { version } '.repeat(1240)} }`)), 'GRAPHQL_VALIDATION_FAILED', /selections limit/i],
  [
    'directives on fragment spreads (200)',
    () => send(q(`{ ${'...F @skip(if: false) '.repeat(200)} } fragment F on Query { __typename }`)),
    'GRAPHQL_VALIDATION_FAILED',
    /directive/i,
  ],
  [
    'a YAML bomb in the scan query',
    () =>
      send(
        q('query ($d: String!) { scan(input: { documents: $d }) { summary { objectsRead } } }', {
          d: `a: &a [${'x,'.repeat(9)}x]\nb: &b [${'*a,'.repeat(9)}*a]\nc: &c [${'*b,'.repeat(9)}*b]\nd: [${'*c,'.repeat(9)}*c]\n`,
        }),
      ),
    'BAD_USER_INPUT',
    /alias/,
  ],
  [
    'fragment cycle',
    () => send(q('query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }')),
    'GRAPHQL_VALIDATION_FAILED',
    /cannot spread fragment/i,
  ],
  [
    'directive flood (500 directives)',
    () => send(q(`{ datasetInfo { version ${'@include(if: true) '.repeat(500)} } }`)),
    'GRAPHQL_VALIDATION_FAILED',
    /directive/i,
  ],
  [
    'token flood (6000 tokens in 30 KB)',
    () => send(q(`{ compatibility(input: { windowsVersion: "windows-server-2022", features: [${'"a", '.repeat(6000)}] }) { verdict } }`)),
    'GRAPHQL_PARSE_FAILED',
    /token/i,
  ],
  [
    'cost flood (three 100-item pages with nested fields)',
    () =>
      send(
        q(
          `{ ${['a', 'b', 'c'].map((a) => `${a}: instanceTypes(first: 100) { edges { cursor node { name secondaryIpCapacity { maxPods steps } prefixDelegationCapacity { maxPods } sources { section document { title url } } } } }`).join(' ')} }`,
        ),
      ),
    'COST_LIMIT_EXCEEDED',
    /cost/i,
  ],
  [
    'wrong variable type',
    () => send(q('query ($n: Int) { compatibility(input: { windowsVersion: "windows-server-2022", backendsPerService: $n }) { verdict } }', { n: 'many' })),
    'BAD_USER_INPUT',
    /Int/,
  ],
  [
    'huge integer literal',
    () => send(q('{ compatibility(input: { windowsVersion: "windows-server-2022", backendsPerService: 99999999999999 }) { verdict } }')),
    'GRAPHQL_VALIDATION_FAILED',
    /Int cannot represent/,
  ],
  [
    'huge integer variable',
    () => send(q('query ($n: Int) { podCapacity(input: { ipv4AddressesPerInterface: $n }) { maxPods } }', { n: 1e30 })),
    'BAD_USER_INPUT',
    /Int cannot represent/,
  ],
  ['null query', () => send(JSON.stringify({ query: null })), 'BAD_REQUEST', /query/i],
])('%s', (_name, request, code, message) => {
  it(`is refused with ${code}, quickly, and the server still answers`, async () => {
    const r = await request();
    // A resolver's refusal (the scan's YAML) comes with 200, as GraphQL errors in execution do.
    expect(r.status).toBeGreaterThanOrEqual(code === 'BAD_USER_INPUT' && r.status === 200 ? 200 : 400);
    expect(r.status).toBeLessThan(500);
    expect(r.ms).toBeLessThan(REFUSED_WITHIN_MS);
    // Several limits may trip at once (a deep query is also costly): one of the errors names this one.
    const errors = r.json?.errors ?? [];
    const error = errors.find((e) => message.test(e.message));
    expect(error, JSON.stringify(errors.map((e) => e.message))).toBeDefined();
    if (code !== 'BAD_REQUEST') expect(error?.extensions?.code).toBe(code);
    expect(r.text).not.toMatch(/\s+at .+\.(ts|js):\d+/);
    await expectStillServing();
  });
});

describe('transport-level abuse', () => {
  it('huge body (8 MiB) -> 413 without reading it all', async () => {
    // test/http/refused-body.test.ts: the same from a separate server process, as clients meet it.
    const r = await send(q(`{ __typename } #${'x'.repeat(8 * 1024 * 1024)}`));
    expect(r.status).toBe(413);
    expect(r.json?.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(r.ms).toBeLessThan(REFUSED_WITHIN_MS);
    await expectStillServing();
  });

  it('a refused body is read and dropped up to LIMIT_DISCARD_BYTES, then the connection goes on; past them it is closed', async () => {
    const strict = await startApp({ limits: { ...DEFAULT_LIMITS, discardBytes: 1024 * 1024 } });
    try {
      const { port } = new URL(strict.url);
      const head = (length: number) => `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
      // Under the bound: the 413 arrives, the rest of the body is drained, and the same connection serves the next request.
      const under = await rawExchange(Number(port), [head(768 * 1024), 'x'.repeat(768 * 1024), 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n']);
      expect(under.text).toMatch(/^HTTP\/1\.1 413 [^]*PAYLOAD_TOO_LARGE[^]*HTTP\/1\.1 200 [^]*"status":"ok"/);
      // Over it: the server stops reading and closes the connection long before 32 MiB are through.
      const over = await rawExchange(Number(port), [head(32 * 1024 * 1024), ...Array.from({ length: 32 }, () => 'x'.repeat(1024 * 1024))]);
      expect(over.closedByServer).toBe(true);
      expect(over.bytesWritten).toBeLessThan(32 * 1024 * 1024);
      expect((await strict.graphql('{ __typename }')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('huge batch (1000 operations in one array) -> 400, batching is off', async () => {
    const r = await send(JSON.stringify(Array.from({ length: 1000 }, () => ({ query: '{ __typename }' }))));
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/batch/i);
    await expectStillServing();
  });

  it('broken JSON -> 400', async () => {
    const r = await send('{"query": "{ __typename }"');
    expect(r.status).toBe(400);
    expect(r.json?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    await expectStillServing();
  });

  it('a text/plain POST (CSRF-style simple request) -> 415', async () => {
    const r = await send(q('{ __typename }'), { 'content-type': 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.json?.errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expectStillServing();
  });

  it('an unknown path -> 404 NOT_FOUND in the GraphQL error shape', async () => {
    const response = await fetch(`${app.url}/graphq`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('NOT_FOUND');
  });

  it('a GET without a preflight header is answered by default, and refused with CSRF_PREVENTION=true', async () => {
    const url = (base: string) => `${base}/graphql?query=${encodeURIComponent('{ __typename }')}`;
    expect(await (await fetch(url(app.url))).json()).toMatchObject({ data: { __typename: 'Query' } });
    const strict = await startApp({ csrfPrevention: true });
    try {
      const refused = await fetch(url(strict.url));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('BAD_REQUEST');
      expect((await fetch(url(strict.url), { headers: { 'apollo-require-preflight': 'true' } })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('ordinary traffic is answered while hostile requests arrive', () => {
  it('every good request succeeds amid 100 hostile ones', async () => {
    const hostile = Array.from({ length: 100 }, (_, i) =>
      i % 2 ? send(q(nest(30))) : send(q(`{ ${Array.from({ length: 200 }, (_, j) => `a${j}: datasetInfo { version }`).join(' ')} }`)),
    );
    const good = Array.from({ length: 50 }, () =>
      app.graphql<{ feature: { slug: string } }>('{ feature(slug: "dual-stack") { slug minimumWindowsVersion { build } } }'),
    );
    const [bad, ok] = await Promise.all([Promise.all(hostile), Promise.all(good)]);
    expect(bad.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect(ok.every((r) => r.status === 200 && r.body.data?.feature.slug === 'dual-stack')).toBe(true);
  });
});

describe('limits are configurable', () => {
  it('a lower depth limit refuses what the default allows', async () => {
    const strict = await startApp({ limits: { ...DEFAULT_LIMITS, maxDepth: 3 } });
    try {
      const allowed = await app.graphql(nest(1));
      expect(allowed.body.errors).toBeUndefined();
      const refused = await strict.graphql(nest(1));
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    } finally {
      await strict.close();
    }
  });

  it('a request still unfinished at its deadline (a stalled upload) gets 503 TIMEOUT, and the server goes on', async () => {
    // Execution itself is short and bounded by the query limits; what can outlast a deadline is a
    // client that stops sending. The deadline answers it instead of holding the connection.
    const hurried = await startApp({ limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 300 } });
    try {
      const body = q('{ __typename }');
      const started = performance.now();
      let stalled: ReturnType<typeof request> | undefined;
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = (stalled = request(
          `${hurried.url}/graphql`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        ));
        req.on('error', reject);
        req.write(body.slice(0, 5)); // and never the rest
      });
      stalled?.destroy(); // the client gives up too, so shutting the test server down does not wait for it
      expect(answer.status).toBe(503);
      expect((JSON.parse(answer.text) as GraphqlBody).errors?.[0]?.extensions?.code).toBe('TIMEOUT');
      expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
      const ok = await hurried.graphql<{ __typename: string }>('{ __typename }');
      expect(ok.status).toBe(200);
    } finally {
      await hurried.close();
    }
  });
});

describe('CORS', () => {
  it('answers preflights only for configured origins', async () => {
    const portal = await startApp({ corsOrigins: ['https://portal.example.com'] });
    try {
      const preflight = (origin: string) =>
        fetch(`${portal.url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      expect((await preflight('https://portal.example.com')).headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
      expect((await preflight('https://evil.example.net')).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await portal.close();
    }
  });

  it('sends no CORS headers when none are configured', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://portal.example.com' },
      body: q('{ __typename }'),
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('introspection switch', () => {
  it('is on by default and refused when turned off', async () => {
    expect((await app.graphql('{ __schema { queryType { name } } }')).body.errors).toBeUndefined();
    const closed = await startApp({ introspection: false });
    try {
      const { body } = await closed.graphql('{ __schema { queryType { name } } }');
      expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.errors?.[0]?.message).toMatch(/introspection/i);
    } finally {
      await closed.close();
    }
  });
});
