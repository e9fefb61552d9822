/** A build killed with SIGKILL mid-transaction leaves the previous database intact and servable. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildDatabase } from '../../src/seeds/build.js';
import { openDatabase } from '../../src/db/open.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-crash-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function startSlowBuild(target: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'test/support/slow-build.ts'), target], { stdio: ['ignore', 'pipe', 'pipe'] });
  const loaded = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('LOADED')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`build exited (${code}) before loading`)));
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_, signal) => resolve(signal)));
  return { child, loaded, exited };
}

it('kill -9 during the load transaction keeps the previous database byte for byte', async () => {
  const target = join(dir, 'kb.sqlite');
  const previous = buildDatabase({ target });
  const before = readFileSync(target);

  const build = startSlowBuild(target);
  await build.loaded;
  // The half-built database exists beside the target at this point.
  expect(readdirSync(dir).some((f) => f.includes('.building-'))).toBe(true);
  build.child.kill('SIGKILL');
  expect(await build.exited).toBe('SIGKILL');

  expect(readFileSync(target).equals(before)).toBe(true);
  const db = openDatabase(target);
  expect(db.meta.datasetVersion).toBe(previous.datasetVersion);
  expect(db.sqlite.prepare('SELECT count(*) AS n FROM features').get()).toEqual({ n: 5 });
  db.close();

  // The next build clears the dead build's leftovers and succeeds.
  buildDatabase({ target });
  expect(readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
});

it('kill -9 of a first build leaves no database at all rather than a partial one', async () => {
  const target = join(dir, 'first.sqlite');
  const build = startSlowBuild(target);
  await build.loaded;
  build.child.kill('SIGKILL');
  await build.exited;
  expect(existsSync(target)).toBe(false);
});
