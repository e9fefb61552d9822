/**
 * The scope matcher and the "may apply" rule on a synthetic knowledge base: one dimension at a
 * time, given, open, or out of scope. The golden tests run the same rules on the real seeds.
 */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility, type CompatibilityReport } from '../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import type { LimitationFact } from '../../src/domain/knowledge.js';
import { buildKnowledge, limitation, plugin, release } from '../support/knowledge-builder.js';

const TODAY = '2026-01-01';
const finding = (r: CompatibilityReport, subject: string) => r.findings.find((f) => f.subject === subject);

function judgeWith(l: LimitationFact, input: PlanInput, parts: Parameters<typeof buildKnowledge>[0] = {}) {
  return judgeCompatibility(buildKnowledge({ ...parts, limitations: [l] }), input, TODAY);
}

describe('environment', () => {
  const l = limitation('only-in-a', { environments: ['cloud-a'] });
  it('applies when given, not elsewhere', () => {
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a' }), 'only-in-a')).toMatchObject({ severity: 'error' });
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-b' }), 'only-in-a')).toBeUndefined();
  });
  it('open: "may apply on" the environment, an error becoming a warning', () => {
    const f = finding(judgeWith(l, { windowsVersion: 'ltsc-a' }), 'only-in-a')!;
    expect(f.severity).toBe('warning');
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['environment'] });
    expect(f.message).toMatch(/^On Cloud A: /);
  });
  it('a plugin confined to one environment settles it', () => {
    const confined = plugin('a-only', ['bridge'], { onlyIn: { environments: ['cloud-a'], note: 'runs only there', sources: [] } });
    const parts = { plugins: [confined] };
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', cniPlugin: 'a-only' }, parts), 'only-in-a')).toMatchObject({ severity: 'error' });
    const otherScope = limitation('only-in-b', { environments: ['cloud-b'] });
    expect(finding(judgeWith(otherScope, { windowsVersion: 'ltsc-a', cniPlugin: 'a-only' }, parts), 'only-in-b')).toBeUndefined();
  });
  it('an environment whose sources list its plugins is no candidate for a plugin it does not list', () => {
    // Azure CNI is not among the plugins EKS's guide lists: an EKS fact does not "may apply" to it.
    const environments = [
      { slug: 'cloud-a', name: 'Cloud A', pluginsListed: { sources: [] } },
      { slug: 'cloud-b', name: 'Cloud B' },
      { slug: 'cloud-c', name: 'Cloud C' },
    ];
    const listed = plugin('listed-in-a', ['bridge'], { environments: [{ environment: 'cloud-a', status: 'supported', sources: [] }] });
    const unlisted = plugin('not-listed', ['bridge']);
    const parts = { plugins: [listed, unlisted], environments };
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', cniPlugin: 'not-listed' }, parts), 'only-in-a')).toBeUndefined();
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', cniPlugin: 'listed-in-a' }, parts), 'only-in-a')).toMatchObject({ applicability: 'may-apply' });
    // Where no source lists the environment's plugins, any plugin may run there.
    const otherScope = limitation('only-in-b', { environments: ['cloud-b'] });
    expect(finding(judgeWith(otherScope, { windowsVersion: 'ltsc-a', cniPlugin: 'not-listed' }, parts), 'only-in-b')).toMatchObject({
      applicability: 'may-apply',
    });
  });
  it('a plugin that is a default somewhere does not settle it', () => {
    const defaulted = plugin('a-default', ['bridge'], { environments: [{ environment: 'cloud-a', status: 'default', sources: [] }] });
    const f = finding(judgeWith(l, { windowsVersion: 'ltsc-a', cniPlugin: 'a-default' }, { plugins: [defaulted] }), 'only-in-a')!;
    expect(f.message).toMatch(/^On Cloud A: /);
  });
});

describe('severity of "may apply"', () => {
  it.each([
    ['error', false, 'warning'],
    ['warning', false, 'info'],
    ['info', false, 'info'],
  ] as const)('a %s limitation that may apply is a %s', (severity, _, expected) => {
    const l = limitation('x', { environments: ['cloud-a'] }, { severity });
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a' }), 'x')?.severity).toBe(expected);
  });
  it('an exceeded threshold that may apply is a warning, whatever its severity', () => {
    const l = limitation('t', { environments: ['cloud-a'] }, { severity: 'warning', threshold: { metric: 'services-per-node', max: 10, approximate: false } });
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', servicesPerNode: 11 }), 't')?.severity).toBe('warning');
  });
});

describe('channel', () => {
  const l = limitation('ltsc-only', { channels: ['LTSC'], windowsBuilds: { from: '17763' } });
  it('tells an LTSC release from a SAC release of the same build', () => {
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a' }), 'ltsc-only')).toBeDefined();
    expect(finding(judgeWith(l, { windowsVersion: 'sac-a', environment: 'cloud-a' }), 'ltsc-only')).toBeUndefined();
  });
});

describe('build boundary confirmed on some releases only', () => {
  const l = limitation('fixed-later', { windowsBuilds: { before: '17763.2746', confirmedOn: ['ltsc-a'] } });
  it('decides by revision on the confirmed release', () => {
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', windowsBuildRevision: 100 }), 'fixed-later')?.severity).toBe('error');
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', windowsBuildRevision: 2746 }), 'fixed-later')).toBeUndefined();
  });
  it('"may apply" on a newer release, naming what is unconfirmed', () => {
    const f = finding(judgeWith(l, { windowsVersion: 'ltsc-b' }), 'fixed-later')!;
    expect(f.severity).toBe('warning');
    expect(f.message).toContain('If it holds on ltsc-b too (the sources confirm the build boundary only on ltsc-a): ');
    // Open in the sources, not in the plan: no plan field settles it, so it applies (findings.ts settleFinding).
    expect(f).toMatchObject({ applicability: 'applies', dependsOn: [] });
  });
  it('an older release is judged by build number', () => {
    const older = { releases: [release('ltsc-a', 17763), release('old', 14393)] };
    expect(finding(judgeWith(l, { windowsVersion: 'old' }, older), 'fixed-later')?.severity).toBe('error');
  });
});

describe('plugin version', () => {
  const l = limitation('old-plugin', { plugins: ['bridge-cni'], pluginVersions: { before: '0.12.0' } }, { severity: 'warning' });
  it('given: in or out of range', () => {
    expect(
      finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'bridge-cni', cniPluginVersion: '0.11.2' }), 'old-plugin')?.severity,
    ).toBe('warning');
    expect(
      finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'bridge-cni', cniPluginVersion: 'v0.12' }), 'old-plugin'),
    ).toBeUndefined();
  });
  it('open: "may apply", naming the version range', () => {
    const f = finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'bridge-cni' }), 'old-plugin')!;
    expect(f.severity).toBe('info');
    expect(f.message).toContain("With the plugin's releases before 0.12.0: ");
    expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: ['cniPluginVersion'] });
  });
  it('another plugin: out of scope whatever its version', () => {
    expect(
      finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'overlay-cni', cniPluginVersion: '0.1.0' }), 'old-plugin'),
    ).toBeUndefined();
  });
});

describe('mode and plugin open', () => {
  const l = limitation('overlay-only', { modes: ['overlay'] });
  it('no plugin and no mode: "may apply", naming the mode', () => {
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a' }), 'overlay-only')?.message).toContain('In the overlay mode: ');
  });
  it('a plugin with one mode settles it', () => {
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'bridge-cni' }), 'overlay-only')).toBeUndefined();
    expect(finding(judgeWith(l, { windowsVersion: 'ltsc-a', environment: 'cloud-a', cniPlugin: 'overlay-cni' }), 'overlay-only')?.severity).toBe('error');
  });
});

describe('node OS support tables', () => {
  const rows = [
    { slug: 'k-a', windowsVersion: 'ltsc-a', kubernetes: { max: '1.34' }, status: 'supported' as const, sources: [] },
    { slug: 'k-b', windowsVersion: 'ltsc-b', kubernetes: { min: '1.23' }, status: 'supported' as const, sources: [] },
    { slug: 'a-b', windowsVersion: 'ltsc-b', environment: 'cloud-a', kubernetes: { min: '1.30' }, status: 'preview' as const, sources: [] },
  ];
  const judge = (input: PlanInput) => judgeCompatibility(buildKnowledge({ nodeOsSupport: rows }), input, TODAY);
  const codes = (input: PlanInput) =>
    judge(input)
      .findings.filter((f) => f.code.startsWith('NODE_OS'))
      .map((f) => [f.code, f.severity]);

  it('a release no row lists is unsupported at every version', () => {
    expect(codes({ windowsVersion: 'sac-a', environment: 'cloud-b' })).toEqual([['NODE_OS_UNSUPPORTED', 'error']]);
  });
  it('outside its window: an error with the version given, "may apply" without', () => {
    expect(codes({ windowsVersion: 'ltsc-a', environment: 'cloud-b', kubernetesVersion: '1.35' })).toEqual([['NODE_OS_UNSUPPORTED', 'error']]);
    expect(codes({ windowsVersion: 'ltsc-a', environment: 'cloud-b' })).toEqual([['NODE_OS_UNSUPPORTED', 'warning']]);
    expect(codes({ windowsVersion: 'ltsc-a', environment: 'cloud-b', kubernetesVersion: '1.34' })).toEqual([]);
  });
  it('an environment\'s own table: preview there, "may apply" (info) when the environment is open', () => {
    expect(codes({ windowsVersion: 'ltsc-b', environment: 'cloud-a', kubernetesVersion: '1.31' })).toEqual([['NODE_OS_PREVIEW', 'warning']]);
    expect(codes({ windowsVersion: 'ltsc-b', kubernetesVersion: '1.31' })).toEqual([['NODE_OS_PREVIEW', 'info']]);
    expect(codes({ windowsVersion: 'ltsc-b', environment: 'cloud-b', kubernetesVersion: '1.31' })).toEqual([]);
  });
  it('past the dataset horizon (1.35 here), support with no known end only "may" hold: a warning naming the horizon', () => {
    const beyond = judge({ windowsVersion: 'ltsc-b', environment: 'cloud-b', kubernetesVersion: '1.36' }).findings.filter(
      (f) => f.code === 'NODE_OS_UNSUPPORTED',
    );
    expect(beyond.map((f) => f.severity)).toEqual(['warning']);
    // The horizon is the knowledge's, not a plan field: it applies (findings.ts settleFinding).
    expect(beyond[0]!).toMatchObject({ applicability: 'applies', dependsOn: [] });
    expect(beyond[0]!.message).toMatch(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.35\): /);
    expect(codes({ windowsVersion: 'ltsc-b', environment: 'cloud-b', kubernetesVersion: '1.35' })).toEqual([]);
    // A window that closed inside the horizon is still a plain answer.
    expect(codes({ windowsVersion: 'ltsc-a', environment: 'cloud-b', kubernetesVersion: '1.36' })).toEqual([['NODE_OS_UNSUPPORTED', 'error']]);
  });
});
