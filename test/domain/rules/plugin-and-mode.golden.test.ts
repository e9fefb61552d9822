/**
 * Golden cases of src/domain/compatibility/rules/plugin-and-mode.ts: each named after the seed
 * fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('plugins and network modes', () => {
  it('PLUGIN_MODE_UNSUPPORTED: win-bridge only creates l2bridge networks (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/cni-plugins.yaml win-bridge.modes = [l2bridge]
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', networkMode: 'overlay' }), {
      verdict: 'INCOMPATIBLE',
      code: 'PLUGIN_MODE_UNSUPPORTED',
      severity: 'error',
      subject: 'win-bridge',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expect(f.remediation).toContain('l2bridge');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', networkMode: 'l2bridge' }), 'PLUGIN_MODE_UNSUPPORTED');
  });

  it('NETWORK_MODE_AMBIGUOUS: Flannel offers overlay (vxlan) and l2bridge (host-gw) (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/cni-plugins.yaml flannel.modes
    const report = judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'flannel' });
    expectFinding(report, {
      verdict: 'COMPATIBLE',
      code: 'NETWORK_MODE_AMBIGUOUS',
      severity: 'info',
      subject: 'flannel',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    // Mode-specific findings are only "may apply" and at most info/warning.
    const vni = report.findings.find((x) => x.subject === 'flannel-vxlan-vni-and-port');
    expect(vni?.applicability).toBe('may-apply');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'flannel', networkMode: 'l2bridge' }),
      'NETWORK_MODE_AMBIGUOUS',
    );
  });

  it('NETWORK_MODE_UNKNOWN: no source says which HNS mode the Amazon VPC CNI uses (eks-best-practices-windows-networking#IP address management)', () => {
    // seeds/cni-plugins.yaml amazon-vpc-cni.modes = [] and its note
    expectFinding(judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'amazon-vpc-cni' }), {
      verdict: 'COMPATIBLE',
      code: 'NETWORK_MODE_UNKNOWN',
      severity: 'info',
      subject: 'amazon-vpc-cni',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'amazon-vpc-cni', networkMode: 'l2bridge' }),
      'NETWORK_MODE_UNKNOWN',
    );
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'calico' }), 'NETWORK_MODE_UNKNOWN');
  });

  it('NETWORK_MODE_NOT_USED_BY_KUBERNETES: Kubernetes does not use the NAT mode (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/network-modes.yaml nat.usedByKubernetes false
    expectFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'nat', networkMode: 'nat' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NETWORK_MODE_NOT_USED_BY_KUBERNETES',
      severity: 'error',
      subject: 'nat',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', networkMode: 'l2bridge' }), 'NETWORK_MODE_NOT_USED_BY_KUBERNETES');
  });

  describe('the Overlay label: "Overlay (Beta)" on the pages, the WinOverlay gate GA from 1.34 (k8s-feature-gates#WinOverlay)', () => {
    // seeds/network-modes.yaml overlay.stability beta, overlay.gateGraduation {gate: WinOverlay, kubernetes: 1.34}
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', environment: 'self-managed', serviceTypes: ['cluster-ip'] } as const;
    it("NETWORK_MODE_PRERELEASE: a warning on 1.33, below the gate's GA (k8s-windows-networking-uk#network-modes)", () => {
      const f = expectFinding(judge({ ...plan, kubernetesVersion: '1.33' }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'NETWORK_MODE_PRERELEASE',
        severity: 'warning',
        subject: 'overlay',
        cites: 'k8s-windows-networking-uk#network-modes',
      });
      expect(f.message).toContain('WinOverlay');
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-feature-gates', section: 'WinOverlay' }));
      expectNoFinding(judge({ ...plan, kubernetesVersion: '1.33' }), 'NETWORK_MODE_LABEL_OUTDATED');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' }), 'NETWORK_MODE_PRERELEASE');
    });
    it('NETWORK_MODE_LABEL_OUTDATED: on 1.35 the beta label is out of date, only info (k8s-feature-gates#WinOverlay)', () => {
      const report = judge({ ...plan, kubernetesVersion: '1.35' });
      const f = expectFinding(report, {
        verdict: 'COMPATIBLE',
        code: 'NETWORK_MODE_LABEL_OUTDATED',
        severity: 'info',
        subject: 'overlay',
        cites: 'k8s-feature-gates#WinOverlay',
      });
      expect(f.message).toContain('1.35');
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-networking-uk', section: 'network-modes' }));
      expectNoFinding(report, 'NETWORK_MODE_PRERELEASE');
    });
    it('"may apply" (info) when the Kubernetes version is open (kep-5100#Overlay support)', () => {
      const report = judge(plan);
      const f = report.findings.filter((x) => x.subject === 'overlay' && x.code.startsWith('NETWORK_MODE_'));
      expect(f.map((x) => [x.code, x.severity])).toEqual([['NETWORK_MODE_PRERELEASE', 'info']]);
      expect(f[0]!).toMatchObject({ applicability: 'may-apply', dependsOn: ['kubernetesVersion'] });
      expect(f[0]!.message).toMatch(/^Before Kubernetes 1\.34: /);
      expect(f[0]!.sources).toContainEqual(expect.objectContaining({ doc: 'kep-5100', section: 'Overlay support' }));
    });
  });

  it('PLUGIN_MODE_PRERELEASE: Flannel VXLAN (overlay) is beta, host-gateway (l2bridge) is stable (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/cni-plugins.yaml flannel.modes[overlay].stability beta, [l2bridge].stability stable
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'flannel', networkMode: 'overlay' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'PLUGIN_MODE_PRERELEASE',
      severity: 'warning',
      subject: 'flannel',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expect(f.message).toContain('vxlan');
    const hostGw = judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'flannel', networkMode: 'l2bridge' });
    expectNoFinding(hostGw, 'PLUGIN_MODE_PRERELEASE');
    expect(hostGw.verdict).toBe('COMPATIBLE');
  });
});
