/** One record schema per seed file: a minimal valid record parses, typical mistakes are refused with file, record and path. */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseSeedText, type SeedProblem } from '../../src/seeds/read.js';
import { SEED_FILES, type SeedKey } from '../../src/seeds/schema.js';

const cite = [{ doc: 'k8s-windows-networking-uk', section: 'limitations' }];

/** The smallest record each file accepts. */
const MINIMAL: Record<SeedKey, { slug: string; record: Record<string, unknown> }> = {
  sources: { slug: 'some-doc', record: { title: 'T', url: 'https://example.org/page', locale: 'en', kind: 'research', revision: 'r1', sections: ['intro'] } },
  windowsVersions: {
    slug: 'windows-server-2019',
    record: { name: 'Windows Server 2019', version: '1809', versionLabelVerified: true, build: 17763, channel: 'LTSC', released: '2018-11-13', sources: cite },
  },
  environments: { slug: 'eks', record: { name: 'Amazon EKS', description: 'D', sources: cite } },
  networkModes: {
    slug: 'l2bridge',
    record: { name: 'L2bridge', description: 'D', packetModifications: 'P', usedByKubernetes: true, stability: 'unspecified', sources: cite },
  },
  ipamOptions: { slug: 'host-local', record: { name: 'host-local', description: 'D', isFallback: false, sources: cite } },
  cniPlugins: { slug: 'win-bridge', record: { name: 'win-bridge', description: 'D', networkPolicy: { support: 'unknown' }, sources: cite } },
  features: {
    slug: 'direct-server-return',
    record: { name: 'DSR', description: 'D', minimumWindows: { version: 'windows-server-2019', sources: cite }, sources: cite },
  },
  limitations: { slug: 'host-network-mode', record: { title: 'T', kind: 'unsupported', description: 'D', appliesTo: {}, severity: 'info', sources: cite } },
  featureDefaults: {
    slug: 'aks-dsr-on',
    record: { feature: 'direct-server-return', enabled: true, description: 'D', appliesTo: { environments: ['aks'] }, sources: cite },
  },
  nodeOsSupport: { slug: 'kubernetes-windows-server-2022', record: { windowsVersion: 'windows-server-2022', status: 'supported', sources: cite } },
  featureGates: {
    slug: 'win-overlay',
    record: {
      name: 'WinOverlay',
      component: 'kube-proxy',
      description: 'D',
      stages: [{ stage: 'ga', default: true, locked: true, kubernetes: { min: '1.34' } }],
      stageSources: cite,
      sources: cite,
    },
  },
  serviceTypes: { slug: 'cluster-ip', record: { name: 'ClusterIP', supportedOnWindows: true, description: 'D', sources: cite } },
  networkFlows: { slug: 'pod-to-pod-ip', record: { order: 1, from: 'pod', to: 'pod', label: 'L', sources: cite } },
  glossary: { slug: 'hns', record: { term: 'HNS', definition: 'D', sources: cite } },
  pluginComparisons: {
    slug: 'flannel-vs-calico',
    record: {
      title: 'T',
      environment: 'aks-windows-server',
      plugins: ['flannel', 'calico'],
      rows: [{ capability: 'IPv6', values: { flannel: 'No', calico: 'Yes' } }],
      sources: cite,
    },
  },
  manifestSignals: {
    slug: 'calico-networking-backend',
    record: { component: 'calico', description: 'D', where: [{ kind: 'ENV_VAR', name: 'CALICO_NETWORKING_BACKEND' }], sources: cite },
  },
  instanceTypes: {
    slug: 'm5.large',
    record: {
      maxInterfaces: 3,
      ipv4PerInterface: 10,
      hypervisor: 'nitro',
      bareMetal: false,
      networkCards: [[0, 3]],
      defaultNetworkCardIndex: 0,
      trunking: true,
      branchInterfaces: 9,
    },
  },
};

const KEYS = Object.keys(SEED_FILES) as SeedKey[];

function parse(key: SeedKey, records: Record<string, unknown>): { size: number; problems: SeedProblem[] } {
  const problems: SeedProblem[] = [];
  const parsed = parseSeedText(key, stringify(records), problems);
  return { size: parsed.size, problems };
}

/** The minimal record of a file with a change applied (undefined deletes the field). */
function variant(key: SeedKey, change: Record<string, unknown>): Record<string, unknown> {
  const { slug, record } = MINIMAL[key];
  const r: Record<string, unknown> = { ...structuredClone(record), ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete r[k];
  return { [slug]: r };
}

function expectOneProblem(key: SeedKey, records: Record<string, unknown>, where: { record: string; path?: string; message?: RegExp }): void {
  const { size, problems } = parse(key, records);
  expect(size).toBe(0);
  expect(problems).toHaveLength(1);
  const p = problems[0]!;
  expect(p.file).toBe(SEED_FILES[key].file);
  expect(p.record).toBe(where.record);
  expect(p.path).toBe(where.path);
  if (where.message) expect(p.message).toMatch(where.message);
  expect(p.rule).toBeUndefined();
}

describe.each(KEYS)('%s schema', (key) => {
  const { slug } = MINIMAL[key];

  it('accepts a minimal valid record', () => {
    const { size, problems } = parse(key, { [slug]: MINIMAL[key].record });
    expect(problems).toEqual([]);
    expect(size).toBe(1);
  });

  it('refuses an unknown key and names it', () => {
    expectOneProblem(key, variant(key, { colour: 'red' }), { record: slug, path: undefined, message: /colour/ });
  });

  it('refuses a record key that is not a valid slug', () => {
    const bad = key === 'instanceTypes' ? 'M5_large' : 'Bad_Slug';
    expectOneProblem(key, { [bad]: MINIMAL[key].record }, { record: bad, path: undefined, message: /key must match/ });
  });

  if (key !== 'sources' && key !== 'instanceTypes') {
    it('refuses a record without sources', () => {
      expectOneProblem(key, variant(key, { sources: undefined }), { record: slug, path: 'sources' });
    });

    it('refuses an empty sources list, saying every record cites a source', () => {
      expectOneProblem(key, variant(key, { sources: [] }), { record: slug, path: 'sources', message: /cites at least one source/ });
    });

    it('refuses a citation without section, with the path to it', () => {
      expectOneProblem(key, variant(key, { sources: [{ doc: 'k8s-windows-networking-uk' }] }), { record: slug, path: 'sources.0.section' });
    });

    it('refuses a citation whose doc is not kebab-case', () => {
      expectOneProblem(key, variant(key, { sources: [{ doc: 'K8s Docs', section: 'limitations' }] }), {
        record: slug,
        path: 'sources.0.doc',
        message: /kebab-case/,
      });
    });
  }
});

describe('typical mistakes in particular files', () => {
  it('feature gates: a stage default given as the string "true" is refused at stages.0.default', () => {
    expectOneProblem('featureGates', variant('featureGates', { stages: [{ stage: 'ga', default: 'true', kubernetes: { min: '1.34' } }] }), {
      record: 'win-overlay',
      path: 'stages.0.default',
      message: /boolean/,
    });
  });

  it('feature gates: a removal version given as a patch release is refused at removal.allowedFrom', () => {
    const removal = { status: 'proposed', allowedFrom: '1.37.0', note: 'N', sources: [{ doc: 'k8s-gate-removal', section: '#142125' }] };
    expectOneProblem('featureGates', variant('featureGates', { removal }), { record: 'win-overlay', path: 'removal.allowedFrom', message: /1\.33/ });
  });

  it('limitations: a threshold max given as the string "64" is refused at threshold.max', () => {
    expectOneProblem('limitations', variant('limitations', { threshold: { metric: 'backends-per-service', max: '64' } }), {
      record: 'host-network-mode',
      path: 'threshold.max',
      message: /number/,
    });
  });

  it('limitations: a numeric threshold parses and approximate defaults to false', () => {
    const problems: SeedProblem[] = [];
    const parsed = parseSeedText('limitations', stringify(variant('limitations', { threshold: { metric: 'backends-per-service', max: 64 } })), problems);
    expect(problems).toEqual([]);
    expect(parsed.get('host-network-mode')?.threshold).toEqual({ metric: 'backends-per-service', max: 64, approximate: false });
  });

  it('limitations: a bad build "17763.x" in appliesTo.windowsBuilds is refused with its path', () => {
    expectOneProblem('limitations', variant('limitations', { appliesTo: { windowsBuilds: { before: '17763.x' } } }), {
      record: 'host-network-mode',
      path: 'appliesTo.windowsBuilds.before',
      message: /17763\.1432/,
    });
  });

  it('limitations: an empty build range is refused', () => {
    expectOneProblem('limitations', variant('limitations', { appliesTo: { windowsBuilds: {} } }), {
      record: 'host-network-mode',
      path: 'appliesTo.windowsBuilds',
    });
  });

  it('limitations: an unknown key inside appliesTo is refused at appliesTo', () => {
    expectOneProblem('limitations', variant('limitations', { appliesTo: { plugin: ['flannel'] } }), {
      record: 'host-network-mode',
      path: 'appliesTo',
      message: /plugin/,
    });
  });

  it('features: a bad minimum build "17763.x" is refused at minimumWindows.build', () => {
    const f = MINIMAL.features.record;
    expectOneProblem('features', variant('features', { minimumWindows: { ...(f.minimumWindows as object), build: '17763.x' } }), {
      record: 'direct-server-return',
      path: 'minimumWindows.build',
    });
  });

  it('features: a Kubernetes version "v1.33" is refused at minimumKubernetes.version', () => {
    expectOneProblem('features', variant('features', { minimumKubernetes: { version: 'v1.33', sources: cite } }), {
      record: 'direct-server-return',
      path: 'minimumKubernetes.version',
      message: /1\.33/,
    });
  });

  it('features: a setting with an unknown kind is refused at settings.0.kind', () => {
    expectOneProblem('features', variant('features', { settings: [{ kind: 'HELM_VALUE', key: 'k', value: 'v', sources: cite }] }), {
      record: 'direct-server-return',
      path: 'settings.0.kind',
    });
  });

  it('features: requires and settings default to empty lists', () => {
    const problems: SeedProblem[] = [];
    const f = parseSeedText('features', stringify({ 'direct-server-return': MINIMAL.features.record }), problems).get('direct-server-return');
    expect(f?.requires).toEqual([]);
    expect(f?.settings).toEqual([]);
  });

  it('windowsVersions: a build given as a string is refused at build', () => {
    expectOneProblem('windowsVersions', variant('windowsVersions', { build: '17763' }), { record: 'windows-server-2019', path: 'build' });
  });

  it('windowsVersions: an update with a malformed KB number is refused at updates.0.kb', () => {
    const update = { kb: 'KB44', revision: 379, released: '2019-03-12', description: 'D', sources: cite };
    expectOneProblem('windowsVersions', variant('windowsVersions', { updates: [update] }), { record: 'windows-server-2019', path: 'updates.0.kb' });
  });

  it('cniPlugins: a known network policy level without sources is refused', () => {
    expectOneProblem('cniPlugins', variant('cniPlugins', { networkPolicy: { support: 'supported' } }), {
      record: 'win-bridge',
      path: 'networkPolicy',
      message: /needs sources/,
    });
  });

  it('sources: a url that is not a URL is refused at url', () => {
    expectOneProblem('sources', variant('sources', { url: 'kubernetes docs' }), { record: 'some-doc', path: 'url' });
  });

  it("environments: eksctl's default instance type must be an instance type name and cite its source", () => {
    expectOneProblem('environments', variant('environments', { eksctl: { defaultInstanceType: 'M5 Large', sources: cite } }), {
      record: 'eks',
      path: 'eksctl.defaultInstanceType',
    });
    expectOneProblem('environments', variant('environments', { eksctl: { defaultInstanceType: 'm5.large' } }), { record: 'eks', path: 'eksctl.sources' });
  });

  it('instanceTypes: a hypervisor on a bare-metal type is refused', () => {
    expectOneProblem('instanceTypes', variant('instanceTypes', { bareMetal: true }), { record: 'm5.large', path: undefined, message: /bare-metal/ });
  });

  it('a file that is not a mapping is refused as a whole', () => {
    const problems: SeedProblem[] = [];
    expect(parseSeedText('environments', '- eks\n- aks\n', problems).size).toBe(0);
    expect(problems).toEqual([{ file: 'environments.yaml', message: 'must be a mapping from slug to record' }]);
  });

  it('keeps the good records of a file and reports each bad one', () => {
    const { record } = MINIMAL.environments;
    const problems: SeedProblem[] = [];
    const parsed = parseSeedText('environments', stringify({ eks: record, aks: { ...record, name: '' }, 'aks-windows-server': record }), problems);
    expect([...parsed.keys()]).toEqual(['eks', 'aks-windows-server']);
    expect(problems.map((p) => [p.record, p.path])).toEqual([['aks', 'name']]);
  });
});
