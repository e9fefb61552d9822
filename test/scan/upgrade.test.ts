/**
 * Upgrade readiness (--target-kubernetes-version) on real kube-proxy manifests: the pure scan and
 * the real CLI (scan and check) in a child process. Fixtures: test/fixtures/scan/README.md.
 * The facts: seeds/feature-gates.yaml (WinOverlay beta, on by default from 1.20, GA and locked on
 * from 1.34; kube-proxy exits with WinOverlay=false there, observed; removal proposed from 1.37)
 * and seeds/node-os-support.yaml (Kubernetes lists Windows Server 2019 up to 1.34).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects, type ScanResult } from '../../src/domain/scan/scan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const F = 'test/fixtures/scan';
const REAL = `${F}/real/sig-windows-tools-kube-proxy-kubeadm.yml`;
const DERIVED = `${F}/derived/sig-windows-tools-kube-proxy-kubeadm-winoverlay-false.yml`;
const PLAN_2019 = `${F}/plan-2019.yaml`;

function scan(file: string, targetKubernetesVersion?: string, plan?: { windowsVersion: string; kubernetesVersion?: string; networkMode?: string }): ScanResult {
  const objects = [...objectsOf(readFileSync(join(PROJECT_ROOT, file), 'utf8'), file)];
  return scanObjects(testKnowledge(), objects, {
    today: TEST_TODAY,
    ...(targetKubernetesVersion ? { targetKubernetesVersion } : {}),
    ...(plan ? { plan } : {}),
  });
}

const gateFindings = (r: ScanResult) =>
  r.reports.flatMap((report) =>
    report.findings
      .filter((f) => f.code.startsWith('FEATURE_GATE_'))
      .map((f) => ({ object: report.ref.kind, code: f.code, severity: f.severity, subject: f.subject, line: f.line })),
  );

describe('the pure scan at a target version', () => {
  it('the real manifest passes --feature-gates=WinOverlay=true: on 1.34 the flag is no longer needed (info, on the line that sets it)', () => {
    const result = scan(REAL, '1.34');
    expect(gateFindings(result)).toEqual([{ object: 'ConfigMap', code: 'FEATURE_GATE_FLAG_UNNEEDED', severity: 'info', subject: 'WinOverlay', line: 3 }]);
    // Below 1.20 the gate was alpha, off by default: the flag was needed, and nothing is said.
    expect(gateFindings(scan(REAL, '1.19'))).toEqual([]);
    // Without a target or a plan the gate is judged all the same, the version left open: "may apply" from 1.20.
    expect(gateFindings(scan(REAL))).toEqual([{ object: 'ConfigMap', code: 'FEATURE_GATE_FLAG_UNNEEDED', severity: 'info', subject: 'WinOverlay', line: 3 }]);
    expect(scan(REAL).reports[0]!.findings.find((f) => f.code === 'FEATURE_GATE_FLAG_UNNEEDED')!.message).toMatch(/^On Kubernetes /);
  });

  it('the derived copy sets WinOverlay=false: on 1.34 the gate is locked on, an error; on 1.33 it is not', () => {
    const result = scan(DERIVED, '1.34');
    expect(gateFindings(result)).toEqual([{ object: 'ConfigMap', code: 'FEATURE_GATE_LOCKED', severity: 'error', subject: 'WinOverlay', line: 7 }]);
    const f = result.reports[0]!.findings.find((x) => x.code === 'FEATURE_GATE_LOCKED')!;
    expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'agentbaker-winoverlay-locked', section: '#6925' }));
    expect(f.path).toBe('data["run-script.ps1"]');
    // Judged on the gate alone, with no node: the object has a verdict and the input fails.
    expect(result.reports[0]!.verdict).toBe('INCOMPATIBLE');
    expect(result.summary.verdict).toBe('INCOMPATIBLE');
    // At 1.33 the gate is not locked; what remains is the conflict with the overlay mode, which the input leaves open.
    expect(gateFindings(scan(DERIVED, '1.33'))).toEqual([
      { object: 'ConfigMap', code: 'FEATURE_GATE_CONFLICT', severity: 'warning', subject: 'WinOverlay', line: 7 },
    ]);
  });

  it("without a target, a kube-proxy's gates are judged at the plan's version against what the mode needs (facts: WinOverlay on by default from 1.20; overlay needs it on; seeds/feature-gates.yaml, seeds/network-modes.yaml)", () => {
    const plan = { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.31' };
    // The real manifest's WinOverlay=true is the default on 1.31: info, on the line that sets it.
    expect(gateFindings(scan(REAL, undefined, plan))).toEqual([
      { object: 'ConfigMap', code: 'FEATURE_GATE_FLAG_UNNEEDED', severity: 'info', subject: 'WinOverlay', line: 3 },
    ]);
    // WinOverlay=false contradicts the overlay mode: "may apply" while the input leaves the mode open ...
    expect(gateFindings(scan(DERIVED, undefined, plan))).toEqual([
      { object: 'ConfigMap', code: 'FEATURE_GATE_CONFLICT', severity: 'warning', subject: 'WinOverlay', line: 7 },
    ]);
    // ... and an error once the plan settles it.
    expect(gateFindings(scan(DERIVED, undefined, { ...plan, networkMode: 'overlay' }))).toEqual([
      { object: 'ConfigMap', code: 'FEATURE_GATE_CONFLICT', severity: 'error', subject: 'WinOverlay', line: 7 },
    ]);
  });

  it('past the horizon (1.37): the lock is "may apply" and the proposed removal from 1.37 is a may-apply warning', () => {
    const findings = scan(DERIVED, '1.38').reports[0]!.findings.filter((f) => f.code.startsWith('FEATURE_GATE_'));
    expect(findings.map((f) => [f.code, f.severity])).toEqual([
      ['FEATURE_GATE_LOCKED', 'warning'],
      ['FEATURE_GATE_REMOVAL_PENDING', 'warning'],
    ]);
    expect(findings[0]!.message).toMatch(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.37/);
  });

  it('a Windows Server 2019 plan judged at 1.35: the node OS is no longer listed (error), at 1.34 it is', () => {
    const nodeOs = (r: ScanResult) => r.reports.flatMap((x) => x.findings).filter((f) => f.code === 'NODE_OS_UNSUPPORTED' && f.severity === 'error');
    expect(nodeOs(scan(REAL, '1.35', { windowsVersion: 'windows-server-2019' })).length).toBeGreaterThan(0);
    expect(nodeOs(scan(REAL, '1.34', { windowsVersion: 'windows-server-2019' }))).toEqual([]);
    // The plans the objects were judged with carry the target.
    expect(scan(REAL, '1.35', { windowsVersion: 'windows-server-2019' }).reports[0]!.plans[0]!.kubernetesVersion).toBe('1.35');
  });

  it("a plan's targetKubernetesVersion is the scan's target when none is given", () => {
    const objects = [...objectsOf(readFileSync(join(PROJECT_ROOT, DERIVED), 'utf8'), DERIVED)];
    const result = scanObjects(testKnowledge(), objects, {
      today: TEST_TODAY,
      plan: { windowsVersion: 'windows-server-2022', targetKubernetesVersion: '1.34' },
    });
    expect(gateFindings(result).map((f) => f.code)).toEqual(['FEATURE_GATE_LOCKED']);
  });
});

describe('the real CLI', () => {
  it.concurrent('scan --target-kubernetes-version 1.34 on the WinOverlay=false manifest: the locked gate, exit 3', async () => {
    const result = await runCli(['scan', DERIVED, '--target-kubernetes-version', '1.34']);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toContain('Verdict: INCOMPATIBLE');
    expect(result.stdout).toMatch(/ERROR {3}FEATURE_GATE_LOCKED \(WinOverlay\) {2}line 7 data\["run-script\.ps1"\]/);
    expect(result.stdout).toContain('kube-proxy exits at start-up');
  });

  it.concurrent('scan at 1.34 on the real WinOverlay=true manifest: the unneeded flag is info, exit 0', async () => {
    const result = await runCli(['scan', REAL, '--target-kubernetes-version', '1.34', '--plan', PLAN_2019, '--output', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { objects: { findings: { code: string; severity: string; line: number }[] }[] };
    expect(json.objects[0]!.findings).toContainEqual(expect.objectContaining({ code: 'FEATURE_GATE_FLAG_UNNEEDED', severity: 'INFO', line: 3 }));
  });

  it.concurrent('WINNET_KB_TARGET_KUBERNETES_VERSION sets the flag, and the flag wins over it', async () => {
    const byEnv = await runCli(['scan', DERIVED, '--output', 'json', '--fail-on', 'none'], { env: { WINNET_KB_TARGET_KUBERNETES_VERSION: '1.34' } });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect(byEnv.stdout).toContain('"code": "FEATURE_GATE_LOCKED"');
    const flagWins = await runCli(['scan', DERIVED, '--target-kubernetes-version', '1.33'], { env: { WINNET_KB_TARGET_KUBERNETES_VERSION: '1.34' } });
    expect(flagWins.code, flagWins.stderr).toBe(0);
    expect(flagWins.stdout).not.toContain('FEATURE_GATE_LOCKED');
  });

  it.concurrent('a malformed target is a usage error (exit 1) that says what is expected', async () => {
    const result = await runCli(['scan', DERIVED, '--target-kubernetes-version', '1.34.2']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--target-kubernetes-version must be a Kubernetes minor version such as 1.34 or v1.34.');
  });

  it.concurrent('check --target-kubernetes-version: a plan that sets WinOverlay=false fails at 1.34 and passes at 1.33', async () => {
    const plan = 'windowsVersion: windows-server-2022\nkubernetesVersion: 1.30\nkubeProxyFeatureGates: [WinOverlay=false]\nenvironment: self-managed\n';
    const at134 = await runCli(['check', '-', '--target-kubernetes-version', '1.34', '--output', 'json'], { input: plan });
    expect(at134.code, at134.stderr).toBe(3);
    const report = JSON.parse(at134.stdout) as { verdict: string; findings: { code: string; severity: string; subject: string }[] };
    expect(report.findings).toContainEqual(expect.objectContaining({ code: 'FEATURE_GATE_LOCKED', severity: 'ERROR', subject: 'WinOverlay' }));
    const at133 = await runCli(['check', '-', '--target-kubernetes-version', '1.33'], { input: plan });
    expect(at133.stdout).not.toContain('FEATURE_GATE_LOCKED');
  });

  it.concurrent(
    'check: a Windows Server 2019 plan on 1.30 with target 1.35 is refused by node OS support; a target older than the plan is a usage error',
    async () => {
      const plan = 'windowsVersion: windows-server-2019\nkubernetesVersion: "1.30"\n';
      const upgrade = await runCli(['check', '-', '--target-kubernetes-version', '1.35'], { input: plan });
      expect(upgrade.code, upgrade.stderr).toBe(3);
      expect(upgrade.stdout).toContain('NODE_OS_UNSUPPORTED');
      const older = await runCli(['check', '-', '--target-kubernetes-version', '1.29'], { input: plan });
      expect(older.code).toBe(1);
      expect(older.stderr).toContain('targetKubernetesVersion 1.29 is older than kubernetesVersion 1.30');
    },
  );
});
