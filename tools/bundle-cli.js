#!/usr/bin/env node
// `npm run build` (after tsc): the `winnet-kb` command as one bundled ES module entry with a chunk
// per lazily imported command (dist/cli/), so a command loads what it runs and no more: check and
// scan read no GraphQL, Apollo or drizzle code; explain, capacity and search load theirs when they
// run. Node resolves a few hundred small files slowly; one file per path starts in a fraction of
// the time (BENCHMARKS.md, "CLI start-up"). better-sqlite3 stays a package: it loads a native binding.
// The database builder (src/seeds/scripts/build-db.ts) is a second entry, dist/cli/build-db.js:
// the GitHub Action runs both without the development dependencies (action/scan.sh), with esbuild
// installed on its own and named by WINNET_KB_ESBUILD (its package directory).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const esbuild = process.env.WINNET_KB_ESBUILD ? pathToFileURL(join(process.env.WINNET_KB_ESBUILD, 'lib', 'main.js')).href : 'esbuild';
const { build } = await import(esbuild);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { 'winnet-kb': join(root, 'src', 'cli', 'winnet-kb.ts'), 'build-db': join(root, 'src', 'seeds', 'scripts', 'build-db.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['better-sqlite3'],
  // CommonJS dependencies call require(); an ES module has none, so the bundle makes one.
  banner: { js: "import { createRequire as __winnetKbRequire } from 'node:module';\nconst require = __winnetKbRequire(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'eof',
  logLevel: 'warning',
  metafile: true,
});
if (process.env.BUNDLE_META) (await import('node:fs')).writeFileSync(process.env.BUNDLE_META, JSON.stringify(result.metafile));
