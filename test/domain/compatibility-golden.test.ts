/**
 * Golden cases for the compatibility engine: one case per finding code, each named after the seed
 * fact it rests on and citing that record's source (document#section), plus the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { FINDING_CODES, type Finding, type FindingCode } from '../../src/domain/compatibility/findings.js';
import { severityAllowed } from '../../src/domain/finding-codes.js';
import { judgeCompatibility, type CompatibilityReport, type Verdict } from '../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import type { Severity } from '../../src/domain/knowledge.js';
import { testKnowledge, TEST_TODAY } from '../support/fixtures.js';
import { buildKnowledge, CITE, release } from '../support/knowledge-builder.js';
import { realSeeds } from '../seeds/support.js';

/** Every finding the golden cases give, checked against the registry's severity ranges at the end. */
const judged: Finding[] = [];
const judge = (input: PlanInput): CompatibilityReport => {
  const report = judgeCompatibility(testKnowledge(), input, TEST_TODAY);
  judged.push(...report.findings);
  return report;
};

const covered = new Set<FindingCode>();

interface Expected {
  verdict: Verdict;
  code: FindingCode;
  severity: Severity;
  /** undefined: the finding has no subject. */
  subject: string | undefined;
  /** "doc#section" that the finding's sources must contain. */
  cites: string;
}

/** Asserts the report's verdict and exactly one finding with that code and subject; returns it. */
function expectFinding(report: CompatibilityReport, e: Expected): Finding {
  expect(report.verdict).toBe(e.verdict);
  const matches = report.findings.filter((f) => f.code === e.code && f.subject === e.subject);
  expect(matches, `${e.code} ${e.subject ?? ''} in ${JSON.stringify(report.findings.map((f) => [f.code, f.subject]))}`).toHaveLength(1);
  const f = matches[0]!;
  expect(f.severity).toBe(e.severity);
  // Split at the first '#': sections may themselves start with one ("#19").
  const doc = e.cites.slice(0, e.cites.indexOf('#'));
  const section = e.cites.slice(e.cites.indexOf('#') + 1);
  expect(f.sources).toContainEqual(expect.objectContaining({ doc, section }));
  expect(f.message.length).toBeGreaterThan(0);
  covered.add(e.code);
  return f;
}

function expectNoFinding(report: CompatibilityReport, code: FindingCode, subject?: string): void {
  const hits = report.findings.filter((f) => f.code === code && (subject === undefined || f.subject === subject));
  expect(hits, `${code} ${subject ?? ''} should be absent`).toEqual([]);
}

const settingTexts = (r: CompatibilityReport) => r.requiredSettings.map((s) => `${s.key}=${s.value}`);

describe('Windows lifecycle', () => {
  it('WINDOWS_VERSION_OUT_OF_SUPPORT: version 1903 left servicing on 2020-12-08 (endoflife-windows-server#releases)', () => {
    // seeds/windows-versions.yaml windows-server-1903.supportEnds, cites endoflife-windows-server#releases
    const f = expectFinding(judge({ windowsVersion: 'windows-server-1903' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      severity: 'warning',
      subject: 'windows-server-1903',
      cites: 'endoflife-windows-server#releases',
    });
    expect(f.message).toContain('2020-12-08');
    // The two lifecycle findings exclude each other.
    expectNoFinding(judge({ windowsVersion: 'windows-server-1903' }), 'WINDOWS_VERSION_MAINSTREAM_ENDED');
    // Counter-case: on the last day of support it is still supported.
    expectNoFinding(judge({ windowsVersion: 'windows-server-1903', asOf: '2020-12-08' }), 'WINDOWS_VERSION_OUT_OF_SUPPORT');
    expect(judge({ windowsVersion: 'windows-server-1903', asOf: '2020-12-09' }).findings.map((x) => x.code)).toContain('WINDOWS_VERSION_OUT_OF_SUPPORT');
  });

  it('WINDOWS_VERSION_MAINSTREAM_ENDED: Server 2019 left mainstream support on 2024-01-09, extended runs to 2029-01-09 (endoflife-windows-server#releases)', () => {
    // seeds/windows-versions.yaml windows-server-2019.mainstreamSupportEnds / supportEnds
    // (a fully specified plan, so that nothing else is left open: with the mode open on a self-managed
    // cluster, L2tunnel outside Azure would "may apply")
    const f = expectFinding(
      judge({
        windowsVersion: 'windows-server-2019',
        windowsBuildRevision: 1432,
        environment: 'self-managed',
        cniPlugin: 'win-bridge',
        kubernetesVersion: '1.33',
      }),
      {
        verdict: 'COMPATIBLE',
        code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
        severity: 'info',
        subject: 'windows-server-2019',
        cites: 'endoflife-windows-server#releases',
      },
    );
    expect(f.message).toContain('2024-01-09');
    expect(f.message).toContain('2029-01-09');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2019' }), 'WINDOWS_VERSION_OUT_OF_SUPPORT');
    // Counter-cases: Server 2025 is in mainstream support (to 2029-11-13); 2019 was too in 2023.
    expectNoFinding(judge({ windowsVersion: 'windows-server-2025' }), 'WINDOWS_VERSION_MAINSTREAM_ENDED');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2019', asOf: '2023-12-31' }), 'WINDOWS_VERSION_MAINSTREAM_ENDED');
  });
});

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
      /^May apply \(the plan does not give the Kubernetes version; support holds for Kubernetes 1\.35 and later\): Kubernetes lists Windows Server 2025 as a Windows node OS only from Kubernetes 1\.35, while it lists other releases from 1\.23\./,
    );
    // Counter-cases: Server 2022's listing starts at the baseline itself, so no finding; with a version in range none either.
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2022' }), 'NODE_OS_UNSUPPORTED');
    expectNoFinding(judge({ ...plan, kubernetesVersion: '1.35' }), 'NODE_OS_UNSUPPORTED');
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
    expect(f.message).not.toMatch(/^May apply/);
    // With nothing else given, the upstream answer is still a plain error (the environments' tables add "may apply" warnings).
    const open = judge({ windowsVersion: 'windows-server-2016', cniPlugin: 'flannel' });
    expect(open.verdict).toBe('INCOMPATIBLE');
    expect(open.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.severity === 'error')).toHaveLength(1);
    // 1709 and 1803 are not on any table either, beside their lifecycle warning.
    for (const windowsVersion of ['windows-server-1709', 'windows-server-1803'])
      expect(
        judge({ windowsVersion }).findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.severity === 'error' && !x.message.startsWith('May apply')),
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
    expect(open.message).toMatch(/^May apply \(the plan does not give the Kubernetes version/);
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
    expect(open[0]!.message).toMatch(/^May apply on Azure Kubernetes Service/);
    expectNoFinding(judge({ ...plan, environment: 'eks' }), 'NODE_OS_UNSUPPORTED');
  });

  it('AKS Windows Server 2019 by date: supported on 1.30 at 2026-02-01, retired at 2026-06-01 (aks-release-notes#Release Notes 2026-02-08)', () => {
    // seeds/node-os-support.yaml aks-windows-server-2019 (before 2026-03-01) and aks-windows-server-2019-retired (from 2026-03-01)
    const plan = { windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, environment: 'aks', kubernetesVersion: '1.30' } as const;
    const before = judge({ ...plan, asOf: '2026-02-01' });
    expect(before.verdict).toBe('COMPATIBLE');
    expect(before.findings.filter((x) => x.code.startsWith('NODE_OS'))).toEqual([]);
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
      kubernetesVersion: '1.33',
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
    expect(open?.message).toMatch(/^May apply on Azure Kubernetes Service/);
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
    expect(supported.findings.filter((x) => x.code.startsWith('NODE_OS'))).toEqual([]);
    const past = judge({ ...plan, kubernetesVersion: '1.37' });
    expect(past.verdict).toBe('INCOMPATIBLE');
    const unsupported = past.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED' && x.subject === 'windows-server-2022');
    // AKS's own table ends at 1.36: a plain error.
    const aks = unsupported.filter((x) => x.severity === 'error');
    expect(aks).toHaveLength(1);
    expect(aks[0]!.message).toContain('1.23 to 1.36');
    expect(aks[0]!.sources).toContainEqual(expect.objectContaining({ doc: 'aks-windows-os-versions', section: 'OS SKU table' }));
    // 1.37 is past the dataset horizon, so the upstream listing with no end (1.23 and later) only "may" still hold.
    expect(unsupported.filter((x) => x.severity !== 'error').map((x) => x.message)).toEqual([
      expect.stringMatching(/^May apply \(the dataset documents Kubernetes only up to 1\.36\): Kubernetes lists Windows Server 2022/),
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

  it('EKS SAC AMIs by date: the 1909 Core AMI is supported at 2020-01-01 and retired at 2021-06-01 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    // seeds/node-os-support.yaml eks-windows-server-1909 (2019-10-07 to before 2020-12-08) and eks-windows-server-1909-retired
    const plan = { windowsVersion: 'windows-server-1909', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.18' } as const;
    const offered = judge({ ...plan, asOf: '2020-01-01' });
    expect(offered.findings.filter((x) => x.code.startsWith('NODE_OS'))).toEqual([]);
    expect(offered.verdict).toBe('COMPATIBLE');
    const f = expectFinding(judge({ ...plan, asOf: '2021-06-01' }), {
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

  it('NODE_OS_RETIRED: the EKS-optimized 20H2 Core AMI was withdrawn on 2022-08-09 (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    const f = expectFinding(judge({ windowsVersion: 'windows-server-20h2', environment: 'eks', kubernetesVersion: '1.24' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'warning',
      subject: 'windows-server-20h2',
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('2022-08-09');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2022', environment: 'eks', kubernetesVersion: '1.24' }), 'NODE_OS_RETIRED');
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

  it('CONTAINER_IMAGE_OS_MISMATCH: with process isolation the container base image must match the host OS version (k8s-windows-intro#windows-os-version-support)', () => {
    const plan = { windowsVersion: 'windows-server-2022', environment: 'self-managed', kubernetesVersion: '1.33' } as const;
    const f = expectFinding(judge({ ...plan, containerImageWindowsVersion: 'windows-server-2019' }), {
      verdict: 'INCOMPATIBLE',
      code: 'CONTAINER_IMAGE_OS_MISMATCH',
      severity: 'error',
      subject: 'windows-server-2019',
      cites: 'k8s-windows-intro#windows-os-version-support',
    });
    expect(f.remediation).toContain('HostProcess');
    expectNoFinding(judge({ ...plan, containerImageWindowsVersion: 'windows-server-2022' }), 'CONTAINER_IMAGE_OS_MISMATCH');
    // SAC 1809 and LTSC 2019 share build 17763: their images match.
    expectNoFinding(judge({ windowsVersion: 'windows-server-2019', containerImageWindowsVersion: 'windows-server-1809' }), 'CONTAINER_IMAGE_OS_MISMATCH');
  });
});

describe('features', () => {
  it('FEATURE_REQUIRES_NEWER_WINDOWS: session affinity needs Windows Server 2022 (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    // seeds/features.yaml session-affinity.minimumWindows = windows-server-2022
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2019', features: ['session-affinity'] }), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
      severity: 'error',
      subject: 'session-affinity',
      cites: 'k8s-windows-networking-uk#load-balancing-and-services',
    });
    expect(f.message).toContain('20348');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2022', features: ['session-affinity'] }), 'FEATURE_REQUIRES_NEWER_WINDOWS');
  });

  describe('FEATURE_REQUIRES_OS_UPDATE: DSR needs build 17763.1432 (KB4571748) on Server 2019 (windows-containers-issues#19)', () => {
    // seeds/features.yaml direct-server-return.minimumWindows.build "17763.1432";
    // seeds/windows-versions.yaml windows-server-2019.updates KB4571748 revision 1432.
    it('is an error at revision 1000', () => {
      const f = expectFinding(
        judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 1000, features: ['direct-server-return'], kubernetesVersion: '1.33' }),
        {
          verdict: 'INCOMPATIBLE',
          code: 'FEATURE_REQUIRES_OS_UPDATE',
          severity: 'error',
          subject: 'direct-server-return',
          cites: 'windows-containers-issues##19',
        },
      );
      expect(f.message).toContain('17763.1000');
      expect(f.remediation).toContain('KB4571748');
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'windows-server-release-info', section: 'Windows Server 2019' }));
    });

    it('is a warning when the plan does not give the revision', () => {
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2019', features: ['direct-server-return'], kubernetesVersion: '1.33' }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'FEATURE_REQUIRES_OS_UPDATE',
        severity: 'warning',
        subject: 'direct-server-return',
        cites: 'windows-containers-issues##19',
      });
      expect(f.message).toContain('revision');
    });

    it('is absent at revision 1432 and on later releases', () => {
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, features: ['direct-server-return'], kubernetesVersion: '1.33' }),
        'FEATURE_REQUIRES_OS_UPDATE',
      );
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.33' }),
        'FEATURE_REQUIRES_OS_UPDATE',
      );
    });
  });

  it('FEATURE_REQUIRES_NEWER_KUBERNETES: DSR can be switched on from Kubernetes 1.14, the WinDSR alpha (k8s-feature-gates#WinDSR)', () => {
    // seeds/features.yaml direct-server-return.minimumKubernetes 1.14
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.13' }), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_REQUIRES_NEWER_KUBERNETES',
      severity: 'error',
      subject: 'direct-server-return',
      cites: 'k8s-feature-gates#WinDSR',
    });
    expect(f.remediation).toContain('1.14');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.14' }),
      'FEATURE_REQUIRES_NEWER_KUBERNETES',
    );
  });

  it('FEATURE_DEPENDENCY_ADDED: Preserve-Destination requires DSR, whose settings are then required (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    // seeds/features.yaml preserve-destination.requires [direct-server-return]
    // The mode is given, so that L2tunnel outside Azure does not "may apply".
    const report = judge({ windowsVersion: 'windows-server-2022', networkMode: 'l2bridge', features: ['preserve-destination'], kubernetesVersion: '1.33' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE',
      code: 'FEATURE_DEPENDENCY_ADDED',
      severity: 'info',
      subject: 'direct-server-return',
      cites: 'k8s-windows-networking-uk#load-balancing-and-services',
    });
    expect(f.message).toContain('Preserve-Destination');
    expect(report.enabledFeatures.map((x) => x.slug)).toEqual(['preserve-destination', 'direct-server-return']);
    expect(settingTexts(report)).toEqual(expect.arrayContaining(['preserve-destination=true', '--enable-dsr=true']));
    // Counter-case: DSR requested explicitly is not "added".
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2022', features: ['preserve-destination', 'direct-server-return'], kubernetesVersion: '1.33' }),
      'FEATURE_DEPENDENCY_ADDED',
    );
  });
});

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
    expect(vni?.message).toMatch(/^May apply/);
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
      expect(f[0]!.message).toMatch(/^May apply \(the plan does not give the Kubernetes version; it holds before 1\.34\)/);
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
    expect(conflict.message).toMatch(/^May apply on AKS on Windows Server/);
    expect(conflict.message).toContain('the plan does not give the environment');
    // Given the environment, the same fact is a plain warning.
    const given = judge({ windowsVersion: 'windows-server-23h2', cniPlugin: 'calico', environment: 'aks-windows-server' });
    expect(given.findings.find((f) => f.subject === 'aks-windows-server-lb-ip-conflict')).toMatchObject({
      severity: 'warning',
      message: expect.not.stringMatching(/^May apply/),
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

describe('network policy', () => {
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
    expect(open[0]!.message).toMatch(/^May apply on Azure Kubernetes Service \(AKS\) in Azure \(the plan does not give the environment/);
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
    expect(settingTexts(sac)).toEqual([]);
    // Counter-case: the LTSC AMIs (Server 2022) have no such default, and the flags are required.
    const ltsc = judge({
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'amazon-vpc-cni',
      environment: 'eks',
      kubernetesVersion: '1.30',
      features: ['direct-server-return'],
    });
    expectNoFinding(ltsc, 'FEATURE_DEFAULT');
    expect(settingTexts(ltsc)).toEqual(dsrFlags);
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
    expect(f[0]!.message).toMatch(/^May apply on Azure Kubernetes Service/);
    expect(f[0]!.message).toMatch(/still list the settings that switch on Direct Server Return \(DSR\).*not needed where this default holds/);
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

  it('UNSUPPORTED_FUNCTIONALITY by date: AKS ends Azure Network Policy Manager on Windows nodes on 2026-09-30 (aks-windows-os-versions#Azure Network Policy Manager Windows retirement)', () => {
    // seeds/limitations.yaml aks-azure-npm-windows-end-of-support (aks, azure-cni, networkPolicy, from 2026-09-30)
    const slug = 'aks-azure-npm-windows-end-of-support';
    const plan = {
      windowsVersion: 'windows-server-2022',
      environment: 'aks',
      cniPlugin: 'azure-cni',
      networkMode: 'l2bridge',
      kubernetesVersion: '1.33',
    } as const;
    const f = expectFinding(judge({ ...plan, networkPolicy: true, asOf: '2026-10-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'warning',
      subject: slug,
      cites: 'aks-windows-os-versions#Azure Network Policy Manager Windows retirement',
    });
    expect(f.message).toContain('2026-09-30');
    expectNoFinding(judge({ ...plan, networkPolicy: true, asOf: '2026-09-01' }), 'UNSUPPORTED_FUNCTIONALITY', slug);
    expectNoFinding(judge({ ...plan, asOf: '2026-10-01' }), 'UNSUPPORTED_FUNCTIONALITY', slug);
    expectNoFinding(judge({ ...plan, environment: 'self-managed', networkPolicy: true, asOf: '2026-10-01' }), 'UNSUPPORTED_FUNCTIONALITY', slug);
  });
});

describe('limitations', () => {
  describe('THRESHOLD_EXCEEDED', () => {
    it('65 backends on Server 2016: at most 64 backends per Service on builds before 17763.2746 (k8s-windows-networking-uk#limitations)', () => {
      // seeds/limitations.yaml backends-per-service-64 (threshold max 64, windowsBuilds before 17763.2746)
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2016', backendsPerService: 65 }), {
        verdict: 'INCOMPATIBLE',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'error',
        subject: 'backends-per-service-64',
        cites: 'k8s-windows-networking-uk#limitations',
      });
      expect(f.message).toContain('65');
      expect(f.message).toContain('64');
      expect(f.remediation).toContain('KB5011551');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2016', backendsPerService: 64 }), 'THRESHOLD_EXCEEDED');
    });

    it('65 backends on Server 2022 only "may apply": the 17763.2746 fix boundary is confirmed on Server 2019 alone (eks-user-guide-windows#windows-support.adoc)', () => {
      // seeds/limitations.yaml backends-per-service-64.appliesTo.windowsBuilds.confirmedOn [windows-server-2019]
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2022', backendsPerService: 65 }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'warning',
        subject: 'backends-per-service-64',
        cites: 'eks-user-guide-windows#windows-support.adoc',
      });
      expect(f.message).toMatch(/^May apply/);
      expect(f.message).toContain('no source says whether it holds on Windows Server 2022');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2022', backendsPerService: 64 }), 'THRESHOLD_EXCEEDED');
    });

    it('1025 backends: the 1024 ceiling holds on every build, so it is an error on every release (k8s-windows-networking-en#limitations)', () => {
      // seeds/limitations.yaml backends-per-service-1024 (appliesTo {}: builds without the fix are held to 64)
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2022', backendsPerService: 1025 }), {
        verdict: 'INCOMPATIBLE',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'error',
        subject: 'backends-per-service-1024',
        cites: 'k8s-windows-networking-en#limitations',
      });
      expect(f.message).not.toMatch(/^May apply/);
      for (const windowsVersion of testKnowledge().releases.keys()) {
        const ceiling = judge({ windowsVersion, backendsPerService: 1025 }).findings.filter((x) => x.subject === 'backends-per-service-1024');
        expect(
          ceiling.map((x) => x.severity),
          windowsVersion,
        ).toEqual(['error']);
      }
      expectNoFinding(judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 2746, backendsPerService: 1024 }), 'THRESHOLD_EXCEEDED');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2022', backendsPerService: 1024 }), 'THRESHOLD_EXCEEDED', 'backends-per-service-1024');
    });

    it('5000 backends on Server 2022: INCOMPATIBLE, and the report names both documented limits, 1024 and 64 (k8s-windows-networking-uk#limitations)', () => {
      const report = judge({ windowsVersion: 'windows-server-2022', backendsPerService: 5000 });
      const ceiling = expectFinding(report, {
        verdict: 'INCOMPATIBLE',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'error',
        subject: 'backends-per-service-1024',
        cites: 'k8s-windows-networking-en#limitations',
      });
      expect(ceiling.message).toContain('The plan has 5000; the limit is 1024.');
      expect(ceiling.message).toMatch(/Other documented limits of this kind: 64 \(/);
      // The older revisions' 64 (confirmed on Server 2019 builds only) is reported beside it as "may apply", naming 1024.
      const older = report.findings.find((x) => x.subject === 'backends-per-service-64')!;
      expect(older).toMatchObject({ code: 'THRESHOLD_EXCEEDED', severity: 'warning' });
      expect(older.message).toMatch(/^May apply/);
      expect(older.message).toMatch(/Other documented limits of this kind: 1024 \(/);
      expect(older.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-networking-uk', section: 'limitations' }));
    });

    it('65 backends on Server 2019 without a revision: the 64 limit only "may apply" before KB5011551, 17763.2746 (eks-user-guide-windows#windows-support.adoc)', () => {
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2019', backendsPerService: 65 }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'warning',
        subject: 'backends-per-service-64',
        cites: 'eks-user-guide-windows#windows-support.adoc',
      });
      expect(f.message).toMatch(/^May apply/);
      expect(f.message).toContain('update revision');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 2746, backendsPerService: 65 }), 'THRESHOLD_EXCEEDED');
      expect(judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 2745, backendsPerService: 65 }).verdict).toBe('INCOMPATIBLE');
    });

    it('150 Services on an EKS node without DSR: port exhaustion above about 100 Services (eks-best-practices-windows-networking#IP address management)', () => {
      // seeds/limitations.yaml port-exhaustion-many-services (services-per-node max 100, approximate, mitigatedBy DSR)
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2025', environment: 'eks', cniPlugin: 'amazon-vpc-cni', servicesPerNode: 150 }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'warning',
        subject: 'port-exhaustion-many-services',
        cites: 'eks-best-practices-windows-networking#IP address management',
      });
      expect(f.message).toContain('about 100');
      expectNoFinding(judge({ windowsVersion: 'windows-server-2025', environment: 'eks', servicesPerNode: 100 }), 'THRESHOLD_EXCEEDED');
    });

    it('150 Services on a self-managed node: the port-exhaustion risk holds on every Windows node, not on EKS alone (eks-best-practices-windows-networking#IP address management)', () => {
      // seeds/limitations.yaml port-exhaustion-many-services (appliesTo {}: the failing call is the HNS load-balancer policy kube-proxy creates on any Windows node)
      const plan = { windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', kubernetesVersion: '1.35', servicesPerNode: 150 } as const;
      const f = expectFinding(judge({ ...plan, environment: 'self-managed' }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'THRESHOLD_EXCEEDED',
        severity: 'warning',
        subject: 'port-exhaustion-many-services',
        cites: 'eks-best-practices-windows-networking#IP address management',
      });
      expect(f.message).not.toMatch(/^May apply/);
      for (const environment of ['aks', 'aks-windows-server', undefined])
        expect(
          judge({ ...plan, environment })
            .findings.filter((x) => x.subject === 'port-exhaustion-many-services')
            .map((x) => [x.severity, x.message.startsWith('May apply')]),
          environment,
        ).toEqual([['warning', false]]);
    });
  });

  describe('LIMITATION_MITIGATED', () => {
    it('150 Services on an EKS node with DSR: DSR reduces the risk of port exhaustion (eks-best-practices-windows-networking#IP address management)', () => {
      const report = judge({
        windowsVersion: 'windows-server-2025',
        environment: 'eks',
        cniPlugin: 'amazon-vpc-cni',
        servicesPerNode: 150,
        features: ['direct-server-return'],
        kubernetesVersion: '1.35',
      });
      const f = expectFinding(report, {
        verdict: 'COMPATIBLE',
        code: 'LIMITATION_MITIGATED',
        severity: 'info',
        subject: 'port-exhaustion-many-services',
        cites: 'eks-best-practices-windows-networking#IP address management',
      });
      expect(f.message).toContain('Direct Server Return');
      expectNoFinding(report, 'THRESHOLD_EXCEEDED');
    });

    it('client IP preservation: Local traffic policy needs DSR, which client-ip-preservation brings along (k8s-windows-networking-uk#limitations)', () => {
      // seeds/limitations.yaml local-traffic-policy-without-dsr (mitigatedBy direct-server-return);
      // seeds/features.yaml client-ip-preservation.requires [direct-server-return]
      const report = judge({ windowsVersion: 'windows-server-2022', networkMode: 'l2bridge', features: ['client-ip-preservation'], kubernetesVersion: '1.33' });
      expectFinding(report, {
        verdict: 'COMPATIBLE',
        code: 'LIMITATION_MITIGATED',
        severity: 'info',
        subject: 'local-traffic-policy-without-dsr',
        cites: 'k8s-windows-networking-uk#limitations',
      });
      expectNoFinding(report, 'UNSUPPORTED_FUNCTIONALITY', 'local-traffic-policy-without-dsr');
      // Without client IP preservation the limitation is not relevant at all.
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.33' }),
        'LIMITATION_MITIGATED',
        'local-traffic-policy-without-dsr',
      );
    });
  });

  it('UNSUPPORTED_FUNCTIONALITY: Amazon EKS does not support IPv6 for Windows nodes (eks-user-guide-windows#windows-support.adoc)', () => {
    // seeds/limitations.yaml eks-no-ipv6 (environments [eks], features [dual-stack], severity error)
    expectFinding(judge({ windowsVersion: 'windows-server-2022', environment: 'eks', features: ['dual-stack'] }), {
      verdict: 'INCOMPATIBLE',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'error',
      subject: 'eks-no-ipv6',
      cites: 'eks-user-guide-windows#windows-support.adoc',
    });
    expectNoFinding(judge({ windowsVersion: 'windows-server-2022', environment: 'aks', features: ['dual-stack'] }), 'UNSUPPORTED_FUNCTIONALITY', 'eks-no-ipv6');
    expectNoFinding(judge({ windowsVersion: 'windows-server-2022', environment: 'eks' }), 'UNSUPPORTED_FUNCTIONALITY', 'eks-no-ipv6');
  });

  describe('KNOWN_ISSUE', () => {
    it('Pod-to-Pod on l2bridge can break on Server 2022 from KB5005619, build 20348.261 (windows-containers-issues#204)', () => {
      // seeds/limitations.yaml ws2022-l2bridge-pod-to-pod-kb5005619 (modes [l2bridge], windowsBuilds from 20348.261 before 20349)
      const f = expectFinding(judge({ windowsVersion: 'windows-server-2022', windowsBuildRevision: 261, cniPlugin: 'win-bridge', networkMode: 'l2bridge' }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'KNOWN_ISSUE',
        severity: 'warning',
        subject: 'ws2022-l2bridge-pod-to-pod-kb5005619',
        cites: 'windows-containers-issues##204',
      });
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-networking-zh', section: 'load-balancing-and-services' }));
      expect(f.remediation).toContain('DSR');
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2022', windowsBuildRevision: 100, cniPlugin: 'win-bridge', networkMode: 'l2bridge' }),
        'KNOWN_ISSUE',
        'ws2022-l2bridge-pod-to-pod-kb5005619',
      );
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2025', cniPlugin: 'win-bridge', networkMode: 'l2bridge' }),
        'KNOWN_ISSUE',
        'ws2022-l2bridge-pod-to-pod-kb5005619',
      );
    });

    it('its remediation is narrowed to the planned Kubernetes version: the WinDSR gate up to 1.33, --enable-dsr=false from 1.34 (kep-5100#Rollback)', () => {
      // ws2022-l2bridge-pod-to-pod-kb5005619 workaroundSettings: --feature-gates WinDSR=false {max 1.33}, --enable-dsr false {min 1.34}
      const plan = { windowsVersion: 'windows-server-2022', windowsBuildRevision: 2700, cniPlugin: 'win-bridge', environment: 'self-managed' } as const;
      const remediation = (kubernetesVersion?: string) =>
        judge({ ...plan, ...(kubernetesVersion ? { kubernetesVersion } : {}) }).findings.find((f) => f.subject === 'ws2022-l2bridge-pod-to-pod-kb5005619')!
          .remediation!;
      expect(remediation('1.25')).toContain('--feature-gates=WinDSR=false');
      expect(remediation('1.25')).not.toContain('--enable-dsr=false');
      expect(remediation('1.35')).toContain('--enable-dsr=false');
      expect(remediation('1.35')).not.toContain('WinDSR=false');
      // The version open: every variant, each with its range.
      expect(remediation()).toMatch(/WinDSR=false \(Kubernetes 1\.33 and earlier\).*--enable-dsr=false \(Kubernetes 1\.34 and later\)/);
    });

    it('NodePort on overlay with Server 2022 destination nodes only matters when NodePort Services are planned (k8s-windows-networking-zh#load-balancing-and-services)', () => {
      // seeds/limitations.yaml ws2022-nodeport-on-overlay (serviceTypes [node-port])
      const overlay2022 = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', kubernetesVersion: '1.33' } as const;
      expectFinding(judge({ ...overlay2022, serviceTypes: ['node-port'] }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'KNOWN_ISSUE',
        severity: 'warning',
        subject: 'ws2022-nodeport-on-overlay',
        cites: 'k8s-windows-networking-zh#load-balancing-and-services',
      });
      expectNoFinding(judge({ ...overlay2022, serviceTypes: ['cluster-ip', 'load-balancer'] }), 'KNOWN_ISSUE', 'ws2022-nodeport-on-overlay');
    });
  });

  it('REQUIREMENT_NOT_MET: overlay on Server 2019 needs KB4489899, build 17763.379 (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/limitations.yaml overlay-requires-kb4489899 (windowsBuilds from 17763 before 17763.379, severity error)
    const f = expectFinding(judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 300, cniPlugin: 'win-overlay' }), {
      verdict: 'INCOMPATIBLE',
      code: 'REQUIREMENT_NOT_MET',
      severity: 'error',
      subject: 'overlay-requires-kb4489899',
      cites: 'k8s-windows-networking-uk#network-modes',
    });
    expect(f.remediation).toContain('KB4489899');
    expect(f.remediation).toContain('17763.379');
    expectNoFinding(
      judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 379, cniPlugin: 'win-overlay' }),
      'REQUIREMENT_NOT_MET',
      'overlay-requires-kb4489899',
    );
    expectNoFinding(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay' }), 'REQUIREMENT_NOT_MET', 'overlay-requires-kb4489899');
  });

  describe('CAVEAT: on EKS, DSR needs kube-proxy flags on Windows Server 2019 and later LTSC AMIs (eks-best-practices-windows-networking#IP address management)', () => {
    // seeds/limitations.yaml eks-dsr-not-default-on-ltsc-2019 (environments [eks], channels [LTSC], builds from 17763, features [direct-server-return])
    const dsr = { features: ['direct-server-return'], kubernetesVersion: '1.33' } as const;
    it('applies on Server 2019 and on Server 2022, with the flags as remediation', () => {
      for (const windowsVersion of ['windows-server-2019', 'windows-server-2022']) {
        const f = expectFinding(
          judge({
            windowsVersion,
            windowsBuildRevision: windowsVersion === 'windows-server-2019' ? 1432 : 261,
            environment: 'eks',
            cniPlugin: 'amazon-vpc-cni',
            ...dsr,
          }),
          {
            verdict: 'COMPATIBLE',
            code: 'CAVEAT',
            severity: 'info',
            subject: 'eks-dsr-not-default-on-ltsc-2019',
            cites: 'eks-best-practices-windows-networking#IP address management',
          },
        );
        expect(f.remediation).toContain('Start-EKSBootstrap.ps1');
        expect(f.remediation).toContain('--enable-dsr');
      }
    });
    it('does not apply to SAC 1809, which shares build 17763 (channel), nor outside EKS', () => {
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-1809', windowsBuildRevision: 1432, environment: 'eks', ...dsr }),
        'CAVEAT',
        'eks-dsr-not-default-on-ltsc-2019',
      );
      expectNoFinding(
        judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, environment: 'aks', ...dsr }),
        'CAVEAT',
        'eks-dsr-not-default-on-ltsc-2019',
      );
    });
    it('"may apply on Amazon EKS" when the plan gives no environment', () => {
      const report = judge({ windowsVersion: 'windows-server-2019', windowsBuildRevision: 1432, ...dsr });
      const f = report.findings.find((x) => x.subject === 'eks-dsr-not-default-on-ltsc-2019')!;
      expect(f).toMatchObject({ code: 'CAVEAT', severity: 'info' });
      expect(f.message).toMatch(/^May apply on Amazon EKS \(the plan does not give the environment/);
    });
  });

  it('CAVEAT scoped by plugin version: before Flannel v0.12.0 a VXLAN node cannot reach its own pods (flannel-repo#commit fc9cdb10)', () => {
    // seeds/limitations.yaml flannel-vxlan-no-local-pod-access-before-0-12 (pluginVersions before 0.12.0)
    const plan = {
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      environment: 'self-managed',
      kubernetesVersion: '1.33',
    } as const;
    expectFinding(judge({ ...plan, cniPluginVersion: 'v0.11.0' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'KNOWN_ISSUE',
      severity: 'warning',
      subject: 'flannel-vxlan-no-local-pod-access-before-0-12',
      cites: 'flannel-repo#commit fc9cdb10',
    });
    expectNoFinding(judge({ ...plan, cniPluginVersion: '0.12.0' }), 'KNOWN_ISSUE', 'flannel-vxlan-no-local-pod-access-before-0-12');
    const open = judge(plan).findings.find((f) => f.subject === 'flannel-vxlan-no-local-pod-access-before-0-12')!;
    expect(open.severity).toBe('info');
    expect(open.message).toContain('the plan does not give the CNI plugin version');
  });

  it('UNSUPPORTED_FUNCTIONALITY scoped by plugin version: Flannel has a Windows VXLAN backend only from v0.10.0 (flannel-repo#pkg/backend/vxlan/vxlan_windows.go)', () => {
    // seeds/limitations.yaml flannel-vxlan-windows-before-0-10 (pluginVersions before 0.10.0)
    const plan = {
      windowsVersion: 'windows-server-2019',
      windowsBuildRevision: 1432,
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      environment: 'self-managed',
      kubernetesVersion: '1.20',
    } as const;
    // The plan cannot run at all: an error (severity: error).
    expectFinding(judge({ ...plan, cniPluginVersion: '0.9.1' }), {
      verdict: 'INCOMPATIBLE',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'error',
      subject: 'flannel-vxlan-windows-before-0-10',
      cites: 'flannel-repo#pkg/backend/vxlan/vxlan_windows.go',
    });
    // With the version (or plugin) open it stays info, not a warning (mayApply.severity: info), so
    // plans that leave it open are no noisier than before.
    const about = (r: CompatibilityReport) => r.findings.filter((f) => f.subject === 'flannel-vxlan-windows-before-0-10').map((f) => f.severity);
    expect(about(judge(plan))).toEqual(['info']);
    expect(about(judge({ windowsVersion: 'windows-server-2022', kubernetesVersion: '1.30', environment: 'self-managed' }))).toEqual(['info']);
    expectNoFinding(judge({ ...plan, cniPluginVersion: '0.10.0' }), 'UNSUPPORTED_FUNCTIONALITY', 'flannel-vxlan-windows-before-0-10');
    expectNoFinding(judge({ ...plan, networkMode: 'l2bridge', cniPluginVersion: '0.9.1' }), 'UNSUPPORTED_FUNCTIONALITY', 'flannel-vxlan-windows-before-0-10');
  });

  it('a plugin confined to other environments is no candidate when the plan leaves the plugin open (cni-plugins.yaml amazon-vpc-cni.onlyIn: eks)', () => {
    // AKS: the sources do not list its plugins, so every plugin that can run there is a candidate,
    // but not the Amazon VPC CNI (eks-best-practices-windows-networking#IP address management).
    const aks = judge({ windowsVersion: 'windows-server-2022', environment: 'aks', kubernetesVersion: '1.30', networkPolicy: true });
    const unknown = aks.findings.find((f) => f.code === 'NETWORK_POLICY_UNKNOWN');
    expect(unknown?.message).toMatch(/^May apply \(the plan does not give the CNI plugin; it holds for [^)]*Azure-CNI/);
    expect(unknown?.message).not.toContain('Amazon VPC CNI');
  });

  it('Flannel VXLAN on Windows: VNI 4096 or higher and UDP port 4789, and no DirectRouting or GBP, reported for every Flannel overlay plan (flannel-repo#pkg/backend/vxlan/vxlan_windows.go)', () => {
    // seeds/limitations.yaml flannel-vxlan-vni-and-port and flannel-vxlan-windows-options
    const plan = {
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      environment: 'self-managed',
      kubernetesVersion: '1.33',
    } as const;
    const vni = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'REQUIREMENT_NOT_MET',
      severity: 'info',
      subject: 'flannel-vxlan-vni-and-port',
      cites: 'flannel-repo#pkg/backend/vxlan/vxlan_windows.go',
    });
    expect(vni.message).toContain('4096 or higher');
    expect(vni.message).toContain('4789');
    const options = expectFinding(judge(plan), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'info',
      subject: 'flannel-vxlan-windows-options',
      cites: 'flannel-repo#Documentation/backends.md',
    });
    expect(options.message).toMatch(/DirectRouting and GBP/);
    expectNoFinding(judge({ ...plan, networkMode: 'l2bridge' }), 'REQUIREMENT_NOT_MET', 'flannel-vxlan-vni-and-port');
  });
});

describe('settings by Kubernetes version', () => {
  // seeds/features.yaml direct-server-return.settings: --feature-gates WinDSR=true for 1.14-1.32
  // (k8s-feature-gates#WinDSR), --enable-dsr=true in every version (k8s-windows-networking-uk#load-balancing-and-services)
  it('KUBERNETES_VERSION_UNSPECIFIED: DSR needs the WinDSR gate only up to 1.32, so both variants are listed (k8s-feature-gates#WinDSR)', () => {
    const report = judge({ windowsVersion: 'windows-server-2022', environment: 'self-managed', networkMode: 'l2bridge', features: ['direct-server-return'] });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE',
      code: 'KUBERNETES_VERSION_UNSPECIFIED',
      severity: 'info',
      subject: undefined,
      cites: 'k8s-feature-gates#WinDSR',
    });
    expect(f.message).toContain('Kubernetes 1.14 to 1.32');
    expect(settingTexts(report)).toEqual(['--feature-gates=WinDSR=true', '--enable-dsr=true']);
  });

  it('with Kubernetes 1.31 DSR needs --feature-gates WinDSR=true and --enable-dsr (k8s-windows-networking-zh#load-balancing-and-services)', () => {
    const report = judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.31' });
    expectNoFinding(report, 'KUBERNETES_VERSION_UNSPECIFIED');
    expect(settingTexts(report)).toEqual(['--feature-gates=WinDSR=true', '--enable-dsr=true']);
  });

  it('with Kubernetes 1.33 DSR needs only --enable-dsr, WinDSR being on by default (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    const report = judge({ windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.33' });
    expectNoFinding(report, 'KUBERNETES_VERSION_UNSPECIFIED');
    expect(settingTexts(report)).toEqual(['--enable-dsr=true']);
  });

  it('the overlay mode adds its settings only when the mode is certain (kep-5100#Overlay support)', () => {
    // seeds/network-modes.yaml overlay.settings: WinOverlay gate for 1.14-1.19 and --source-vip always
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', kubernetesVersion: '1.33' }))).toEqual([
      '--source-vip=<source VIP of the node>',
    ]);
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', kubernetesVersion: '1.19' }))).toEqual([
      '--feature-gates=WinOverlay=true',
      '--source-vip=<source VIP of the node>',
    ]);
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', kubernetesVersion: '1.19' }))).toEqual([]);
  });

  it('settings scoped by Windows release: KB4489899 is listed for overlay on Server 2019 only (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/network-modes.yaml overlay.settings KB4489899 with windowsBuilds 17763
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2019', cniPlugin: 'win-overlay', kubernetesVersion: '1.33' }))).toContain(
      'KB4489899=17763.379',
    );
    expect(settingTexts(judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', kubernetesVersion: '1.33' }))).not.toContain(
      'KB4489899=17763.379',
    );
  });
});

describe('AKS node pools', () => {
  it('CAVEAT: Windows Server 2025 node pools on AKS always run FIPS-enabled images (aks-windows-os-versions#FIPS-enabled node pools)', () => {
    // seeds/limitations.yaml aks-windows-server-2025-fips-always-on (aks, builds from 26100)
    const slug = 'aks-windows-server-2025-fips-always-on';
    const plan = {
      windowsVersion: 'windows-server-2025',
      environment: 'aks',
      cniPlugin: 'azure-cni',
      networkMode: 'l2bridge',
      kubernetesVersion: '1.35',
    } as const;
    expectFinding(judge(plan), {
      verdict: 'COMPATIBLE',
      code: 'CAVEAT',
      severity: 'info',
      subject: slug,
      cites: 'aks-windows-os-versions#FIPS-enabled node pools',
    });
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2022' }), 'CAVEAT', slug);
    expectNoFinding(judge({ ...plan, environment: 'self-managed', cniPlugin: 'win-bridge' }), 'CAVEAT', slug);
  });
});

describe('EC2 instance type and pod capacity (seeds/ec2-instance-types.yaml, vpc-resource-controller#pkg/aws/vpc/limits.go)', () => {
  const base = { windowsVersion: 'windows-server-2022', environment: 'eks', cniPlugin: 'amazon-vpc-cni', kubernetesVersion: '1.33' } as const;

  it('UNSUPPORTED_FUNCTIONALITY by date: prefix delegation for Windows nodes reached EKS in June 2023 (vpc-resource-controller##259)', () => {
    // seeds/limitations.yaml eks-windows-prefix-delegation-before-june-2023 (ipAddressModes PREFIX_DELEGATION, dates before 2023-06)
    const plan = { ...base, kubernetesVersion: '1.26', ipAddressMode: 'PREFIX_DELEGATION' } as const;
    const slug = 'eks-windows-prefix-delegation-before-june-2023';
    expectFinding(judge({ ...plan, asOf: '2023-03-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'error',
      subject: slug,
      cites: 'vpc-resource-controller##259',
    });
    // June itself: the launch is known only to the month.
    const june = judge({ ...plan, asOf: '2023-06-03' }).findings.find((f) => f.subject === slug)!;
    expect(june.severity).toBe('warning');
    expect(june.message).toMatch(/^May apply .*2023-06/);
    expectNoFinding(judge({ ...plan, asOf: '2023-08-01' }), 'UNSUPPORTED_FUNCTIONALITY', slug);
    expectNoFinding(judge({ ...plan, asOf: '2023-03-01', ipAddressMode: 'SECONDARY_IP' }), 'UNSUPPORTED_FUNCTIONALITY', slug);
  });

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
    expect(judge({ ...input, kubeletMaxPods: 144 }).findings.map((x) => x.code)).not.toContain('PODS_EXCEED_KUBELET_MAX_PODS');
  });
});

describe('scopes as the sources give them: platforms, plugins open, dates, builds, the horizon', () => {
  describe('REQUIREMENT_NOT_MET: L2tunnel is used only on Azure (k8s-windows-networking-uk#network-modes)', () => {
    // seeds/limitations.yaml l2tunnel-outside-azure (appliesTo modes [l2tunnel], requires platforms [azure]);
    // seeds/environments.yaml platform: eks aws, aks azure, aks-windows-server on-premises, self-managed none
    const plan = { windowsVersion: 'windows-server-2022', networkMode: 'l2tunnel', kubernetesVersion: '1.33' } as const;
    it('on EKS (AWS): an error', () => {
      const f = expectFinding(judge({ ...plan, environment: 'eks' }), {
        verdict: 'INCOMPATIBLE',
        code: 'REQUIREMENT_NOT_MET',
        severity: 'error',
        subject: 'l2tunnel-outside-azure',
        cites: 'k8s-windows-networking-uk#network-modes',
      });
      expect(f.message).not.toMatch(/^May apply/);
      expect(f.remediation).toContain('l2bridge');
      expect(judge({ ...plan, environment: 'aks-windows-server' }).findings.find((x) => x.subject === 'l2tunnel-outside-azure')?.severity).toBe('error');
    });
    it('on AKS (Azure): nothing', () => {
      const report = judge({ ...plan, environment: 'aks' });
      expectNoFinding(report, 'REQUIREMENT_NOT_MET', 'l2tunnel-outside-azure');
      expect(report.verdict).toBe('COMPATIBLE');
    });
    it('on a self-managed cluster: "may apply", naming the infrastructure; with the environment open: "anywhere but Azure"', () => {
      const f = report(judge({ ...plan, environment: 'self-managed' }));
      expect(f.severity).toBe('warning');
      expect(f.message).toMatch(
        /^May apply \(the plan does not say which infrastructure the Self-managed Kubernetes cluster runs on; it holds anywhere but Azure\)/,
      );
      const open = report(judge(plan));
      expect(open.severity).toBe('warning');
      expect(open.message).toMatch(/^May apply anywhere but Azure \(the plan does not give the environment/);
      function report(r: CompatibilityReport): Finding {
        expect(r.verdict).toBe('COMPATIBLE_WITH_WARNINGS');
        return r.findings.find((x) => x.subject === 'l2tunnel-outside-azure')!;
      }
    });
  });

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
    expect(f.message).toMatch(/^May apply \(the plan does not give the CNI plugin; it holds for Flannel\)/);
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

  it('PLUGIN_RETIRED_IN_ENVIRONMENT counts from its date: Flannel on AKS Arc is not yet retired at 2023-06-01, retired at 2024-06-01 (aks-arc-container-networking#Compare network models)', () => {
    // seeds/cni-plugins.yaml flannel.environments[aks-windows-server] retired since 2023-12
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', networkMode: 'l2bridge', environment: 'aks-windows-server' } as const;
    const early = judge({ ...plan, asOf: '2023-06-01' });
    expectNoFinding(early, 'PLUGIN_RETIRED_IN_ENVIRONMENT');
    const status = expectFinding(early, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
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
    expect(f.message).not.toMatch(/^May apply/);
    // Inside December 2023 the month-only date cannot place the day: "may apply", info.
    const inMonth = judge({ ...plan, asOf: '2023-12-15' }).findings.find((x) => x.code === 'PLUGIN_RETIRED_IN_ENVIRONMENT')!;
    expect(inMonth.severity).toBe('info');
    expect(inMonth.message).toMatch(/^May apply \(the sources give only the month, 2023-12/);
  });

  describe('KNOWN_ISSUE: KB5040437 (20348.2582) broke pod networking on Server 2022 until KB5044281 (20348.2762) (windows-containers-issues##516)', () => {
    // seeds/limitations.yaml ws2022-kb5040437-pod-networking (windowsBuilds from 20348.2582 before 20348.2762, warning)
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'calico', environment: 'self-managed', kubernetesVersion: '1.33' } as const;
    it('a warning at revision 2600', () => {
      const f = expectFinding(judge({ ...plan, windowsBuildRevision: 2600 }), {
        verdict: 'COMPATIBLE_WITH_WARNINGS',
        code: 'KNOWN_ISSUE',
        severity: 'warning',
        subject: 'ws2022-kb5040437-pod-networking',
        cites: 'windows-containers-issues##516',
      });
      expect(f.remediation).toContain('KB5044281');
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'windows-server-release-info', section: 'Windows Server 2022' }));
    });
    it('nothing at revision 2800 or before 2582; "may apply" (info) when the revision is open', () => {
      expectNoFinding(judge({ ...plan, windowsBuildRevision: 2800 }), 'KNOWN_ISSUE', 'ws2022-kb5040437-pod-networking');
      expectNoFinding(judge({ ...plan, windowsBuildRevision: 2500 }), 'KNOWN_ISSUE', 'ws2022-kb5040437-pod-networking');
      const open = judge(plan).findings.find((x) => x.subject === 'ws2022-kb5040437-pod-networking')!;
      expect(open.severity).toBe('info');
      expect(open.message).toMatch(/^May apply \(the plan does not give the node's update revision/);
    });
  });

  it('CAVEAT: Calico documents no Windows Server 2025 support (calico-windows-docs#Windows requirements)', () => {
    // seeds/limitations.yaml calico-windows-server-2025-undocumented (plugins [calico], windowsBuilds from 26100, warning)
    const plan = { cniPlugin: 'calico', environment: 'self-managed', kubernetesVersion: '1.35' } as const;
    const f = expectFinding(judge({ ...plan, windowsVersion: 'windows-server-2025' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'CAVEAT',
      severity: 'warning',
      subject: 'calico-windows-server-2025-undocumented',
      cites: 'calico-windows-docs#Windows requirements',
    });
    expect(f.message).not.toMatch(/^May apply/);
    expectNoFinding(judge({ ...plan, windowsVersion: 'windows-server-2022' }), 'CAVEAT', 'calico-windows-server-2025-undocumented');
    expectNoFinding(judge({ ...plan, cniPlugin: 'win-bridge', windowsVersion: 'windows-server-2025' }), 'CAVEAT', 'calico-windows-server-2025-undocumented');
  });

  describe('CAVEAT: win-bridge relies on user-defined routes (UDR) between nodes (k8s-windows-networking-uk#network-modes, L2bridge row)', () => {
    // seeds/limitations.yaml win-bridge-needs-user-defined-routes (plugins [win-bridge], info); claim win-bridge-needs-udr in both revisions
    const subject = 'win-bridge-needs-user-defined-routes';
    const plan = { windowsVersion: 'windows-server-2022', environment: 'self-managed', kubernetesVersion: '1.25', asOf: '2023-01-01' } as const;

    it('applies to a win-bridge plan and cites both page revisions', () => {
      const f = expectFinding(judge({ ...plan, cniPlugin: 'win-bridge', networkMode: 'l2bridge', features: ['direct-server-return'] }), {
        verdict: 'COMPATIBLE',
        code: 'CAVEAT',
        severity: 'info',
        subject,
        cites: 'k8s-windows-networking-uk#network-modes',
      });
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-networking-zh', section: 'network-mode' }));
      expect(f.message).not.toMatch(/^May apply/);
    });

    it('reaches Flannel host-gateway, which hands its networking to win-bridge; "may apply" while Flannel\'s mode is open', () => {
      expect(judge({ ...plan, cniPlugin: 'flannel', networkMode: 'l2bridge' }).findings.find((f) => f.subject === subject)?.message).not.toMatch(/^May apply/);
      expectNoFinding(judge({ ...plan, cniPlugin: 'flannel', networkMode: 'overlay' }), 'CAVEAT', subject);
      expect(judge({ ...plan, cniPlugin: 'flannel' }).findings.find((f) => f.subject === subject)?.message).toMatch(
        /^May apply \(the plan does not give the network mode/,
      );
    });

    it('is absent for plugins that do not use win-bridge, and "may apply" when the plugin is open', () => {
      expectNoFinding(judge({ ...plan, cniPlugin: 'win-overlay' }), 'CAVEAT', subject);
      expectNoFinding(judge({ ...plan, cniPlugin: 'azure-cni', networkMode: 'l2bridge', environment: 'aks' }), 'CAVEAT', subject);
      const open = judge(plan).findings.filter((f) => f.subject === subject);
      expect(open).toHaveLength(1);
      expect(open[0]!.severity).toBe('info');
      expect(open[0]!.message).toMatch(/^May apply \(the plan does not give the CNI plugin; it holds for win-bridge\)/);
    });
  });

  describe('CAVEAT: Preserve-Destination and client IP preservation switch off forwarding between nodes (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    // seeds/limitations.yaml address-preservation-disables-node-forwarding (features [preserve-destination, client-ip-preservation], info)
    const subject = 'address-preservation-disables-node-forwarding';
    const plan = {
      windowsVersion: 'windows-server-2019',
      windowsBuildRevision: 1432,
      cniPlugin: 'win-bridge',
      environment: 'self-managed',
      kubernetesVersion: '1.33',
    } as const;

    it.each(['client-ip-preservation', 'preserve-destination'])('applies when the plan enables %s, citing both revisions', (feature) => {
      // Server 2022 (Preserve-Destination needs 1903 or later) at revision 100, before the KB5005619 known issue.
      const f = expectFinding(judge({ ...plan, windowsVersion: 'windows-server-2022', windowsBuildRevision: 100, features: [feature] }), {
        verdict: 'COMPATIBLE',
        code: 'CAVEAT',
        severity: 'info',
        subject,
        cites: 'k8s-windows-networking-uk#load-balancing-and-services',
      });
      expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-networking-zh', section: 'load-balancing-and-services' }));
    });

    it('is absent when neither feature is planned (DSR alone does not switch forwarding off)', () => {
      expect(judge({ ...plan, features: ['client-ip-preservation'] }).findings.map((f) => f.subject)).toContain(subject);
      expectNoFinding(judge({ ...plan, features: ['direct-server-return'] }), 'CAVEAT', subject);
      expectNoFinding(judge(plan), 'CAVEAT', subject);
    });
  });

  it('KUBERNETES_VERSION_BEYOND_HORIZON: 1.99 is past the newest version the seeds document, 1.36 (aks-windows-os-versions#OS SKU table)', () => {
    // The horizon is derived by the build; seeds/node-os-support.yaml aks-windows-server-2022 (max 1.36) names the newest version.
    expect(testKnowledge().horizon.kubernetesVersion).toBe('1.36');
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-bridge', environment: 'self-managed', windowsBuildRevision: 2800 } as const;
    const report = judge({ ...plan, kubernetesVersion: '1.99' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'KUBERNETES_VERSION_BEYOND_HORIZON',
      severity: 'warning',
      subject: '1.99',
      cites: 'aks-windows-os-versions#OS SKU table',
    });
    expect(f.message).toContain('up to 1.36');
    expect(report.horizon.kubernetesVersion).toBe('1.36');
    // An open-ended Kubernetes-scoped fact (seeds/node-os-support.yaml kubernetes-windows-server-2022, 1.23 and later) only "may" hold.
    const nodeOs = report.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED');
    expect(nodeOs.map((x) => [x.severity, x.subject])).toEqual([['warning', 'windows-server-2022']]);
    expect(nodeOs[0]!.message).toMatch(
      /^May apply \(the dataset documents Kubernetes only up to 1\.36\): Kubernetes lists Windows Server 2022 as a Windows node OS for Kubernetes 1\.23 and later/,
    );
    expect(nodeOs[0]!.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-website-windows-2025', section: '#55058' }));
    // At the horizon itself the dataset still knows: no such finding, and the plan is COMPATIBLE.
    const at = judge({ ...plan, kubernetesVersion: '1.36' });
    expectNoFinding(at, 'KUBERNETES_VERSION_BEYOND_HORIZON');
    expectNoFinding(at, 'NODE_OS_UNSUPPORTED');
  });
});

describe('upgrade readiness (targetKubernetesVersion; seeds/feature-gates.yaml)', () => {
  // DSR on 1.30 needs --feature-gates=WinDSR=true (features.yaml direct-server-return, 1.14-1.32);
  // overlay on 1.19 needs WinOverlay=true (network-modes.yaml overlay, 1.14-1.19).
  const dsr: PlanInput = { windowsVersion: 'windows-server-2022', features: ['direct-server-return'], kubernetesVersion: '1.30' };
  const overlay: PlanInput = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-overlay', networkMode: 'overlay', kubernetesVersion: '1.19' };

  it('FEATURE_GATE_LOCKED: WinOverlay=false on 1.34, where the gate is GA and locked on: kube-proxy exits, observed (agentbaker-winoverlay-locked##6925)', () => {
    // feature-gates.yaml win-overlay.lockedOverride.observed: true.
    const plan: PlanInput = { windowsVersion: 'windows-server-2022', kubernetesVersion: '1.33', kubeProxyFeatureGates: ['WinOverlay=false'] };
    const f = expectFinding(judge({ ...plan, targetKubernetesVersion: '1.34' }), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_GATE_LOCKED',
      severity: 'error',
      subject: 'WinOverlay',
      cites: 'agentbaker-winoverlay-locked##6925',
    });
    expect(f.message).toMatch(
      /^kube-proxy sets WinOverlay=false, but on Kubernetes 1\.34 the WinOverlay gate is GA and locked on \(Kubernetes 1\.34 and later\)\. kube-proxy exits at start-up/,
    );
    expect(f.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-feature-gates', section: 'WinOverlay' }));
    // Counter-case: on 1.33 the gate is beta and may be switched off.
    expectNoFinding(judge({ ...plan, targetKubernetesVersion: '1.33' }), 'FEATURE_GATE_LOCKED');
  });

  it('FEATURE_GATE_LOCKED: WinDSR=false on 1.34 is only expected to stop kube-proxy (UNCONFIRMED): a may-apply warning (k8s-feature-gates#WinDSR)', () => {
    // feature-gates.yaml win-dsr.lockedOverride.observed: false.
    const plan: PlanInput = { windowsVersion: 'windows-server-2022', kubernetesVersion: '1.33', kubeProxyFeatureGates: ['WinDSR=false'] };
    const f = expectFinding(judge({ ...plan, targetKubernetesVersion: '1.34' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_GATE_LOCKED',
      severity: 'warning',
      subject: 'WinDSR',
      cites: 'k8s-feature-gates#WinDSR',
    });
    expect(f.message).toMatch(/^May apply \(no source reports it for WinDSR; it is expected by the same mechanism\): kube-proxy sets WinDSR=false/);
    expect(f.message).toMatch(/--enable-dsr=false/);
    // Past the horizon even the observed WinOverlay case is only "may apply".
    const beyond = judge({
      windowsVersion: 'windows-server-2022',
      kubernetesVersion: '1.33',
      kubeProxyFeatureGates: ['WinOverlay=false'],
      targetKubernetesVersion: '1.37',
    });
    const locked = beyond.findings.find((x) => x.code === 'FEATURE_GATE_LOCKED');
    expect(locked?.severity).toBe('warning');
    expect(locked?.message).toMatch(/^May apply \(the dataset documents Kubernetes only up to 1\.36/);
  });

  it('a gate the plan states wins over the one its settings imply, and an untracked gate is accepted and not judged', () => {
    const report = judge({ ...dsr, kubeProxyFeatureGates: ['WinDSR=false', 'IPv6DualStack=true'], targetKubernetesVersion: '1.34' });
    expect(report.findings.filter((f) => f.subject === 'WinDSR').map((f) => f.code)).toEqual(['FEATURE_GATE_LOCKED']);
    expect(report.findings.filter((f) => f.subject === 'IPv6DualStack')).toEqual([]);
    expect(() => judge({ ...dsr, kubeProxyFeatureGates: ['WinDSR'] })).toThrow(/written as in --feature-gates, e.g. "WinOverlay=false", got "WinDSR"/);
  });

  it('FEATURE_GATE_FLAG_UNNEEDED: WinDSR is on by default from 1.33 (k8s-feature-gates#WinDSR)', () => {
    // feature-gates.yaml win-dsr.stages: beta, default on, 1.33; GA locked from 1.34.
    const f = expectFinding(judge({ ...dsr, targetKubernetesVersion: '1.33' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS', // other facts of the plan warn; the gate finding is info
      code: 'FEATURE_GATE_FLAG_UNNEEDED',
      severity: 'info',
      subject: 'WinDSR',
      cites: 'k8s-feature-gates#WinDSR',
    });
    expect(f.message).toMatch(/sets WinDSR=true, which is the gate's default from Kubernetes 1\.33; on 1\.33 the flag is no longer needed/);
    // Counter-case: on 1.32 the gate is still alpha, off by default, so the flag is needed.
    expectNoFinding(judge({ ...dsr, targetKubernetesVersion: '1.32' }), 'FEATURE_GATE_FLAG_UNNEEDED');
    // With no current version the plan's settings differ by version: no gate is assumed set.
    expectNoFinding(judge({ ...dsr, kubernetesVersion: undefined, targetKubernetesVersion: '1.33' }), 'FEATURE_GATE_FLAG_UNNEEDED');
  });

  it('FEATURE_GATE_FLAG_UNNEEDED: WinOverlay is on by default from 1.20 (k8s-feature-gates#WinOverlay)', () => {
    const f = expectFinding(judge({ ...overlay, targetKubernetesVersion: '1.34' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS', // other facts of the plan warn; the gate finding is info
      code: 'FEATURE_GATE_FLAG_UNNEEDED',
      severity: 'info',
      subject: 'WinOverlay',
      cites: 'k8s-feature-gates#WinOverlay',
    });
    expect(f.message).toMatch(/default from Kubernetes 1\.20; on 1\.34/);
    // Judged at the target: the mode's beta label is out of date there (NETWORK_MODE_LABEL_OUTDATED), not pre-release.
    expectNoFinding(judge({ ...overlay, targetKubernetesVersion: '1.34' }), 'NETWORK_MODE_PRERELEASE');
  });

  it('FEATURE_GATE_REMOVAL_PENDING: removal of WinDSR proposed from 1.37, past the horizon: may apply (k8s-gate-removal##142125)', () => {
    const report = judge({ ...dsr, targetKubernetesVersion: '1.37' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_GATE_REMOVAL_PENDING',
      severity: 'warning',
      subject: 'WinDSR',
      cites: 'k8s-gate-removal##142125',
    });
    expect(f.message).toMatch(/^May apply \(the removal is proposed, and no source says which release ships it\)/);
    // Past the horizon (1.36) the stage facts are "may apply" too.
    const unneeded = report.findings.find((x) => x.code === 'FEATURE_GATE_FLAG_UNNEEDED' && x.subject === 'WinDSR');
    expect(unneeded?.message).toMatch(/^May apply \(the dataset documents Kubernetes only up to 1\.36/);
    expect(report.findings.map((x) => x.code)).toContain('KUBERNETES_VERSION_BEYOND_HORIZON');
    // Counter-case: on 1.36 the removal is not allowed yet.
    expectNoFinding(judge({ ...dsr, targetKubernetesVersion: '1.36' }), 'FEATURE_GATE_REMOVAL_PENDING');
  });

  it('FEATURE_GATE_LOCKED without a target: judged at kubernetesVersion, and "may apply" naming 1.34 when both are open (agentbaker-winoverlay-locked##6925)', () => {
    // A cluster already on 1.34 with no planned upgrade: the gate is judged at 1.34.
    const plan: PlanInput = {
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'win-overlay',
      kubernetesVersion: '1.34',
      kubeProxyFeatureGates: ['WinOverlay=false'],
    };
    const f = expectFinding(judge(plan), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_GATE_LOCKED',
      severity: 'error',
      subject: 'WinOverlay',
      cites: 'agentbaker-winoverlay-locked##6925',
    });
    expect(f.message).toMatch(/^kube-proxy sets WinOverlay=false, but on Kubernetes 1\.34 the WinOverlay gate is GA and locked on/);
    // Neither a target nor a current version: the lock may apply, and the message names where.
    const open = judge({ windowsVersion: 'windows-server-2022', cniPlugin: 'win-bridge', kubeProxyFeatureGates: ['WinOverlay=false'] });
    const locked = open.findings.filter((x) => x.code === 'FEATURE_GATE_LOCKED');
    expect(locked).toHaveLength(1);
    expect(locked[0]!.severity).toBe('warning');
    expect(locked[0]!.message).toMatch(
      /^May apply \(the plan does not give the Kubernetes version; it holds for Kubernetes 1\.34 and later\): kube-proxy sets WinOverlay=false, but on Kubernetes 1\.34 and later/,
    );
    // Counter-case: on 1.33 the gate may still be switched off (win-bridge needs no overlay gate).
    expectNoFinding(judge({ ...plan, cniPlugin: 'win-bridge', kubernetesVersion: '1.33' }), 'FEATURE_GATE_LOCKED');
  });

  it('FEATURE_GATE_CONFLICT: WinOverlay=false on an overlay network before the lock stops kube-proxy (kep-5100#Overlay support)', () => {
    // network-modes.yaml overlay.settings: --feature-gates=WinOverlay=true (explicit 1.14-1.19); the
    // need for the value holds wherever the gate is not locked (1.14-1.33).
    const plan: PlanInput = { ...overlay, kubeProxyFeatureGates: ['WinOverlay=false'] };
    const f = expectFinding(judge(plan), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_GATE_CONFLICT',
      severity: 'error',
      subject: 'WinOverlay',
      cites: 'kep-5100#Overlay support',
    });
    expect(f.message).toMatch(
      /^kube-proxy sets WinOverlay=false, but the Overlay network mode needs WinOverlay=true, and on Kubernetes 1\.19 the gate is not locked/,
    );
    // Never "no longer needed" on an overlay plan (1.19 and 1.33, with or without a target).
    expectNoFinding(judge({ ...plan, targetKubernetesVersion: '1.19' }), 'FEATURE_GATE_FLAG_UNNEEDED');
    const on133 = judge({ ...plan, kubernetesVersion: '1.33', targetKubernetesVersion: '1.33' });
    expect(on133.verdict).toBe('INCOMPATIBLE');
    expect(on133.findings.filter((x) => x.subject === 'WinOverlay').map((x) => [x.code, x.severity])).toEqual([['FEATURE_GATE_CONFLICT', 'error']]);
    // Same class from a feature: DSR needs WinDSR=true (features.yaml direct-server-return).
    const dsrOff = judge({ ...dsr, kubernetesVersion: '1.33', kubeProxyFeatureGates: ['WinDSR=false'] });
    expect(dsrOff.findings.find((x) => x.code === 'FEATURE_GATE_CONFLICT' && x.subject === 'WinDSR')?.severity).toBe('error');
    // Mode open (Flannel offers overlay and l2bridge): may apply, naming the mode.
    const flannel = judge({
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'flannel',
      kubernetesVersion: '1.30',
      kubeProxyFeatureGates: ['WinOverlay=false'],
    });
    const mayApply = flannel.findings.find((x) => x.code === 'FEATURE_GATE_CONFLICT');
    expect(mayApply?.severity).toBe('warning');
    expect(mayApply?.message).toMatch(/^May apply \(the plan does not give the network mode; it holds for Overlay\)/);
    // Counter-cases: win-bridge (L2bridge) needs no overlay gate; WinOverlay=true on overlay agrees.
    expectNoFinding(judge({ ...plan, cniPlugin: 'win-bridge', networkMode: 'l2bridge' }), 'FEATURE_GATE_CONFLICT');
    expectNoFinding(judge({ ...overlay, kubeProxyFeatureGates: ['WinOverlay=true'] }), 'FEATURE_GATE_CONFLICT');
  });

  it('NODE_OS_UNSUPPORTED at the target: Kubernetes lists Windows Server 2019 up to 1.34 (k8s-website-windows-2025##53724)', () => {
    const plan: PlanInput = { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.30' };
    expectNoFinding(judge(plan), 'NODE_OS_UNSUPPORTED');
    const report = judge({ ...plan, targetKubernetesVersion: '1.35' });
    expect(report.verdict).toBe('INCOMPATIBLE');
    const f = report.findings.find((x) => x.code === 'NODE_OS_UNSUPPORTED' && !x.message.startsWith('May apply'));
    expect(f?.severity).toBe('error');
    expect(f?.message).toMatch(/not for 1\.35/);
  });

  it('refuses a malformed target, and one older than the current version, naming the field', () => {
    expect(() => judge({ windowsVersion: 'windows-server-2022', targetKubernetesVersion: '1.34.1' })).toThrow(
      /targetKubernetesVersion must be a Kubernetes minor version/,
    );
    expect(() => judge({ windowsVersion: 'windows-server-2022', kubernetesVersion: '1.33', targetKubernetesVersion: '1.32' })).toThrow(
      /targetKubernetesVersion 1\.32 is older than kubernetesVersion 1\.33/,
    );
  });
});

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };
  /** The codes of the rules that read the release or the build. */
  const RELEASE_DEPENDENT = new Set<FindingCode>([
    'WINDOWS_VERSION_OUT_OF_SUPPORT',
    'WINDOWS_VERSION_MAINSTREAM_ENDED',
    'NODE_OS_UNSUPPORTED',
    'NODE_OS_PREVIEW',
    'NODE_OS_RETIRED',
    'NODE_OS_SUPPORT_DISPUTED',
    'CONTAINER_IMAGE_OS_MISMATCH',
    'FEATURE_REQUIRES_NEWER_WINDOWS',
    'FEATURE_REQUIRES_OS_UPDATE',
    'KNOWN_ISSUE',
    'CAVEAT',
    'REQUIREMENT_NOT_MET',
    'UNSUPPORTED_FUNCTIONALITY',
    'THRESHOLD_EXCEEDED',
    'FEATURE_DEFAULT',
  ]);
  const RELEASE_OPEN = /^May apply \(the plan does not give the Windows Server release; /;

  it('WINDOWS_VERSION_OUT_OF_SUPPORT: "may apply", naming only the releases past their end, 1709 and 1803 at 2019-12-01 (endoflife-windows-server#releases)', () => {
    const f = expectFinding(judge({ ...settled, asOf: '2019-12-01' }), {
      verdict: 'COMPATIBLE',
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      severity: 'info',
      subject: undefined,
      cites: 'endoflife-windows-server#releases',
    });
    expect(f.message).toMatch(RELEASE_OPEN);
    expect(f.message).toContain('it holds for Windows Server, version 1709 / Windows Server, version 1803)');
    expect(f.message).toContain('2019-04-09');
    expect(f.message).not.toContain('Windows Server 2019 reached');
    // Counter-case: before any release's end, nothing.
    expectNoFinding(judge({ ...settled, asOf: '2019-01-01' }), 'WINDOWS_VERSION_OUT_OF_SUPPORT');
  });

  it('WINDOWS_VERSION_OUT_OF_SUPPORT at its real severity once every known release is past its end, at 2035-01-01 (endoflife-windows-server#releases)', () => {
    const f = expectFinding(judge({ ...settled, asOf: '2035-01-01' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      severity: 'warning',
      subject: undefined,
      cites: 'endoflife-windows-server#releases',
    });
    expect(f.message).toMatch(/^On every Windows Server release the knowledge base knows \(the plan does not give one\): /);
    expect(f.message).toContain('Windows Server 2025 reached the end of its support on 2034-11-14');
  });

  it('WINDOWS_VERSION_MAINSTREAM_ENDED: "may apply" on Server 2016 and 2019 at 2025-01-01 (endoflife-windows-server#releases)', () => {
    const f = expectFinding(judge({ ...settled, asOf: '2025-01-01' }), {
      verdict: 'COMPATIBLE',
      code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
      severity: 'info',
      subject: undefined,
      cites: 'endoflife-windows-server#releases',
    });
    expect(f.message).toContain('it holds for Windows Server 2016 / Windows Server 2019)');
  });

  it('FEATURE_REQUIRES_NEWER_WINDOWS: session affinity needs Server 2022, so it "may apply" on every older release, as a warning (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    const f = expectFinding(judge({ ...settled, features: ['session-affinity'] }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
      severity: 'warning',
      subject: 'session-affinity',
      cites: 'k8s-windows-networking-uk#load-balancing-and-services',
    });
    expect(f.message).toMatch(RELEASE_OPEN);
    expect(f.message).toContain('Windows Server 2019 is build 17763');
    expect(f.message).not.toContain('Windows Server 2022 is build');
    // Named, the same fact is an error on Server 2019 and absent on 2022.
    expect(judge({ ...settled, windowsVersion: 'windows-server-2019', features: ['session-affinity'] }).verdict).toBe('INCOMPATIBLE');
    expectNoFinding(judge({ ...settled, windowsVersion: 'windows-server-2022', features: ['session-affinity'] }), 'FEATURE_REQUIRES_NEWER_WINDOWS');
  });

  it('FEATURE_REQUIRES_OS_UPDATE: DSR\'s build boundary 17763.1432 "may apply" on Server 2019 and 1809, whose revision is open with the release (windows-server-release-info#Windows Server 2019)', () => {
    const f = expectFinding(judge({ ...settled, features: ['direct-server-return'] }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_REQUIRES_OS_UPDATE',
      severity: 'warning',
      subject: 'direct-server-return',
      cites: 'windows-server-release-info#Windows Server 2019',
    });
    expect(f.message).toContain("it holds for Windows Server, version 1809 / Windows Server 2019; the plan does not give the node's update revision");
    // The releases older than Server 2019 get the minimum-release finding instead, also "may apply".
    const older = judge({ ...settled, features: ['direct-server-return'] }).findings.find((x) => x.code === 'FEATURE_REQUIRES_NEWER_WINDOWS');
    expect(older?.severity).toBe('warning');
    expect(older?.message).toContain('Windows Server 2016 is build 14393');
  });

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
    expect(f.message).not.toMatch(/it holds for[^)]*Windows Server 2022/);
    // Nothing else in this plan depends on the release: the plan stays COMPATIBLE with its release open.
    expect(report.findings.filter((x) => x.severity !== 'info')).toEqual([]);
  });

  it('NODE_OS_RETIRED: on EKS the SAC AMIs are retired, "may apply" with the release open (eks-user-guide-windows#eks-optimized-windows-ami.adoc)', () => {
    const f = expectFinding(judge({ environment: 'eks', kubernetesVersion: '1.33' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'NODE_OS_RETIRED',
      severity: 'info',
      subject: undefined,
      cites: 'eks-user-guide-windows#eks-optimized-windows-ami.adoc',
    });
    expect(f.message).toContain('it holds for Windows Server, version 1909 / Windows Server, version 2004 / Windows Server, version 20H2)');
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
    expect(f.message).toContain('it holds for Windows Server, version 23H2 / Windows Server 2025)');
    // Named, Server 2025 there is a preview warning.
    expect(judge({ ...plan, windowsVersion: 'windows-server-2025' }).findings.find((x) => x.code === 'NODE_OS_PREVIEW')?.severity).toBe('warning');
  });

  it('CONTAINER_IMAGE_OS_MISMATCH: Server 2022 images fit only build 20348\'s nodes, so with the node\'s release open the mismatch "may apply" (k8s-windows-intro#windows-os-version-support)', () => {
    const f = expectFinding(judge({ ...settled, containerImageWindowsVersion: 'windows-server-2022' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'CONTAINER_IMAGE_OS_MISMATCH',
      severity: 'warning',
      subject: 'windows-server-2022',
      cites: 'k8s-windows-intro#windows-os-version-support',
    });
    expect(f.message).toContain('they run only on nodes of build 20348 (Windows Server 2022)');
  });

  it('KNOWN_ISSUE scoped to a release: NodePort on overlay with Server 2022 nodes "may apply", naming Server 2022 only (windows-containers-issues##204)', () => {
    const f = expectFinding(judge({ ...settled, cniPlugin: 'flannel', networkMode: 'overlay' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'KNOWN_ISSUE',
      severity: 'info',
      subject: 'ws2022-nodeport-on-overlay',
      cites: 'windows-containers-issues##204',
    });
    expect(f.message).toMatch(/^May apply \(the plan does not give the Windows Server release; it holds for Windows Server 2022\): /);
  });

  it('REQUIREMENT_NOT_MET scoped to builds: overlay needs KB4489899 on build 17763 before .379, "may apply" on Server 2019 and 1809 (windows-server-release-info#Windows Server 2019)', () => {
    const report = judge({ ...settled, cniPlugin: 'flannel', networkMode: 'overlay' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'REQUIREMENT_NOT_MET',
      severity: 'warning',
      subject: 'overlay-requires-kb4489899',
      cites: 'windows-server-release-info#Windows Server 2019',
    });
    expect(f.message).toContain(
      'on Windows Server, version 1809 / Windows Server 2019 it depends on the update revision (it holds from build 17763 and before build 17763.379)',
    );
    // The setting scoped to build 17763 stays listed, as it would be for Server 2019; named Server 2022 leaves it out.
    expect(settingTexts(report)).toContain('KB4489899=17763.379');
    expect(settingTexts(judge({ ...settled, cniPlugin: 'flannel', networkMode: 'overlay', windowsVersion: 'windows-server-2022' }))).not.toContain(
      'KB4489899=17763.379',
    );
  });

  it('THRESHOLD_EXCEEDED with a build boundary confirmed only on Server 2019: 100 backends "may apply" as a warning, never an error (eks-user-guide-windows#windows-support.adoc)', () => {
    const f = expectFinding(judge({ ...settled, backendsPerService: 100 }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'THRESHOLD_EXCEEDED',
      severity: 'warning',
      subject: 'backends-per-service-64',
      cites: 'eks-user-guide-windows#windows-support.adoc',
    });
    expect(f.message).toContain('it holds for Windows Server 2016 / Windows Server, version 1709 / Windows Server, version 1803;');
    expect(f.message).toContain('no source says whether it holds (the sources confirm the build boundary only on Windows Server 2019)');
  });

  it('CAVEAT scoped to LTSC releases from build 17763: DSR flags on EKS "may apply" on 2019, 2022 and 2025, not on SAC 1809 of the same build (eks-best-practices-windows-networking#IP address management)', () => {
    const report = judge({ environment: 'eks', kubernetesVersion: '1.33', features: ['direct-server-return'] });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'CAVEAT',
      severity: 'info',
      subject: 'eks-dsr-not-default-on-ltsc-2019',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expect(f.message).toContain('it holds for Windows Server 2019 / Windows Server 2022 / Windows Server 2025)');
    // FEATURE_DEFAULT scoped to the SAC channel: "may apply" on the SAC releases only.
    const d = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_DEFAULT',
      severity: 'info',
      subject: 'direct-server-return',
      cites: 'eks-best-practices-windows-networking#IP address management',
    });
    expect(d.message).toMatch(RELEASE_OPEN);
    expect(d.message).not.toMatch(/it holds for[^)]*Windows Server 2019/);
  });

  it('facts that do not depend on the release are the same as with any named release: gates, capacity, the horizon (k8s-feature-gates#WinDSR)', () => {
    const plan: PlanInput = { ...settled, kubernetesVersion: '1.99', instanceType: 'm5.large', kubeProxyFeatureGates: ['WinDSR=true'] };
    const codes = (r: CompatibilityReport) => r.findings.filter((f) => !RELEASE_DEPENDENT.has(f.code)).map((f) => [f.code, f.severity, f.subject, f.message]);
    const open = judge(plan);
    expect(codes(open)).toEqual(codes(judge({ ...plan, windowsVersion: 'windows-server-2022' })));
    expect(open.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['KUBERNETES_VERSION_BEYOND_HORIZON', 'POD_CAPACITY', 'FEATURE_GATE_FLAG_UNNEEDED']),
    );
  });

  it('a revision without its release is refused, naming the field', () => {
    expect(() => judge({ windowsBuildRevision: 1432 })).toThrow(/windowsBuildRevision needs windowsVersion/);
  });
});

describe('coverage', () => {
  // Declared last, so it runs after every golden case above.
  it('has a golden case for every finding code in FINDING_CODES', () => {
    const missing = (Object.keys(FINDING_CODES) as FindingCode[]).filter((c) => !covered.has(c));
    expect(missing).toEqual([]);
  });

  it("gives every golden finding a severity in its code's declared range (src/domain/finding-codes.ts)", () => {
    expect(judged.length).toBeGreaterThan(500);
    expect(judged.filter((f) => !severityAllowed(f.code, f.severity)).map((f) => `${f.code} as ${f.severity}: ${f.message}`)).toEqual([]);
  });
});
