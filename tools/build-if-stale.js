#!/usr/bin/env node
// The compile step of `npm start` and of `npm install` (prepare): runs `npm run build` (tsc) only
// when dist/ is missing or older than what it is compiled from, so a restart does not spend its
// first seconds recompiling.
//
// Stale means: no dist/.build-stamp (written after each successful compile here; a bare
// `npm run build` does not write it, so the next start compiles once more), or a file or
// directory under src/, or tsconfig.json, tsconfig.build.json, package.json or package-lock.json,
// modified after the stamp (a directory's time changes when a file in it is added, removed or
// renamed, so deletions count too). A checkout or an edit touches these times.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];

/** The newest modification time (ms) under path, with the path that has it. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return { time: 0, path };
  let best = { time: stat.mtimeMs, path };
  if (stat.isDirectory())
    for (const entry of readdirSync(path)) {
      const inner = newest(join(path, entry));
      if (inner.time > best.time) best = inner;
    }
  return best;
}

function staleReason() {
  if (!existsSync(stamp)) return 'no compiled build yet (dist/.build-stamp is missing)';
  const built = statSync(stamp).mtimeMs;
  for (const input of INPUTS) {
    const changed = newest(join(root, input));
    if (changed.time > built) return `${changed.path.slice(root.length + 1)} changed after the last build`;
  }
  return null;
}

const reason = staleReason();
if (reason === null) {
  console.log('dist/ is current: no compile');
} else {
  console.log(`compiling: ${reason}`);
  // The stamp's time is the start of this compile: a source saved while tsc runs is newer, so stale.
  const started = new Date();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
}
