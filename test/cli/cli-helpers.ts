/** Runs the real `winnet-kb` entry as a child process (node --import tsx), on the test database. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/db/paths.js';
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

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_PATH: testDatabasePath(), COLUMNS: '160', NO_COLOR: '1', ...options.env };
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
