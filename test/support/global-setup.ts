/** Builds the database from the real seeds once per test run and hands its path to every test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDatabase } from '../../src/seeds/build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databasePath: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-test-'));
  const target = join(dir, 'kb.sqlite');
  buildDatabase({ target });
  project.provide('databasePath', target);
  return () => rmSync(dir, { recursive: true, force: true });
}
