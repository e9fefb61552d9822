/**
 * No import circle in src/: dependency-cruiser's no-circular rule (.dependency-cruiser.js), type-only
 * imports included, with no baseline of known circles. A planted circle in a temporary directory
 * proves the rule reports one; the checkout's own cruise proves src/ has none, and that
 * `npm run lint:cycles` runs the rule with nothing ignored.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

const DEPCRUISE = join(PROJECT_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const CONFIG = join(PROJECT_ROOT, '.dependency-cruiser.js');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
}

/** Runs depcruise in `cwd`: the violations it reports, and its advised exit code. */
function cruise(cwd: string, args: string[]): { exitCode: number; violations: Violation[] } {
  const run = spawnSync(process.execPath, [DEPCRUISE, ...args, '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8' });
  const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[]; advisedExitCode: number } };
  return { exitCode: summary.advisedExitCode, violations: summary.violations };
}

describe('no import circle', () => {
  const planted = mkdtempSync(join(tmpdir(), 'winnet-kb-cycle-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('reports a planted circle, even one closed by a type-only import', () => {
    writeFileSync(join(planted, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } }));
    writeFileSync(join(planted, 'a.ts'), "import { b } from './b.js';\nexport interface A { n: number }\nexport const a = b + 1;\n");
    writeFileSync(join(planted, 'b.ts'), "import type { A } from './a.js';\nexport const b: A['n'] = 1;\n");
    const { exitCode, violations } = cruise(planted, ['a.ts', 'b.ts']);
    expect(exitCode).not.toBe(0);
    expect(violations.map((v) => [v.rule.name, v.from, v.to, v.cycle?.map((step) => step.name)])).toEqual([['no-circular', 'a.ts', 'b.ts', ['b.ts', 'a.ts']]]);
  });

  it('finds none in src/, with no baseline to hide one', () => {
    // lint:cycles cruises src/ as it is: no --ignore-known, no known-violations file.
    const script = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['lint:cycles'];
    expect(script).toBe('depcruise src --config .dependency-cruiser.js');
    expect(existsSync(join(PROJECT_ROOT, '.dependency-cruiser-known-violations.json'))).toBe(false);
    const { exitCode, violations } = cruise(PROJECT_ROOT, ['src']);
    expect(violations).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
