/**
 * Golden cases of src/domain/compatibility/rules/node-os-supported.ts: each named after the seed
 * fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility } from '../../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';
import { TEST_TODAY } from '../../support/fixtures.js';
import { buildKnowledge, CITE, release } from '../../support/knowledge-builder.js';
import { realSeeds } from '../../seeds/support.js';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('node OS support (seeds/node-os-support.yaml)', () => {
  it('NODE_OS_UNSUPPORTED with the version open: Kubernetes lists Windows Server 2025 only from 1.35, later than it lists other current releases (k8s-website-windows-2025##55058)', () => {
    // node-os-support.yaml kubernetes-windows-server-2025 {min: 1.35}; kubernetes-windows-server-2022 {min: 1.23} is the baseline.
    const plan: PlanInput = { windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', environment: 'self-managed', asOf: '2026-03-01' };
    const f = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'warning',
      subject: 'windows-server-2025',
      cites: 'k8s-website-windows-2025##55058',
    });
    expect(f.message).toMatch(
      /^Kubernetes lists Windows Server 2025 as a Windows node OS only from Kubernetes 1\.35, while it lists other releases from 1\.23\./,
    );
    // Counter-cases: Server 2022's listing starts at the baseline itself, so no finding; with a version in range none either.
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2022' }), 'NODE_OS_UNSUPPORTED');
    expectNoFinding(judge({ ...plan, kubernetesVersion: '1.35' }), 'NODE_OS_UNSUPPORTED');
  });

  it("the environment's own table decides: AKS made Windows Server 2025 GA on 1.32 (2026-05-29), so upstream's 1.35 listing is only information there (aks-release-notes#Release Notes 2026-05-29)", () => {
    // node-os-support.yaml aks-windows-server-2025 {min: 1.32, from 2026-05-29} beside kubernetes-windows-server-2025 {min: 1.35}.
    const plan: PlanInput = {
      windowsVersion: 'windows-server-2025',
      cniPlugin: 'azure-cni',
      environment: 'aks',
      kubernetesVersion: '1.32',
      asOf: '2026-07-01',
    };
    const result = judge(plan);
    expect(result.verdict).toBe('COMPATIBLE');
    const upstream = result.findings.filter((f) => f.code === 'NODE_OS_UNSUPPORTED');
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.severity).toBe('info');
    expect(upstream[0]!.message).toMatch(/environment publishes its own node OS table .* that table decides there/);
    // Same release on AKS 1.32 but retired Annual Channel (AKS table covers it): AKS's retirement warning decides, no upstream error.
    const annual = judge({ windowsVersion: 'windows-server-23h2', cniPlugin: 'azure-cni', environment: 'aks', kubernetesVersion: '1.30', asOf: '2026-06-01' });
    expect(annual.verdict).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(annual.findings.some((f) => f.code === 'NODE_OS_UNSUPPORTED' && f.severity !== 'info')).toBe(false);
    // Counter-cases: self-managed has no table of its own, so upstream still decides; before AKS's preview the AKS table does not cover the date.
    expectFinding(judge({ ...plan, environment: 'self-managed', cniPlugin: 'win-bridge' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2025',
      cites: 'k8s-website-windows-2025##53724',
    });
    expect(judge({ ...plan, asOf: '2025-06-01' }).verdict).toBe('INCOMPATIBLE');
    // EKS's AMI calendar names no Kubernetes versions, so upstream's list still decides the version there.
    expectFinding(judge({ windowsVersion: 'windows-server-2019', environment: 'eks', kubernetesVersion: '1.35', asOf: '2026-07-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'k8s-website-windows-2025##53724',
    });
  });

  it('NODE_OS_RETIRED is an error where the retired release was never offered on the planned version: AKS ran Windows Server 2019 only up to 1.32 (aks-windows-os-versions#Windows Server 2019 retirement)', () => {
    // node-os-support.yaml aks-windows-server-2019 {max 1.32, before 2026-03-01}, aks-windows-server-2019-retired {from 2026-03-01}.
    const plan: PlanInput = {
      windowsVersion: 'windows-server-2019',
      cniPlugin: 'azure-cni',
      environment: 'aks',
      kubernetesVersion: '1.33',
      asOf: '2026-06-01',
    };
    const f = expectFinding(judge(plan), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'aks-release-notes#Release Notes 2026-02-08',
    });
    expect(f.message).toMatch(/never on Kubernetes 1\.33/);
    // The remediation names the releases AKS lists there, in user words (trial plan p32).
    expect(f.remediation).toBe(
      'Run the Windows nodes on a release Azure Kubernetes Service (AKS) in Azure lists as a node OS here: Windows Server 2022, Windows Server 2025.',
    );
    // Counter-case: on 1.32, where AKS did offer it, the retirement stays a warning (existing pools keep running).
    expect(judge({ ...plan, kubernetesVersion: '1.32' }).findings.find((x) => x.code === 'NODE_OS_RETIRED')!.severity).toBe('warning');
  });

  it('NODE_OS_RETIRED as applying information: AKS supports Windows Server 2022 up to 1.36 and until 2028-06-30, an upcoming end the plan is told of (aks-release-notes#Release Notes 2026-06-19)', () => {
    // node-os-support.yaml aks-windows-server-2022 {kubernetes 1.23 to 1.36, before 2028-06-30}.
    const plan: PlanInput = {
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'azure-cni',
      environment: 'aks',
      kubernetesVersion: '1.35',
      asOf: '2026-11-01',
    };
    const f = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'info',
      subject: 'windows-server-2022',
      cites: 'aks-release-notes#Release Notes 2026-06-19',
    });
    expect(f.applicability).toBe('applies');
    expect(f.message).toMatch(/until 2028-06-30, when it retires/);
    // Counter-case: Server 2025 on AKS has no announced end, so no such note.
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2025' }), 'NODE_OS_RETIRED');
  });

  it('NODE_OS_UNSUPPORTED: Kubernetes never lists Windows Server 2016 as a node OS, so a Flannel plan on it fails at every version (k8s-windows-intro-legacy#Windows OS Version Support)', () => {
    // No kubernetes-* row for windows-server-2016; 2016 is still in extended support, so no lifecycle warning hides this.
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2016', cniPlugin: 'flannel', environment: 'self-managed' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2016',
      cites: 'k8s-windows-intro-legacy#Windows OS Version Support',
    });
    expect(f.applicability).not.toBe('may-apply');
    // With nothing else given, the upstream answer is still a plain error (the environments' tables add "may apply" warnings).
    const open = judge({ windowsVersion: 'windows-server-2016', cniPlugin: 'flannel' });
    expect(open.verdict).toBe('INCOMPATIBLE');
    expect(open.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.severity === 'error')).toHaveLength(1);
    // 1709 and 1803 are not on any table either, beside their lifecycle warning.
    for (const windowsVersion of ['windows-server-1709', 'windows-server-1803'])
      expect(
        judge({ windowsVersion }).findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.severity === 'error' && x.applicability !== 'may-apply'),
      ).toHaveLength(1);
  });

  it('NODE_OS_UNSUPPORTED is scoped by Kubernetes version: Server 2019 is listed up to 1.34, Server 2025 from 1.35 (k8s-website-windows-2025##53724)', () => {
    const plan = { windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, environment: 'self-managed' } as const;
    const f = expectFinding(judge({ ...plan, kubernetesVersion: '1.35' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'k8s-website-windows-2025##53724',
    });
    expect(f.remediation).toContain('Windows Server 2022, Windows Server 2025');
    expectNoFinding(judge({ ...plan, kubernetesVersion: '1.34' }), 'NODE_OS_UNSUPPORTED');
    // Version open: "may apply", a warning, naming the window.
    const open = judge(plan).findings.find((x) => x.code === 'NODE_OS_UNSUPPORTED')!;
    expect(open.severity).toBe('warning');
    expect(open).toMatchObject({ applicability: 'may-apply', dependsOn: expect.arrayContaining(['kubernetesVersion']) as string[] });
    expect(open.message).toContain('not listed after Kubernetes 1.34');
    // SAC 1903 was listed for 1.18 only.
    expectNoFinding(judge({ windowsVersion: 'windows-server-1903', environment: 'self-managed', kubernetesVersion: '1.18' }), 'NODE_OS_UNSUPPORTED');
    expect(judge({ windowsVersion: 'windows-server-1903', environment: 'self-managed', kubernetesVersion: '1.19' }).verdict).toBe('INCOMPATIBLE');
  });

  it('NODE_OS_UNSUPPORTED from an environment table: before its retirement AKS offered Windows Server 2019 up to 1.32; "may apply on AKS" when the environment is open (aks-windows-os-versions#Windows Server 2019 retirement)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2019 (max 1.32, before 2026-03-01); judged before the retirement
    const plan = { windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, kubernetesVersion: '1.33', asOf: '2026-02-01' } as const;
    const f = expectFinding(judge({ ...plan, environment: 'aks' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'aks-windows-os-versions#Windows Server 2019 retirement',
    });
    expect(f.message).toContain('1.32 and earlier');
    const open = judge(plan).findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED');
    expect(open).toHaveLength(1);
    expect(open[0]!.severity).toBe('warning');
    expect(open[0]!).toMatchObject({ applicability: 'may-apply', dependsOn: expect.arrayContaining(['environment']) as string[] });
    expect(open[0]!.message).toMatch(/^Azure Kubernetes Service \(AKS\) in Azure lists /);
    expectNoFinding(judge({ ...plan, environment: 'eks' }), 'NODE_OS_UNSUPPORTED');
  });

  it('AKS Windows Server 2019 by date: supported on 1.30 at 2026-02-01, retired at 2026-06-01 (aks-release-notes#Release Notes 2026-02-08)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2019 (before 2026-03-01) and aks-windows-server-2019-retired (from 2026-03-01)
    const plan = { windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, environment: 'aks', kubernetesVersion: '1.30' } as const;
    const before = judge({ ...plan, asOf: '2026-02-01' });
    expect(before.verdict).toBe('COMPATIBLE');
    // Supported: nothing but the note of an announced end (NODE_OS_RETIRED, applying information).
    expect(before.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity !== 'info')).toEqual([]);
    expect(before.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity === 'info').map((x) => x.code)).toEqual(['NODE_OS_RETIRED']);
    const f = expectFinding(judge({ ...plan, asOf: '2026-06-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'warning',
      subject: 'windows-server-2019',
      cites: 'aks-release-notes#Release Notes 2026-02-08',
    });
    expect(f.message).toContain('2026-03-01');
    expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'aks-windows-os-versions', section: 'Windows Server 2019 retirement' }));
  });

  it('NODE_OS_RETIRED turns into an error once AKS removes the Windows Server 2019 node images on 2027-04-01, so no node can be added (aks-windows-os-versions#Windows Server 2019 retirement)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2019-retired (2026-03-01 to 2027-04-01) and aks-windows-server-2019-removed (from 2027-04-01); trial plan q15
    const plan = {
      windowsVersion: 'windows-server-2019',
      cniPlugin: 'azure-cni',
      networkMode: 'l2bridge',
      environment: 'aks',
      // 1.32, which AKS offered Server 2019 on: on 1.33, never offered, the retirement is already an error.
      kubernetesVersion: '1.32',
    } as const;
    expect(judge({ ...plan, asOf: '2027-03-31' }).findings.find((x) => x.code === 'NODE_OS_RETIRED')?.severity).toBe('warning');
    const f = expectFinding(judge({ ...plan, asOf: '2027-06-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'aks-windows-os-versions#Windows Server 2019 retirement',
    });
    expect(f.message).toContain('2027-04-01');
    // With the environment open it only may apply on AKS: a warning.
    const open = judge({ windowsVersion: 'windows-server-2019', kubernetesVersion: '1.30', asOf: '2027-06-01' }).findings.find(
      (x) => x.code === 'NODE_OS_RETIRED',
    );
    expect(open?.severity).toBe('warning');
    expect(open?.message).toMatch(/^On Azure Kubernetes Service/);
  });

  it('NODE_OS_PREVIEW: Windows Server 2025 was in preview on AKS from 1.32 between 2026-01-04 and its GA on 2026-05-29 (aks-release-notes#Release Notes 2026-01-04)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2025-preview (2026-01-04 to before 2026-05-29) and aks-windows-server-2025 (from 2026-05-29)
    const plan = { windowsVersion: 'windows-server-2025', environment: 'aks', kubernetesVersion: '1.35' } as const;
    const f = expectFinding(judge({ ...plan, asOf: '2026-03-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_PREVIEW',
      severity: 'warning',
      subject: 'windows-server-2025',
      cites: 'aks-release-notes#Release Notes 2026-01-04',
    });
    expect(f.message).toContain('AksWindows2025Preview');
    // Generally available from 2026-05-29 (aks-release-notes#Release Notes 2026-05-29): no node-OS finding.
    const ga = judge({ ...plan, asOf: '2026-07-01' });
    expect(ga.verdict).toBe('COMPATIBLE');
    expect(ga.findings.filter((x) => x.code.startsWith('NODE_OS'))).toEqual([]);
    // Before the preview, AKS did not offer it at all.
    expect(judge({ ...plan, asOf: '2025-12-01' }).findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.severity === 'error')).toHaveLength(1);
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025', environment: 'eks', kubernetesVersion: '1.35', asOf: '2026-03-01' }), 'NODE_OS_PREVIEW');
  });

  it('NODE_OS_UNSUPPORTED: AKS supports Windows Server 2022 up to 1.36, not on 1.37 (aks-windows-os-versions#OS SKU table)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2022 (1.23 to 1.36, before 2028-06-30); the 2026 sources superseded the
    // 1.35 dispute of the 2024 announcement.
    const plan = { windowsVersion: 'windows-server-2022', environment: 'aks' } as const;
    const supported = judge({ ...plan, kubernetesVersion: '1.36' });
    expect(supported.verdict).toBe('COMPATIBLE');
    // Supported: nothing but the note of an announced end (NODE_OS_RETIRED, applying information).
    expect(supported.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity !== 'info')).toEqual([]);
    expect(supported.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity === 'info').map((x) => x.code)).toEqual(['NODE_OS_RETIRED']);
    const past = judge({ ...plan, kubernetesVersion: '1.37' });
    expect(past.verdict).toBe('INCOMPATIBLE');
    const unsupported = past.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.subject === 'windows-server-2022');
    // AKS's own table ends at 1.36: a plain error.
    const aks = unsupported.filter((x) => x.severity === 'error');
    expect(aks).toHaveLength(1);
    expect(aks[0]!.message).toContain('1.23 to 1.36');
    expect(aks[0]!.sources).toContainEqual(expect.objectContaining({ doc: 'aks-windows-os-versions', section: 'OS SKU table' }));
    // 1.37 is inside the dataset horizon, where upstream still lists Server 2022 (1.23 and later): only AKS's table says no.
    expect(unsupported.filter((x) => x.severity !== 'error')).toEqual([]);
    // Past the horizon (1.38) the upstream listing with no end only "may" still hold.
    const beyond = judge({ ...plan, kubernetesVersion: '1.38' }).findings.filter(
      (x) => x.code === 'NODE_OS_UNSUPPORTED' && x.subject === 'windows-server-2022' && x.severity !== 'error',
    );
    expect(beyond.map((x) => x.message)).toEqual([
      expect.stringMatching(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.37\): Kubernetes lists Windows Server 2022/),
    ]);
    // Retired on AKS from 2028-06-30 (aks-release-notes#Release Notes 2026-06-19), whatever the version.
    expectFinding(judge({ ...plan, kubernetesVersion: '1.36', asOf: '2028-07-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'warning',
      subject: 'windows-server-2022',
      cites: 'aks-release-notes#Release Notes 2026-06-19',
    });
  });

  it('NODE_OS_SUPPORT_DISPUTED: no seed row is disputed any more, so a hand-built table keeps the code covered (test/support/knowledge-builder.ts)', () => {
    // The AKS 1.35 dispute over Windows Server 2022 (aks-windows-os-versions#Add a node pool) was settled by the 2026
    // sources. When a seed row is disputed again, replace this case with one on the real seeds.
    expect([...realSeeds().nodeOsSupport.values()].filter((r) => r.status === 'disputed')).toEqual([]);
    const k = buildKnowledge({
      releases: [release('ltsc-a', 17763), release('ltsc-b', 20348)],
      nodeOsSupport: [
        { slug: 'k-b', windowsVersion: 'ltsc-b', kubernetes: { min: '1.23' }, status: 'supported', sources: CITE },
        { slug: 'a-b', windowsVersion: 'ltsc-b', environment: 'cloud-a', kubernetes: { min: '1.23', max: '1.34' }, status: 'supported', sources: CITE },
        {
          slug: 'a-b-d',
          windowsVersion: 'ltsc-b',
          environment: 'cloud-a',
          kubernetes: { min: '1.35', max: '1.35' },
          status: 'disputed',
          note: 'Its pages disagree.',
          sources: CITE,
        },
      ],
    });
    const judgeK = (input: PlanInput) => judgeCompatibility(k, input, TEST_TODAY);
    const f = expectFinding(judgeK({ windowsVersion: 'ltsc-b', environment: 'cloud-a', kubernetesVersion: '1.35' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_SUPPORT_DISPUTED',
      severity: 'warning',
      subject: 'ltsc-b',
      cites: 'test-doc#test-section',
    });
    expect(f.message).toContain('Its pages disagree.');
    expectNoFinding(judgeK({ windowsVersion: 'ltsc-b', environment: 'cloud-a', kubernetesVersion: '1.34' }), 'NODE_OS_SUPPORT_DISPUTED');
  });

  it('EKS SAC AMIs by date: the 1909 Core AMI is supported at 2020-01-01 and retired at 2021-02-01 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-1909 (2019-10-07 to before 2020-12-08) and eks-windows-server-1909-retired (to 2021-04-08)
    const plan = { windowsVersion: 'windows-server-1909', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.18' } as const;
    const offered = judge({ ...plan, asOf: '2020-01-01' });
    // Supported: nothing but the note of an announced end (NODE_OS_RETIRED, applying information).
    expect(offered.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity !== 'info')).toEqual([]);
    expect(offered.findings.filter((x) => x.code.startsWith('NODE_OS') && x.severity === 'info').map((x) => x.code)).toEqual(['NODE_OS_RETIRED']);
    expect(offered.verdict).toBe('COMPATIBLE');
    const f = expectFinding(judge({ ...plan, asOf: '2021-02-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'warning',
      subject: 'windows-server-1909',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('2020-12-08');
  });

  it('NODE_OS_UNSUPPORTED before EKS offered a release says when it did: 1909 at 2019-09-01 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-1909: offered from 2019-10-07, before 2020-12-08.
    // (Kubernetes 1.18 lists 1909 upstream, so EKS's calendar is the only authority that objects.)
    const plan = { windowsVersion: 'windows-server-1909', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.18' } as const;
    const f = expectFinding(judge({ ...plan, asOf: '2019-09-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-1909',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('at 2019-09-01');
    expect(f.message).toContain('from 2019-10-07');
    expect(f.message).not.toContain('for any Kubernetes version');
  });

  it('NODE_OS_RETIRED: the EKS-optimized 20H2 Core AMI was withdrawn on 2022-08-09, its published versions stay accessible 4 months (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-20h2-retired (2022-08-09 to before 2022-12-09)
    const plan = { windowsVersion: 'windows-server-20h2', environment: 'eks', kubernetesVersion: '1.24', asOf: '2022-10-01' } as const;
    const f = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'warning',
      subject: 'windows-server-20h2',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('2022-08-09');
    // The calendar names no Kubernetes versions, and neither does the message.
    expect(f.message).not.toContain('on Kubernetes 1.24');
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2022', asOf: '2023-01-01' }), 'NODE_OS_RETIRED');
  });

  it('NODE_OS_RETIRED is an error once the environment offers no node image of the release any more, in every environment: EKS makes each Windows AMI private 4 months after its release, so no 20H2 node can be created from 2022-12-09 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-20h2-removed (from 2022-12-09, status removed); trial plan p24.
    const plan = {
      windowsVersion: 'windows-server-20h2',
      cniPlugin: 'amazon-vpc-cni',
      environment: 'eks',
      kubernetesVersion: '1.23',
      asOf: '2023-01-01',
    } as const;
    const f = expectFinding(judge(plan), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'error',
      subject: 'windows-server-20h2',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('2022-08-09');
    expect(f.message).toContain('no node of it can be created');
    // What to run instead, from the same calendar at that date.
    expect(f.remediation).toBe('Run the Windows nodes on a release Amazon EKS lists as a node OS here: Windows Server 2019, Windows Server 2022.');
    // The same status on AKS (images removed) is the same error: one rule over the environments' tables.
    expect(
      judge({ windowsVersion: 'windows-server-2019', environment: 'aks', kubernetesVersion: '1.32', asOf: '2027-06-01' }).findings.find(
        (x) => x.code === 'NODE_OS_RETIRED',
      )?.severity,
    ).toBe('error');
  });

  it('NODE_OS_RETIRED as information before an EKS calendar end says what the calendar says, dates and no Kubernetes versions (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-20h2 (2021-08-12 to before 2022-08-09, no kubernetes range); trial plan p25.
    const f = expectFinding(judge({ windowsVersion: 'windows-server-20h2', environment: 'eks', kubernetesVersion: '1.21', asOf: '2022-01-01' }), {
      verdict: 'COMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'info',
      subject: 'windows-server-20h2',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('until 2022-08-09, when it retires');
    expect(f.message).not.toContain('all Kubernetes versions');
    expect(f.remediation).toBe('Plan the move to a newer Windows release before that date.');
  });

  it('EKS LTSC AMIs count from their first date: Server 2022 AMIs from 2022-10-17, Server 2019 from 2019-10-07 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-2022 and eks-windows-server-2019 (dates.from)
    const plan = { windowsVersion: 'windows-server-2022', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.23' } as const;
    const f = expectFinding(judge({ ...plan, asOf: '2022-09-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-2022',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('Amazon EKS');
    expectNoFinding(judge({ ...plan, asOf: '2022-11-01' }), 'NODE_OS_UNSUPPORTED');
    const early2019 = { windowsVersion: 'windows-server-2019', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.14' } as const;
    expect(judge({ ...early2019, asOf: '2019-09-01' }).findings.map((x) => x.code)).toContain('NODE_OS_UNSUPPORTED');
    expectNoFinding(judge({ ...early2019, asOf: '2019-11-01' }), 'NODE_OS_UNSUPPORTED');
  });
});

describe('upgrade readiness (targetKubernetesVersion; seeds/feature-gates.yaml)', () => {
  it('NODE_OS_UNSUPPORTED at the target: Kubernetes lists Windows Server 2019 up to 1.34 (k8s-website-windows-2025##53724)', () => {
    const plan: PlanInput = { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.30' };
    expectNoFinding(judge(plan), 'NODE_OS_UNSUPPORTED');
    const report = judge({ ...plan, targetKubernetesVersion: '1.35' });
    expect(report.verdict).toBe('INCOMPATIBLE');
    const f = report.findings.find((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.applicability !== 'may-apply');
    expect(f?.severity).toBe('error');
    expect(f?.message).toMatch(/not for 1\.35/);
  });
});

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };
  const RELEASE_OPEN = /^On /;

  it('NODE_OS_UNSUPPORTED: Kubernetes does not list every release, so with the release open it is info naming the unlisted ones, never a warning that fails a release-less plan (k8s-windows-intro-legacy#Windows OS Version Support)', () => {
    const report = judge(settled);
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'info',
      subject: undefined,
      cites: 'k8s-windows-intro-legacy#Windows OS Version Support',
    });
    expect(f.message).toMatch(RELEASE_OPEN);
    expect(f.message).toContain('Kubernetes does not list Windows Server 2016 as a Windows node OS');
    // Server 2019 and 2022 are listed for 1.33: they are not among the releases it holds for.
    expect(f.message).not.toMatch(/^On [^:]*Windows Server 2022/);
    // Nothing else in this plan depends on the release: the plan stays COMPATIBLE with its release open.
    expect(report.findings.filter((x) => x.severity !== 'info')).toEqual([]);
  });

  it('NODE_OS_RETIRED: on EKS the SAC AMIs are retired, "may apply" with the release open (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    const f = expectFinding(judge({ environment: 'eks', kubernetesVersion: '1.33' }), {
      // COMPATIBLE since EKS (AWS) rules the open mode out of L2tunnel (limitation-applies.ts limitationApplies).
      verdict: 'COMPATIBLE',
      code: 'NODE_OS_RETIRED',
      severity: 'info',
      subject: undefined,
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('On Windows Server, version 1909 / Windows Server, version 2004 / Windows Server, version 20H2: ');
  });

  it('NODE_OS_PREVIEW: on AKS at 2026-03-01 the Annual Channel and Server 2025 are preview only, "may apply" naming both (aks-release-notes#Release Notes 2026-01-04)', () => {
    const plan: PlanInput = { environment: 'aks', cniPlugin: 'azure-cni', networkMode: 'l2bridge', kubernetesVersion: '1.33', asOf: '2026-03-01' };
    const f = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE',
      code: 'NODE_OS_PREVIEW',
      severity: 'info',
      subject: undefined,
      cites: 'aks-release-notes#Release Notes 2026-01-04',
    });
    expect(f.message).toContain('On Windows Server, version 23H2 / Windows Server 2025: ');
    // Named, Server 2025 there is a preview warning.
    expect(judge({ ...plan, windowsVersion: 'windows-server-2025' }).findings.find((x) => x.code === 'NODE_OS_PREVIEW')?.severity).toBe('warning');
  });

  it('NODE_OS_UNSUPPORTED: Windows Server 20H2 is listed as a node OS from Kubernetes 1.21 (k8s-windows-intro-legacy#Windows OS Version Support (localized copies, v1.20 to v1.22))', () => {
    // seeds/node-os-support.yaml kubernetes-windows-server-20h2 (kubernetes 1.21 to 1.34): the 2021 table's v1.21 row
    const plan = { windowsVersion: 'windows-server-20h2', environment: 'self-managed', asOf: '2021-06-01' } as const;
    expectNoFinding(judge({ ...plan, kubernetesVersion: '1.21' }), 'NODE_OS_UNSUPPORTED');
    expectFinding(judge({ ...plan, kubernetesVersion: '1.20' }), {
      verdict: 'INCOMPATIBLE',
      code: 'NODE_OS_UNSUPPORTED',
      severity: 'error',
      subject: 'windows-server-20h2',
      cites: 'k8s-windows-intro-legacy#Windows OS Version Support (localized copies, v1.20 to v1.22)',
    });
  });
});
