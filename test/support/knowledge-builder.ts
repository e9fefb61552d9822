/**
 * A small synthetic knowledge base for engine unit tests: a rule can be exercised on exactly the
 * facts a test names, without the real seeds (the golden tests cover those). Every list starts
 * empty except a minimal catalogue: three releases (an LTSC and a SAC sharing a build, and a newer
 * LTSC), two modes, one plugin per mode, two environments.
 */
import type {
  Citation,
  EnvironmentFact,
  FeatureDefaultFact,
  FeatureFact,
  Knowledge,
  LimitationFact,
  ModeFact,
  NodeOsSupportFact,
  FeatureGateFact,
  IpamOptionFact,
  PluginFact,
  ReleaseFact,
} from '../../src/domain/knowledge.js';

export const CITE: Citation[] = [{ doc: 'test-doc', section: 'test-section' }];

export function release(slug: string, build: number, channel: ReleaseFact['channel'] = 'LTSC', extra: Partial<ReleaseFact> = {}): ReleaseFact {
  return { slug, name: slug, build, channel, released: '2020-01-01', updates: [], sources: CITE, ...extra };
}

export function mode(slug: string, extra: Partial<ModeFact> = {}): ModeFact {
  return { slug, name: slug, usedByKubernetes: true, stability: 'stable', settings: [], sources: CITE, ...extra };
}

export function plugin(slug: string, modes: string[], extra: Partial<PluginFact> = {}): PluginFact {
  return {
    slug,
    name: slug,
    modes: modes.map((m) => ({ mode: m, stability: 'stable' as const, sources: CITE })),
    networkPolicy: { support: 'unknown', sources: [] },
    environments: [],
    sources: CITE,
    ...extra,
  };
}

export function limitation(slug: string, scope: LimitationFact['scope'], extra: Partial<LimitationFact> = {}): LimitationFact {
  return {
    slug,
    title: slug,
    kind: 'unsupported',
    description: `${slug} applies.`,
    severity: 'error',
    scope,
    mitigatedBy: [],
    mitigatedByGates: [],
    workaroundSettings: [],
    scopeSources: [],
    sources: CITE,
    ...extra,
  };
}

export function feature(slug: string, minimumWindows: string, extra: Partial<FeatureFact> = {}): FeatureFact {
  return { slug, name: slug, minimumWindows, minimumWindowsSources: CITE, minimumKubernetesSources: [], requires: [], settings: [], sources: CITE, ...extra };
}

export interface KnowledgeParts {
  releases?: ReleaseFact[];
  modes?: ModeFact[];
  plugins?: PluginFact[];
  features?: FeatureFact[];
  limitations?: LimitationFact[];
  featureDefaults?: FeatureDefaultFact[];
  nodeOsSupport?: NodeOsSupportFact[];
  featureGates?: FeatureGateFact[];
  environments?: EnvironmentFact[];
  ipamOptions?: IpamOptionFact[];
  horizon?: Knowledge['horizon'];
}

const bySlug = <T extends { slug: string }>(list: T[]) => new Map(list.map((x) => [x.slug, x]));

/** A Knowledge with the given parts; parts not given get the minimal defaults. */
export function buildKnowledge(parts: KnowledgeParts = {}): Knowledge {
  const releases = parts.releases ?? [release('ltsc-a', 17763), release('sac-a', 17763, 'SAC'), release('ltsc-b', 20348)];
  const modes = parts.modes ?? [mode('bridge'), mode('overlay')];
  const plugins = parts.plugins ?? [plugin('bridge-cni', ['bridge']), plugin('overlay-cni', ['overlay'])];
  const environments = parts.environments ?? [
    { slug: 'cloud-a', name: 'Cloud A' },
    { slug: 'cloud-b', name: 'Cloud B' },
  ];
  return {
    datasetVersion: 'test',
    horizon: parts.horizon ?? { kubernetesVersion: '1.35', windowsVersion: releases.at(-1)!.slug, knowledgeDate: '2026-08-01' },
    releases: bySlug(releases),
    modes: bySlug(modes),
    plugins: bySlug(plugins),
    features: bySlug(parts.features ?? []),
    limitations: parts.limitations ?? [],
    featureDefaults: parts.featureDefaults ?? [],
    nodeOsSupport: parts.nodeOsSupport ?? [],
    featureGates: new Map((parts.featureGates ?? []).map((g) => [g.name, g])),
    environments: bySlug(environments),
    serviceTypes: new Map(),
    ipamOptions: bySlug(parts.ipamOptions ?? []),
    maxIpv4PerInterface: 50,
    instanceTypes: new Map(),
    instanceTypeSources: CITE,
    glossary: new Map(),
    manifestSignals: [],
  };
}
