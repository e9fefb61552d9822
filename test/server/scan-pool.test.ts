/**
 * The scan worker pool's failure paths (src/server/scan-pool.ts), which the HTTP tests do not
 * reach: a worker that cannot start, a scan stopped at its timeout, the queue's bound and order.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLError } from 'graphql';
import { afterEach, expect, it } from 'vitest';
import { createScanPool, type ScanPool, type ScanPoolOptions } from '../../src/server/scan-pool.js';
import { testDatabasePath, TEST_TODAY } from '../support/fixtures.js';
import { windowsNodesAndServices } from '../support/scan-probe.js';

const pools: ScanPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(options: Partial<ScanPoolOptions>): ScanPool {
  const created = createScanPool({
    databasePath: testDatabasePath(),
    workers: 1,
    maxQueue: 2,
    maxAnswerBytes: 10_000_000,
    taskTimeoutMs: 30_000,
    workerHeapMb: 96,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
    ...options,
  });
  pools.push(created);
  return created;
}

const task = (pairs: number) => ({ documents: windowsNodesAndServices(pairs), today: TEST_TODAY });

it("a worker that runs out of memory loading the snapshot fails the scan as the server's error, not the input's", { timeout: 60_000 }, async () => {
  const starved = pool({ workerHeapMb: 8 });
  const error = await starved.run(task(1)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as GraphQLError).extensions?.code).toBeUndefined();
});

it('a scan past its timeout is stopped with TIMEOUT', { timeout: 60_000 }, async () => {
  const hurried = pool({ taskTimeoutMs: 1 });
  await hurried.warm();
  const error = await hurried.run(task(240)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect((error as GraphQLError).extensions?.code).toBe('TIMEOUT');
});

it('scans past the queue bound are refused with SCAN_BUSY while the others are answered in order', { timeout: 60_000 }, async () => {
  const small = pool({ maxQueue: 1 });
  await small.warm();
  const outcomes = await Promise.all(
    [1, 2, 3, 4].map((pairs) =>
      small.run(task(pairs)).then(
        (report) => report.summary.objectsRead,
        (e: unknown) => (e as GraphQLError).extensions?.code,
      ),
    ),
  );
  expect(outcomes).toEqual([2, 4, 'SCAN_BUSY', 'SCAN_BUSY']);
});
