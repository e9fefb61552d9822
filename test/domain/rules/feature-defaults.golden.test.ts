/**
 * Golden cases of src/domain/compatibility/rules/feature-defaults.ts: each named after the seed
 * fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding, settingTexts } from './support.js';

describe('feature defaults (seeds/feature-defaults.yaml)', () => {
  it('FEATURE_DEFAULT: AKS turns DSR on in Windows node pools (aks-issues##2073)', () => {
    const plan = { windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.33' } as const;
    expectFinding(judge({ ...plan, environment: 'aks' }), {
      verdict: 'COMPATIBLE',
      code: 'FEATURE_DEFAULT',
      severity: 'info',
      subject: 'direct-server-return',
      cites: 'aks-issues##2073',
    });
    expectNoFinding(judge({ ...plan, environment: 'eks' }), 'FEATURE_DEFAULT');
    // The EKS SAC AMIs have DSR on; the LTSC ones do not (channel).
    expect(
      judge({ windowsVersion: 'windows-server-20h2', environment: 'eks', features: ['direct-server-return'], kubernetesVersion: '1.24' }).findings.map(
        (f) => f.code,
      ),
    ).toContain('FEATURE_DEFAULT');
    // Environment open: "may apply" on each environment that has the default.
    const open = judge(plan).findings.filter((f) => f.code === 'FEATURE_DEFAULT');
    expect(open).toHaveLength(1);
    expect(open[0]!).toMatchObject({ applicability: 'may-apply', dependsOn: ['environment'] });
    expect(open[0]!.message).toMatch(/^On Azure Kubernetes Service \(AKS\) in Azure: /);
  });
});

describe('required settings follow FEATURE_DEFAULT (seeds/feature-defaults.yaml)', () => {
  const dsrFlags = ['--feature-gates=WinDSR=true', '--enable-dsr=true'];

  it('EKS SAC AMIs start kube-proxy with DSR on, so the DSR flags are not required there (eks-best-practices-windows-networking#IP address management)', () => {
    // eks-sac-amis-dsr-on (environments [eks], channels [SAC]); trial plan q19
    const sac = judge({
      windowsVersion: 'windows-server-2004',
      cniPlugin: 'amazon-vpc-cni',
      environment: 'eks',
      kubernetesVersion: '1.20',
      features: ['direct-server-return'],
      asOf: '2021-01-01',
    });
    const f = expectFinding(sac, {
      verdict: 'COMPATIBLE',
      code: 'FEATURE_DEFAULT',
      severity: 'info',
      subject: 'direct-server-return',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expect(f.message).toMatch(/leave out the settings that switch on Direct Server Return/);
    // Only the VPC CNI's Windows IPAM key is left (ipam-options.yaml), no DSR flag.
    expect(settingTexts(sac)).toEqual(['enable-windows-ipam=true']);
    // Counter-case: the LTSC AMIs (Server 2022) have no such default, and the flags are required.
    const ltsc = judge({
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'amazon-vpc-cni',
      environment: 'eks',
      kubernetesVersion: '1.30',
      features: ['direct-server-return'],
    });
    expectNoFinding(ltsc, 'FEATURE_DEFAULT');
    expect(settingTexts(ltsc)).toEqual([...dsrFlags, 'enable-windows-ipam=true']);
  });

  it('AKS turns DSR on in Windows node pools: no DSR flags on AKS; other settings of the plan stay (aks-issues##2073)', () => {
    // aks-dsr-on (environments [aks]); client IP preservation brings DSR along and keeps its own setting
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'azure-cni', kubernetesVersion: '1.30', features: ['client-ip-preservation'] } as const;
    expect(settingTexts(judge({ ...plan, environment: 'aks' }))).toEqual(['service.spec.externalTrafficPolicy=Local']);
    expect(settingTexts(judge({ ...plan, environment: 'self-managed' }))).toEqual(['service.spec.externalTrafficPolicy=Local', ...dsrFlags]);
  });

  it('with the environment open the default only may hold: the flags stay listed and the finding says where they are not needed (aks-issues##2073)', () => {
    const open = judge({ windowsVersion: 'windows-server-2022', kubernetesVersion: '1.30', features: ['direct-server-return'] });
    expect(settingTexts(open)).toEqual(dsrFlags);
    const f = open.findings.filter((x) => x.code === 'FEATURE_DEFAULT');
    expect(f).toHaveLength(1);
    expect(f[0]!.message).toMatch(/^On Azure Kubernetes Service/);
    expect(f[0]!.message).toMatch(/still list the settings that switch on Direct Server Return \(DSR\).*not needed where this default holds/);
  });
});
