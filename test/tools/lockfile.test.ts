/**
 * `npm install` on a fresh clone leaves git status clean (issue 37): package-lock.json says what
 * npm itself would write. npm marks a package `hasInstallScript` when its package.json has a
 * preinstall, install or postinstall script, or a binding.gyp (npm's implicit `node-gyp rebuild`);
 * an entry without the mark is rewritten by the first install, as better-sqlite3's was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

interface LockEntry {
  hasInstallScript?: boolean;
  link?: boolean;
}

it('marks exactly the installed packages that have an install script', () => {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const wrong: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const manifest = join(PROJECT_ROOT, path, 'package.json');
    if (!path.startsWith('node_modules/') || entry.link || !existsSync(manifest)) continue;
    const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    const has = ['preinstall', 'install', 'postinstall'].some((s) => s in scripts) || existsSync(join(PROJECT_ROOT, path, 'binding.gyp'));
    if (has !== (entry.hasInstallScript === true)) wrong.push(`${path}: ${has ? 'has' : 'has no'} install script`);
  }
  expect(wrong).toEqual([]);
});
