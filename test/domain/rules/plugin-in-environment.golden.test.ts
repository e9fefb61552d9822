/**
 * Golden cases of src/domain/compatibility/rules/plugin-in-environment.ts: each named after the
 * seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('environments', () => {
  it('ENVIRONMENT_ASSUMED: the Amazon VPC CNI runs only on EKS, whose control plane hosts its Windows IPAM, so EKS is assumed (eks-best-practices-windows-networking#IP address management)', () => {
    // seeds/cni-plugins.yaml amazon-vpc-cni.onlyIn [eks]
    const report = judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'amazon-vpc-cni' });
    expectFinding(report, {
      verdict: 'COMPATIBLE',
      code: 'ENVIRONMENT_ASSUMED',
      severity: 'info',
      subject: 'eks',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    // EKS-scoped limitations are checked under the assumption (seeds/limitations.yaml eks-single-eni).
    expect(report.findings.map((f) => f.subject)).toContain('eks-single-eni');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'amazon-vpc-cni', environment: 'eks' }),
      'ENVIRONMENT_ASSUMED',
    );
    // Flannel is the default nowhere: nothing is assumed.
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', kubernetesVersion: '1.35', cniPlugin: 'flannel', networkMode: 'l2bridge' }),
      'ENVIRONMENT_ASSUMED',
    );
  });

  it('ENVIRONMENT_ASSUMED is not made from a default: Calico is the AKS Arc default but runs anywhere, so AKS Arc facts only "may apply" (aks-arc-container-networking#IP address resources)', () => {
    // seeds/cni-plugins.yaml calico has no onlyIn; seeds/limitations.yaml aks-windows-server-lb-ip-conflict (environments [aks-windows-server], severity warning)
    const report = judge({ windowsVersion: 'windows-server-23h2', cniPlugin: 'calico' });
    expectNoFinding(report, 'ENVIRONMENT_ASSUMED');
    const conflict = report.findings.find((f) => f.subject === 'aks-windows-server-lb-ip-conflict')!;
    expect(conflict.severity).toBe('info');
    expect(conflict).toMatchObject({ applicability: 'may-apply', dependsOn: ['environment', 'serviceTypes'] });
    expect(conflict.message).toMatch(/^On AKS on Windows Server \(AKS Arc\), where the workloads use LoadBalancer Services: /);

    // Given the environment and the Service types, the same fact is a plain warning.
    const given = judge({ windowsVersion: 'windows-server-23h2', cniPlugin: 'calico', environment: 'aks-windows-server', serviceTypes: ['load-balancer'] });
    expect(given.findings.find((f) => f.subject === 'aks-windows-server-lb-ip-conflict')).toMatchObject({
      severity: 'warning',
      applicability: 'applies',
    });
  });

  it('PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT: the Amazon VPC CNI runs only on EKS (eks-best-practices-windows-networking#IP address management)', () => {
    // seeds/cni-plugins.yaml amazon-vpc-cni.onlyIn [eks]; seeds/environments.yaml aks-windows-server.pluginsListed
    const f = expectFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'amazon-vpc-cni', environment: 'aks-windows-server', kubernetesVersion: '1.33' }),
      {
        verdict: 'INCOMPATIBLE',
        code: 'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
        severity: 'error',
        subject: 'amazon-vpc-cni',
        cites: 'eks-best-practices-windows-networking#IP address management',
      },
    );
    expect(f.remediation).toContain('Calico');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'amazon-vpc-cni', environment: 'eks', kubernetesVersion: '1.33' }),
      'PLUGIN_NOT_AVAILABLE_IN_ENVIRONMENT',
    );
  });

  it('PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT: the EKS guide lists the Amazon VPC CNI and Calico, not Azure-CNI (eks-best-practices-windows-networking#Container Network Interface (CNI) options)', () => {
    // seeds/environments.yaml eks.pluginsListed; Azure-CNI has no eks entry
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'azure-cni', environment: 'eks', kubernetesVersion: '1.33' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
      severity: 'warning',
      subject: 'azure-cni',
      cites: 'eks-best-practices-windows-networking#Container Network Interface (CNI) options',
    });
    expect(f.message).toContain('Amazon VPC CNI (the default plugin)');
    expect(f.message).toContain('Calico (a documented alternative)');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'calico', environment: 'eks', kubernetesVersion: '1.33' }),
      'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT',
    );
  });

  it('PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN: no source lists the plugins of AKS in Azure, so Flannel there is not known either way (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/environments.yaml aks has no pluginsListed; Flannel has no aks entry
    expectFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', networkMode: 'l2bridge', environment: 'aks', kubernetesVersion: '1.33' }),
      {
        verdict: 'COMPATIBLE',
        code: 'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
        severity: 'info',
        subject: 'flannel',
        cites: 'k8s-windows-networking-uk#network-modes',
      },
    );
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'azure-cni', environment: 'aks', kubernetesVersion: '1.33' }),
      'PLUGIN_STATUS_IN_ENVIRONMENT_UNKNOWN',
    );
  });

  it('PLUGIN_RETIRED_IN_ENVIRONMENT: Flannel was retired on AKS on Windows Server in December 2023 (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.environments[aks-windows-server] retired since 2023-12
    const f = expectFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'l2bridge', environment: 'aks-windows-server' }),
      {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'PLUGIN_RETIRED_IN_ENVIRONMENT',
        severity: 'warning',
        subject: 'flannel',
        cites: 'aks-arc-container-networking#Compare network models',
      },
    );
    expect(f.message).toContain('2023-12');
    expect(f.remediation).toContain('Calico');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'flannel', networkMode: 'l2bridge', environment: 'aks' }),
      'PLUGIN_RETIRED_IN_ENVIRONMENT',
    );
  });

  it('PLUGIN_STATUS_IN_ENVIRONMENT: Calico is the default on AKS on Windows Server (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml calico.environments[aks-windows-server] default
    const f = expectFinding(
      judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'calico', environment: 'aks-windows-server', serviceTypes: ['cluster-ip'] }),
      {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'PLUGIN_STATUS_IN_ENVIRONMENT',
        severity: 'info',
        subject: 'calico',
        cites: 'aks-arc-container-networking#Compare network models',
      },
    );
    expect(f.message).toContain('the default');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'calico', environment: 'aks-windows-server' }), 'PLUGIN_RETIRED_IN_ENVIRONMENT');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'calico', environment: 'aks' }), 'PLUGIN_STATUS_IN_ENVIRONMENT');
  });
});

describe('scopes as the sources give them: platforms, plugins open, dates, builds, the horizon', () => {
  it('PLUGIN_RETIRED_IN_ENVIRONMENT counts from its date: Flannel on AKS Arc is not yet retired at 2023-06-01, retired at 2024-06-01 (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.environments[aks-windows-server] retired since 2023-12
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', networkMode: 'l2bridge', environment: 'aks-windows-server' } as const;
    const early = judge({ ...plan, asOf: '2023-06-01' });
    expectNoFinding(early, 'PLUGIN_RETIRED_IN_ENVIRONMENT');
    const status = expectFinding(early, {
      verdict: 'COMPATIBLE', // the warnings of this plan are about Service types it does not list: they only may apply
      code: 'PLUGIN_STATUS_IN_ENVIRONMENT',
      severity: 'info',
      subject: 'flannel',
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expect(status.message).toContain('only from 2023-12');
    const f = expectFinding(judge({ ...plan, asOf: '2024-06-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'PLUGIN_RETIRED_IN_ENVIRONMENT',
      severity: 'warning',
      subject: 'flannel',
      cites: 'aks-arc-container-networking#Compare network models',
    });
    expect(f.applicability).not.toBe('may-apply');
    // Inside December 2023 the month-only date cannot place the day: "may apply", info.
    const inMonth = judge({ ...plan, asOf: '2023-12-15' }).findings.find((x) => x.code === 'PLUGIN_RETIRED_IN_ENVIRONMENT')!;
    expect(inMonth.severity).toBe('info');
    // No plan field settles the day: information about every plan there, a general caveat (findings.ts settleFinding).
    expect(inMonth).toMatchObject({ applicability: 'general', dependsOn: [] });
    expect(inMonth.message).toMatch(/^From 2023-12 \(the sources give only the month/);
  });
});
