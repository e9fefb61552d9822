/**
 * Runs `winnet-kb` on the test database: in this test process (runCli, main() as the entry calls
 * it) or as a real child process (runCliProcess, node --import tsx and the entry).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { main } from '../../src/cli/program.js';
import { DEFAULT_DATABASE_PATH, PROJECT_ROOT } from '../../src/db/paths.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import { testDatabasePath } from '../support/fixtures.js';

export const ENTRY = join('src', 'cli', 'winnet-kb.ts');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Written to the child's stdin. */
  input?: string;
  cwd?: string;
  /** The script to run instead of the TypeScript entry (e.g. bin/winnet-kb.js). */
  script?: string[];
}

/** What the child process is given besides its arguments: the test database, a fixed width, no colour. */
const childEnv = (options: RunOptions): Record<string, string | undefined> => ({
  DATABASE_PATH: testDatabasePath(),
  COLUMNS: '160',
  NO_COLOR: '1',
  ...options.env,
});

/**
 * Runs `winnet-kb` as the child process does (runCliProcess), without starting one: main() of
 * src/cli/program.ts, which is all that src/cli/winnet-kb.ts runs, with the child's environment
 * variables, working directory and stdin put in place for the call, and its stdout and stderr
 * captured. A node + tsx start costs about a second of CPU per case; this costs milliseconds, and
 * the suites run hundreds of cases. Calls in one file take turns (they share process.env and the
 * working directory), and vitest's forks pool gives each test file its own process.
 *
 * It runs the child instead where only a process gives the same answer: another launcher
 * (options.script), or a DATABASE_PATH of the test's own, which src/db/paths.ts reads once, when
 * the process starts. What only a process shows (the launchers, a FIFO that never opens, the exit
 * of the entry) is tested with runCliProcess.
 */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  if (options.script !== undefined || options.env?.DATABASE_PATH !== undefined) return runCliProcess(args, options);
  const run = turns.then(() => runInProcess(args, options));
  turns = run.catch(() => undefined);
  return run;
}

let turns: Promise<unknown> = Promise.resolve();

async function runInProcess(args: readonly string[], options: RunOptions): Promise<CliResult> {
  const env = childEnv(options);
  // The child reads DATABASE_PATH when it starts (DEFAULT_DATABASE_PATH); here the module was
  // loaded long before, so the test database is given by the --database flag's own variable.
  if (resolvePath(env.DATABASE_PATH!) !== DEFAULT_DATABASE_PATH && !('WINNET_KB_DATABASE' in env) && process.env.WINNET_KB_DATABASE === undefined)
    env.WINNET_KB_DATABASE = env.DATABASE_PATH;
  const savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const savedCwd = process.cwd();
  const stdin = new PassThrough();
  stdin.end(options.input ?? '');
  const savedStdin = Object.getOwnPropertyDescriptor(process, 'stdin')!;
  // A child's stdout is a pipe: the width comes from COLUMNS, never from a terminal.
  const savedIsTty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) => {
    const stream = new PassThrough();
    stream.setEncoding('utf8').on('data', (d: string) => append(d));
    return stream;
  };
  const out = capture((d) => (stdout += d));
  const err = capture((d) => (stderr += d));
  // Some messages are written to process.stderr directly (the --url client's logger).
  const ownWrite = Object.getOwnPropertyDescriptor(process.stderr, 'write');
  try {
    for (const [k, v] of Object.entries(env))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    process.chdir(options.cwd ?? PROJECT_ROOT);
    Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
    Object.defineProperty(process.stdout, 'isTTY', { configurable: true, writable: true, value: false });
    Object.defineProperty(process.stderr, 'write', {
      configurable: true,
      writable: true,
      value: (chunk: string | Uint8Array) => ((stderr += String(chunk)), true),
    });
    const code = await main(['node', 'winnet-kb', ...args], { stdout: out, stderr: err });
    out.end();
    err.end();
    await Promise.all([new Promise((r) => out.on('end', r)), new Promise((r) => err.on('end', r))]);
    return { code, stdout, stderr };
  } finally {
    if (ownWrite) Object.defineProperty(process.stderr, 'write', ownWrite);
    else delete (process.stderr as { write?: unknown }).write;
    if (savedIsTty) Object.defineProperty(process.stdout, 'isTTY', savedIsTty);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
    Object.defineProperty(process, 'stdin', savedStdin);
    process.chdir(savedCwd);
    for (const [k, v] of Object.entries(savedEnv))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

/** Runs the real `winnet-kb` entry as a child process (node --import tsx), on the test database. */
export function runCliProcess(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, ...childEnv(options) };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.script ?? ['--import', 'tsx', ENTRY]), ...args], { cwd: options.cwd ?? PROJECT_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** The plan in an example file, as the engine takes it. */
export function examplePlan(file: string): PlanInput {
  const data = parse(readFileSync(join(PROJECT_ROOT, 'examples', file), 'utf8')) as Record<string, unknown>;
  delete data.$comment;
  return data;
}

/** slug -> URL of every source document in the test database. */
export function sourceDocumentUrls(): Map<string, string> {
  const sqlite = new Database(testDatabasePath(), { readonly: true });
  try {
    return new Map((sqlite.prepare('SELECT slug, url FROM source_documents').all() as { slug: string; url: string }[]).map((r) => [r.slug, r.url]));
  } finally {
    sqlite.close();
  }
}

export const today = () => new Date().toISOString().slice(0, 10);
