/**
 * `npm run bench:check [-- --results FILE]`: a short benchmark run (or an existing results
 * file) judged by ratios only, never absolute times, with a 20% margin on each ratio target:
 * uncached lookups at least 0.8x the baseline, cached GETs at least 1.6x, and so on. Absolute
 * targets (latency, start-up, memory) are printed for reading, not enforced: they depend on the
 * machine. Exits 1 when a ratio misses.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { evaluateTargets, type Results } from './report.js';

const MARGIN = 0.8;
const { values } = parseArgs({ options: { results: { type: 'string' } } });

let file = values.results;
if (!file) {
  file = join(PROJECT_ROOT, 'test-results/bench-check.json');
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(PROJECT_ROOT, 'bench/bench.ts'),
      '--seconds',
      '3',
      '--warmup',
      '1',
      '--settle',
      '5',
      '--rounds',
      '1',
      '--scale-factor',
      '100',
      '--out',
      file,
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
const checks = evaluateTargets(results, MARGIN);
for (const c of checks)
  console.log(
    `${c.kind === 'ratio' ? (c.met ? 'ok  ' : 'FAIL') : c.met ? 'ok  ' : 'note'} ${c.name}: ${c.value} (target ${c.target}${c.kind === 'absolute' ? ', not enforced' : ''})`,
  );
const failed = checks.filter((c) => c.kind === 'ratio' && !c.met);
console.log(
  failed.length === 0
    ? `bench:check passed (${checks.filter((c) => c.kind === 'ratio').length} ratio targets, margin ${MARGIN})`
    : `bench:check failed: ${failed.length} ratio target(s) missed`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
