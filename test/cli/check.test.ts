/**
 * `winnet-kb check` end to end: the real entry in a child process on the test database. Every
 * example at every --fail-on level, each output format, and the usage errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ReportView } from '../../src/cli/report/model.js';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import { testKnowledge } from '../support/fixtures.js';
import { examplePlan, runCli, sourceDocumentUrls, today } from './cli-helpers.js';

// Each test starts the CLI in a child process; on a busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-cli-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function planFile(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** Expected exit code of each example at each --fail-on level (the exit-code contract). */
const MATRIX: [file: string, verdict: string | null, codes: { error: number; warning: number; none: number }][] = [
  ['compatible.yaml', 'COMPATIBLE', { error: 0, warning: 0, none: 0 }],
  ['warnings.yaml', 'COMPATIBLE_WITH_WARNINGS', { error: 0, warning: 2, none: 0 }],
  ['incompatible.yaml', 'INCOMPATIBLE', { error: 3, warning: 3, none: 0 }],
  ['capacity-plan.yaml', 'COMPATIBLE', { error: 0, warning: 0, none: 0 }],
  ['plan.json', 'COMPATIBLE_WITH_WARNINGS', { error: 0, warning: 2, none: 0 }],
  ['invalid.yaml', null, { error: 1, warning: 1, none: 1 }],
];

describe('exit codes', () => {
  // Every example at every level, and without --fail-on where the levels disagree (the default is error).
  const cases = MATRIX.flatMap(([file, , codes]): [string, string, number][] => [
    ...(new Set([codes.error, codes.warning, codes.none]).size > 1 ? [[file, 'default', codes.error] as [string, string, number]] : []),
    ...(['error', 'warning', 'none'] as const).map((level): [string, string, number] => [file, level, codes[level]]),
  ]);
  it.concurrent.each(cases)('examples/%s with --fail-on %s exits %i', async (file, level, expected) => {
    const args = ['check', `examples/${file}`, ...(level === 'default' ? [] : ['--fail-on', level])];
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(expected);
    if (expected === 1) {
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('cniPlugin');
    } else {
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Verdict: ');
    }
  });
});

describe('--output json', () => {
  const judged = MATRIX.filter(([, verdict]) => verdict !== null);
  it.concurrent.each(judged)('examples/%s parses and matches the engine (verdict %s)', async (file, verdict) => {
    const result = await runCli(['check', `examples/${file}`, '--output', 'json', '--fail-on', 'none']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as ReportView;
    const engine = judgeCompatibility(testKnowledge(), examplePlan(file), today());
    expect(report.verdict).toBe(verdict);
    expect(report.verdict).toBe(engine.verdict);
    expect(report.datasetVersion).toBe(engine.datasetVersion);
    expect(report.findings.map((f) => [f.severity, f.code, f.subject, f.message, f.remediation])).toEqual(
      engine.findings.map((f) => [f.severity.toUpperCase(), f.code, f.subject ?? null, f.message, f.remediation ?? null]),
    );
    const urls = sourceDocumentUrls();
    report.findings.forEach((f, i) => {
      expect(f.sources.map((s) => [s.document.slug, s.section])).toEqual(engine.findings[i]!.sources.map((s) => [s.doc, s.section]));
      for (const s of f.sources) expect(s.document.url).toBe(urls.get(s.document.slug));
    });
    expect(report.requiredSettings.map((s) => [s.kind, s.key, s.value])).toEqual(
      engine.requiredSettings.map((s) => [s.kind.toUpperCase().replace(/-/g, '_'), s.key, s.value]),
    );
    expect(report.enabledFeatures.map((f) => f.slug)).toEqual(engine.enabledFeatures.map((f) => f.slug));
  });
});

describe('--output markdown', () => {
  it('has the verdict heading, the findings table, required settings and source links', async () => {
    const result = await runCli(['check', 'examples/incompatible.yaml', '--output', 'markdown']);
    expect(result.code, result.stderr).toBe(3);
    const md = result.stdout;
    expect(md).toMatch(/^## ❌ winnet-kb: INCOMPATIBLE$/m);
    expect(md).toContain('| # | Severity | Code | Subject | Finding | Sources |');
    expect(md).toContain('| ---: | --- | --- | --- | --- | --- |');
    expect(md).toMatch(/^\| 1 \| ERROR \| `FEATURE_REQUIRES_NEWER_WINDOWS` \| `session-affinity` \| .*\*\*Fix:\*\* .*\| \[1\]\(https:\/\/\S+\)/m);
    expect(md).toContain('### Required settings');
    expect(md).toContain('- `--feature-gates=WinDSR=true` [kube-proxy flag] (Kubernetes 1.14 to 1.32)');
    expect(md).toContain('- `--enable-dsr=true`');
    expect(md).toContain('### Sources');
    // Every link is the URL of a source document in the database, and each source is listed.
    const urls = new Set(sourceDocumentUrls().values());
    const links = [...md.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(urls).toContain(link);
    expect(md).toMatch(/^1\. \[Kubernetes documentation, "Networking on Windows" .*\]\(https:\/\/kubernetes\.io\/.*\), section "/m);
    // Table rows stay one line each: a message with a pipe or newline would break the table.
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && /^\| \d+ \|/.test(l));
    // As the table: what applies and the may-apply warnings and errors, one row each; the general notes counted in one line.
    const findings = (JSON.parse((await runCli(['check', 'examples/incompatible.yaml', '-o', 'json'])).stdout) as ReportView).findings;
    const general = findings.filter((f) => f.applicability === 'GENERAL').length;
    expect(general).toBeGreaterThan(0);
    expect(rows).toHaveLength(findings.filter((f) => f.applicability === 'APPLIES' || f.severity !== 'INFO').length);
    expect(md).toMatch(new RegExp(`^${general} general notes? (and \\d+ may-apply notes? )?hidden; --show-all lists them$`, 'm'));
    const all = (await runCli(['check', 'examples/incompatible.yaml', '--output', 'markdown', '--show-all'])).stdout;
    expect(all.split('\n').filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(findings.length);
  });

  it('marks a compatible plan with its own heading', async () => {
    const result = await runCli(['check', 'examples/compatible.yaml', '-o', 'markdown']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## ✅ winnet-kb: COMPATIBLE$/m);
  });
});

describe('--output table (default)', () => {
  it('prints the verdict line, the findings table, remediation and required settings', async () => {
    const result = await runCli(['check', 'examples/incompatible.yaml']);
    expect(result.code).toBe(3);
    const out = result.stdout;
    expect(out.split('\n')[0]).toMatch(
      /^Verdict: INCOMPATIBLE {2}\(examples\/incompatible\.yaml: 1 error, \d+ warnings, \d+ info; dataset \S+; knowledge to Kubernetes \d\.\d+, [^,]+, sources read to \d{4}-\d{2}-\d{2}\)$/,
    );
    expect(out).toMatch(/│ #\s+│ SEVERITY\s+│ CODE\s+│ SUBJECT\s+│ MESSAGE\s+│/);
    expect(out).toMatch(/│ 1\s+│ ERROR\s+│ FEATURE_REQUIRES_NEWER_WINDOWS\s+│ session-affinity\s+│ Session affinity needs Windows Server 2022/);
    expect(out).toContain('WARNING');
    expect(out).toContain('Remediation:\n  #1 FEATURE_REQUIRES_NEWER_WINDOWS (session-affinity): ');
    expect(out).toContain('Required settings:\n  - --feature-gates=WinDSR=true [kube-proxy flag] (Kubernetes 1.14 to 1.32)');
    expect(result.stderr).toBe('');
  });
});

describe('plan files', () => {
  it('reads an unquoted Kubernetes version as written (1.30, not the number 1.3)', async () => {
    const path = planFile(
      'k8s-130.yaml',
      'windowsVersion: windows-server-2022\ncniPlugin: win-overlay\nfeatures: [direct-server-return]\nkubernetesVersion: 1.30\n',
    );
    const result = await runCli(['check', path, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const keys = (JSON.parse(result.stdout) as ReportView).requiredSettings.map((s) => `${s.key}=${s.value}`);
    expect(keys).toContain('--feature-gates=WinDSR=true'); // needed up to 1.32: proves 1.30 was not read as 1.3 or 1.33
  });

  // Fact: Flannel before v0.12.0 cannot reach local pods over VXLAN (K8s page, limitations), scoped
  // to plugin releases; only a plan giving cniPluginVersion can close the "may apply".
  it.concurrent.each([
    ['0.11.0', true],
    ['0.13.0', false],
  ])('takes cniPluginVersion from the plan file (flannel %s: release-scoped known issue %s)', async (version, expected) => {
    const path = planFile(
      `flannel-${version}.yaml`,
      `windowsVersion: windows-server-2019\nwindowsBuildRevision: 3000\ncniPlugin: flannel\ncniPluginVersion: "${version}"\nnetworkMode: overlay\nkubernetesVersion: "1.22"\nenvironment: self-managed\nasOf: 2022-01-01\n`,
    );
    const result = await runCli(['check', path, '-o', 'json', '--fail-on', 'none']);
    expect(result.code, result.stderr).toBe(0);
    const codes = (JSON.parse(result.stdout) as ReportView).findings.map((f) => `${f.code}:${f.subject}`);
    expect(codes.includes('KNOWN_ISSUE:flannel-vxlan-no-local-pod-access-before-0-12')).toBe(expected);
  });

  // Fact: with process isolation the container image's release must match the node's (CONTAINER_IMAGE_OS_MISMATCH).
  it('takes containerImageWindowsVersion from the plan file', async () => {
    const path = planFile('image.yaml', 'windowsVersion: windows-server-2022\ncontainerImageWindowsVersion: windows-server-2019\nkubernetesVersion: "1.30"\n');
    const result = await runCli(['check', path, '-o', 'json', '--fail-on', 'none']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as ReportView).findings.map((f) => f.code)).toContain('CONTAINER_IMAGE_OS_MISMATCH');
  });

  it('reads a plan from stdin with -', async () => {
    const result = await runCli(['check', '-', '-o', 'json'], {
      input: 'windowsVersion: windows-server-2025\ncniPlugin: win-bridge\nserviceTypes: [cluster-ip]\nkubernetesVersion: "1.35"\nenvironment: self-managed\n',
    });
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as ReportView).verdict).toBe('COMPATIBLE');
  });
});

describe('usage and data errors exit 1 with the reason on stderr', () => {
  const cases: [name: string, args: () => string[], stderr: RegExp[]][] = [
    ['an unknown flag', () => ['check', 'examples/compatible.yaml', '--bogus'], [/unknown option '--bogus'/]],
    [
      'an unknown output format',
      () => ['check', 'examples/compatible.yaml', '--output', 'xml'],
      [/--output <format>' argument 'xml' is invalid/, /table, json, markdown/],
    ],
    ['an unknown --fail-on level', () => ['check', 'examples/compatible.yaml', '--fail-on', 'info'], [/argument 'info' is invalid/, /error, warning, none/]],
    ['a missing plan argument', () => ['check'], [/missing required argument 'plan'/]],
    ['a missing plan file', () => ['check', 'examples/does-not-exist.yaml'], [/cannot read plan file examples\/does-not-exist\.yaml: no such file/]],
    [
      'an unknown key in the plan',
      () => ['check', planFile('unknown-key.yaml', 'windowsVersion: windows-server-2022\ncniPlugn: win-overlay\n')],
      [
        /unknown-key\.yaml: unknown key "cniPlugn" \(did you mean "cniPlugin"\?\); allowed keys: windowsVersion, windowsBuildRevision, windowsBuild, cniPlugin, .*kubeletMaxPods/,
      ],
    ],
    [
      'an unknown slug (invalid.yaml)',
      () => ['check', 'examples/invalid.yaml'],
      [/examples\/invalid\.yaml: cniPlugin: unknown CNI plugin "flanel"/, /valid choices for cniPlugin: .*flannel/, /did you mean: flannel\?/],
    ],
    [
      'an unknown feature in a list',
      () => ['check', planFile('feature.yaml', 'windowsVersion: windows-server-2022\nfeatures: [direct-server-retrun]\n')],
      [
        /features: unknown feature "direct-server-retrun"/,
        /valid choices for features: session-affinity, direct-server-return/,
        /did you mean: direct-server-return\?/,
      ],
    ],
    [
      'an unknown EC2 instance type',
      () => ['check', planFile('ec2.yaml', 'windowsVersion: windows-server-2022\ninstanceType: m5.larg\n')],
      [/instanceType: unknown EC2 instance type "m5.larg"/, /closest known: m5\.large/],
    ],
    [
      'a wrong type',
      () => ['check', planFile('type.yaml', 'windowsVersion: windows-server-2022\nfeatures: direct-server-return\npodsPerNode: 1.5\n')],
      [/features: .*expected array/, /podsPerNode: must be a whole number/],
    ],
    [
      'an impossible number',
      () => ['check', planFile('number.yaml', 'windowsVersion: windows-server-2022\nbackendsPerService: -1\n')],
      [/backendsPerService: backendsPerService must be a whole number from 0 to/],
    ],
    [
      'a number too large for the API',
      () => ['check', planFile('huge.yaml', 'windowsVersion: windows-server-2019\nwindowsBuildRevision: 99999999999\n')],
      // Refused by the plan file's shape, offline and with --url alike, not by GraphQL's coercion.
      [/huge\.yaml: windowsBuildRevision: must be a whole number from -2147483648 to 2147483647/],
    ],
    [
      'a malformed Kubernetes version',
      () => ['check', planFile('k8s.yaml', 'windowsVersion: windows-server-2022\nkubernetesVersion: latest\n')],
      [/kubernetesVersion: kubernetesVersion must be a Kubernetes minor version/],
    ],
    [
      'a bad ipAddressMode',
      () => ['check', planFile('mode.yaml', 'windowsVersion: windows-server-2022\nipAddressMode: prefix\n')],
      [/ipAddressMode: must be one of SECONDARY_IP, PREFIX_DELEGATION/],
    ],
    ['a YAML syntax error', () => ['check', planFile('broken.yaml', 'windowsVersion: [windows-server-2022\n')], [/broken\.yaml: not valid YAML or JSON/]],
    ['a JSON syntax error', () => ['check', planFile('broken.json', '{"windowsVersion": "windows-server-2022",, }')], [/broken\.json: not valid YAML or JSON/]],
    [
      'a plan that is a list',
      () => ['check', planFile('list.yaml', '- windowsVersion: windows-server-2022\n')],
      [/the plan must be a mapping of fields, got a list/],
    ],
    ['an empty plan', () => ['check', planFile('empty.yaml', '# nothing\n')], [/the plan is empty/]],
    ['an invalid --url', () => ['check', 'examples/compatible.yaml', '--url', 'not a url'], [/--url not a url is not a URL/]],
  ];
  it.concurrent.each(cases)('%s', async (_, args, patterns) => {
    const result = await runCli(args());
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    for (const pattern of patterns) expect(result.stderr).toMatch(pattern);
  });
});

describe('a plan that leaves the Windows release open', () => {
  it('is judged, not refused: what holds on only some releases is MAY_APPLY on windowsVersion (the JSON carries it)', async () => {
    const plan = planFile('no-release.yaml', 'cniPlugin: win-bridge\nenvironment: self-managed\nkubernetesVersion: "1.33"\n');
    const result = await runCli(['check', plan, '--output', 'json', '--fail-on', 'none']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as ReportView;
    // Kubernetes lists Windows Server 2025 as a node OS only from 1.35 (k8s-website-windows-2025).
    expect(report.findings).toContainEqual(expect.objectContaining({ code: 'NODE_OS_UNSUPPORTED', applicability: 'MAY_APPLY', dependsOn: ['windowsVersion'] }));
  });
});

describe('the short default and --show-all', () => {
  it('examples/compatible.yaml: the verdict, what applies, the setting session affinity needs in the first lines, and one line counting the general notes', async () => {
    const result = await runCli(['check', 'examples/compatible.yaml'], { env: { COLUMNS: '160' } });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const setting = lines.findIndex((l) => l.includes('service.spec.sessionAffinity=ClientIP'));
    expect(setting, result.stdout).toBeGreaterThan(0);
    expect(setting, 'the required setting is in the first lines').toBeLessThan(15);
    // The general caveats of win-bridge and of Windows nodes (ICMP, CNI CHECK, PQDN) are counted, not listed.
    const json = JSON.parse((await runCli(['check', 'examples/compatible.yaml', '-o', 'json'])).stdout) as ReportView;
    const general = json.findings.filter((f) => f.applicability === 'GENERAL');
    expect(general.map((f) => f.subject)).toEqual(
      expect.arrayContaining(['outbound-icmp-not-translated', 'cni-check-not-implemented', 'pqdn-without-dot-only']),
    );
    expect(general.every((f) => f.severity === 'INFO')).toBe(true);
    expect(result.stdout).toContain(`${general.length} general notes hidden; --show-all lists them`);
    for (const f of general) expect(result.stdout).not.toContain(f.subject!);
  });

  it('--show-all lists every finding, each with its applicability; a may-apply finding says what it depends on in the plan', async () => {
    const plan = planFile('open-environment.yaml', 'windowsVersion: windows-server-2022\ncniPlugin: calico\nkubernetesVersion: "1.33"\n');
    const [brief, all] = await Promise.all([
      runCli(['check', plan], { env: { COLUMNS: '200' } }),
      runCli(['check', plan, '--show-all'], { env: { COLUMNS: '200' } }),
    ]);
    expect(brief.code, brief.stderr).toBe(all.code);
    expect(brief.stdout).toMatch(/\d+ general notes? and \d+ may-apply notes? hidden; --show-all lists them/);
    expect(all.stdout).not.toMatch(/hidden; --show-all/);
    expect(all.stdout).toMatch(/│ INFO\s+│/);
    expect(all.stdout).toMatch(/│\s+│ general\s+│/);
    expect(all.stdout).toMatch(/│\s+│ may apply\s+│/);
    expect(all.stdout.replace(/[│\s]+/g, ' ')).toContain("(depends on the plan's environment, which it does not give)");
    // The verdict line, with its counts, is the same: the flag changes what is printed, not what is judged.
    expect(all.stdout.split('\n')[0]).toBe(brief.stdout.split('\n')[0]);
  });
});
