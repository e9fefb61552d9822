/**
 * Golden cases of src/domain/compatibility/rules/container-image-matches-node.ts: each named after
 * the seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';

import { judge, expectFinding, expectNoFinding } from './support.js';

describe('node OS support (seeds/node-os-support.yaml)', () => {
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

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };

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
});
