/** The verdict rule, the order of findings, and engine-wide properties checked over every seeded release, feature and plugin. */
import { describe, expect, it } from 'vitest';
import { SEVERITY_RANK, type Finding } from '../../src/domain/compatibility/findings.js';
import { judgeCompatibility, verdictOf, type CompatibilityReport } from '../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import type { Severity } from '../../src/domain/knowledge.js';
import { testKnowledge, TEST_TODAY } from '../support/fixtures.js';
import { realSeeds, record } from '../seeds/support.js';

const judge = (input: PlanInput): CompatibilityReport => judgeCompatibility(testKnowledge(), input, TEST_TODAY);
const severities = (r: CompatibilityReport) => r.findings.map((f) => f.severity);
const finding = (severity: Severity): Finding => ({ severity, code: 'CAVEAT', message: 'x', sources: [], applicability: 'applies', dependsOn: [] });

function expectSorted(r: CompatibilityReport): void {
  const ranks = r.findings.map((f) => SEVERITY_RANK[f.severity]);
  expect(ranks, JSON.stringify(severities(r))).toEqual([...ranks].sort((a, b) => a - b));
}

/** The verdict rule restated: any error is INCOMPATIBLE, else any warning is COMPATIBLE_WITH_WARNINGS. */
function expectedVerdict(r: CompatibilityReport): string {
  const s = severities(r);
  return s.includes('error') ? 'INCOMPATIBLE' : s.includes('warning') ? 'COMPATIBLE_WITH_WARNINGS' : 'COMPATIBLE';
}

describe('verdict', () => {
  it('COMPATIBLE: Server 2025 on l2bridge with no features has only informational findings', () => {
    // The mode is given: with it open, L2tunnel outside Azure (an error) would "may apply". So is the
    // Kubernetes version: Server 2025 is listed only from 1.35, which "may apply" when it is open.
    const r = judge({ windowsVersion: 'windows-server-2025', networkMode: 'l2bridge', kubernetesVersion: '1.35' });
    expect(r.verdict).toBe('COMPATIBLE');
    expect(r.findings.length).toBeGreaterThan(0);
    expect(new Set(severities(r))).toEqual(new Set(['info']));
  });

  it('COMPATIBLE_WITH_WARNINGS: version 1903 is out of support, a warning but no error', () => {
    const r = judge({ windowsVersion: 'windows-server-1903' });
    expect(r.verdict).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(severities(r)).toContain('warning');
    expect(severities(r)).not.toContain('error');
  });

  it('INCOMPATIBLE: session affinity on Server 2019 is an error', () => {
    const r = judge({ windowsVersion: 'windows-server-2019', features: ['session-affinity'] });
    expect(r.verdict).toBe('INCOMPATIBLE');
    expect(severities(r)).toContain('error');
  });

  it('verdictOf takes the worst severity', () => {
    expect(verdictOf([])).toBe('COMPATIBLE');
    expect(verdictOf([finding('info'), finding('info')])).toBe('COMPATIBLE');
    expect(verdictOf([finding('info'), finding('warning')])).toBe('COMPATIBLE_WITH_WARNINGS');
    expect(verdictOf([finding('warning'), finding('error'), finding('info')])).toBe('INCOMPATIBLE');
  });

  it('sorts findings most severe first', () => {
    // Flannel VXLAN on Server 2019 before KB4489899, on AKS on Windows Server, with session affinity:
    // errors, warnings and infos all at once.
    const r = judge({
      windowsVersion: 'windows-server-2019',
      windowsBuildRevision: 300,
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      environment: 'aks-windows-server',
      features: ['session-affinity'],
    });
    expect(new Set(severities(r))).toEqual(new Set(['error', 'warning', 'info']));
    expectSorted(r);
    expect(r.findings[0]?.severity).toBe('error');
    expect(r.findings.at(-1)?.severity).toBe('info');
  });

  it('is pure: the same input gives the same report, and the input is not changed', () => {
    const input: PlanInput = {
      windowsVersion: 'windows-server-2019',
      features: ['preserve-destination', 'dual-stack'],
      serviceTypes: ['node-port'],
      cniPlugin: 'flannel',
    };
    const copy = structuredClone(input);
    const a = judge(input);
    const b = judge(input);
    expect(a).toEqual(b);
    expect(input).toEqual(copy);
    expect(a.datasetVersion).toBe(testKnowledge().datasetVersion);
  });
});

describe('properties over the seeds', () => {
  const seeds = realSeeds();
  const releases = [...seeds.windowsVersions.keys()];
  const features = [...seeds.features.keys()];
  /** The feature and everything it requires, transitively, straight from the seeds. */
  const closure = (slug: string, seen = new Set<string>()): string[] => {
    if (seen.has(slug)) return [];
    seen.add(slug);
    return [slug, ...record(seeds.features, slug).requires.flatMap((r) => closure(r, seen))];
  };

  it('every release with every single feature: the newer-Windows error appears exactly when the release build is below the feature minimum (seeds/features.yaml)', () => {
    let checked = 0;
    for (const release of releases)
      for (const feature of features) {
        const r = judge({ windowsVersion: release, features: [feature], kubernetesVersion: '1.33' });
        const node = record(seeds.windowsVersions, release).build;
        const needed = closure(feature);
        const expectedSubjects = needed.filter((f) => node < record(seeds.windowsVersions, record(seeds.features, f).minimumWindows.version).build).sort();
        const got = r.findings
          .filter((f) => f.code === 'FEATURE_REQUIRES_NEWER_WINDOWS')
          .map((f) => f.subject)
          .sort();
        expect(got, `${release} + ${feature}`).toEqual(expectedSubjects);
        expect(r.verdict).toBe(expectedVerdict(r));
        expectSorted(r);
        checked++;
      }
    expect(checked).toBe(releases.length * features.length);
  });

  it('every release: the lifecycle finding matches the seeded support dates at TEST_TODAY (seeds/windows-versions.yaml)', () => {
    for (const release of releases) {
      const v = record(seeds.windowsVersions, release);
      const codes = judge({ windowsVersion: release }).findings.map((f) => f.code);
      const out = v.supportEnds !== undefined && TEST_TODAY > v.supportEnds;
      const mainstream = !out && v.mainstreamSupportEnds !== undefined && TEST_TODAY > v.mainstreamSupportEnds;
      expect(codes.includes('WINDOWS_VERSION_OUT_OF_SUPPORT'), release).toBe(out);
      expect(codes.includes('WINDOWS_VERSION_MAINSTREAM_ENDED'), release).toBe(mainstream);
    }
  });

  it('every plugin with every mode: PLUGIN_MODE_UNSUPPORTED exactly when the plugin lists modes and not this one (seeds/cni-plugins.yaml)', () => {
    for (const [plugin, p] of seeds.cniPlugins)
      for (const mode of seeds.networkModes.keys()) {
        const r = judge({ windowsVersion: 'windows-server-2025', cniPlugin: plugin, networkMode: mode, kubernetesVersion: '1.33' });
        const offered = p.modes.map((m) => m.mode);
        const expected = offered.length > 0 && !offered.includes(mode);
        expect(
          r.findings.some((f) => f.code === 'PLUGIN_MODE_UNSUPPORTED' && f.subject === plugin),
          `${plugin} + ${mode}`,
        ).toBe(expected);
        expect(
          r.findings.some((f) => f.code === 'NETWORK_MODE_NOT_USED_BY_KUBERNETES'),
          `${plugin} + ${mode}`,
        ).toBe(!record(seeds.networkModes, mode).usedByKubernetes);
        expect(r.verdict).toBe(expectedVerdict(r));
        expectSorted(r);
      }
  });

  it('every plugin with networkPolicy: the policy finding follows the seeded support level (seeds/cni-plugins.yaml networkPolicy)', () => {
    for (const [plugin, p] of seeds.cniPlugins) {
      // Self-managed: no environment's own answer applies, so the plugin's general one decides.
      const codes = judge({ windowsVersion: 'windows-server-2025', cniPlugin: plugin, environment: 'self-managed', networkPolicy: true }).findings.map(
        (f) => f.code,
      );
      expect(codes.includes('NETWORK_POLICY_UNSUPPORTED'), plugin).toBe(p.networkPolicy.support === 'not-supported');
      expect(codes.includes('NETWORK_POLICY_UNKNOWN'), plugin).toBe(p.networkPolicy.support === 'unknown');
      const without = judge({ windowsVersion: 'windows-server-2025', cniPlugin: plugin, networkPolicy: false }).findings.map((f) => f.code);
      expect(
        without.filter((c) => c.startsWith('NETWORK_POLICY_')),
        plugin,
      ).toEqual([]);
      // In an environment with an answer of its own, that answer decides.
      for (const e of p.environments.filter((x) => x.networkPolicy)) {
        const inEnv = judge({ windowsVersion: 'windows-server-2025', cniPlugin: plugin, environment: e.environment, networkPolicy: true }).findings.map(
          (f) => f.code,
        );
        expect(inEnv.includes('NETWORK_POLICY_UNSUPPORTED'), `${plugin} in ${e.environment}`).toBe(e.networkPolicy!.support === 'not-supported');
        expect(inEnv.includes('NETWORK_POLICY_UNKNOWN'), `${plugin} in ${e.environment}`).toBe(e.networkPolicy!.support === 'unknown');
      }
    }
  });

  it('every finding cites at least one source, for every release and plugin', () => {
    for (const release of releases)
      for (const plugin of seeds.cniPlugins.keys()) {
        const r = judge({
          windowsVersion: release,
          cniPlugin: plugin,
          features: features.filter((f) => f !== 'session-affinity'),
          networkPolicy: true,
          servicesPerNode: 500,
          backendsPerService: 2000,
        });
        for (const f of r.findings) expect(f.sources.length, `${release} + ${plugin}: ${f.code} ${f.subject ?? ''}`).toBeGreaterThan(0);
        expectSorted(r);
      }
  });

  it('every finding cites at least one source past the dataset horizon too, for every release', () => {
    // The horizon is derived from the seeds, so KUBERNETES_VERSION_BEYOND_HORIZON rests on the records naming its version.
    const beyond = `1.${Number(testKnowledge().horizon.kubernetesVersion.split('.')[1]) + 1}`;
    for (const release of releases) {
      const r = judge({ windowsVersion: release, kubernetesVersion: beyond });
      expect(r.findings.map((f) => f.code)).toContain('KUBERNETES_VERSION_BEYOND_HORIZON');
      for (const f of r.findings) expect(f.sources.length, `${release} at ${beyond}: ${f.code} ${f.subject ?? ''}`).toBeGreaterThan(0);
    }
  });
});
