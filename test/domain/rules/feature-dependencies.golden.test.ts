/**
 * Golden cases of src/domain/compatibility/rules/feature-dependencies.ts: each named after the
 * seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import { judge, expectFinding, expectNoFinding, settingTexts } from './support.js';

describe('features', () => {
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
