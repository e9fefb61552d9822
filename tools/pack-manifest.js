#!/usr/bin/env node
// `npm pack`'s prepack and postpack steps. The tarball is installed with `npm install -g`, where
// npm treats a local tarball's `prepare` as an install script: it would warn about it, and run it
// if allowed (patch-package, tsc and the seeds, none of which the tarball carries). So:
//
//   prepack:  runs `npm run prepare` here (patch, compile if stale, build the database if stale),
//             then writes package.json without scripts, devDependencies, allowScripts and
//             overrides (what only a checkout uses), keeping the original beside it;
//   postpack: puts the original package.json back.
//
// npm reads package.json again after prepack, so the tarball carries the stripped one, and finds
// no `prepare` left to run. A pack that fails between the two leaves the original in
// .package.json.before-pack; the next prepack or postpack restores it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const backup = join(root, '.package.json.before-pack');
const CHECKOUT_ONLY = ['scripts', 'devDependencies', 'allowScripts', 'overrides'];

const restore = () => existsSync(backup) && renameSync(backup, manifest);

const step = process.argv[2];
if (step === 'prepack') {
  restore();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const prepared = spawnSync(npm, ['run', 'prepare'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
  const original = readFileSync(manifest, 'utf8');
  const packed = JSON.parse(original);
  for (const key of CHECKOUT_ONLY) delete packed[key];
  writeFileSync(backup, original);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (step === 'postpack') {
  restore();
} else {
  console.error('usage: node tools/pack-manifest.js prepack|postpack');
  process.exit(1);
}
