/**
 * What a CI gate needs besides the verdict: every flag settable by a WINNET_KB_* variable,
 * --output-file, and accepted findings (.winnet-kb-ignore, --ignore) that stay in every output
 * format, marked with their reason, and stop counting towards --fail-on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { Command, Option } from 'commander';
import { parse } from 'yaml';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { IGNORE_FILE } from '../../src/cli/accept.js';
import { buildProgram, envVarOf } from '../../src/cli/program.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { errorsOf, sarifValidator } from '../support/sarif.js';
import { ENTRY, runCli, runCliProcess, type RunOptions } from './cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-cli-gate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const at = (...parts: string[]) => join(PROJECT_ROOT, ...parts);
const EKS = at('test/fixtures/scan/constructed/eks-cluster.json');
/** The real entry as a child process from any working directory (where a .winnet-kb-ignore may lie): tsx and the entry by absolute path. */
const runCliElsewhere = (args: readonly string[], options: RunOptions = {}) =>
  runCliProcess(args, { ...options, script: ['--import', import.meta.resolve('tsx'), at(ENTRY)] });

describe('WINNET_KB_* environment variables', () => {
  const program = buildProgram({ stdout: process.stdout, stderr: process.stderr }, () => {});
  const commands = [program, ...program.commands];
  const flagged = commands.flatMap((command) =>
    (command.options as Option[]).filter((o) => o.long !== '--help' && o.long !== '--version').map((option) => ({ command, option })),
  );
  /** A value each flag accepts, other than its default. A new flag with a parser or choices needs one here. */
  const SAMPLE: Record<string, string> = {
    '--timeout': '1234',
    '--kubelet-max-pods': '150',
    '--first': '3',
    '--target-kubernetes-version': '1.34',
    '--max-file-bytes': '64MiB',
    '--max-total-bytes': '512MiB',
    '--read-timeout': '60',
    '--ignore': 'CAVEAT:some-subject',
  };
  const sample = (option: Option) => SAMPLE[option.long!] ?? option.argChoices?.find((c) => c !== option.defaultValue) ?? `/tmp/${option.long!.slice(2)}`;
  const ARGUMENTS: Record<string, string[]> = { check: ['plan.yaml'], scan: ['manifests/'], explain: ['nat'], capacity: ['m5.large'], search: ['dsr'] };

  /** The options a command's action receives (its own and the global ones) for these arguments and environment. */
  async function parsedOptions(commandName: string, args: string[], env: Record<string, string>): Promise<Record<string, unknown>> {
    const fresh = buildProgram({ stdout: process.stdout, stderr: process.stderr }, () => {});
    let seen: Record<string, unknown> = {};
    for (const c of fresh.commands) c.action((...received: unknown[]) => void (seen = (received.at(-1) as Command).optsWithGlobals()));
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      await fresh.parseAsync(['node', 'winnet-kb', commandName, ...args]);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
    return seen;
  }

  it('every flag of every command has one, WINNET_KB_ and its long name in capitals, shown in --help', () => {
    expect(flagged.length).toBeGreaterThan(20);
    for (const { command, option } of flagged) {
      expect(envVarOf(option), `${command.name()} ${option.long}`).toMatch(/^WINNET_KB_[A-Z][A-Z_]*$/);
      expect(option.envVar, `${command.name()} ${option.long}`).toBe(envVarOf(option));
      expect(command.helpInformation().replace(/\s+/g, ' ')).toContain(`env: ${envVarOf(option)})`);
    }
    expect(envVarOf(flagged.find(({ option }) => option.long === '--fail-on')!.option)).toBe('WINNET_KB_FAIL_ON');
  });

  it('each variable gives the value its flag gives, and the flag on the command line wins over it', async () => {
    for (const { command, option } of flagged) {
      const names = command === program ? program.commands.map((c) => c.name()) : [command.name()];
      for (const name of names) {
        const key = option.attributeName();
        const value = sample(option);
        // A boolean flag (--show-all) takes no value on the command line; its variable sets it whatever it holds.
        const flagArgs = option.required || option.optional ? [option.long!, value] : [option.long!];
        const viaFlag = await parsedOptions(name, [...ARGUMENTS[name]!, ...flagArgs], {});
        const viaEnv = await parsedOptions(name, ARGUMENTS[name]!, { [envVarOf(option)!]: value });
        const neither = await parsedOptions(name, ARGUMENTS[name]!, {});
        expect(viaEnv[key], `${name} ${envVarOf(option)}`).toEqual(viaFlag[key]);
        expect(viaEnv[key], `${name} ${envVarOf(option)} changes the value`).not.toEqual(neither[key]);
        const both = await parsedOptions(name, [...ARGUMENTS[name]!, ...flagArgs], { [envVarOf(option)!]: `${value}-from-env` });
        expect(both[key], `${name} ${option.long} beats ${envVarOf(option)}`).toEqual(viaFlag[key]);
      }
    }
  });

  it('the real CLI reads them: WINNET_KB_FAIL_ON=warning fails a plan with warnings; a bad value is a usage error naming the variable', async () => {
    expect((await runCli(['check', 'examples/warnings.yaml'])).code).toBe(0);
    expect((await runCli(['check', 'examples/warnings.yaml'], { env: { WINNET_KB_FAIL_ON: 'warning' } })).code).toBe(2);
    const bad = await runCli(['check', 'examples/warnings.yaml'], { env: { WINNET_KB_FAIL_ON: 'sometimes' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("value 'sometimes' from env 'WINNET_KB_FAIL_ON' is invalid");
  });
});

describe('--output-file', () => {
  it('writes the report to the file, nothing to stdout, and keeps the exit code', async () => {
    const file = join(scratch, 'report.json');
    const result = await runCli(['check', 'examples/incompatible.yaml', '--output', 'json', '--output-file', file]);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const direct = await runCli(['check', 'examples/incompatible.yaml', '--output', 'json']);
    expect(readFileSync(file, 'utf8')).toBe(direct.stdout);
  });

  it('works for scan in every format and for the other commands', async () => {
    for (const format of ['table', 'json', 'markdown', 'sarif', 'junit']) {
      const file = join(scratch, `scan.${format}`);
      const result = await runCli(['scan', EKS, '--output', format, '--output-file', file, '--fail-on', 'none']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('');
      expect(readFileSync(file, 'utf8')).toBe((await runCli(['scan', EKS, '--output', format, '--fail-on', 'none'])).stdout);
    }
    const explain = join(scratch, 'explain.txt');
    expect((await runCli(['explain', 'nat', '--output-file', explain])).code).toBe(0);
    expect(readFileSync(explain, 'utf8')).toContain('nat');
  });

  it('leaves no file behind on a usage error, and says so when it cannot write', async () => {
    const file = join(scratch, 'never.json');
    const result = await runCli(['check', 'examples/invalid.yaml', '--output-file', file]);
    expect(result.code).toBe(1);
    expect(existsSync(file)).toBe(false);
    const unwritable = await runCli(['check', 'examples/compatible.yaml', '--output-file', join(scratch, 'no-such-dir', 'x.txt')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/cannot write --output-file .*no-such-dir/);
  });
});

describe('accepted findings', () => {
  let dir: string;
  const withIgnoreFile = (text: string) => {
    dir = mkdtempSync(join(scratch, 'accept-'));
    writeFileSync(join(dir, IGNORE_FILE), text);
    return dir;
  };
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const IGNORE = [
    '# Judged by the platform team; see the network design record.',
    'FEATURE_REQUIRES_NEWER_WINDOWS:session-affinity the 2019 node group is drained in March',
    '',
    'UNSUPPORTED_FUNCTIONALITY:host-network-mode legacy agent, replaced by the HostProcess DaemonSet',
    'NETWORK_POLICY_UNSUPPORTED:amazon-vpc-cni the policy is documentation only until the network policy agent is on',
    'CONTAINER_IMAGE_OS_MISMATCH:windows-server-2019 the IIS image gets a Server 2022 variant next sprint',
  ].join('\n');

  it('check: .winnet-kb-ignore in the working directory accepts a warning; --fail-on judges what is left', async () => {
    const cwd = withIgnoreFile('NETWORK_MODE_PRERELEASE:overlay overlay is what this cluster runs; tested in staging\n');
    const plan = at('examples/warnings.yaml');
    expect((await runCli(['check', plan, '--fail-on', 'warning'])).code).toBe(2);
    // Once as a real process started in that directory; the other cases run main() in this process.
    const json = await runCliElsewhere(['check', plan, '--fail-on', 'warning', '--output', 'json'], { cwd });
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as {
      verdict: string;
      verdictAfterAccepted: string;
      findings: { code: string; accepted?: { reason: string; by: string } }[];
    };
    expect(report.verdict).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(report.verdictAfterAccepted).toBe('COMPATIBLE');
    const accepted = report.findings.filter((f) => f.accepted);
    expect(accepted).toEqual([
      expect.objectContaining({
        code: 'NETWORK_MODE_PRERELEASE',
        accepted: { reason: 'overlay is what this cluster runs; tested in staging', by: `${IGNORE_FILE}:1` },
      }),
    ]);
    const table = await runCli(['check', plan, '--fail-on', 'warning'], { cwd });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Verdict: COMPATIBLE_WITH_WARNINGS, COMPATIBLE after 1 accepted finding/);
    // The severity cell wraps: WARNING on one line, accepted below it.
    expect(table.stdout).toMatch(/│ WARNING +│ NETWORK_MODE_PRERELEASE[^\n]*\n│ +│ accepted +│/);
    expect(table.stdout).toMatch(
      /Accepted \(reported, not counted by --fail-on\):\n {2}#\d+ NETWORK_MODE_PRERELEASE \(overlay\), \.winnet-kb-ignore:1: overlay is what/,
    );
    const markdown = await runCli(['check', plan, '--output', 'markdown'], { cwd });
    expect(markdown.stdout).toContain('Verdict: COMPATIBLE after 1 accepted finding.');
    expect(markdown.stdout).toMatch(/\| WARNING \(accepted\) \| `NETWORK_MODE_PRERELEASE` .*\*\*Accepted\*\* \(\.winnet-kb-ignore:1\): overlay is what/);
  });

  it('check: --ignore CODE:subject accepts an error without a file; the engine verdict is still shown', async () => {
    const plain = await runCli(['check', 'examples/incompatible.yaml', '--output', 'json']);
    const errors = (JSON.parse(plain.stdout) as { findings: { severity: string; code: string; subject: string | null }[] }).findings.filter(
      (f) => f.severity === 'ERROR',
    );
    expect(errors.length).toBeGreaterThan(0);
    const flags = errors.flatMap((f) => ['--ignore', `${f.code}${f.subject ? `:${f.subject}` : ''}`]);
    const result = await runCli(['check', 'examples/incompatible.yaml', '--output', 'json', ...flags]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { verdict: string; verdictAfterAccepted: string; findings: { accepted?: { by: string; reason: string } }[] };
    expect(report.verdict).toBe('INCOMPATIBLE');
    expect(report.verdictAfterAccepted).not.toBe('INCOMPATIBLE');
    expect(report.findings.filter((f) => f.accepted).every((f) => f.accepted!.by === '--ignore' && f.accepted!.reason === 'accepted with --ignore')).toBe(true);
  });

  it('scan: accepted findings are in every format (SARIF: an accepted suppression, still a valid log) and the exit follows what is left', async () => {
    const cwd = withIgnoreFile(IGNORE);
    expect((await runCli(['scan', EKS])).code).toBe(3);
    const json = await runCli(['scan', EKS, '--output', 'json'], { cwd });
    expect(json.code, json.stderr).toBe(0);
    const scan = JSON.parse(json.stdout) as {
      verdict: string;
      verdictAfterAccepted: string;
      accepted: number;
      objects: {
        verdict: string | null;
        verdictAfterAccepted?: string;
        findings: { severity: string; code: string; subject?: string; accepted?: { by: string } }[];
      }[];
    };
    expect(scan.verdict).toBe('INCOMPATIBLE');
    expect(scan.verdictAfterAccepted).toBe('COMPATIBLE_WITH_WARNINGS');
    const accepted = scan.objects.flatMap((r) => r.findings.filter((f) => f.accepted));
    expect(new Set(accepted.map((f) => `${f.code}:${f.subject} ${f.accepted!.by}`))).toEqual(
      new Set([
        `FEATURE_REQUIRES_NEWER_WINDOWS:session-affinity ${IGNORE_FILE}:2`,
        `UNSUPPORTED_FUNCTIONALITY:host-network-mode ${IGNORE_FILE}:4`,
        `NETWORK_POLICY_UNSUPPORTED:amazon-vpc-cni ${IGNORE_FILE}:5`,
        `CONTAINER_IMAGE_OS_MISMATCH:windows-server-2019 ${IGNORE_FILE}:6`,
      ]),
    );
    expect(scan.accepted).toBe(accepted.length);
    expect((await runCli(['scan', EKS, '--fail-on', 'warning'], { cwd })).code).toBe(2);

    const table = await runCli(['scan', EKS], { cwd });
    expect(table.stdout).toMatch(/^Verdict: INCOMPATIBLE, COMPATIBLE_WITH_WARNINGS after \d+ accepted findings?/);
    expect(table.stdout).toContain(`ACCEPTED (${IGNORE_FILE}:4): legacy agent, replaced by the HostProcess DaemonSet`);
    const markdown = await runCli(['scan', EKS, '--output', 'markdown'], { cwd });
    expect(markdown.stdout).toMatch(/\| ERROR \(accepted\) \| `UNSUPPORTED_FUNCTIONALITY` \(host-network-mode\) .*\*\*Accepted\*\* \(\.winnet-kb-ignore:4\)/);

    const sarif = await runCli(['scan', EKS, '--output', 'sarif'], { cwd });
    const log = JSON.parse(sarif.stdout) as {
      runs: { results: { ruleId: string; suppressions?: { kind: string; status: string; justification: string }[] }[] }[];
    };
    const validate = sarifValidator();
    expect(validate(log), errorsOf(validate)).toBe(true);
    const suppressed = log.runs[0]!.results.filter((r) => r.suppressions);
    // SARIF carries errors and warnings (info findings are in --output json): the accepted ones are suppressed there.
    expect(suppressed.length).toBe(accepted.filter((f) => f.severity !== 'INFO').length);
    expect(suppressed.length).toBe(4);
    expect(suppressed.map((r) => r.suppressions)).toContainEqual([
      { kind: 'external', status: 'accepted', justification: `legacy agent, replaced by the HostProcess DaemonSet (${IGNORE_FILE}:4)` },
    ]);

    const junit = await runCli(['scan', EKS, '--output', 'junit'], { cwd });
    const xml = new XMLParser({ ignoreAttributes: false }).parse(junit.stdout) as { testsuites: { '@_failures': string } };
    expect(xml.testsuites['@_failures']).toBe('0');
    expect(junit.stdout).toContain(`ACCEPTED ERROR UNSUPPORTED_FUNCTIONALITY (host-network-mode) at ${EKS}`);
  });

  it('refuses an unknown code (with the closest one) and an entry of the file without a reason; notes entries that accepted nothing', async () => {
    const typo = await runCli(['check', 'examples/warnings.yaml', '--ignore', 'NETWORK_MODE_PRERELAESE:overlay']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('unknown finding code "NETWORK_MODE_PRERELAESE"');
    expect(typo.stderr).toContain('did you mean: NETWORK_MODE_PRERELEASE?');
    const noReason = await runCli(['check', at('examples/warnings.yaml')], { cwd: withIgnoreFile('# header\nNETWORK_MODE_PRERELEASE:overlay\n') });
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain(`${IGNORE_FILE}:2: NETWORK_MODE_PRERELEASE:overlay has no reason`);
    const unused = await runCli(['check', 'examples/warnings.yaml', '--ignore', 'NETWORK_MODE_PRERELEASE:l2bridge']);
    expect(unused.code).toBe(0);
    expect(unused.stderr).toContain('winnet-kb: note: --ignore: NETWORK_MODE_PRERELEASE:l2bridge accepted no finding');
    const missing = await runCli(['check', 'examples/warnings.yaml', '--ignore-file', join(scratch, 'absent')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read the ignore file');
  });
});

describe('the documented CI snippets', () => {
  /** Parses a winnet-kb command line with the real program, its actions stubbed: unknown flags and bad choices throw. */
  async function parses(line: string): Promise<void> {
    const [binary, ...args] = line.trim().split(/\s+/);
    expect(binary).toBe('winnet-kb');
    const program = buildProgram({ stdout: process.stdout, stderr: process.stderr }, () => {});
    for (const c of program.commands) c.action(() => {});
    await program.parseAsync(['node', 'winnet-kb', ...args]);
  }

  it('the GitLab CI job of docs/cli.md runs the packed tarball on the CI Node line with flags the CLI has', async () => {
    const cli = readFileSync(at('docs/cli.md'), 'utf8');
    const section = cli.slice(cli.indexOf('### GitLab CI'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const job = (parse(yaml) as Record<string, { image: string; script: string[]; variables: Record<string, string>; artifacts: { when: string } }>)[
      'winnet-kb'
    ]!;
    const line = readFileSync(at('.node-version'), 'utf8').trim().split('.')[0];
    expect(job.image).toBe(`node:${line}-bookworm-slim`);
    expect(job.script[0]).toMatch(/^npm install -g \S+\.tgz$/);
    const commands = job.script.filter((l) => l.startsWith('winnet-kb '));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) await parses(command);
    for (const name of Object.keys(job.variables)) expect(name).toMatch(/^WINNET_KB_/);
    expect(job.artifacts.when).toBe('always');
  });

  it('the pre-commit hook runs a command the package installs, with flags the CLI has', async () => {
    const hooks = parse(readFileSync(at('.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; args: string[]; language: string }[];
    const bin = (JSON.parse(readFileSync(at('package.json'), 'utf8')) as { bin: Record<string, string> }).bin;
    expect(hooks.map((h) => h.id)).toEqual(['winnet-kb-scan']);
    for (const hook of hooks) {
      expect(hook.language).toBe('node');
      expect(Object.keys(bin)).toContain(hook.entry.split(' ')[0]);
      // pre-commit appends the staged file names.
      await parses([hook.entry, ...hook.args, 'deploy/a.yaml'].join(' '));
    }
  });
});
