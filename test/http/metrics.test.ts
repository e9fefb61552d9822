/** Prometheus metrics reflect the traffic the server actually saw. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const metrics = async () => (await fetch(`${app.url}/metrics`)).text();
const value = (text: string, series: string) => Number(text.split('\n').find((l) => l.startsWith(`${series} `))?.split(' ')[1] ?? 0);

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
  expect(value(after, 'winnet_kb_graphql_errors_total{code="BAD_USER_INPUT"}') - value(before, 'winnet_kb_graphql_errors_total{code="BAD_USER_INPUT"}')).toBe(1);
  expect(value(after, 'winnet_kb_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}')).toBeGreaterThanOrEqual(1);
  expect(after).toContain(`winnet_kb_dataset_info{version="${app.database.meta.datasetVersion}"} 1`);
  expect(after).toMatch(/winnet_kb_http_request_duration_seconds_bucket\{le="0.01",route="\/graphql"\} \d+/);
  expect(after).toContain('winnet_kb_process_resident_memory_bytes');
});

it('counts SQL statements: per request, bounded by the query depth (one batched DataLoader query per level) and the same every time', async () => {
  // A different alias each time, so that no answer comes from the response cache.
  const lookup = (i: number) => `{ n${i}: __typename cniPlugin(slug: "flannel") { slug limitations { slug sources { document { slug } } } } }`;
  const first = value(await metrics(), 'winnet_kb_sql_statements_total');
  await app.graphql(lookup(0));
  const once = value(await metrics(), 'winnet_kb_sql_statements_total') - first;
  // plugin by slug, its modes (delegates), limitation links, limitations, citations, documents: at most 6 levels.
  expect(once).toBeGreaterThan(0);
  expect(once).toBeLessThanOrEqual(6);
  const before = value(await metrics(), 'winnet_kb_sql_statements_total');
  for (let i = 1; i <= 5; i++) await app.graphql(lookup(i));
  expect(value(await metrics(), 'winnet_kb_sql_statements_total') - before).toBe(5 * once);
});

it('labels unknown paths by route pattern, not by raw URL', async () => {
  await fetch(`${app.url}/no/such/path?x=${Math.random()}`);
  const text = await metrics();
  expect(text).toMatch(/route="unmatched",status="404"|status="404"/);
  expect(text).not.toContain('/no/such/path');
});
