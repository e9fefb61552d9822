/**
 * The database opens, answers and lets the process exit cleanly on the Node.js running the tests
 * (CI: the line in .node-version), from the main thread and from worker threads.
 *
 * Why: better-sqlite3 12.x subclassed node::ObjectWrap, and from Node.js 24.19 its Statement
 * destructor aborted the process at exit (`Assertion failed: (env) != nullptr` in
 * node::RemoveEnvironmentCleanupHook): a fresh install crashed on `npm start`. better-sqlite3 13
 * is a Node-API addon and exits cleanly; these tests keep it so. Each run is a child process
 * (test/fixtures/runtime/open-query-exit.ts) so an abort at teardown shows as its exit status.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { REQUIRED_NODE_API, runtimeProblem } from '../../src/db/runtime.js';
import { testDatabasePath } from '../support/fixtures.js';

const SCRIPT = join('test', 'fixtures', 'runtime', 'open-query-exit.ts');

function run(mode: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, testDatabasePath(), mode], { cwd: PROJECT_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const ANSWER = /dataset \S+, plugin win-overlay, (\d+) of \1 plugins/;

describe(`opening, querying and exiting on Node.js ${process.version}`, () => {
  it.each([
    ['build', 'a database is built from the seeds first (better-sqlite3 12 aborted here on Node 24.21)'],
    ['end', 'the event loop empties with the database open'],
    ['exit', 'process.exit(0) with the database open'],
    ['close', 'the database is closed first'],
  ])('exits 0 with no native assertion when %s (%s)', async (mode) => {
    const result = await run(mode);
    expect(result.stderr).not.toMatch(/Assertion failed|Aborted|Segmentation fault/);
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    expect(result.stdout).toMatch(new RegExp(`^main: ${ANSWER.source}$`, 'm'));
  });

  it('exits 0 when a worker thread builds, opens and reads a database and ends, then the main thread reads', async () => {
    const result = await run('worker');
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    expect(result.stdout).toMatch(new RegExp(`^worker: ${ANSWER.source}$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^main: ${ANSWER.source}$`, 'm'));
  });

  it('exits 0 when a worker thread holding the open database is terminated', async () => {
    const result = await run('terminate');
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    expect(result.stdout).toMatch(/^worker: terminated \(1\)$/m);
    expect(result.stdout).toMatch(new RegExp(`^main: ${ANSWER.source}$`, 'm'));
  });
});

describe('the runtime check made before the SQLite binding loads', () => {
  it(`accepts this Node.js (Node-API ${process.versions.napi})`, () => {
    expect(runtimeProblem()).toBeNull();
  });

  it('refuses a Node.js without Node-API 10 with what to install, instead of crashing in the binding', () => {
    expect(runtimeProblem({ node: '22.12.0', napi: '9' })).toBe(
      `Node.js 22.12.0 has Node-API 9, but the SQLite binding (better-sqlite3) needs Node-API ${REQUIRED_NODE_API}: use Node.js 22.14 or later 22.x, 24 or 26`,
    );
    expect(runtimeProblem({ node: '20.19.0', napi: '9' })).toMatch(/^Node\.js 20\.19\.0 has Node-API 9, but/);
    expect(runtimeProblem({ node: '22.14.0', napi: '10' })).toBeNull();
    expect(runtimeProblem({ node: '26.0.0', napi: '10' })).toBeNull();
  });
});
