/** db:build is atomic and refuses broken seeds without touching the previous database. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDatabase } from '../../src/seeds/build.js';
import { openDatabase } from '../../src/db/open.js';
import { PROJECT_ROOT, SEEDS_DIR } from '../../src/db/paths.js';
import { SeedError } from '../../src/seeds/read.js';

let dir: string;
let seeds: string;
let target: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-build-'));
  seeds = join(dir, 'seeds');
  cpSync(SEEDS_DIR, seeds, { recursive: true });
  target = join(dir, 'kb.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Replaces text in one seed file of the scratch copy. */
function breakSeed(file: string, from: string, to: string) {
  const path = join(seeds, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

describe('buildDatabase', () => {
  it('builds a database the server can open, stamped with dataset and schema versions', () => {
    const result = buildDatabase({ target, seedsDir: seeds });
    expect(result.records.features).toBe(5);
    expect(result.records.instanceTypes).toBe(1164);
    const db = openDatabase(target);
    expect(db.meta.datasetVersion).toBe(result.datasetVersion);
    expect(db.meta.datasetVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    db.close();
  });

  it('changes the dataset version exactly when a seed changes', () => {
    const first = buildDatabase({ target, seedsDir: seeds }).datasetVersion;
    expect(buildDatabase({ target, seedsDir: seeds }).datasetVersion).toBe(first);
    breakSeed('glossary.yaml', 'Host Networking Service', 'Host Networking Service (HNS)');
    expect(buildDatabase({ target, seedsDir: seeds }).datasetVersion).not.toBe(first);
  });

  it('refuses a broken reference, naming file, record and field, and keeps the previous database', () => {
    buildDatabase({ target, seedsDir: seeds });
    const before = readFileSync(target);
    breakSeed('features.yaml', 'requires: [direct-server-return]', 'requires: [direct-server-returns]');
    let error: unknown;
    try {
      buildDatabase({ target, seedsDir: seeds });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SeedError);
    const problem = (error as SeedError).problems[0]!;
    expect(problem).toMatchObject({ file: 'features.yaml', path: 'requires.0', rule: 'references-resolve' });
    expect(problem.message).toContain('"direct-server-returns" is not in features.yaml');
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('refuses a threshold written as text', () => {
    breakSeed('limitations.yaml', 'max: 64', 'max: "64"');
    expect(() => buildDatabase({ target, seedsDir: seeds })).toThrow(/limitations\.yaml > backends-per-service-64 > threshold\.max/);
    expect(existsSync(target)).toBe(false);
  });

  it('leaves the previous database untouched when loading fails midway', () => {
    buildDatabase({ target, seedsDir: seeds });
    const before = readFileSync(target);
    expect(() =>
      buildDatabase({
        target,
        seedsDir: seeds,
        afterLoad: () => {
          throw new Error('simulated failure inside the load transaction');
        },
      }),
    ).toThrow('simulated failure');
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('the CLI prints file > record > field and exits 1 on invalid seeds', () => {
    breakSeed('cni-plugins.yaml', 'mode: overlay', 'mode: overlays');
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/seeds/scripts/build-db.ts'), '--target', target, '--seeds', seeds], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      status = err.status;
      output = err.stderr;
    }
    expect(status).toBe(1);
    expect(output).toMatch(/cni-plugins\.yaml > \S+ > modes\.\d\.mode: "overlays" is not in network-modes\.yaml/);
    expect(existsSync(target)).toBe(false);
  });

  /** Runs db:build's script; its exit status and what it printed on stderr. */
  function runBuildScript(...args: string[]): { status: number; stderr: string } {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'src/seeds/scripts/build-db.ts'), '--target', target, '--seeds', seeds, ...args],
      {
        encoding: 'utf8',
      },
    );
    return { status: run.status ?? -1, stderr: run.stderr };
  }

  it('names the seed file, line and reason of an undefined alias or a YAML bomb (no stack trace)', () => {
    for (const [tail, reason] of [
      ['\nbroken: *nowhere\n', /cni-plugins\.yaml: YAML: line \d+, column \d+: alias \*nowhere refers to no anchor/],
      [
        `\na: &a [${'x,'.repeat(9)}x]\nb: &b [${'*a,'.repeat(9)}*a]\nc: [${'*b,'.repeat(9)}*b]\n`,
        /cni-plugins\.yaml: YAML: line \d+, column \d+: aliases expand to more than 100/,
      ],
    ] as const) {
      const original = readFileSync(join(seeds, 'cni-plugins.yaml'), 'utf8');
      writeFileSync(join(seeds, 'cni-plugins.yaml'), original + tail);
      try {
        const { status, stderr } = runBuildScript();
        expect(status).toBe(1);
        expect(stderr).toMatch(reason);
        expect(stderr).not.toMatch(/\n\s+at /);
      } finally {
        writeFileSync(join(seeds, 'cni-plugins.yaml'), original);
      }
    }
  });

  it('--if-stale (npm start) keeps the good database and exits 0 with a loud warning when the rebuild fails; without one it exits 1', () => {
    buildDatabase({ target, seedsDir: seeds });
    const before = readFileSync(target);
    breakSeed('cni-plugins.yaml', 'mode: overlay', 'mode: overlays');
    const { status, stderr } = runBuildScript('--if-stale');
    expect(status).toBe(0);
    expect(stderr).toMatch(/WARNING: the database was NOT rebuilt/);
    expect(stderr).toMatch(/modes\.\d\.mode: "overlays"/);
    expect(readFileSync(target).equals(before)).toBe(true);
    // A plain db:build still fails, as a CI step must; and with no database to fall back on, so does --if-stale.
    expect(runBuildScript().status).toBe(1);
    rmSync(target);
    expect(runBuildScript('--if-stale').status).toBe(1);
  });
});
