/**
 * One block per lint rule in src/seeds/lint/: the rule passes on the real seeds, and on a copy
 * of them with exactly one record broken it reports exactly that record and path.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationsResolve } from '../../src/seeds/lint/citations-resolve.js';
import { delegationConsistent } from '../../src/seeds/lint/delegation-consistent.js';
import { LINT_RULES, lintSeeds } from '../../src/seeds/lint/index.js';
import { minimumBuildWithinRelease } from '../../src/seeds/lint/minimum-build-within-release.js';
import { rangesOrdered } from '../../src/seeds/lint/ranges-ordered.js';
import { referencesResolve } from '../../src/seeds/lint/references-resolve.js';
import { requiresAcyclic } from '../../src/seeds/lint/requires-acyclic.js';
import type { LintRule } from '../../src/seeds/lint/rule.js';
import { sourcesCited } from '../../src/seeds/lint/sources-cited.js';
import { uniqueKeys } from '../../src/seeds/lint/unique-keys.js';
import { workaroundsMitigate } from '../../src/seeds/lint/workarounds-mitigate.js';
import { cloneSeeds, located, realSeeds, record } from './support.js';

function passesOnRealSeeds(rule: LintRule): void {
  it('passes on the real seeds', () => {
    expect(rule.check(realSeeds())).toEqual([]);
  });
}

describe('the rule set', () => {
  it('lintSeeds finds nothing in the real seeds', () => {
    expect(lintSeeds(realSeeds())).toEqual([]);
  });

  it('runs every rule defined in src/seeds/lint/, each with a unique name and a description', () => {
    const dir = fileURLToPath(new URL('../../src/seeds/lint/', import.meta.url));
    const ruleFiles = readdirSync(dir).filter((f) => f.endsWith('.ts') && !['index.ts', 'rule.ts', 'walk.ts'].includes(f));
    expect(LINT_RULES).toHaveLength(ruleFiles.length);
    expect(new Set(LINT_RULES.map((r) => r.name)).size).toBe(LINT_RULES.length);
    expect(sorted(LINT_RULES.map((r) => `${r.name}.ts`))).toEqual(sorted(ruleFiles));
    for (const r of LINT_RULES) expect(r.description.length).toBeGreaterThan(10);
  });
});

function sorted(xs: string[]): string[] {
  return [...xs].sort();
}

describe('references-resolve', () => {
  passesOnRealSeeds(referencesResolve);

  it('reports a feature that requires an unknown feature', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'preserve-destination').requires = ['direct-server-returns'];
    const problems = referencesResolve.check(seeds);
    expect(located(problems)).toEqual([{ file: 'features.yaml', record: 'preserve-destination', path: 'requires.0', rule: 'references-resolve' }]);
    expect(problems[0]?.message).toContain('"direct-server-returns" is not in features.yaml');
    expect(problems[0]?.message).toContain('direct-server-return,');
  });

  it('reports a plugin mode that names an unknown network mode', () => {
    const seeds = cloneSeeds();
    record(seeds.cniPlugins, 'flannel').modes[1]!.mode = 'l2-bridge';
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'cni-plugins.yaml', record: 'flannel', path: 'modes.1.mode', rule: 'references-resolve' },
    ]);
  });

  it('reports an eksctl default instance type the EC2 catalogue does not hold, counting the catalogue rather than listing it', () => {
    const seeds = cloneSeeds();
    record(seeds.environments, 'eks').eksctl!.defaultInstanceType = 'm5.huge';
    const problems = referencesResolve.check(seeds);
    expect(located(problems)).toEqual([{ file: 'environments.yaml', record: 'eks', path: 'eksctl.defaultInstanceType', rule: 'references-resolve' }]);
    expect(problems[0]?.message).toBe(`"m5.huge" is not in ec2-instance-types.yaml (known: ${seeds.instanceTypes.size} instance types)`);
  });

  it('reports a limitation scoped to an unknown environment', () => {
    const seeds = cloneSeeds();
    record(seeds.limitations, 'eks-single-eni').appliesTo.environments = ['gke'];
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'limitations.yaml', record: 'eks-single-eni', path: 'appliesTo.environments.0', rule: 'references-resolve' },
    ]);
  });

  it('reports a build boundary confirmed on an unknown release', () => {
    const seeds = cloneSeeds();
    record(seeds.limitations, 'backends-per-service-64').appliesTo.windowsBuilds!.confirmedOn = ['windows-server-2091'];
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'limitations.yaml', record: 'backends-per-service-64', path: 'appliesTo.windowsBuilds.confirmedOn', rule: 'references-resolve' },
    ]);
  });

  it('reports an unknown slug in a requires scope, which is stored as JSON and checked nowhere else', () => {
    const seeds = cloneSeeds();
    const l = record(seeds.limitations, 'l2tunnel-outside-azure');
    l.requires = { ...l.requires, environments: ['gke'], modes: ['l3tunnel'] };
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'limitations.yaml', record: 'l2tunnel-outside-azure', path: 'requires.environments.0', rule: 'references-resolve' },
      { file: 'limitations.yaml', record: 'l2tunnel-outside-azure', path: 'requires.modes.0', rule: 'references-resolve' },
    ]);
  });

  it('reports a plugin confined to an unknown environment', () => {
    const seeds = cloneSeeds();
    record(seeds.cniPlugins, 'amazon-vpc-cni').onlyIn!.environments = ['ecs'];
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'cni-plugins.yaml', record: 'amazon-vpc-cni', path: 'onlyIn.environments.0', rule: 'references-resolve' },
    ]);
  });

  it('reports a node-OS support row for an unknown release or environment', () => {
    const seeds = cloneSeeds();
    record(seeds.nodeOsSupport, 'aks-windows-server-2019').windowsVersion = 'windows-server-2109';
    record(seeds.nodeOsSupport, 'eks-windows-server-2019').environment = 'gke';
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'node-os-support.yaml', record: 'aks-windows-server-2019', path: 'windowsVersion', rule: 'references-resolve' },
      { file: 'node-os-support.yaml', record: 'eks-windows-server-2019', path: 'environment', rule: 'references-resolve' },
    ]);
  });

  it('reports a feature default for an unknown feature', () => {
    const seeds = cloneSeeds();
    record(seeds.featureDefaults, 'aks-dsr-on').feature = 'dsr';
    expect(located(referencesResolve.check(seeds))).toEqual([
      { file: 'feature-defaults.yaml', record: 'aks-dsr-on', path: 'feature', rule: 'references-resolve' },
    ]);
  });
});

describe('citations-resolve', () => {
  passesOnRealSeeds(citationsResolve);

  it('reports a citation of a section that its document does not list', () => {
    const seeds = cloneSeeds();
    // The uk page spells the anchor network-modes; network-mode is the zh spelling.
    record(seeds.features, 'session-affinity').sources[0] = { doc: 'k8s-windows-networking-uk', section: 'network-mode' };
    const problems = citationsResolve.check(seeds);
    expect(located(problems)).toEqual([{ file: 'features.yaml', record: 'session-affinity', path: 'sources.0', rule: 'citations-resolve' }]);
    expect(problems[0]?.message).toContain('has no section "network-mode"');
  });

  it('reports a citation of an unregistered document, wherever it sits in the record', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'direct-server-return').settings[1]!.sources[0] = { doc: 'some-blog', section: 'DSR' };
    const problems = citationsResolve.check(seeds);
    expect(located(problems)).toEqual([{ file: 'features.yaml', record: 'direct-server-return', path: 'settings.1.sources.0', rule: 'citations-resolve' }]);
    expect(problems[0]?.message).toBe('unknown source document "some-blog"');
  });
});

describe('sources-cited', () => {
  passesOnRealSeeds(sourcesCited);

  it('reports a registered source that nothing cites', () => {
    const seeds = cloneSeeds();
    seeds.sources.set('unused-doc', { ...record(seeds.sources, 'kep-5100'), title: 'Unused' });
    expect(located(sourcesCited.check(seeds))).toEqual([{ file: 'sources.yaml', record: 'unused-doc', rule: 'sources-cited' }]);
  });
});

describe('requires-acyclic', () => {
  passesOnRealSeeds(requiresAcyclic);

  it('reports a cycle between DSR and Preserve-Destination once, with the cycle spelled out', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'direct-server-return').requires = ['preserve-destination'];
    const problems = requiresAcyclic.check(seeds);
    expect(located(problems)).toEqual([{ file: 'features.yaml', record: 'direct-server-return', path: 'requires', rule: 'requires-acyclic' }]);
    expect(problems[0]?.message).toBe('cycle: direct-server-return -> preserve-destination -> direct-server-return');
  });

  it('reports a feature that requires itself', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'dual-stack').requires = ['dual-stack'];
    expect(requiresAcyclic.check(seeds).map((p) => [p.record, p.message])).toEqual([['dual-stack', 'cycle: dual-stack -> dual-stack']]);
  });
});

describe('ranges-ordered', () => {
  passesOnRealSeeds(rangesOrdered);

  it('reports a build range whose from is not before its before', () => {
    const seeds = cloneSeeds();
    record(seeds.limitations, 'overlay-requires-kb4489899').appliesTo.windowsBuilds = { from: '17763.379', before: '17763' };
    const problems = rangesOrdered.check(seeds);
    expect(located(problems)).toEqual([
      { file: 'limitations.yaml', record: 'overlay-requires-kb4489899', path: 'appliesTo.windowsBuilds', rule: 'ranges-ordered' },
    ]);
    expect(problems[0]?.message).toBe('from 17763.379 is not before 17763');
  });

  it('reports a plugin-version range whose from is not before its before, compared numerically', () => {
    const seeds = cloneSeeds();
    // 0.9.0 < 0.12.0 numerically although "0.9.0" > "0.12.0" as text.
    record(seeds.limitations, 'flannel-vxlan-no-local-pod-access-before-0-12').appliesTo.pluginVersions = { from: '0.12.0', before: 'v0.9.0' };
    const problems = rangesOrdered.check(seeds);
    expect(located(problems)).toEqual([
      { file: 'limitations.yaml', record: 'flannel-vxlan-no-local-pod-access-before-0-12', path: 'appliesTo.pluginVersions', rule: 'ranges-ordered' },
    ]);
    expect(problems[0]?.message).toBe('from 0.12.0 is not before v0.9.0');
    record(seeds.limitations, 'flannel-vxlan-no-local-pod-access-before-0-12').appliesTo.pluginVersions = { from: '0.9.0', before: 'v0.12.0' };
    expect(rangesOrdered.check(seeds)).toEqual([]);
  });

  it('reports a Kubernetes range whose min is after its max, compared numerically', () => {
    const seeds = cloneSeeds();
    // 1.9 < 1.14 numerically although "1.9" > "1.14" as text: swap them to make it wrong.
    record(seeds.features, 'direct-server-return').settings[0]!.kubernetes = { min: '1.14', max: '1.9' };
    const problems = rangesOrdered.check(seeds);
    expect(located(problems)).toEqual([{ file: 'features.yaml', record: 'direct-server-return', path: 'settings.0.kubernetes', rule: 'ranges-ordered' }]);
    expect(problems[0]?.message).toBe('min 1.14 is after max 1.9');
  });

  it('accepts a single-version Kubernetes range (min = max)', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'direct-server-return').settings[0]!.kubernetes = { min: '1.32', max: '1.32' };
    expect(rangesOrdered.check(seeds)).toEqual([]);
  });
});

describe('minimum-build-within-release', () => {
  passesOnRealSeeds(minimumBuildWithinRelease);

  it('reports a minimum build that belongs to another release', () => {
    const seeds = cloneSeeds();
    record(seeds.features, 'direct-server-return').minimumWindows.build = '20348.1432';
    const problems = minimumBuildWithinRelease.check(seeds);
    expect(located(problems)).toEqual([
      { file: 'features.yaml', record: 'direct-server-return', path: 'minimumWindows.build', rule: 'minimum-build-within-release' },
    ]);
    expect(problems[0]?.message).toBe('20348.1432 is not a build of windows-server-2019 (17763)');
  });
});

describe('ranges-ordered: kubernetesPatchFixed', () => {
  it('reports a patch-fixed minor outside the Kubernetes range', () => {
    const seeds = cloneSeeds();
    record(seeds.limitations, 'ws2025-stale-endpoints-after-scaling').appliesTo.kubernetesPatchFixed = ['1.33', '1.34'];
    const problems = rangesOrdered.check(seeds);
    expect(located(problems)).toEqual([
      { file: 'limitations.yaml', record: 'ws2025-stale-endpoints-after-scaling', path: 'appliesTo.kubernetesPatchFixed', rule: 'ranges-ordered' },
    ]);
    expect(problems[0]?.message).toBe("1.34 is outside the limitation's Kubernetes range");
  });
});

describe('delegation-consistent', () => {
  passesOnRealSeeds(delegationConsistent);

  it('reports Flannel VXLAN delegating overlay to win-bridge, which offers only l2bridge', () => {
    const seeds = cloneSeeds();
    record(seeds.cniPlugins, 'flannel').modes[0]!.delegatesTo = 'win-bridge';
    const problems = delegationConsistent.check(seeds);
    expect(located(problems)).toEqual([{ file: 'cni-plugins.yaml', record: 'flannel', path: 'modes.0.delegatesTo', rule: 'delegation-consistent' }]);
    expect(problems[0]?.message).toBe('win-bridge does not offer mode overlay');
  });
});

describe('unique-keys', () => {
  passesOnRealSeeds(uniqueKeys);

  it('reports two releases with one build in one channel (1809 made LTSC like 2019)', () => {
    const seeds = cloneSeeds();
    record(seeds.windowsVersions, 'windows-server-1809').channel = 'LTSC';
    const problems = uniqueKeys.check(seeds);
    expect(located(problems)).toEqual([{ file: 'windows-versions.yaml', record: 'windows-server-1809', rule: 'unique-keys' }]);
    expect(problems[0]?.message).toBe('build 17763 in channel LTSC is also used by windows-server-2019');
  });

  it('reports a KB number that two releases claim', () => {
    const seeds = cloneSeeds();
    const kb = record(seeds.windowsVersions, 'windows-server-2019').updates[0]!;
    record(seeds.windowsVersions, 'windows-server-2022').updates.push({ ...kb });
    const problems = uniqueKeys.check(seeds);
    expect(located(problems)).toEqual([{ file: 'windows-versions.yaml', record: 'windows-server-2022', rule: 'unique-keys' }]);
    expect(problems[0]?.message).toBe(`${kb.kb} is also used by windows-server-2019`);
  });

  it('reports two network flows with one order', () => {
    const seeds = cloneSeeds();
    record(seeds.networkFlows, 'pod-to-node').order = 1;
    expect(located(uniqueKeys.check(seeds))).toEqual([{ file: 'network-flows.yaml', record: 'pod-to-node', rule: 'unique-keys' }]);
  });

  it('reports two Service types with one name', () => {
    const seeds = cloneSeeds();
    record(seeds.serviceTypes, 'external-name').name = 'NodePort';
    expect(located(uniqueKeys.check(seeds))).toEqual([{ file: 'service-types.yaml', record: 'external-name', rule: 'unique-keys' }]);
  });
});

describe('workarounds-mitigate', () => {
  passesOnRealSeeds(workaroundsMitigate);

  it('reports a workaround that client IP preservation sets (externalTrafficPolicy Local) without it in mitigatedBy', () => {
    const seeds = cloneSeeds();
    delete record(seeds.limitations, 'ws2022-nodeport-on-overlay').mitigatedBy;
    const problems = workaroundsMitigate.check(seeds);
    expect(located(problems)).toEqual([
      { file: 'limitations.yaml', record: 'ws2022-nodeport-on-overlay', path: 'workaroundSettings.0', rule: 'workarounds-mitigate' },
    ]);
    expect(problems[0]?.message).toBe('service.spec.externalTrafficPolicy=Local is what client-ip-preservation sets; name it in mitigatedBy.features');
  });

  it('reports a kube-proxy gate workaround (WinDSR=false) without it in mitigatedBy', () => {
    const seeds = cloneSeeds();
    delete record(seeds.limitations, 'ws2022-l2bridge-pod-to-pod-kb5005619').mitigatedBy;
    expect(located(workaroundsMitigate.check(seeds))).toEqual([
      { file: 'limitations.yaml', record: 'ws2022-l2bridge-pod-to-pod-kb5005619', path: 'workaroundSettings.0', rule: 'workarounds-mitigate' },
    ]);
  });

  it('leaves a limitation about the feature alone (the EKS DSR caveat configures DSR itself)', () => {
    const seeds = cloneSeeds();
    expect(record(seeds.limitations, 'eks-dsr-not-default-on-ltsc-2019').mitigatedBy).toBeUndefined();
    expect(workaroundsMitigate.check(seeds)).toEqual([]);
  });
});
