/**
 * Golden cases of src/domain/compatibility/rules/network-policy.ts: each named after the seed fact
 * it rests on and citing that record's source (document#section), with the passing counter-case
 * where the finding must be absent. Every case runs the real engine over the real knowledge base
 * built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('network policy', () => {
  it('NETWORK_POLICY_UNSUPPORTED "may apply" as an info when the plan does not say whether it relies on NetworkPolicy: Flannel does not enforce it (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.networkPolicy.support not-supported; the plan omits networkPolicy
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'overlay' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NETWORK_POLICY_UNSUPPORTED',
      severity: 'info',
      subject: 'flannel',
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['networkPolicy'] });
    expect(f.message).toMatch(/^Where workloads rely on NetworkPolicy: Flannel does not enforce/);
    // Said, either way: an error when it relies on it, nothing when it does not.
    expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'overlay', networkPolicy: true }), {
      verdict: 'INCOMPATIBLE',
      code: 'NETWORK_POLICY_UNSUPPORTED',
      severity: 'error',
      subject: 'flannel',
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'overlay', networkPolicy: false }),
      'NETWORK_POLICY_UNSUPPORTED',
    );
    // A plugin that enforces it: nothing to say. Two things open, nothing either: the plugin, or
    // whether the plugin enforces policy at all (win-overlay's answer is unknown).
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'calico', networkMode: 'overlay' }), 'NETWORK_POLICY_UNSUPPORTED');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-overlay' }), 'NETWORK_POLICY_UNKNOWN');
    expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-overlay', networkPolicy: true }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NETWORK_POLICY_UNKNOWN',
      severity: 'warning',
      subject: 'win-overlay',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', networkMode: 'overlay' }), 'NETWORK_POLICY_UNSUPPORTED');
  });

  it('NETWORK_POLICY_UNSUPPORTED: Flannel has no network policies on AKS on Windows Server (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.networkPolicy.support not-supported
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'l2bridge', networkPolicy: true }), {
      verdict: 'INCOMPATIBLE',
      code: 'NETWORK_POLICY_UNSUPPORTED',
      severity: 'error',
      subject: 'flannel',
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expect(f.remediation).toContain('Calico');
    expect(f.remediation).toContain('ovn-kubernetes');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'l2bridge', networkPolicy: false }),
      'NETWORK_POLICY_UNSUPPORTED',
    );
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'calico', environment: 'aks-windows-server', networkPolicy: true }),
      'NETWORK_POLICY_UNSUPPORTED',
    );
  });

  it('NETWORK_POLICY_UNKNOWN: no source says whether win-bridge enforces NetworkPolicy (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/cni-plugins.yaml win-bridge.networkPolicy {support: unknown}: falls back to the plugin's sources
    expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', networkPolicy: true }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NETWORK_POLICY_UNKNOWN',
      severity: 'warning',
      subject: 'win-bridge',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    const ovn = judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'ovn-kubernetes', networkPolicy: true });
    expectNoFinding(ovn, 'NETWORK_POLICY_UNKNOWN');
    expectNoFinding(ovn, 'NETWORK_POLICY_UNSUPPORTED');
  });
});

describe('network policy by environment', () => {
  it('NETWORK_POLICY_UNSUPPORTED on EKS: the VPC CNI enforces policies on Linux nodes only (eks-user-guide-windows#cni-network-policy.adoc)', () => {
    // seeds/cni-plugins.yaml amazon-vpc-cni.environments[eks].networkPolicy not-supported; the plugin's general answer is unknown
    const f = expectFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'amazon-vpc-cni', environment: 'eks', networkPolicy: true, kubernetesVersion: '1.33' }),
      {
        verdict: 'INCOMPATIBLE',
        code: 'NETWORK_POLICY_UNSUPPORTED',
        severity: 'error',
        subject: 'amazon-vpc-cni',
        cites: 'eks-user-guide-windows#cni-network-policy.adoc',
      },
    );
    expect(f.message).toContain('Calico');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'calico', environment: 'eks', networkPolicy: true, kubernetesVersion: '1.33' }),
      'NETWORK_POLICY_UNSUPPORTED',
    );
  });
});

describe('a candidate plugin that runs in one environment only', () => {
  it('NETWORK_POLICY_UNSUPPORTED for the Amazon VPC CNI among the candidates when the environment is open: it runs only on EKS, whose answer is its own (eks-user-guide-windows#cni-network-policy.adoc; trial scan43 03/13)', () => {
    // seeds/cni-plugins.yaml amazon-vpc-cni: onlyIn [eks]; networkPolicy unknown in general, not-supported on EKS
    const report = judge({ windowsVersion: 'windows-server-2022', networkPolicy: true, kubernetesVersion: '1.33' });
    const unsupported = report.findings.find((f) => f.code === 'NETWORK_POLICY_UNSUPPORTED' && !f.subject);
    expect(unsupported?.message).toContain('Amazon VPC CNI');
    const unknown = report.findings.find((f) => f.code === 'NETWORK_POLICY_UNKNOWN' && !f.subject);
    expect(unknown?.message ?? '').not.toContain('Amazon VPC CNI');
  });
});

describe('scopes as the sources give them: platforms, plugins open, dates, builds, the horizon', () => {
  it('NETWORK_POLICY_UNSUPPORTED with the plugin open: "may apply" for Flannel, and NETWORK_POLICY_UNKNOWN for the plugins no source settles (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.networkPolicy not-supported; calico and ovn-kubernetes supported; the rest unknown
    const report = judge({
      windowsVersion: 'windows-server-2025',
      networkMode: 'l2bridge',
      environment: 'self-managed',
      networkPolicy: true,
      kubernetesVersion: '1.35',
    });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NETWORK_POLICY_UNSUPPORTED',
      severity: 'warning',
      subject: undefined,
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['cniPlugin'] });
    // Cilium (no Windows data plane) enforces nothing there either.
    expect(f.message).toMatch(/^With Flannel, Cilium \(Azure CNI Powered by Cilium\): /);
    expect(f.remediation).toContain('Calico');
    const unknown = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NETWORK_POLICY_UNKNOWN',
      severity: 'info',
      subject: undefined,
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expect(unknown.message).toContain('win-bridge');
    expect(unknown.message).not.toContain('Flannel');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', networkMode: 'l2bridge', environment: 'self-managed', kubernetesVersion: '1.35' }),
      'NETWORK_POLICY_UNSUPPORTED',
    );
  });
});
