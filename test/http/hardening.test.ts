/**
 * Issue 23, server side: one test per defect an outside probe found (cheap requests that cost
 * everyone, a 500, client mistakes reported as internal errors, missing headers), each sent as
 * the probe sent it.
 */
import { createHash } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, MAX_VALUE_DEPTH, TooDeepError } from '../../src/server/response-cache.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { countSelections } from '../../src/server/selection-count.js';
import { startApp, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

interface Answer {
  status: number;
  body: GraphqlBody & { extensions?: { cost?: { requested: number; limit: number } } };
  headers: Headers;
  ms: number;
}

async function post(body: unknown, headers: Record<string, string> = {}, base = app.url): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers, ms: performance.now() - started };
}

const codes = (answer: Answer) => (answer.body.errors ?? []).map((e) => e.extensions?.code);

/** What GraphiQL and codegen send: the full introspection query, every option on. */
const INTROSPECTION = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
});
/** The same query with its `__schema { ... }` selection repeated under `copies` aliases. */
function aliasedIntrospections(copies: number): string {
  const head = INTROSPECTION.slice(0, INTROSPECTION.indexOf('fragment FullType'));
  const schema = head.slice(head.indexOf('__schema'), head.lastIndexOf('}'));
  return `query { ${Array.from({ length: copies }, (_, i) => `s${i}: ${schema}`).join('\n')} } ${INTROSPECTION.slice(INTROSPECTION.indexOf('fragment FullType'))}`;
}

describe('1. introspection counts against the limits', () => {
  it('the whole schema once per request is answered, with its cost', async () => {
    const answer = await post({ query: INTROSPECTION });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.extensions?.cost?.requested).toBeGreaterThan(5000);
  });

  it('two copies under aliases cost twice as much and are refused with the cost', async () => {
    const answer = await post({ query: aliasedIntrospections(2) });
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['COST_LIMIT_EXCEEDED']);
  });

  it('thirty copies (the probe: 4 MB of answer from 4 KB) are refused in milliseconds', async () => {
    const answer = await post({ query: aliasedIntrospections(30) });
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(JSON.stringify(answer.body).length).toBeLessThan(1000);
  });
});

describe('2. deeply nested variables', () => {
  it('3,000 levels in 6 KB get a 400 BAD_REQUEST, not a 500', async () => {
    const body = `{"query":"query ($v: String) { __typename }","variables":{"v":${'['.repeat(3000)}${']'.repeat(3000)}}}`;
    expect(body.length).toBeLessThan(6200);
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['BAD_REQUEST']);
    expect(answer.body.errors?.[0]?.message).toMatch(/nest/);
  });

  it('the cache key walk is bounded, whatever the value', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(TooDeepError);
    let fits: unknown = 1;
    for (let i = 0; i < MAX_VALUE_DEPTH; i++) fits = { a: fits };
    expect(canonicalJson(fits)).toContain('1');
  });
});

describe('3. duplicated selections are refused before validation', () => {
  it('1,240 duplicated fields in 25 KB: refused by the selection count, not after validation', async () => {
    const answer = await post({ query: `{ ${'datasetInfo { version } '.repeat(1240)} }` });
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.body.errors?.[0]?.message).toMatch(/Selections limit of 250 exceeded/);
  });

  it('a text counted before is judged the same again: refused, let through, or left to the parser', async () => {
    // Each count is kept per text (selection-count.ts); the second answer comes from the kept count.
    const over = { query: `{ ${'datasetInfo { version } '.repeat(260)} }` };
    const under = { query: `{ ${'datasetInfo { version } '.repeat(3)} }` };
    const unlexable = { query: '{ datasetInfo "unterminated }' };
    for (let i = 0; i < 2; i++) {
      expect(codes(await post(over))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect((await post(under)).status).toBe(200);
      expect(codes(await post(unlexable))).toEqual(['GRAPHQL_PARSE_FAILED']);
    }
  });

  it('the count stops at the limit, and ignores arguments, aliases, directives and type conditions', () => {
    expect(countSelections('{ a: b @x c(x: {d: 1}) { ...F ... on T { e } ... @skip(if: true) { f } } } fragment F on T @d { g h: i }', 100)).toBe(9);
    expect(countSelections('query Q($a: In = {x: 1}) @dir { x(a: $a) { y } }', 100)).toBe(2);
    expect(countSelections(`{ ${'a '.repeat(100_000)} }`, 250)).toBe(251);
    expect(countSelections('{ a "unterminated }', 10)).toBeUndefined();
    expect(countSelections(`{ a(x: [${'1, '.repeat(6000)}]) }`, 250, 5000)).toBeUndefined();
    expect(countSelections(INTROSPECTION, 1000)).toBeLessThan(DEFAULT_LIMITS.maxSelections / 2);
  });

  it('a scan of 20,000 empty YAML documents is refused before parsing', async () => {
    const answer = await post({
      query: 'query ($d: String!) { scan(input: { documents: $d }) { summary { objectsRead } } }',
      variables: { d: '---\n'.repeat(20_000) },
    });
    expect(codes(answer)).toEqual(['BAD_USER_INPUT']);
    expect(answer.body.errors?.[0]?.message).toMatch(/more than 500 YAML documents/);
    expect(answer.ms).toBeLessThan(200);
  });
});

describe('4. every alias and every directive counts', () => {
  it('__typename aliases count against the alias limit', async () => {
    const answer = await post({ query: `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: __typename`).join(' ')} }` });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('Aliases limit of 30 exceeded, found 100.');
  });

  it('the probe`s 1,650 __typename aliases are refused', async () => {
    const answer = await post({ query: `{ ${Array.from({ length: 1650 }, (_, i) => `a${i}: __typename`).join(' ')} }` });
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('directives on repeated fragment spreads count, each one', async () => {
    const answer = await post({ query: `{ ${'...F @skip(if: false) '.repeat(200)} } fragment F on Query { __typename }` });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('Directives limit of 20 exceeded, found 200.');
  });

  it('directives inside a fragment count wherever it is spread', async () => {
    const answer = await post({
      query: `{ ${'...F '.repeat(7)} } fragment F on Query { __typename @include(if: true) a: __typename @skip(if: false) @include(if: true) }`,
    });
    expect(answer.body.errors?.[0]?.message).toBe('Directives limit of 20 exceeded, found 21.');
  });
});

describe('5. client mistakes get client error codes, logged as such', () => {
  const scan = 'query ($d: String!) { scan(input: { documents: $d }) { summary { objectsRead } } }';
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it.each([
    ['mutation { x }', { query: 'mutation { x }' }, 400, 'GRAPHQL_VALIDATION_FAILED', /no mutation operations/],
    ['subscription { x }', { query: 'subscription { x }' }, 400, 'GRAPHQL_VALIDATION_FAILED', /no subscription operations/],
    ['APQ version 2', { extensions: { persistedQuery: { version: 2, sha256Hash: sha('{ __typename }') } } }, 400, 'BAD_REQUEST', /version/],
    ['APQ hash mismatch', { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: sha('{ other }') } } }, 400, 'BAD_REQUEST', /sha/],
    [
      'APQ hash not yet known',
      { extensions: { persistedQuery: { version: 1, sha256Hash: sha('{ unknown }') } } },
      200,
      'PERSISTED_QUERY_NOT_FOUND',
      /PersistedQueryNotFound/,
    ],
    [
      'scan YAML with an undefined alias',
      { query: scan, variables: { d: 'kind: Pod\nmetadata: *nowhere\n' } },
      200,
      'BAD_USER_INPUT',
      /line 2, column 11: alias \*nowhere/,
    ],
    [
      'scan YAML with over 100 alias expansions',
      { query: scan, variables: { d: 'a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n' } },
      200,
      'BAD_USER_INPUT',
      /line 3, column \d+: aliases expand to more than 100/,
    ],
  ])('%s', async (_name, body, status, code, message) => {
    const lines: string[] = [];
    const logged = await startApp({ logLevel: 'debug', logStream: { write: (line) => void lines.push(line) } });
    try {
      const answer = await post(body, {}, logged.url);
      expect(answer.status).toBe(status);
      expect(codes(answer)).toEqual([code]);
      expect(answer.body.errors?.[0]?.message).toMatch(message);
      if (code === 'BAD_USER_INPUT') expect(answer.body.errors?.[0]?.extensions).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
      const levels = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      // pino: 50 is error. Nothing at error, no stack; the client error is at debug (20), with its code.
      expect(levels.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.join('\n')).not.toMatch(/\n\s+at /);
      expect(levels.some((l) => l.level === 20 && l.msg.includes(`client error "${code}"`))).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('a text/plain body is an unsupported media type: 415', async () => {
    const answer = await post(JSON.stringify({ query: '{ __typename }' }), { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(codes(answer)).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('6. Vary: Origin when CORS depends on the origin', () => {
  it('is on cacheable answers, missed and hit, POST and GET, pages and 404s', async () => {
    const portal = await startApp({ corsOrigins: ['https://a.example', 'https://b.example'] });
    try {
      const query = '{ datasetInfo { version } }';
      for (let i = 0; i < 2; i++) {
        const posted = await post({ query }, { origin: 'https://a.example' }, portal.url);
        expect(posted.headers.get('cache-control')).toMatch(/public/);
        expect(posted.headers.get('x-cache')).toBe(i === 0 ? 'MISS' : 'HIT');
        expect(posted.headers.get('access-control-allow-origin')).toBe('https://a.example');
        expect(posted.headers.get('vary')?.toLowerCase()).toMatch(/\borigin\b/);
        expect(posted.headers.get('vary')?.toLowerCase()).toMatch(/\baccept\b/);
        const got = await fetch(`${portal.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { origin: 'https://b.example' } });
        expect(got.headers.get('access-control-allow-origin')).toBe('https://b.example');
        expect(got.headers.get('vary')?.toLowerCase()).toMatch(/\borigin\b/);
      }
      for (const path of ['/matrix', '/graphiql', '/nope']) {
        const response = await fetch(`${portal.url}${path}`, { headers: { origin: 'https://a.example' } });
        expect(response.headers.get('vary')?.toLowerCase(), path).toMatch(/\borigin\b/);
      }
    } finally {
      await portal.close();
    }
  });
});

describe('7. x-request-id on every response', () => {
  it.each(['/healthz', '/readyz', '/metrics', '/matrix', '/capacity', '/graphiql', '/', '/nope', '/graphql?query=%7B__typename%7D'])('GET %s', async (path) => {
    const response = await fetch(`${app.url}${path}`);
    await response.arrayBuffer();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${app.url}${path}`, { headers: { 'x-request-id': 'trace-42' } });
    await echoed.arrayBuffer();
    expect(echoed.headers.get('x-request-id')).toBe('trace-42');
  });

  it('on refusals before Apollo too (413, 415, selection limit)', async () => {
    for (const answer of [
      await post(`{"query":"{ __typename }","x":"${'x'.repeat(200 * 1024)}"}`),
      await post('{}', { 'content-type': 'text/plain' }),
      await post({ query: `{ ${'a '.repeat(300)} }` }),
    ])
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the cost: its own refusal, and on every answer', () => {
  const page = (first: string) =>
    `query ${first.startsWith('$') ? '($n: Int)' : ''} { ${['a', 'b', 'c']
      .map(
        (a) =>
          `${a}: instanceTypes(first: ${first}) { edges { cursor node { name secondaryIpCapacity { maxPods steps } prefixDelegationCapacity { maxPods } sources { section document { title url } } } } }`,
      )
      .join(' ')} }`;

  it('a refusal says COST_LIMIT_EXCEEDED with the cost and the limit as numbers, not "Syntax Error"', async () => {
    const answer = await post({ query: page('100') });
    expect(answer.status).toBe(400);
    const error = answer.body.errors?.[0];
    expect(error?.message).not.toMatch(/Syntax Error/);
    expect(error?.message).toMatch(/costs \d+ points, over the limit of 20000/);
    expect(error?.extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', limit: 20000, cost: expect.any(Number) });
    expect(error!.extensions!.cost as number).toBeGreaterThan(20000);
  });

  it('a page size given as a variable costs what the variable asks for', async () => {
    const small = await post({ query: page('$n'), variables: { n: 2 } });
    expect(small.status).toBe(200);
    const large = await post({ query: page('$n'), variables: { n: 100 } });
    expect(codes(large)).toEqual(['COST_LIMIT_EXCEEDED']);
    expect(small.body.extensions?.cost?.requested).toBeLessThan(large.body.errors![0]!.extensions!.cost as number);
  });

  it('every answer reports its cost in extensions, hits of the response cache too', async () => {
    for (const query of ['{ __typename }', '{ datasetInfo { version } }', '{ datasetInfo { version } }']) {
      const answer = await post({ query });
      expect(answer.body.extensions?.cost).toEqual({ requested: expect.any(Number), limit: DEFAULT_LIMITS.maxCost });
    }
    expect((await post({ query: '{ __typename }' })).body.extensions?.cost?.requested).toBe(1);
  });
});
