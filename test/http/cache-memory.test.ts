/**
 * Issue 34, defect 4: a stream of distinct queries must not grow the server's memory past its
 * caches' byte budgets (bounded-caches.ts). 3,000 distinct POSTs of a small query padded with a
 * 90 KB comment held about 300 MB: Apollo's document store counted each document by its JSON,
 * not the text it keeps. Measured here as the heap still live after a full collection, in the
 * test's own process (the server runs in it), so the figure is the server's and nothing else's.
 */
import { setFlagsFromString, getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** Heap bytes live after full collections. */
function liveHeap(): number {
  for (let i = 0; i < 3; i++) gc();
  return getHeapStatistics().used_heap_size;
}

async function postAll(bodies: () => Iterable<{ body: string; headers?: Record<string, string> }>, concurrency = 8): Promise<number[]> {
  const statuses: number[] = [];
  const iterator = bodies()[Symbol.iterator]();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        const response = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...next.value.headers },
          body: next.value.body,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }),
  );
  return statuses;
}

const MB = 1024 * 1024;

it('600 distinct queries padded with a 90 KB comment leave no more than a few MB live', { timeout: 120_000 }, async () => {
  const padding = 'x'.repeat(90 * 1024);
  function* padded(from: number, count: number) {
    for (let i = from; i < from + count; i++) yield { body: JSON.stringify({ query: `{ __typename } # ${i} ${padding}` }) };
  }
  // Warm up: the first requests fill what is built once (schema, compiled paths, loaders).
  await postAll(() => padded(0, 20));
  const before = liveHeap();
  const statuses = await postAll(() => padded(20, 600));
  expect(new Set(statuses)).toEqual(new Set([200]));
  const grown = liveHeap() - before;
  // Without the byte bounds the 600 texts alone (54 MB) stay live; with them, none is kept.
  expect(grown / MB).toBeLessThan(20);
});
