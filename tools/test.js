#!/usr/bin/env node
// `npm test`: the typecheck (tsc), ESLint, Prettier and the vitest suite (its project `suite`:
// every file but the end-to-end ones of `npm run test:e2e`), side by side rather than one after
// the other. Each is single-threaded for most of its run and the suite waits on servers and
// child processes much of its time, so two cores are kept busy. Vitest prints as it goes; each
// check prints its output when it ends, with its time. The exit code is 1 when any failed.
//
// Usage: node tools/test.js [vitest arguments]   (`npm test -- --reporter=dot` passes them on)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (path) => join(root, 'node_modules', path);

/** The checks, as `npm run typecheck` and `npm run lint` run them (package.json). */
const CHECKS = [
  { name: 'typecheck', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'eslint', args: [bin('eslint/bin/eslint.js'), '.'] },
  { name: 'prettier', args: [bin('prettier/bin/prettier.cjs'), '--check', '.'] },
];

function run(args, stdio) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (d) => (output += d));
  child.stderr?.setEncoding('utf8').on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n`, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }));
  });
}

const checks = CHECKS.map((check) =>
  run(check.args, ['ignore', 'pipe', 'pipe']).then((result) => {
    const status = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
    process.stdout.write(`\n${check.name}: ${status} in ${result.seconds.toFixed(1)} s\n${result.output}`);
    return { ...check, ...result };
  }),
);
const vitest = run([bin('vitest/vitest.mjs'), 'run', '--project', 'suite', ...process.argv.slice(2)], 'inherit');

const results = [...(await Promise.all(checks)), { name: 'vitest', ...(await vitest) }];
const failed = results.filter((r) => r.code !== 0);
process.stdout.write(`\n${results.map((r) => `${r.name} ${r.code === 0 ? 'ok' : 'FAILED'} (${r.seconds.toFixed(1)} s)`).join(', ')}\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
