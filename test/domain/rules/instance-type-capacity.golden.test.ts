/**
 * Golden cases of src/domain/compatibility/rules/instance-type-capacity.ts: each named after the
 * seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, settingTexts } from './support.js';

describe('EC2 instance type and pod capacity (seeds/ec2-instance-types.yaml, vpc-resource-controller#pkg/aws/vpc/limits.go)', () => {
  const base = { windowsVersion: 'windows-server-2022', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.33' } as const;

  it('INSTANCE_TYPE_NOT_FOR_WINDOWS: m6g.large is Graviton (Arm) and mac2.metal runs macOS (aws-ec2-instance-type-names#Naming conventions)', () => {
    for (const instanceType of ['m6g.large', 'mac2.metal', 'a1.large'])
      expectFinding(judge({ ...base, instanceType }), {
        verdict: 'INCOMPATIBLE',
        code: 'INSTANCE_TYPE_NOT_FOR_WINDOWS',
        severity: 'error',
        subject: instanceType,
        cites: 'aws-ec2-instance-type-names#Naming conventions',
      });
    // g5 is a GPU family, not Graviton: no such finding.
    expect(judge({ ...base, instanceType: 'g5.xlarge' }).findings.map((f) => f.code)).not.toContain('INSTANCE_TYPE_NOT_FOR_WINDOWS');
  });

  it('PREFIX_DELEGATION_UNSUPPORTED: m4.large runs on Xen, so the controller keeps it in secondary-IP mode with 9 pods (vpc-resource-controller#pkg/provider/ip/provider.go)', () => {
    const report = judge({ ...base, instanceType: 'm4.large', ipAddressMode: 'PREFIX_DELEGATION' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'PREFIX_DELEGATION_UNSUPPORTED',
      severity: 'warning',
      subject: 'm4.large',
      cites: 'vpc-resource-controller#pkg/provider/ip/provider.go',
    });
    expect(f.message).toContain('9 pod addresses instead of the 144');
    expect(report.findings.find((x) => x.code === 'POD_CAPACITY')!.message).toContain('gives 9 Windows pods in secondary-IP mode');
    // The fallback figure is what PODS_EXCEED_CAPACITY compares with.
    expect(judge({ ...base, instanceType: 'm4.large', ipAddressMode: 'PREFIX_DELEGATION', podsPerNode: 20 }).verdict).toBe('INCOMPATIBLE');
    expect(judge({ ...base, instanceType: 'm4.large' }).findings.map((f) => f.code)).not.toContain('PREFIX_DELEGATION_UNSUPPORTED');
  });

  it('POD_CAPACITY judged at asOf: prefix delegation reached EKS Windows nodes in June 2023, so on 2023-03-01 m5.large gives 9 pods, not 144 (vpc-resource-controller##259)', () => {
    // seeds/limitations.yaml eks-windows-prefix-delegation-before-june-2023 (eks, PREFIX_DELEGATION, dates before 2023-06)
    const pd = { ...base, kubernetesVersion: '1.25', instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION' } as const;
    const before = judge({ ...pd, asOf: '2023-03-01' });
    expect(before.findings.find((x) => x.code === 'POD_CAPACITY')!.message).toContain('gives 9 Windows pods in secondary-IP mode');
    expect(before.findings.find((x) => x.code === 'POD_CAPACITY')!.message).toContain('so the node runs in secondary-IP mode');
    expect(before.findings.find((x) => x.code === 'UNSUPPORTED_FUNCTIONALITY')?.subject).toBe('eks-windows-prefix-delegation-before-june-2023');
    // 20 pods do not fit then, and prefix delegation is not offered as the way out.
    const tooMany = judge({ ...pd, asOf: '2023-03-01', podsPerNode: 20 }).findings.find((x) => x.code === 'PODS_EXCEED_CAPACITY')!;
    expect(tooMany.message).toContain('gives 9');
    expect(tooMany.remediation).not.toContain('prefix delegation');
    expect(judge({ ...pd, asOf: '2023-07-01' }).findings.find((x) => x.code === 'POD_CAPACITY')!.message).toContain('gives 144 Windows pods');
  });

  it('POD_CAPACITY: m5.large gives 9 pods in secondary-IP mode, 144 with prefixes (eks-best-practices-windows-networking#IP address management)', () => {
    const f = expectFinding(judge({ ...base, instanceType: 'm5.large' }), {
      verdict: 'COMPATIBLE',
      code: 'POD_CAPACITY',
      severity: 'info',
      subject: 'm5.large',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expect(f.message).toContain('gives 9 Windows pods');
    expect(judge({ ...base, instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION' }).findings.find((x) => x.code === 'POD_CAPACITY')!.message).toContain(
      'gives 144 Windows pods',
    );
  });

  it('PODS_EXCEED_CAPACITY: 20 pods on m5.large in secondary-IP mode (9), remedied by prefix delegation (eks-best-practices-windows-networking#IP address management)', () => {
    const f = expectFinding(judge({ ...base, instanceType: 'm5.large', podsPerNode: 20 }), {
      verdict: 'INCOMPATIBLE',
      code: 'PODS_EXCEED_CAPACITY',
      severity: 'error',
      subject: 'm5.large',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expect(f.remediation).toMatch(/prefix delegation/);
    expect(judge({ ...base, instanceType: 'm5.large', podsPerNode: 9 }).findings.map((x) => x.code)).not.toContain('PODS_EXCEED_CAPACITY');
  });

  it('PODS_EXCEED_KUBELET_MAX_PODS: 120 pods on m5.large with prefixes (144) exceed the kubelet default 110 (eks-best-practices-prefix-mode-windows#Prefix Mode for Windows)', () => {
    const input = { ...base, instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION', podsPerNode: 120 } as const;
    const f = expectFinding(judge(input), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      severity: 'warning',
      subject: 'm5.large',
      cites: 'eks-best-practices-prefix-mode-windows#Prefix Mode for Windows',
    });
    expect(f.remediation).toContain('--max-pods=120');
    // The source gives 110 as a default that can be raised: the message says so, and it stays a warning.
    expect(f.message).toContain('default max-pods on EKS Windows nodes (110)');
    expect(f.message).toContain('can be raised');
    expect(judge({ ...input, kubeletMaxPods: 144 }).findings.map((x) => x.code)).not.toContain('PODS_EXCEED_KUBELET_MAX_PODS');
  });

  it('PODS_EXCEED_KUBELET_MAX_PODS is an error when the plan sets a max-pods below its own pods: it asks for both (eks-best-practices-prefix-mode-windows#Prefix Mode for Windows)', () => {
    const input = { ...base, instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION', podsPerNode: 130, kubeletMaxPods: 110 } as const;
    const f = expectFinding(judge(input), {
      verdict: 'INCOMPATIBLE',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      severity: 'error',
      subject: 'm5.large',
      cites: 'eks-best-practices-prefix-mode-windows#Prefix Mode for Windows',
    });
    expect(f.message).toContain("the plan's kubelet max-pods of 110");
  });

  it('prefix delegation names its key among the required settings, beside the key that turns Windows IPAM on (eks-user-guide-windows#eks-networking-add-ons.adoc)', () => {
    // seeds/ipam-options.yaml vpc-resource-controller: enable-windows-ipam, and enable-windows-prefix-delegation for PREFIX_DELEGATION; trial plan p21.
    const input = { ...base, instanceType: 'm5.large', ipAddressMode: 'PREFIX_DELEGATION', podsPerNode: 130 } as const;
    expect(settingTexts(judge(input))).toEqual(expect.arrayContaining(['enable-windows-ipam=true', 'enable-windows-prefix-delegation=true']));
    // Secondary-IP mode needs Windows IPAM on, and no prefix key.
    const secondary = settingTexts(judge({ ...input, ipAddressMode: 'SECONDARY_IP', podsPerNode: 9 }));
    expect(secondary).toContain('enable-windows-ipam=true');
    expect(secondary).not.toContain('enable-windows-prefix-delegation=true');
    // A plugin with no bound IPAM settings adds none.
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-bridge', environment: 'self-managed' })).join()).not.toMatch(
      /enable-windows/,
    );
  });
});
