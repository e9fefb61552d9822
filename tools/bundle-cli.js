#!/usr/bin/env node
// `npm run build` (after tsc): the `winnet-kb` command as one bundled ES module entry with a chunk
// per lazily imported command (dist/cli/), so a command loads what it runs and no more: check and
// scan read no GraphQL, Apollo or drizzle code; explain, capacity and search load theirs when they
// run. Node resolves a few hundred small files slowly; one file per path starts in a fraction of
// the time (BENCHMARKS.md, "CLI start-up"). better-sqlite3 stays a package: it loads a native binding.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(root, 'src', 'cli', 'winnet-kb.ts')],
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
