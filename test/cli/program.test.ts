/**
 * The command line as a whole: help, version, unknown commands, the database refusals, the
 * exit-code contract, and the bin launcher.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { EXIT_COMPATIBLE_WITH_WARNINGS, EXIT_INCOMPATIBLE, EXIT_OK, EXIT_USAGE_OR_DATA_ERROR, exitCodeFor } from '../../src/cli/exit-codes.js';
import { testDatabasePath } from '../support/fixtures.js';
import { runCliProcess as runCli } from './cli-helpers.js';

// The real entry, each time in a child process (the other CLI suites run main() in-process); on a
// busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-cli-program-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const packageJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string; bin?: Record<string, string> };

describe('the exit-code contract', () => {
  it('has the documented numbers', () => {
    expect([EXIT_OK, EXIT_USAGE_OR_DATA_ERROR, EXIT_COMPATIBLE_WITH_WARNINGS, EXIT_INCOMPATIBLE]).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['COMPATIBLE', 'error', 0],
    ['COMPATIBLE_WITH_WARNINGS', 'error', 0],
    ['INCOMPATIBLE', 'error', 3],
    ['COMPATIBLE', 'warning', 0],
    ['COMPATIBLE_WITH_WARNINGS', 'warning', 2],
    ['INCOMPATIBLE', 'warning', 3],
    ['COMPATIBLE', 'none', 0],
    ['COMPATIBLE_WITH_WARNINGS', 'none', 0],
    ['INCOMPATIBLE', 'none', 0],
  ] as const)('%s with --fail-on %s exits %i', (verdict, failOn, code) => {
    expect(exitCodeFor(verdict, failOn)).toBe(code);
  });
});

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(packageJson.version);
  });

  it('--help lists the commands and documents the exit codes', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const text of [
      'check [options] <plan>',
      'explain [options] <slug>',
      'capacity [options] <instance-type>',
      '--database <path>',
      'Exit codes:',
      '--fail-on warning  INCOMPATIBLE exits 3; COMPATIBLE_WITH_WARNINGS exits 2',
    ])
      expect(result.stdout).toContain(text);
  });

  it.concurrent.each([
    [
      'check',
      [
        '--output <format>',
        '--fail-on <level>',
        '--url <url>',
        'windowsVersion, windowsBuildRevision, windowsBuild, cniPlugin',
        'kubeletMaxPods',
        '3  INCOMPATIBLE',
      ],
    ],
    ['explain', ['--kind <kind>', 'windows-version', 'instance-type']],
    ['capacity', ['--mode <mode>', 'secondary-ip', 'prefix-delegation', '--kubelet-max-pods <n>']],
  ])('%s --help documents its options', async (command, texts) => {
    const result = await runCli([command, '--help']);
    expect(result.code).toBe(0);
    for (const text of texts) expect(result.stdout).toContain(text);
  });

  it.concurrent.each([
    ['no command', [], /Usage: winnet-kb/],
    ['an unknown command', ['judge', 'plan.yaml'], /unknown command 'judge'/],
    ['an unknown global flag', ['--verbose', 'check', 'examples/compatible.yaml'], /unknown option '--verbose'/],
  ])('%s exits 1', async (_, args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});

describe('the database', () => {
  it.concurrent.each([
    ['check', ['check', 'examples/compatible.yaml']],
    ['explain', ['explain', 'flannel']],
    ['capacity', ['capacity', 'm5.large']],
  ])('%s: a missing database exits 1 and says how to build it', async (_, args) => {
    const missing = join(scratch, 'missing.sqlite');
    const result = await runCli(['--database', missing, ...args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`database ${missing} does not exist`);
    expect(result.stderr).toContain('npm run db:build');
  });

  it('a stale database (built from other seeds) exits 1 and says how to rebuild it', async () => {
    const stale = join(scratch, 'stale.sqlite');
    copyFileSync(testDatabasePath(), stale);
    const sqlite = new Database(stale);
    sqlite.prepare("UPDATE dataset_meta SET value = '0.0.0+000000000000' WHERE key = 'datasetVersion'").run();
    sqlite.close();
    const result = await runCli(['check', 'examples/compatible.yaml'], { env: { DATABASE_PATH: stale } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/database .*stale\.sqlite is stale: it was built from dataset 0\.0\.0\+000000000000, the seeds in .* are now \S+/);
    expect(result.stderr).toContain('npm run db:build');
  });

  it('a file that is not a database exits 1', async () => {
    const result = await runCli(['--database', join(PROJECT_ROOT, 'examples', 'compatible.yaml'), 'explain', 'flannel']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run db:build');
  });

  it('--database after the command works as well as before it', async () => {
    const result = await runCli(['explain', 'eks', '--database', testDatabasePath()], { env: { DATABASE_PATH: join(scratch, 'missing.sqlite') } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Environment: /);
  });
});

describe('bin/winnet-kb.js', () => {
  it('is the package bin and runs the compiled entry', () => {
    expect(packageJson.bin?.['winnet-kb']).toBe('bin/winnet-kb.js');
    const launcher = readFileSync(join(PROJECT_ROOT, 'bin', 'winnet-kb.js'), 'utf8');
    expect(launcher.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(launcher).toContain("import('../dist/cli/winnet-kb.js')");
    // Node's compile cache: the bundle's compiled code is reused from the second run on.
    expect(launcher).toContain('module.enableCompileCache?.()');
  });

  it('says to run the build when dist/ is missing', async () => {
    const copy = join(scratch, 'no-build');
    mkdirSync(join(copy, 'bin'), { recursive: true });
    copyFileSync(join(PROJECT_ROOT, 'bin', 'winnet-kb.js'), join(copy, 'bin', 'winnet-kb.js'));
    const result = await runCli(['--version'], { script: [join(copy, 'bin', 'winnet-kb.js')], cwd: copy });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('npm run build');
  });
});
