/**
 * Golden cases of src/domain/compatibility/rules/windows-lifecycle.ts: each named after the seed
 * fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';

import { judge, expectFinding, expectNoFinding } from './support.js';

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

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };
  const RELEASE_OPEN = /^On /;

  it('WINDOWS_VERSION_OUT_OF_SUPPORT: "may apply", naming only the releases past their end, 1709 and 1803 at 2019-12-01 (endoflife-windows-server#releases)', () => {
    const f = expectFinding(judge({ ...settled, asOf: '2019-12-01' }), {
      verdict: 'COMPATIBLE',
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      severity: 'info',
      subject: undefined,
      cites: 'endoflife-windows-server#releases',
    });
    expect(f.message).toMatch(RELEASE_OPEN);
    expect(f.message).toContain('On Windows Server, version 1709 / Windows Server, version 1803: ');
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['windowsVersion'] });
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
    expect(f.message).toMatch(/^On every Windows Server release the knowledge base knows: /);
    // True of every candidate release: the plan's openness does not decide it.
    expect(f.applicability).toBe('applies');
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
    expect(f.message).toContain('On Windows Server 2016 / Windows Server 2019: ');
  });
});
