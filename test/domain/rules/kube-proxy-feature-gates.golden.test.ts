/**
 * Golden cases of src/domain/compatibility/rules/kube-proxy-feature-gates.ts: each named after the
 * seed fact it rests on and citing that record's source (document#section), with the passing
 * counter-case where the finding must be absent. Every case runs the real engine over the real
 * knowledge base built from seeds/.
 */
import { describe, expect, it } from 'vitest';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';

import { judge, expectFinding, expectNoFinding } from './support.js';

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

  it('FEATURE_GATE_LOCKED: WinDSR=false on 1.34 is only expected to stop kube-proxy (UNCONFIRMED): a warning that says so, open in the sources alone (k8s-feature-gates#WinDSR)', () => {
    // feature-gates.yaml win-dsr.lockedOverride.observed: false.
    const plan: PlanInput = { windowsVersion: 'windows-server-2022', kubernetesVersion: '1.33', kubeProxyFeatureGates: ['WinDSR=false'] };
    const f = expectFinding(judge({ ...plan, targetKubernetesVersion: '1.34' }), {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_GATE_LOCKED',
      severity: 'warning',
      subject: 'WinDSR',
      cites: 'k8s-feature-gates#WinDSR',
    });
    // Open in the sources, not in the plan: it applies (findings.ts settleFinding), and the message says what is expected.
    expect(f).toMatchObject({ applicability: 'applies', dependsOn: [] });
    expect(f.message).toMatch(
      /^By what the sources expect \(no source reports it for WinDSR; it is expected by the same mechanism\): kube-proxy sets WinDSR=false/,
    );
    expect(f.message).toMatch(/--enable-dsr=false/);
    // Past the horizon even the observed WinOverlay case is only "may apply".
    const beyond = judge({
      windowsVersion: 'windows-server-2022',
      kubernetesVersion: '1.33',
      kubeProxyFeatureGates: ['WinOverlay=false'],
      targetKubernetesVersion: '1.38',
    });
    const locked = beyond.findings.find((x) => x.code === 'FEATURE_GATE_LOCKED');
    expect(locked?.severity).toBe('warning');
    expect(locked?.message).toMatch(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.37/);
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
      verdict: 'COMPATIBLE', // the gate finding is info, and so is what "may apply" on the mode and the revision the plan leaves open
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
      verdict: 'COMPATIBLE', // the gate finding is info; the NodePort issue only may apply (the plan lists no Service types)
      code: 'FEATURE_GATE_FLAG_UNNEEDED',
      severity: 'info',
      subject: 'WinOverlay',
      cites: 'k8s-feature-gates#WinOverlay',
    });
    expect(f.message).toMatch(/default from Kubernetes 1\.20; on 1\.34/);
    // Judged at the target: the mode's beta label is out of date there (NETWORK_MODE_LABEL_OUTDATED), not pre-release.
    expectNoFinding(judge({ ...overlay, targetKubernetesVersion: '1.34' }), 'NETWORK_MODE_PRERELEASE');
  });

  it('FEATURE_GATE_REMOVAL_PENDING: removal of WinDSR proposed from 1.37: may apply (k8s-gate-removal##142125)', () => {
    const report = judge({ ...dsr, targetKubernetesVersion: '1.37' });
    const f = expectFinding(report, {
      verdict: 'COMPATIBLE_WITH_WARNINGS',
      code: 'FEATURE_GATE_REMOVAL_PENDING',
      severity: 'warning',
      subject: 'WinDSR',
      cites: 'k8s-gate-removal##142125',
    });
    // Open in the sources, not in the plan: it applies (findings.ts settleFinding), and the message says what is expected.
    expect(f).toMatchObject({ applicability: 'applies', dependsOn: [] });
    expect(f.message).toMatch(/\(the removal is proposed, and no source says which release ships it\)/);
    // Past the horizon (1.37) the stage facts are "may apply" too.
    const past = judge({ ...dsr, targetKubernetesVersion: '1.38' });
    const unneeded = past.findings.find((x) => x.code === 'FEATURE_GATE_FLAG_UNNEEDED' && x.subject === 'WinDSR');
    expect(unneeded?.message).toMatch(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.37/);
    expect(past.findings.map((x) => x.code)).toContain('KUBERNETES_VERSION_BEYOND_HORIZON');
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
    expect(locked[0]!.message).toMatch(/^On Kubernetes 1\.34 and later: kube-proxy sets WinOverlay=false, but on Kubernetes 1\.34 and later/);
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
    expect(mayApply).toMatchObject({ applicability: 'may-apply', dependsOn: ['networkMode'] });
    expect(mayApply?.message).toMatch(/^In the Overlay mode: /);
    // Counter-cases: win-bridge (L2bridge) needs no overlay gate; WinOverlay=true on overlay agrees.
    expectNoFinding(judge({ ...plan, cniPlugin: 'win-bridge', networkMode: 'l2bridge' }), 'FEATURE_GATE_CONFLICT');
    expectNoFinding(judge({ ...overlay, kubeProxyFeatureGates: ['WinOverlay=true'] }), 'FEATURE_GATE_CONFLICT');
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
