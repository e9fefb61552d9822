/**
 * `winnet-kb scan` end to end: the real entry in a child process on the test database, on the
 * real and constructed fixtures, with every output format and the input errors.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const F = 'test/fixtures/scan';
const PLAN_2019 = 'test/fixtures/scan/plan-2019.yaml';

interface JsonReport {
  verdict: string | null;
  summary: { objectsRead: number; reported: number; ignored: number };
  /** The scan query's ScannedObject, field for field (test/cli/report.test.ts). */
  objects: {
    kind: string;
    name: string;
    namespace: string | null;
    part: string | null;
    file: string;
    line: number;
    verdict: string | null;
    findings: { severity: string; code: string; subject: string | null; line: number; path: string | null }[];
    missing: string[];
  }[];
}

async function scanJson(args: string[], input?: string): Promise<{ code: number | null; report: JsonReport; stderr: string }> {
  const result = await runCli(['scan', ...args, '--output', 'json', '--fail-on', 'none'], input === undefined ? {} : { input });
  expect(result.code, result.stderr).toBe(0);
  return { code: result.code, report: JSON.parse(result.stdout) as JsonReport, stderr: result.stderr };
}

describe('scan on the fixtures', () => {
  it.concurrent('the constructed EKS dump: findings per object with file and line, exit 3', async () => {
    const result = await runCli(['scan', `${F}/constructed/eks-cluster.json`]);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toContain('Verdict: INCOMPATIBLE');
    expect(result.stdout).toContain(`${F}/constructed/eks-cluster.json:271  Service default/iis  INCOMPATIBLE`);
    expect(result.stdout).toContain('NODE_CAPACITY_MISMATCH (m5.xlarge)');
    expect(result.stdout).toContain('kind Ingress is not read');
  });

  it.concurrent('a directory, recursively, with a plan: the expected findings of the README', async () => {
    const { report } = await scanJson([`${F}/real`, '--plan', PLAN_2019]);
    const find = (kind: string, name: string) => report.objects.find((r) => r.kind === kind && r.name === name && r.file.includes(''))!;
    const hostGw = report.objects.find((r) => r.file.endsWith('flannel-host-gw.yml') && r.kind === 'DaemonSet')!;
    expect(hostGw.findings[0]).toMatchObject({ severity: 'ERROR', code: 'UNSUPPORTED_FUNCTIONALITY', subject: 'host-network-mode', line: 175 });
    expect(hostGw.verdict).toBe('INCOMPATIBLE');
    const eks = find('ClusterConfig', 'cluster-14');
    expect(eks).toMatchObject({ line: 12, part: 'nodeGroups/windows-ng' });
    expect(eks.findings.map((f) => f.code)).toContain('POD_CAPACITY');
    const overlay = report.objects.find((r) => r.file.endsWith('flannel-overlay-hostprocess.yml') && r.kind === 'DaemonSet')!;
    expect(overlay.findings.filter((f) => f.severity === 'ERROR')).toEqual([]);
    expect(find('Service', 'win-webserver').verdict).not.toBeNull();
    expect(find('Pod', 'iis').line).toBe(2);
    // Linux flannel DaemonSet, eksctl's Linux node group: not reported.
    expect(report.objects.map((r) => r.name)).not.toContain('kube-flannel-ds-amd64');
    expect(report.summary.ignored).toBeGreaterThan(0);
  });

  it.concurrent('the Calico Windows HostProcess manifest: CNI from the ConfigMap template and the DaemonSet env, the README expectations', async () => {
    const calico = `${F}/real/sig-windows-tools-calico-hostprocess.yml`;
    const { report } = await scanJson([calico]);
    // The IPAMConfig states Calico (manifest-signals.yaml calico-ipam-config) and is reported; it states no mode,
    // so the cluster plan's findings stay on the ConfigMap, which states Calico and its overlay mode.
    expect(report.summary).toMatchObject({ objectsRead: 3, reported: 3, ignored: 0 });
    const [ipamConfig, configMap, daemonSet] = report.objects;
    expect(ipamConfig).toMatchObject({ kind: 'IPAMConfig', name: 'default', verdict: 'COMPATIBLE', findings: [] });
    // Without a plan both are judged with what the cluster states (calico, overlay), the release open.
    expect(configMap).toMatchObject({
      kind: 'ConfigMap',
      name: 'calico-config-windows',
      namespace: 'kube-system',
      line: 10,
      verdict: 'COMPATIBLE_WITH_WARNINGS',
    });
    expect(configMap!.findings.find((f) => f.subject === 'overlay-requires-kb4489899')).toMatchObject({ severity: 'WARNING', code: 'REQUIREMENT_NOT_MET' });
    // "mtu": __CNI_MTU__ is a template placeholder, not JSON: the config is still read, on the line of its key.
    expect((configMap as unknown as { facts: { field: string; value: string; path: string; line: number; from: string | null }[] }).facts).toEqual([
      { field: 'cniPlugin', value: 'calico', path: 'data.cni_network_config.plugins[0].type', line: 20, from: null, detail: null },
      { field: 'networkMode', value: 'overlay', path: 'data.cni_network_config.plugins[0].mode', line: 20, from: null, detail: null },
    ]);
    expect(daemonSet).toMatchObject({ kind: 'DaemonSet', name: 'calico-node-windows', line: 85, verdict: 'COMPATIBLE' });
    expect((daemonSet as unknown as { facts: { field: string; value: string; line: number }[] }).facts.map((f) => [f.field, f.value, f.line])).toEqual([
      ['cniPlugin', 'calico', 196],
      ['networkMode', 'overlay', 197],
    ]);

    // With the 2019 plan: overlay is beta there; the DaemonSet's hostNetwork is fine (HostProcess).
    // Overlay is the cluster's mode, so the finding is the cluster plan's: reported once, on the
    // ConfigMap (the first object judged with that plan), and the DaemonSet says where it is.
    const judged = (await scanJson([calico, '--plan', PLAN_2019])).report;
    const [ipam, cm, ds] = judged.objects as (JsonReport['objects'][number] & { planFindingsOn: string[] })[];
    expect(ipam!.planFindingsOn).toEqual([`${calico}:10 ConfigMap kube-system/calico-config-windows`]);
    expect(cm!.verdict).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(cm!.findings.find((f) => f.code === 'NETWORK_MODE_PRERELEASE')).toMatchObject({ subject: 'overlay', line: 20 });
    expect(ds!.verdict).toBe('COMPATIBLE');
    expect(ds!.findings.map((f) => f.code)).not.toContain('NETWORK_MODE_PRERELEASE');
    expect(ds!.planFindingsOn).toEqual([`${calico}:10 ConfigMap kube-system/calico-config-windows`]);
    expect(judged.objects.flatMap((r) => r.findings.filter((f) => f.severity === 'ERROR'))).toEqual([]);
    // Only the engine's general note on host networking (info, once for the cluster), not the scan's hostNetwork error.
    const hostNetwork = judged.objects.flatMap((r) => r.findings.filter((f) => f.subject === 'host-network-mode'));
    expect(hostNetwork.map((f) => f.severity)).toEqual(['INFO']);
  });

  it.concurrent('stdin, with the same answer as the file', async () => {
    const text = readFileSync(`${F}/constructed/eks-cluster.json`, 'utf8');
    const { report } = await scanJson(['-'], text);
    expect(report.objects.map((r) => [r.file, r.line, r.verdict])[0]).toEqual(['<stdin>', 4, 'COMPATIBLE']);
    expect(report.verdict).toBe('INCOMPATIBLE');
  });

  it.concurrent('--fail-on warning and none', async () => {
    const eksctl = `${F}/real/eksctl-14-windows-nodes.yaml`;
    expect((await runCli(['scan', eksctl])).code).toBe(0);
    expect((await runCli(['scan', eksctl, '--fail-on', 'warning'])).code).toBe(2);
    expect((await runCli(['scan', `${F}/constructed/eks-cluster.json`, '--fail-on', 'none'])).code).toBe(0);
  });

  it.concurrent('markdown lists errors and warnings with file:line', async () => {
    const result = await runCli(['scan', `${F}/constructed/eks-cluster.json`, '--output', 'markdown', '--fail-on', 'none']);
    expect(result.stdout).toMatch(/^## ❌ INCOMPATIBLE/);
    expect(result.stdout).toContain(`| \`${F}/constructed/eks-cluster.json:271\` | Service default/iis | ERROR | \`FEATURE_REQUIRES_NEWER_WINDOWS\``);
  });

  it.concurrent('JUnit: a suite per file, a failing case per incompatible object, skipped when not judged', async () => {
    const result = await runCli(['scan', `${F}/constructed/eks-cluster.json`, '--output', 'junit']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="winnet-kb scan" tests="8" failures="4" errors="0" skipped="0">/,
    );
    expect(result.stdout).toContain(
      '<testcase name="Service default/iis" classname="test/fixtures/scan/constructed/eks-cluster.json" file="test/fixtures/scan/constructed/eks-cluster.json" line="271">',
    );
    expect(result.stdout).toContain('<failure type="INCOMPATIBLE" message="INCOMPATIBLE: FEATURE_REQUIRES_NEWER_WINDOWS">');
    // Without Windows nodes or a plan, the pod whose image states nothing (calico/porter) is skipped, not failed.
    const alone = await runCli(['scan', `${F}/public/calico-windows-policy-demo.yaml`, '--output', 'junit']);
    expect(alone.code).toBe(0);
    expect(alone.stdout.match(/<skipped /g)).toHaveLength(1);
  });
});

describe('--show-all', () => {
  it('lists the general and may-apply notes the short default hides (counted in one line), each with its applicability, and what was inferred for each object', async () => {
    const args = ['scan', `${F}/real/sig-windows-tools-flannel-host-gw.yml`, '--plan', PLAN_2019, '--fail-on', 'none'];
    const [brief, all] = await Promise.all([runCli(args), runCli([...args, '--show-all'])]);
    expect(brief.code).toBe(0);
    expect(all.code).toBe(0);
    // The short default: what applies (Server 2019's mainstream end, from --plan), and one line for the rest.
    expect(brief.stdout).toMatch(/^ {2}INFO {4}WINDOWS_VERSION_MAINSTREAM_ENDED \(windows-server-2019\)/m);
    expect(brief.stdout).toMatch(
      /^8 general notes and \d+ may-apply notes? hidden \(the may-apply notes by what the files do not say: [^)]+\); --show-all lists them$/m,
    );
    expect(brief.stdout).not.toMatch(/\[general\]|\[may apply\]/);
    expect(brief.stdout).not.toMatch(/inferred:/);
    expect(all.stdout).not.toMatch(/hidden; --show-all/);
    // Every finding with its applicability; what a may-apply note depends on, in the scan's words.
    expect(all.stdout).toMatch(/^ {2}INFO {4}UNSUPPORTED_FUNCTIONALITY \(outbound-icmp-not-translated\) {2}line 2 {2}\[general\]$/m);
    expect(all.stdout).toMatch(/^ {2}INFO {4}NETWORK_POLICY_UNSUPPORTED \(flannel\) .*\[may apply\]$/m);
    expect(all.stdout).toContain('(may apply: the files do not say whether workloads rely on NetworkPolicy)');
    expect(all.stdout).toMatch(/^ {2}inferred: cniPlugin = flannel {2}line 57 data\["cni-conf.json"\]\.type$/m);
    // Same verdict and counts: the flag changes what is printed, not what is judged.
    expect(all.stdout.split('\n')[0]).toBe(brief.stdout.split('\n')[0]);
  });
});

describe('the hidden may-apply notes, by open dimension (trial scan37: a Windows Service alone got dozens)', () => {
  it('counts them by what the files do not say, each dimension once, most first', async () => {
    const { stdout } = await runCli(['scan', `${F}/trial/13-rke2-windows-app-deployment.yaml`, '--fail-on', 'none']);
    const line =
      /^\d+ general notes? and (\d+) may-apply notes hidden \(the may-apply notes by what the files do not say: ([^)]+)\); --show-all lists them$/m.exec(
        stdout,
      );
    expect(line).not.toBeNull();
    const counts = line![2]!.split(', ').map((part) => Number(/ (\d+)$/.exec(part)![1]));
    expect(line![2]).toMatch(/the environment \d+/);
    expect(line![2]).toMatch(/the CNI plugin \d+/);
    // Each count is at most the number of notes, and the list is sorted by count.
    expect(counts.every((n) => n <= Number(line![1]))).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe('bad input', () => {
  it.concurrent('YAML that does not parse: file:line:column, exit 1', async () => {
    const result = await runCli(['scan', `${F}/bad/bad-indent.yaml`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${F}/bad/bad-indent.yaml:5:1: All mapping items must start at the same column`);
  });

  it.concurrent('JSON that does not parse, among good files: every bad file is named', async () => {
    const result = await runCli(['scan', `${F}/bad/bad.json`, `${F}/real/eksctl-14-windows-nodes.yaml`, `${F}/bad/bad-indent.yaml`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${F}/bad/bad.json:5:21:`);
    expect(result.stderr).toContain(`${F}/bad/bad-indent.yaml:5:1:`);
  });

  it.concurrent('unknown kinds are ignored and counted; a node with missing fields says what is missing', async () => {
    const { report } = await scanJson([`${F}/bad/partial.yaml`]);
    expect(report.summary).toMatchObject({ objectsRead: 2, reported: 1, ignored: 1 });
    expect(report.objects[0]!.verdict).toBeNull();
    expect(report.objects[0]!.missing.join('\n')).toContain('status.nodeInfo.kubeletVersion');
  });

  it.concurrent('a missing path and a bad --plan are usage errors', async () => {
    const missing = await runCli(['scan', 'no/such/dir']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read no/such/dir');
    const badPlan = await runCli(['scan', `${F}/real`, '--plan', 'examples/invalid.yaml']);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('cniPlugin');
  });
});
