/** Prometheus metrics reflect the traffic the server actually saw. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const metrics = async () => (await fetch(`${app.url}/metrics`)).text();
const value = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? 0,
  );

it('counts requests by route and status, errors by code, and reports the dataset version', async () => {
  const before = await metrics();
  await app.graphql('{ networkMode(slug: "overlay") { slug } }');
  await app.graphql('{ networkMode(slug: "overlay") { slug } }');
  await app.graphql('{ compatibility(input: { windowsVersion: "nope" }) { verdict } }');
  await app.graphql('{ nope }');
  const after = await metrics();

  const ok = 'winnet_kb_http_requests_total{method="POST",route="/graphql",status="200"}';
  expect(value(after, ok) - value(before, ok)).toBe(3);
  const bad = 'winnet_kb_http_requests_total{method="POST",route="/graphql",status="400"}';
  expect(value(after, bad) - value(before, bad)).toBe(1);
  expect(value(after, 'winnet_kb_graphql_errors_total{code="BAD_USER_INPUT"}') - value(before, 'winnet_kb_graphql_errors_total{code="BAD_USER_INPUT"}')).toBe(
    1,
  );
  expect(value(after, 'winnet_kb_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}')).toBeGreaterThanOrEqual(1);
  expect(after).toContain(`winnet_kb_dataset_info{version="${app.database.meta.datasetVersion}"} 1`);
  expect(after).toMatch(/winnet_kb_http_request_duration_seconds_bucket\{le="0.01",route="\/graphql"\} \d+/);
  expect(after).toContain('winnet_kb_process_resident_memory_bytes');
});

it('counts SQL statements: one per relation level of a lookup, none for repeats served from the response cache', async () => {
  const before = value(await metrics(), 'winnet_kb_sql_statements_total');
  const lookup = '{ cniPlugin(slug: "flannel") { slug limitations { slug sources { document { slug } } } } }';
  await app.graphql(lookup);
  // plugin, its modes (for delegations), limitations through the link table (own + delegates), citations, documents.
  const first = value(await metrics(), 'winnet_kb_sql_statements_total') - before;
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(6);
  for (let i = 0; i < 4; i++) await app.graphql(lookup);
  expect(value(await metrics(), 'winnet_kb_sql_statements_total') - before).toBe(first);
  await app.graphql('{ cniPlugins(filter: { supportsNetworkPolicy: true }) { slug } }');
  expect(value(await metrics(), 'winnet_kb_sql_statements_total') - before).toBe(first + 1);
});

it('reads a row from SQLite once per process: an uncached repeat runs no statement and counts row-cache hits', async () => {
  const post = () =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      // no-store: past the response cache, so the repeat is computed again.
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: JSON.stringify({ query: '{ feature(slug: "direct-server-return") { slug requires { slug } sources { document { slug } } } }' }),
    });
  const counters = async () => {
    const text = await metrics();
    return ['winnet_kb_sql_statements_total', 'winnet_kb_row_cache_hits_total', 'winnet_kb_row_cache_misses_total'].map((series) => value(text, series));
  };
  expect((await post()).status).toBe(200);
  const [statements, hits, misses] = await counters();
  expect(misses).toBeGreaterThan(0);
  expect((await post()).status).toBe(200);
  const [statementsAfter, hitsAfter, missesAfter] = await counters();
  expect(statementsAfter).toBe(statements);
  expect(missesAfter).toBe(misses);
  expect(hitsAfter).toBeGreaterThan(hits!);
});

it('labels unknown paths by route pattern, not by raw URL', async () => {
  await fetch(`${app.url}/no/such/path?x=${Math.random()}`);
  const text = await metrics();
  expect(text).toMatch(/route="unmatched",status="404"|status="404"/);
  expect(text).not.toContain('/no/such/path');
});
