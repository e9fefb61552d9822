/**
 * Golden cases of src/domain/compatibility/rules/kubernetes-version-unspecified.ts: each named
 * after the seed fact it rests on and citing that record's source (document#section), with the
 * passing counter-case where the finding must be absent. Every case runs the real engine over the
 * real knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';

import { judge, expectFinding, expectNoFinding, settingTexts } from './support.js';

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
