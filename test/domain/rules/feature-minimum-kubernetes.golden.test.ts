/**
 * Golden cases of src/domain/compatibility/rules/feature-minimum-kubernetes.ts: each named after
 * the seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding } from './support.js';

describe('features', () => {
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
});
