/** Rebuilding the database under a running server does not disturb the requests it is answering. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDatabase } from '../../src/seeds/build.js';
import { startApp, testDatabasePath, type RunningApp } from '../support/fixtures.js';

let dir: string;
let target: string;
let app: RunningApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-rebuild-'));
  target = join(dir, 'kb.sqlite');
  copyFileSync(testDatabasePath(), target);
  app = await startApp({ databasePath: target });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers every request while the file is rebuilt and renamed over three times', async () => {
  let stop = false;
  const failures: string[] = [];
  let answered = 0;
  const traffic = (async () => {
    while (!stop) {
      const { status, body } = await app.graphql<{ cniPlugins: { slug: string; limitations: { slug: string }[] }[] }>(
        '{ cniPlugins { slug limitations { slug sources { section } } } }',
      );
      if (status !== 200 || body.errors || body.data!.cniPlugins.length < 8) failures.push(`${status} ${JSON.stringify(body.errors)}`);
      answered++;
    }
  })();
  for (let i = 0; i < 3; i++) {
    buildDatabase({ target });
    // Serve from the renamed-over file before the next rebuild: two more answers, however long
    // they take on a busy machine (a fixed 50 ms pause let fewer than one through under load).
    const before = answered;
    while (answered < before + 2) await new Promise((r) => setTimeout(r, 10));
  }
  stop = true;
  await traffic;
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThanOrEqual(6);
});
