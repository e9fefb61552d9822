/**
 * tools/build-if-stale.js, the compile step of `npm start` and `npm install`: it compiles when
 * dist/ is missing or older than its inputs, and not otherwise (a restart used to spend 18 s
 * recompiling). Run on a copy of the script in a scratch project whose `build` script records
 * each call instead of running tsc.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

let dir: string;
const builds = () => readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;
const run = () => {
  const result = spawnSync(process.execPath, [join(dir, 'tools', 'build-if-stale.js')], { cwd: dir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
};
/** Sets a path's times `seconds` from now (negative: in the past), as an edit or a checkout would. */
const touch = (path: string, seconds: number) => {
  const at = new Date(Date.now() + seconds * 1000);
  utimesSync(join(dir, path), at, at);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-build-if-stale-'));
  mkdirSync(join(dir, 'tools'));
  mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
  copyFileSync(join(PROJECT_ROOT, 'tools', 'build-if-stale.js'), join(dir, 'tools', 'build-if-stale.js'));
  // `npm run build` here appends a line to builds.log and makes dist/ as tsc would.
  const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').appendFileSync('builds.log','built\\\\n')"`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module', scripts: { build } }));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'src/cli/a.ts']) writeFileSync(join(dir, file), '{}\n');
  writeFileSync(join(dir, 'builds.log'), '');
  for (const path of ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'src/cli/a.ts', 'src/cli', 'src']) touch(path, -60);
});
/** An edit made after the last build: the build is moved 30 s back, the edit to 10 s ago. */
const edit = (path: string) => {
  touch('dist/.build-stamp', -30);
  touch(path, -10);
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tools/build-if-stale.js', () => {
  it('compiles when there is no build yet, then not again while nothing changed', () => {
    expect(run()).toMatch(/^compiling: no compiled build yet/);
    expect(builds()).toBe(1);
    expect(run()).toBe('dist/ is current: no compile');
    expect(run()).toBe('dist/ is current: no compile');
    expect(builds()).toBe(1);
  });

  it.each([
    ['an edited source', 'src/cli/a.ts'],
    ['a changed tsconfig.build.json', 'tsconfig.build.json'],
    ['a changed package-lock.json (new dependency types)', 'package-lock.json'],
  ])('compiles again after %s', (_, path) => {
    run();
    edit(path);
    expect(run()).toBe(`compiling: ${path} changed after the last build`);
    expect(builds()).toBe(2);
    expect(run()).toBe('dist/ is current: no compile');
  });

  it('compiles again after a source file is added or removed (its directory changes)', () => {
    run();
    rmSync(join(dir, 'src/cli/a.ts'));
    edit('src/cli');
    expect(run()).toBe('compiling: src/cli changed after the last build');
    writeFileSync(join(dir, 'src/b.ts'), '\n');
    edit('src/b.ts');
    // The new file and its directory are both newer than the build; either is named.
    expect(run()).toMatch(/^compiling: src(\/b\.ts)? changed after the last build$/);
    expect(builds()).toBe(3);
  });

  it('compiles again when dist/ was deleted, and fails with the build when the build fails', () => {
    run();
    rmSync(join(dir, 'dist'), { recursive: true });
    expect(run()).toMatch(/^compiling: no compiled build yet/);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    pkg.scripts.build = 'node -e "process.exit(2)"';
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    edit('package.json');
    const failed = spawnSync(process.execPath, [join(dir, 'tools', 'build-if-stale.js')], { cwd: dir, encoding: 'utf8' });
    expect(failed.status).toBe(2);
    // The failed compile left the stamp as it was: the next start tries again.
    pkg.scripts.build = `node -e "require('fs').appendFileSync('builds.log','built\\\\n')"`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    touch('package.json', -5);
    expect(run()).toMatch(/^compiling: package\.json changed/);
  });
});
