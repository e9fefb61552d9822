/**
 * A command loads what it runs (issue 37): check and scan read the knowledge snapshot and load no
 * GraphQL, Apollo, drizzle or server code; explain, which runs the API's schema, does load it.
 * What the process resolved is written by test/support/trace-loads.js. How fast they start is a
 * benchmark's claim (bench/cli-startup.ts, BENCHMARKS.md), not a test's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY, runCliProcess } from './cli-helpers.js';

const HEAVY = /\/node_modules\/(graphql|@apollo|@graphql-tools|drizzle-orm|fastify)\/|\/src\/(graphql|server)\//;

async function loadedBy(args: string[]): Promise<string[]> {
  const trace = join(mkdtempSync(join(tmpdir(), 'winnet-kb-loads-')), 'loads.txt');
  const result = await runCliProcess(args, {
    script: ['--import', 'tsx', '--import', './test/support/trace-loads.js', ENTRY],
    env: { WINNET_KB_TRACE_LOADS: trace },
  });
  expect(result.code, result.stderr).not.toBe(1);
  return readFileSync(trace, 'utf8').split('\n');
}

describe('what a command loads', () => {
  it('check and scan load no GraphQL, Apollo, drizzle or server module', async () => {
    const [check, scan] = await Promise.all([
      loadedBy(['check', 'examples/compatible.yaml']),
      loadedBy(['scan', 'test/fixtures/scan/public/aws-vpc-resource-controller-eksctl-cluster.yaml']),
    ]);
    for (const loaded of [check, scan]) {
      expect(loaded.some((url) => url.includes('/src/cli/knowledge-base.ts'))).toBe(true);
      expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
    }
  });

  it('explain runs the API schema in-process, so it loads it (the trace sees what is loaded)', async () => {
    const explain = await loadedBy(['explain', 'nat']);
    expect(explain.some((url) => url.includes('/node_modules/graphql/'))).toBe(true);
  });
});
