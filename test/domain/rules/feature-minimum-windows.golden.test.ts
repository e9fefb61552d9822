/**
 * Golden cases of src/domain/compatibility/rules/feature-minimum-windows.ts: each named after the
 * seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';

import { judge, expectFinding, expectNoFinding } from './support.js';

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
});

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };
  const RELEASE_OPEN = /^On /;

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
    expect(f.message).toContain('On Windows Server, version 1809 / Windows Server 2019, on nodes before build 17763.1432: ');
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['windowsVersion', 'windowsBuildRevision'] });
    // The releases older than Server 2019 get the minimum-release finding instead, also "may apply".
    const older = judge({ ...settled, features: ['direct-server-return'] }).findings.find((x) => x.code === 'FEATURE_REQUIRES_NEWER_WINDOWS');
    expect(older?.severity).toBe('warning');
    expect(older?.message).toContain('Windows Server 2016 is build 14393');
  });

  it('FEATURE_REQUIRES_OS_UPDATE judged at asOf: before KB4571748 (2020-08-20) no Server 2019 node had DSR (windows-containers-issues##19)', () => {
    // seeds/windows-versions.yaml windows-server-2019 update KB4571748 released 2020-08-20; features/direct-server-return minimumWindows.build
    const plan = { windowsVersion: 'windows-server-2019', features: ['direct-server-return'], kubernetesVersion: '1.18' } as const;
    const f = expectFinding(judge({ ...plan, asOf: '2020-06-01' }), {
      verdict: 'INCOMPATIBLE',
      code: 'FEATURE_REQUIRES_OS_UPDATE',
      severity: 'error',
      subject: 'direct-server-return',
      cites: 'windows-containers-issues##19',
    });
    expect(f.message).toContain('released on 2020-08-20, after 2020-06-01');
    // After its release the revision is what is open: a warning, as before.
    expect(judge({ ...plan, asOf: '2020-09-01' }).findings.find((x) => x.code === 'FEATURE_REQUIRES_OS_UPDATE')?.severity).toBe('warning');
  });
});
