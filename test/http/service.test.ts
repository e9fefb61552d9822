/** GraphiQL, health and readiness, GET queries and error masking of the real HTTP service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_OPERATIONS, prefersHtml } from '../../src/server/graphiql.js';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('GraphiQL', () => {
  it('is served by the service itself with a same-origin CSP and no external URLs', async () => {
    const response = await fetch(`${app.url}/graphiql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of html.match(/(?:src|href)="([^"]+)"/g)!.map((m) => m.split('"')[1]!)) {
      const asset = await fetch(`${app.url}${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(100);
    }
  });

  it('opens with example operations that all run without errors', async () => {
    for (const { title, query } of EXAMPLE_OPERATIONS) {
      const { body } = await app.graphql(query);
      expect(body.errors, title).toBeUndefined();
    }
  });

  it('is what a browser gets on /graphql, the address `npm start` prints: the same page and headers as /graphiql', async () => {
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    const [endpoint, graphiql] = await Promise.all([fetch(`${app.url}/graphql`, { headers: { accept: browser } }), fetch(`${app.url}/graphiql`)]);
    expect(endpoint.status).toBe(200);
    expect(endpoint.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await endpoint.text()).toBe(await graphiql.text());
    for (const header of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'])
      expect(endpoint.headers.get(header), header).toBe(graphiql.headers.get(header));
    // The same URL answers JSON to clients: caches must key on Accept, and must not keep the page.
    expect(endpoint.headers.get('vary')).toMatch(/accept/i);
    expect(endpoint.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['no Accept header', undefined],
    ['*/* (curl, most clients)', '*/*'],
    ['application/json', 'application/json'],
    ['application/graphql-response+json', 'application/graphql-response+json'],
    ['a tie between JSON and HTML', 'application/json, text/html'],
    ['HTML ranked below JSON', 'text/html;q=0.5, application/json'],
  ])('gives clients JSON on GET /graphql, not the page: %s', async (_name, accept) => {
    const response = await fetch(`${app.url}/graphql`, accept === undefined ? {} : { headers: { accept } });
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    expect(response.status).toBe(400);
    expect(response.headers.get('vary')).toMatch(/accept/i);
  });

  it('ranks text/html against the GraphQL types by quality, ignoring wildcards', () => {
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
    expect(prefersHtml('text/html;q=0, */*')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
  });

  it('/ redirects to GraphiQL', async () => {
    const response = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/graphiql');
  });
});

describe('operations', () => {
  it('healthz and readyz answer, readyz with the dataset version', async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { status: string; datasetVersion: string };
    expect(ready).toEqual({ status: 'ready', datasetVersion: app.database.meta.datasetVersion });
  });

  it('answers GET queries as standard clients send them (no CSRF preflight header)', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ networkMode(slug: "overlay") { name } }')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { networkMode: { name: 'Overlay' } } });
    // Cacheable by browsers, proxies and CDNs: the data only changes with a new dataset.
    expect(response.headers.get('cache-control')).toBe('max-age=300, public');
  });

  it('does not let caches keep an error response', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ windowsVersion(slug: 1) { name } }')}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control') ?? 'no-store').toMatch(/no-store|no-cache/);
  });

  it('returns a request id header for log correlation', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-123' },
      body: '{"query":"{ __typename }"}',
    });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers a syntax error with 400 and GRAPHQL_PARSE_FAILED, no stack trace', async () => {
    const { status, body } = await app.graphql('{ features { slug ');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|at .*\.ts:/);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ __typename } #${'x'.repeat(200 * 1024)}` }),
    });
    expect(response.status).toBe(413);
  });
});

describe('matrix and capacity pages', () => {
  const datasetEtag = () => new RegExp(`^"${app.database.meta.datasetVersion.replace(/[.+]/g, '\\$&')}-[A-Za-z0-9_-]{22}(-gz)?"$`);

  it.each(['/matrix', '/capacity'])('%s is HTML under a same-origin CSP, cacheable like the API, with a dataset ETag', async (path) => {
    const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('max-age=300, public');
    expect(response.headers.get('etag')).toMatch(datasetEtag());
    const html = await response.text();
    // No inline script or style, and every script and stylesheet from this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    for (const [, src] of html.matchAll(/<(?:script[^>]*src|link[^>]*href)="([^"]+)"/g)) {
      expect(src, 'same-origin asset').toMatch(/^\/pages\//);
      expect((await fetch(`${app.url}${src}`)).status, src).toBe(200);
    }
  });

  it.each(['/matrix', '/capacity?family=m5'])('%s answers 304 to If-None-Match with its ETag, gzipped or not', async (path) => {
    for (const encoding of ['identity', 'gzip']) {
      const first = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': encoding } });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(datasetEtag());
      expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
      await first.arrayBuffer();
      const again = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': encoding, 'if-none-match': etag } });
      expect(again.status, encoding).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('gzips for clients that accept it (the capacity table is large)', async () => {
    const plain = await fetch(`${app.url}/capacity`, { headers: { 'accept-encoding': 'identity' } });
    const gzipped = await fetch(`${app.url}/capacity`, { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decompresses: the same page either way.
    expect(await gzipped.text()).toBe(await plain.text());
  });

  it('/matrix shows the known facts as cells', async () => {
    const html = await (await fetch(`${app.url}/matrix`)).text();
    expect(html).toContain('from build 17763.1432 (KB4571748)');
    expect(html).toContain('out of support since 2020-11-10');
    // Every cell links to GraphiQL with its query.
    expect((html.match(/<td class="cell /g) ?? []).length).toBe((html.match(/<a class="q" href="\/graphiql\?query=/g) ?? []).length);
  });

  it('/capacity filters on the server (for browsers without scripts)', async () => {
    const html = await (await fetch(`${app.url}/capacity?family=m5&minPods=200&mode=prefix-delegation`)).text();
    expect(html).toContain('<span id="shown">8</span>');
    expect(html).toMatch(/<tr data-family="m5" data-sip="9" data-pd="144" hidden>/);
    expect(html).toMatch(/<tr data-family="m5" data-sip="14" data-pd="224">/);
    // Nonsense parameters are ignored, never an error.
    const lenient = await fetch(`${app.url}/capacity?family=%3Cscript%3E&minPods=lots&sort=evil&dir=up`);
    expect(lenient.status).toBe(200);
    expect(await lenient.text()).not.toContain('<script>');
  });

  it('serves the pages script and stylesheet', async () => {
    const js = await fetch(`${app.url}/pages/pages.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toContain('capacity-table');
    const css = await fetch(`${app.url}/pages/pages.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });
});
