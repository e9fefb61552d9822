/**
 * The package to hand around, and the CI gate built on it.
 *
 * The package: `npm pack` makes a tarball that installs with
 * `npm install -g ./winnet-kb-*.tgz` offline (every dependency is bundled), runs no install
 * script, compiles nothing, and carries the compiled code, the built database and the patched
 * @apollo/server; `winnet-kb check`, `winnet-kb scan` and `winnet-kb-server` run from a temporary
 * prefix on the embedded database.
 *
 * Packing runs `npm run prepare` (through tools/pack-manifest.js, which also rewrites package.json
 * while npm packs), so it runs in a copy of this checkout (node_modules hard-linked, times kept):
 * other test files read package.json meanwhile. The copy compiles and builds its database only if
 * they are stale, which after `npm ci` they are not.
 *
 * The GitHub Action (action.yml): its steps are action/scan.sh, run here as the action runs it
 * (with npm offline): its install of the packed tarball is the one the package tests then use, and
 * its SARIF must pass the official schema.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { errorsOf, sarifValidator } from '../support/sarif.js';

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-tarball-'));
const prefix = join(scratch, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', 'winnet-kb');
const bin = (name: string) => join(prefix, 'bin', name);

/** The environment of a user's shell: this node first on PATH, no npm lifecycle variables, no DATABASE_PATH. */
const userEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'DATABASE_PATH' && !k.startsWith('WINNET_KB_')) env[k] = v;
  env.PATH = [dirname(process.execPath), env.PATH].join(delimiter);
  return env;
};
const run = (command: string, args: string[], cwd = scratch): SpawnSyncReturns<string> =>
  spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', maxBuffer: 64 << 20 });

let tarball: string;
let packedFiles: string[];
let work: string;
let outputs: string;
/** action/scan.sh: installs the tarball into `prefix`, scans, writes SARIF. */
let action: SpawnSyncReturns<string>;

beforeAll(() => {
  const checkout = join(scratch, 'checkout');
  cpSync(PROJECT_ROOT, checkout, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !['.git', 'node_modules', 'test-results', '.bench'].includes(source.slice(PROJECT_ROOT.length).split(/[\\/]/)[1] ?? ''),
  });
  const linked = spawnSync('cp', ['-al', join(PROJECT_ROOT, 'node_modules'), join(checkout, 'node_modules')], { encoding: 'utf8' });
  expect(linked.status, linked.stderr).toBe(0);
  const packed = run('npm', ['pack', '--json', '--pack-destination', scratch], checkout);
  expect(packed.status, packed.stderr).toBe(0);
  // Lifecycle output (prepare) comes first on stdout; the JSON report is last.
  const report = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as { filename: string; files: { path: string }[] }[];
  tarball = join(scratch, report[0]!.filename);
  packedFiles = report[0]!.files.map((f) => f.path);
  work = mkdtempSync(join(scratch, 'action-'));
  outputs = join(work, 'github-output');
  writeFileSync(outputs, '');
  action = spawnSync(join(PROJECT_ROOT, 'action/scan.sh'), [], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: {
      ...userEnv(),
      // What the runner and action.yml set; npm offline: the tarball must carry everything.
      RUNNER_TEMP: work,
      GITHUB_OUTPUT: outputs,
      npm_config_offline: 'true',
      WINNET_KB_ACTION_PACKAGE: tarball,
      WINNET_KB_ACTION_PREFIX: prefix,
      WINNET_KB_ACTION_PATHS: `${join(PROJECT_ROOT, 'test/fixtures/scan/constructed')}\n${join(PROJECT_ROOT, 'test/fixtures/scan/real/sig-windows-tools-flannel-host-gw.yml')}`,
      WINNET_KB_ACTION_FAIL_ON: 'error',
    },
  });
}, 600_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('carries the compiled code, the built database, the SDL, the migrations and every dependency, and no sources', () => {
    for (const path of [
      'bin/winnet-kb.js',
      'bin/winnet-kb-server.js',
      'dist/src/cli/winnet-kb.js',
      'dist/cli/winnet-kb.js',
      'dist/src/server/main.js',
      'data/winnet-kb.sqlite',
      'data/winnet-kb.knowledge.v8',
      'docs/api.md',
      'schema/verdicts.graphql',
      'migrations/meta/_journal.json',
      'tsconfig.build.json',
      'node_modules/better-sqlite3/prebuilds/linux-x64.node',
      'node_modules/@apollo/server/package.json',
    ])
      expect(packedFiles, path).toContain(path);
    for (const prefixOfSources of ['src/', 'seeds/', 'test/', 'tools/', 'patches/', 'node_modules/typescript/', 'node_modules/tsx/', 'node_modules/vitest/'])
      expect(
        packedFiles.filter((p) => p.startsWith(prefixOfSources)),
        prefixOfSources,
      ).toEqual([]);
    expect(packedFiles.filter((p) => p.startsWith('dist/') && p.endsWith('.map'))).toEqual([]);
  });

  it('has a manifest without install scripts, dev dependencies or checkout settings; the checkout keeps its own', () => {
    const inTarball = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
    const manifest = JSON.parse(inTarball.stdout) as Record<string, unknown>;
    for (const key of ['scripts', 'devDependencies', 'allowScripts', 'overrides']) expect(manifest, key).not.toHaveProperty(key);
    expect(manifest).toMatchObject({ name: 'winnet-kb', private: true, bundleDependencies: true, bin: { 'winnet-kb': 'bin/winnet-kb.js' } });
    const checkout = JSON.parse(readFileSync(join(scratch, 'checkout', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(checkout.scripts.prepare).toBeDefined();
    expect(existsSync(join(scratch, 'checkout', '.package.json.before-pack'))).toBe(false);
  });

  it('installs globally, offline, with no install script and nothing compiled, into a temporary prefix', () => {
    expect(action.stdout, action.stderr).toContain(`winnet-kb action: installing ${tarball} into ${prefix}`);
    expect(action.stdout).toMatch(/^added 1 package/m);
    expect(action.stdout).not.toContain('running');
    expect(action.stderr).not.toMatch(/install-scripts|gyp|npm error/);
    expect(existsSync(bin('winnet-kb'))).toBe(true);
    expect(existsSync(bin('winnet-kb-server'))).toBe(true);
    const modules = readdirSync(join(installed, 'node_modules'));
    for (const dev of ['typescript', 'tsx', 'vitest', 'patch-package', 'drizzle-kit']) expect(modules, dev).not.toContain(dev);
    expect(existsSync(join(installed, 'node_modules/better-sqlite3/build'))).toBe(false);
    // The patch to @apollo/server (docs/operations.md, "The patched dependency") is in the installed copy.
    const patched = readFileSync(join(installed, 'node_modules/@apollo/server/dist/esm/utils/makeGatewayGraphQLRequestContext.js'), 'utf8');
    expect(patched).toContain('class GatewayResponseHttp');
  });

  it('winnet-kb check judges a plan on the embedded database, from any directory', () => {
    const result = run(bin('winnet-kb'), ['check', join(PROJECT_ROOT, 'examples/incompatible.yaml'), '--output', 'json']);
    expect(result.status, result.stderr).toBe(3);
    const report = JSON.parse(result.stdout) as { verdict: string; datasetVersion: string };
    expect(report.verdict).toBe('INCOMPATIBLE');
    expect(report.datasetVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(run(bin('winnet-kb'), ['--version']).stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('winnet-kb scan writes valid SARIF', () => {
    const result = run(bin('winnet-kb'), [
      'scan',
      join(PROJECT_ROOT, 'test/fixtures/scan/constructed/eks-cluster.json'),
      '--output',
      'sarif',
      '--fail-on',
      'none',
    ]);
    expect(result.status, result.stderr).toBe(0);
    const validate = sarifValidator();
    const log = JSON.parse(result.stdout) as unknown;
    expect(validate(log), errorsOf(validate)).toBe(true);
  });

  it('winnet-kb-server serves GraphQL and GraphiQL on the embedded database and exits 0 on SIGTERM', async () => {
    const server = spawn(bin('winnet-kb-server'), [], { cwd: scratch, env: { ...userEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
    let log = '';
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line in: ${log}`)), 60_000);
        const onData = (d: Buffer) => {
          log += d.toString();
          const match = /GraphQL (http:\/\/[^\s/]+)\/graphql/.exec(log);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        server.stdout.on('data', onData);
        server.stderr.on('data', onData);
        server.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
      });
      const answer = await fetch(`${address}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ cniPlugin(slug: "win-overlay") { slug } }' }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ data: { cniPlugin: { slug: 'win-overlay' } }, extensions: { cost: { requested: expect.any(Number) } } });
      expect((await fetch(`${address}/graphiql`)).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

describe('the GitHub Action (action.yml) and its script (action/scan.sh)', () => {
  const manifest = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; steps: { id?: string; run?: string; uses?: string; env?: Record<string, string>; with?: Record<string, string> }[] };
  };
  const script = readFileSync(join(PROJECT_ROOT, 'action/scan.sh'), 'utf8');

  it('is a composite action whose scan step is the script, given every input it reads', () => {
    expect(manifest.runs.using).toBe('composite');
    const scan = manifest.runs.steps.find((s) => s.id === 'scan')!;
    expect(scan.run).toContain('$GITHUB_ACTION_PATH/action/scan.sh');
    const read = [...new Set([...script.matchAll(/\$\{(WINNET_KB_ACTION_[A-Z_]+)/g)].map((m) => m[1]!))].sort();
    // The install prefix is the runner's temporary directory unless a caller (this test) names one.
    expect([...Object.keys(scan.env!), 'WINNET_KB_ACTION_PREFIX'].sort()).toEqual(read);
    for (const value of Object.values(scan.env!))
      if (!value.startsWith('${{ github.')) expect(Object.keys(manifest.inputs)).toContain(/inputs\.([a-z-]+)/.exec(value)![1]);
    const upload = manifest.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    expect(upload.with!.sarif_file).toBe('${{ inputs.sarif-file }}');
  });

  it('installed the tarball (above), scanned, wrote valid SARIF and exited by --fail-on, with outputs for later steps', () => {
    expect(action.status, action.stderr).toBe(3);
    // One scan: the log's lines are read from the SARIF it wrote.
    expect(action.stdout).toMatch(/^\S+:\d+: error UNSUPPORTED_FUNCTIONALITY: /m);
    expect(action.stdout).toMatch(/^winnet-kb action: [1-9]\d* error\(s\), \d+ warning\(s\), \d+ note\(s\) in winnet-kb\.sarif$/m);
    expect(action.stdout).toContain('winnet-kb action: scan exited 3 (--fail-on error)');
    expect(readFileSync(outputs, 'utf8')).toBe('exit-code=3\nsarif-file=winnet-kb.sarif\n');
    const log = JSON.parse(readFileSync(join(work, 'winnet-kb.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    const validate = sarifValidator();
    expect(validate(log), errorsOf(validate)).toBe(true);
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['UNSUPPORTED_FUNCTIONALITY', 'FEATURE_REQUIRES_NEWER_WINDOWS']));
  });

  it('without a package, runs its own checkout in place: no pack, no install, the database built into the prefix, one scan', () => {
    const here = mkdtempSync(join(scratch, 'in-place-'));
    const inPlace = spawnSync(join(scratch, 'checkout', 'action/scan.sh'), [], {
      cwd: here,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      env: {
        ...userEnv(),
        npm_config_offline: 'true',
        WINNET_KB_ACTION_PREFIX: join(here, 'prefix'),
        WINNET_KB_ACTION_PATHS: join(PROJECT_ROOT, 'test/fixtures/scan/public/aws-vpc-resource-controller-eksctl-cluster.yaml'),
        WINNET_KB_ACTION_DOCS_URL: 'https://github.com/example/winnet-kb/blob/v1/docs/api.md',
      },
    });
    expect(inPlace.status, inPlace.stderr).toBe(0);
    expect(inPlace.stdout).toContain(`winnet-kb action: running ${join(scratch, 'checkout')} in place`);
    expect(inPlace.stdout).not.toMatch(/npm pack|^added/m);
    expect(existsSync(join(here, 'prefix', 'data', 'winnet-kb.knowledge.v8'))).toBe(true);
    expect(inPlace.stdout).toMatch(/: warning NODE_OS_UNSUPPORTED: /);
    const log = JSON.parse(readFileSync(join(here, 'winnet-kb.sarif'), 'utf8')) as { runs: { tool: { driver: { rules: { helpUri: string }[] } } }[] };
    expect(log.runs[0]!.tool.driver.rules[0]!.helpUri).toMatch(/^https:\/\/github\.com\/example\/winnet-kb\/blob\/v1\/docs\/api\.md#code-/);
  });
});
