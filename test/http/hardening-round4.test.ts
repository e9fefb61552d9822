/**
 * Issue 34, server side: one test per defect the round-4 probe found, sent as the probe sent it
 * (the scan's price, pool and ceiling, and the caches' memory, have their own files:
 * scan-pricing.test.ts, cache-memory.test.ts).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { startApp, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
/** Short deadlines, so the trickle and idle-socket cases finish in seconds. */
let quick: RunningApp;
const logLines: string[] = [];
beforeAll(async () => {
  app = await startApp({ logLevel: 'debug', logStream: { write: (line) => void logLines.push(line) } });
  quick = await startApp({ limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 1000 } });
});
afterAll(async () => {
  await app.close();
  await quick.close();
});

const port = (running: RunningApp) => Number(new URL(running.url).port);

/** The one error shape: `{errors:[{message, extensions:{code}}]}`. */
function expectErrorShape(body: unknown, code: string): void {
  const errors = (body as GraphqlBody).errors;
  expect(Array.isArray(errors), JSON.stringify(body)).toBe(true);
  expect(errors![0]!.extensions?.code).toBe(code);
  expect(typeof errors![0]!.message).toBe('string');
}

/** Sends raw bytes, reads until the server closes (or `waitMs`), and says whether the server closed. */
function raw(running: RunningApp, request: string, waitMs = 5000): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(running), '127.0.0.1');
    let text = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = text.split('\r\n\r\n', 2) as [string?, string?];
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('5. an unknown operationName is a 400 OPERATION_RESOLUTION_FAILURE, not a 500', () => {
  it('POST', async () => {
    const before = logLines.length;
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query A{__typename}', operationName: 'B' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as GraphqlBody;
    expectErrorShape(body, 'OPERATION_RESOLUTION_FAILURE');
    expect(body.errors![0]!.message).toContain('"B"');
    // A client's mistake: no error line, no stack.
    const logged = logLines.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.some((l) => /\n\s+at /.test(l.msg))).toBe(false);
  });
  it('GET, and a document of two operations without a name', async () => {
    const get = await fetch(`${app.url}/graphql?query=${encodeURIComponent('query A{__typename}')}&operationName=x`);
    expect(get.status).toBe(400);
    expectErrorShape(await get.json(), 'OPERATION_RESOLUTION_FAILURE');
    const two = await app.graphql('query A{__typename} query B{__typename}');
    expect(two.status).toBe(400);
    expectErrorShape(two.body, 'OPERATION_RESOLUTION_FAILURE');
  });
});

describe('8. a trickled body gets its 503 at the deadline, then the connection is closed', () => {
  it('closes the socket although the client keeps sending', async () => {
    const socket = connect(port(quick), '127.0.0.1');
    let text = '';
    let closedAt: number | undefined;
    const started = performance.now();
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => (closedAt = performance.now()));
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
    // One byte every 300 ms for up to 8 s: the deadline is 1 s.
    for (let i = 0; i < 26 && closedAt === undefined; i++) {
      await new Promise((r) => setTimeout(r, 300));
      if (!socket.destroyed) socket.write(' ');
    }
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text).toContain('"TIMEOUT"');
    expect(closedAt, 'the server kept the trickling connection open').toBeDefined();
    expect(closedAt! - started).toBeLessThan(7000);
  });
});

describe('9. GraphiQL asset names that are Object.prototype members are 404s, not 500s', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'nothing.js']) {
    it(name, async () => {
      const before = logLines.length;
      const response = await fetch(`${app.url}/graphiql/${name}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expectErrorShape(await response.json(), 'NOT_FOUND');
      expect(logLines.slice(before).filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
    });
  }
});

describe('15. errors keep one shape, with x-request-id, at every layer', () => {
  it('a URL that does not decode (/%ff)', async () => {
    const response = await fetch(`${app.url}/%ff`);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expectErrorShape(await response.json(), 'BAD_REQUEST');
  });
  it('a 20 KB header', async () => {
    const answer = await raw(app, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expectErrorShape(JSON.parse(answer.body), 'HEADERS_TOO_LARGE');
  });
  it('a request whose headers never finish arriving (an idle socket)', async () => {
    const answer = await raw(quick, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', 15_000);
    expect(answer.status).toBe(408);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expectErrorShape(JSON.parse(answer.body), 'REQUEST_TIMEOUT');
    expect(answer.closed).toBe(true);
  });
  it('malformed HTTP', async () => {
    const answer = await raw(app, 'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expectErrorShape(JSON.parse(answer.body), 'BAD_REQUEST');
  });
});

describe('16. HEAD answers wherever GET does, without a body', () => {
  for (const path of ['/graphql?query={__typename}', '/healthz', '/readyz', '/metrics', '/graphiql', '/graphiql/graphiql.css', '/matrix']) {
    it(path, async () => {
      const get = await fetch(`${app.url}${path}`);
      const head = await fetch(`${app.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(get.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    });
  }
  it('a HEAD on a cached GET too', async () => {
    const url = `${app.url}/graphql?query=${encodeURIComponent('{ datasetInfo { version } }')}`;
    await fetch(url);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBeTruthy();
    expect(await head.text()).toBe('');
  });
});

describe('17. x-request-id: too long, or with unsafe characters, is replaced', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  it('a safe id is echoed', async () => {
    const response = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f' } });
    expect(response.headers.get('x-request-id')).toBe('Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f');
  });
  for (const [name, id] of [
    ['8,000 characters', 'a'.repeat(8000)],
    ['129 characters', 'b'.repeat(129)],
    ['a tab', 'abc\tdef'],
    ['a space and quotes', 'a "b"'],
    ['angle brackets', '<script>'],
  ] as const) {
    it(`${name}, on the Fastify path, a cached GET and a client error`, async () => {
      const before = logLines.length;
      const url = `${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`;
      await fetch(url);
      for (const target of [`${app.url}/healthz`, url, `${app.url}/nowhere`]) {
        const response = await fetch(target, { headers: { 'x-request-id': id } });
        expect(response.headers.get('x-request-id')).toMatch(uuid);
      }
      expect(logLines.slice(before).some((l) => l.includes(id.slice(0, 129)))).toBe(false);
    });
  }
});

describe('18. (guarded, kept so) hostile text in pages and queries', () => {
  it('pages render every parameter escaped', async () => {
    const evil = '"><img src=x onerror=alert(1)>';
    for (const path of ['/capacity', '/matrix']) {
      const query = ['sort', 'filter', 'mode', 'q', 'windows', 'plugin'].map((p) => `${p}=${encodeURIComponent(evil)}`).join('&');
      const response = await fetch(`${app.url}${path}?${query}`);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toContain('<img src=x');
    }
  });
  it('NUL, lone surrogates, FTS5 syntax and 20,000-deep nesting never give a 5xx', async () => {
    const bodies = [
      JSON.stringify({ query: 'query($q:String!){search(query:$q){score}}', variables: { q: 'a\u0000b' } }),
      JSON.stringify({ query: 'query($q:String!){search(query:$q){score}}', variables: { q: '\ud800x' } }),
      JSON.stringify({ query: 'query($q:String!){search(query:$q){score}}', variables: { q: 'NEAR(a b) OR "x" * ^col:' } }),
      JSON.stringify({ query: `{${'a{'.repeat(20_000)}${'}'.repeat(20_000)}}` }),
      `{"query":"{__typename}","variables":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ];
    for (const body of bodies) {
      const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status, body.slice(0, 80)).toBeLessThan(500);
    }
  });
});
