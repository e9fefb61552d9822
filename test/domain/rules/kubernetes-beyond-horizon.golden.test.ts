/**
 * Golden cases of src/domain/compatibility/rules/kubernetes-beyond-horizon.ts: each named after
 * the seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { testKnowledge } from '../../support/fixtures.js';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('scopes as the sources give them: platforms, plugins open, dates, builds, the horizon', () => {
  it('KUBERNETES_VERSION_BEYOND_HORIZON: 1.99 is past the newest version the seeds document, 1.37 (k8s-issues##141681)', () => {
    // The horizon is derived by the build; seeds/limitations.yaml winkernel-hns-load-balancer-fixes-2026 (1.36 to 1.37, the
    // kube-proxy fix cherry-picked to release-1.37) names the newest version.
    expect(testKnowledge().horizon.kubernetesVersion).toBe('1.37');
    const plan = { windowsVersion: 'windows-server-2022', cniPlugin: 'win-bridge', environment: 'self-managed', windowsBuildRevision: 2800 } as const;
    const report = judge({ ...plan, kubernetesVersion: '1.99' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'KUBERNETES_VERSION_BEYOND_HORIZON',
      severity: 'warning',
      subject: '1.99',
      cites: 'k8s-issues##141681',
    });
    expect(f.message).toContain('up to 1.37');
    expect(report.horizon.kubernetesVersion).toBe('1.37');
    // An open-ended Kubernetes-scoped fact (seeds/node-os-support.yaml kubernetes-windows-server-2022, 1.23 and later) only "may" hold.
    const nodeOs = report.findings.filter((x) => x.code === 'NODE_OS_UNSUPPORTED');
    expect(nodeOs.map((x) => [x.severity, x.subject])).toEqual([['warning', 'windows-server-2022']]);
    expect(nodeOs[0]!.message).toMatch(
      /^As far as the dataset knows \(it documents Kubernetes only up to 1\.37\): Kubernetes lists Windows Server 2022 as a Windows node OS for Kubernetes 1\.23 and later/,
    );
    expect(nodeOs[0]!.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-website-windows-2025', section: '#55058' }));
    // At the horizon itself the dataset still knows: no such finding, and the plan is COMPATIBLE.
    const at = judge({ ...plan, kubernetesVersion: '1.37' });
    expectNoFinding(at, 'KUBERNETES_VERSION_BEYOND_HORIZON');
    expectNoFinding(at, 'NODE_OS_UNSUPPORTED');
  });
});
