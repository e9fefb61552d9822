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
    expect(await response.json()).toEqual({ data: { networkMode: { name: 'Overlay' } } });
    // Cacheable by browsers, proxies and CDNs: the data only changes with a new dataset.
    expect(response.headers.get('cache-control')).toBe('max-age=300, public');
  });

  it('does not let caches keep an error response', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ windowsVersion(slug: 1) { name } }')}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control') ?? 'no-store').toMatch(/no-store|no-cache/);
  });

  it('returns a request id header for log correlation', async () => {
    const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'trace-123' }, body: '{"query":"{ __typename }"}' });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers a syntax error with 400 and GRAPHQL_PARSE_FAILED, no stack trace', async () => {
    const { status, body } = await app.graphql('{ features { slug ');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|at .*\.ts:/);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ __typename } #${'x'.repeat(200 * 1024)}` }) });
    expect(response.status).toBe(413);
  });
});
