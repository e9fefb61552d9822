/** Every query of the public contract, over HTTP against the real server, with answers from the sources. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function data<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const { status, body } = await app.graphql<T>(query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data!;
}

describe('contract queries', () => {
  it('windowsVersions: ordered by build, so version 1903 (18362) comes after Server 2019 (17763)', async () => {
    const { windowsVersions } = await data<{ windowsVersions: { slug: string; build: number; servicingChannel: string }[] }>(
      '{ windowsVersions { slug build servicingChannel } }',
    );
    const builds = windowsVersions.map((v) => v.build);
    expect(builds).toEqual([...builds].sort((a, b) => a - b));
    const slugs = windowsVersions.map((v) => v.slug);
    expect(slugs.indexOf('windows-server-1903')).toBeGreaterThan(slugs.indexOf('windows-server-2019'));
    expect(windowsVersions.find((v) => v.slug === 'windows-server-2019')).toMatchObject({ build: 17763, servicingChannel: 'LTSC' });
  });

  it('windowsVersion: lookup by slug, null when unknown', async () => {
    const r = await data<{ a: { name: string; version: string; build: number } | null; b: null }>(
      '{ a: windowsVersion(slug: "windows-server-2022") { name version build } b: windowsVersion(slug: "windows-server-2030") { slug } }',
    );
    expect(r.a).toEqual({ name: 'Windows Server 2022', version: '21H2', build: 20348 });
    expect(r.b).toBeNull();
  });

  it('networkModes / networkMode: five modes; NAT exists but is not used by Kubernetes', async () => {
    const r = await data<{ networkModes: { slug: string }[]; nat: { usedByKubernetes: boolean; cniPlugins: { slug: string }[] } }>(
      '{ networkModes { slug } nat: networkMode(slug: "nat") { usedByKubernetes cniPlugins { slug } } }',
    );
    expect(r.networkModes.map((m) => m.slug).sort()).toEqual(['l2bridge', 'l2tunnel', 'nat', 'overlay', 'transparent']);
    expect(r.nat).toEqual({ usedByKubernetes: false, cniPlugins: [{ slug: 'nat' }] });
  });

  it('cniPlugins / cniPlugin: flannel delegates VXLAN to win-overlay and host-gw to win-bridge', async () => {
    const r = await data<{
      cniPlugins: { slug: string }[];
      flannel: {
        networkModes: { slug: string }[];
        ipamOptions: { slug: string }[];
        supportsNetworkPolicy: boolean;
        sources: { document: { slug: string }; section: string }[];
      };
    }>(
      '{ cniPlugins { slug } flannel: cniPlugin(slug: "flannel") { networkModes { slug } ipamOptions { slug } supportsNetworkPolicy sources { document { slug } section } } }',
    );
    expect(r.cniPlugins.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['win-bridge', 'win-overlay', 'azure-cni', 'flannel', 'ovn-kubernetes', 'nat', 'calico', 'amazon-vpc-cni']),
    );
    expect(r.flannel.networkModes.map((m) => m.slug).sort()).toEqual(['l2bridge', 'overlay']);
    expect(r.flannel.ipamOptions.map((o) => o.slug)).toContain('host-local');
    expect(r.flannel.supportsNetworkPolicy).toBe(false);
    expect(r.flannel.sources.length).toBeGreaterThan(0);
  });

  it('features / feature: minimum Windows release, dependencies and settings', async () => {
    const r = await data<{
      features: { slug: string }[];
      pd: { minimumWindowsVersion: { slug: string }; requires: { slug: string }[]; settings: { kind: string; key: string; value: string }[] };
      sa: { minimumWindowsVersion: { slug: string }; settings: { kind: string; key: string; value: string }[] };
    }>(
      '{ features { slug } pd: feature(slug: "preserve-destination") { minimumWindowsVersion { slug } requires { slug } settings { kind key value } } sa: feature(slug: "session-affinity") { minimumWindowsVersion { slug } settings { kind key value } } }',
    );
    expect(r.features).toHaveLength(5);
    expect(r.pd.minimumWindowsVersion.slug).toBe('windows-server-1903');
    expect(r.pd.requires).toEqual([{ slug: 'direct-server-return' }]);
    expect(r.pd.settings).toContainEqual({ kind: 'SERVICE_ANNOTATION', key: 'preserve-destination', value: 'true' });
    expect(r.sa).toEqual({
      minimumWindowsVersion: { slug: 'windows-server-2022' },
      settings: [{ kind: 'SERVICE_SPEC_FIELD', key: 'service.spec.sessionAffinity', value: 'ClientIP' }],
    });
  });

  it('limitations: every one cites a source; the workaround for outbound ICMP is curl', async () => {
    const { limitations } = await data<{ limitations: { slug: string; workaround: string | null; sources: unknown[] }[] }>(
      '{ limitations { slug workaround sources { section } } }',
    );
    expect(limitations.length).toBeGreaterThanOrEqual(20);
    for (const l of limitations) expect(l.sources.length, l.slug).toBeGreaterThan(0);
    expect(limitations.find((l) => l.slug === 'outbound-icmp-not-translated')!.workaround).toMatch(/curl/);
  });

  it('ipamOptions: azure-vnet-ipam only for azure-cni; Windows Server IPAM is the fallback', async () => {
    const { ipamOptions } = await data<{ ipamOptions: { slug: string; isFallback: boolean; restrictedTo: { slug: string }[] }[] }>(
      '{ ipamOptions { slug isFallback restrictedTo { slug } } }',
    );
    const by = Object.fromEntries(ipamOptions.map((o) => [o.slug, o]));
    expect(by['azure-vnet-ipam']!.restrictedTo).toEqual([{ slug: 'azure-cni' }]);
    expect(by['windows-server-ipam']!.isFallback).toBe(true);
    expect(by['host-local']).toMatchObject({ isFallback: false, restrictedTo: [] });
  });

  it('serviceTypes: the four types, all supported on Windows', async () => {
    const { serviceTypes } = await data<{ serviceTypes: { name: string; supportedOnWindows: boolean }[] }>('{ serviceTypes { name supportedOnWindows } }');
    expect(serviceTypes.map((s) => s.name).sort()).toEqual(['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']);
    expect(serviceTypes.every((s) => s.supportedOnWindows)).toBe(true);
  });

  it('compatibility: DSR + session affinity with Flannel VXLAN on Server 2019 is incompatible, with sourced findings', async () => {
    const { compatibility } = await data<{
      compatibility: {
        verdict: string;
        findings: { severity: string; code: string; subject: string; sources: { document: { slug: string } }[] }[];
        requiredSettings: { key: string; value: string }[];
      };
    }>(
      `{ compatibility(input: { windowsVersion: "windows-server-2019", cniPlugin: "flannel", networkMode: "overlay", features: ["direct-server-return", "session-affinity"], kubernetesVersion: "1.31" }) {
          verdict findings { severity code subject sources { document { slug } } } requiredSettings { key value } } }`,
    );
    expect(compatibility.verdict).toBe('INCOMPATIBLE');
    expect(compatibility.findings[0]).toMatchObject({ severity: 'ERROR', code: 'FEATURE_REQUIRES_NEWER_WINDOWS', subject: 'session-affinity' });
    for (const f of compatibility.findings) expect(f.sources.length, f.code).toBeGreaterThan(0);
    expect(compatibility.requiredSettings).toEqual(
      expect.arrayContaining([
        { key: '--feature-gates', value: 'WinDSR=true' },
        { key: '--enable-dsr', value: 'true' },
      ]),
    );
  });

  it('podCapacity: m5.large runs 9 Windows pods, 144 with prefix delegation; an address count works too', async () => {
    const r = await data<{
      a: { maxPods: number; ipv4AddressesPerInterface: number; ipAddressMode: string; steps: string[] };
      b: { maxPods: number };
      c: { maxPods: number };
    }>(
      '{ a: podCapacity(input: { instanceType: "m5.large" }) { maxPods ipv4AddressesPerInterface ipAddressMode steps } b: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { maxPods } c: podCapacity(input: { ipv4AddressesPerInterface: 15 }) { maxPods } }',
    );
    expect(r.a).toMatchObject({ maxPods: 9, ipv4AddressesPerInterface: 10, ipAddressMode: 'SECONDARY_IP' });
    expect(r.a.steps.join(' ')).toContain('10 - 1 = 9');
    expect(r.b.maxPods).toBe(144);
    expect(r.c.maxPods).toBe(14);
  });

  it('node: fetches what an id names, null for a foreign id', async () => {
    const { feature } = await data<{ feature: { id: string } }>('{ feature(slug: "dual-stack") { id } }');
    const r = await data<{ node: { __typename: string; slug: string }; other: null }>(
      `{ node(id: "${feature.id}") { __typename ... on Feature { slug } } other: node(id: "bm90OmFueXRoaW5n") { id } }`,
    );
    expect(r.node).toEqual({ __typename: 'Feature', slug: 'dual-stack' });
    expect(r.other).toBeNull();
  });
});

describe('filters and additions', () => {
  it('features(filter: { availableOn }) lists what a release supports by build', async () => {
    const r = await data<{ on2019: { slug: string }[]; on1903: { slug: string }[] }>(
      '{ on2019: features(filter: { availableOn: "windows-server-2019" }) { slug } on1903: features(filter: { availableOn: "windows-server-1903" }) { slug } }',
    );
    expect(r.on2019.map((f) => f.slug).sort()).toEqual(['client-ip-preservation', 'direct-server-return', 'dual-stack']);
    expect(r.on1903.map((f) => f.slug)).toContain('preserve-destination');
  });

  it('cniPlugins(filter: { supportsNetworkPolicy: true }) names the enforcing plugins', async () => {
    const { cniPlugins } = await data<{ cniPlugins: { slug: string }[] }>('{ cniPlugins(filter: { supportsNetworkPolicy: true }) { slug } }');
    expect(cniPlugins.map((p) => p.slug).sort()).toEqual(['calico', 'ovn-kubernetes']);
  });

  it('limitations(filter: { cniPlugin }) includes those of the plugin it delegates to', async () => {
    const { limitations } = await data<{ limitations: { slug: string }[] }>('{ limitations(filter: { cniPlugin: "flannel" }) { slug } }');
    expect(limitations.map((l) => l.slug)).toEqual(expect.arrayContaining(['flannel-vxlan-vni-and-port', 'cni-check-not-implemented']));
  });

  it('limitations(filter: { windowsVersion }) keeps the 64-backend limit for 2019 but not for 2022', async () => {
    const r = await data<{ a: { slug: string }[]; b: { slug: string }[] }>(
      '{ a: limitations(filter: { windowsVersion: "windows-server-2019" }) { slug } b: limitations(filter: { windowsVersion: "windows-server-2022" }) { slug } }',
    );
    expect(r.a.map((l) => l.slug)).toEqual(expect.arrayContaining(['backends-per-service-64', 'backends-per-service-1024']));
    expect(r.b.map((l) => l.slug)).not.toContain('backends-per-service-64');
    expect(r.b.map((l) => l.slug)).toContain('backends-per-service-1024');
  });

  it('an unknown filter slug is BAD_USER_INPUT naming the choices', async () => {
    const { body } = await app.graphql('{ limitations(filter: { cniPlugin: "weave" }) { slug } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'filter.cniPlugin',
      validChoices: expect.arrayContaining(['flannel', 'calico']),
    });
  });

  it('datasetInfo exposes version, build time and counts', async () => {
    const { datasetInfo } = await data<{ datasetInfo: { version: string; builtAt: string; counts: { kind: string; count: number }[] } }>(
      '{ datasetInfo { version builtAt counts { kind count } } }',
    );
    expect(datasetInfo.version).toMatch(/\+[0-9a-f]{12}$/);
    expect(Date.parse(datasetInfo.builtAt)).not.toBeNaN();
    expect(datasetInfo.counts).toContainEqual({ kind: 'features', count: 5 });
  });
});

describe('bad input', () => {
  it.each([
    ['unknown Windows version', '{ compatibility(input: { windowsVersion: "windows-2019" }) { verdict } }', 'input.windowsVersion'],
    ['unknown feature', '{ compatibility(input: { windowsVersion: "windows-server-2022", features: ["dsr"] }) { verdict } }', 'input.features'],
    ['empty feature list', '{ compatibility(input: { windowsVersion: "windows-server-2022", features: [] }) { verdict } }', 'input.features'],
    [
      'malformed Kubernetes version',
      '{ compatibility(input: { windowsVersion: "windows-server-2022", kubernetesVersion: "1.29.3" }) { verdict } }',
      'input.kubernetesVersion',
    ],
    [
      'negative backends',
      '{ compatibility(input: { windowsVersion: "windows-server-2022", backendsPerService: -1 }) { verdict } }',
      'input.backendsPerService',
    ],
    ['address count below 2', '{ podCapacity(input: { ipv4AddressesPerInterface: 1 }) { maxPods } }', 'input.ipv4AddressesPerInterface'],
    ['address count above any instance type', '{ podCapacity(input: { ipv4AddressesPerInterface: 65 }) { maxPods } }', 'input.ipv4AddressesPerInterface'],
    ['neither instance type nor address count', '{ podCapacity(input: {}) { maxPods } }', 'input'],
    [
      'unknown instance type in a plan',
      '{ compatibility(input: { windowsVersion: "windows-server-2022", instanceType: "m5.larg" }) { verdict } }',
      'input.instanceType',
    ],
    ['kubelet max-pods of 0', '{ podCapacity(input: { instanceType: "m5.large", kubeletMaxPods: 0 }) { maxPods } }', 'input.kubeletMaxPods'],
  ])('%s -> BAD_USER_INPUT on %s', async (_, query, field) => {
    const { status, body } = await app.graphql(query);
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('an unknown instance type suggests the closest names (m5.larg -> m5.large)', async () => {
    const { body } = await app.graphql('{ podCapacity(input: { instanceType: "m5.larg" }) { maxPods } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.instanceType' });
    expect((body.errors?.[0]?.extensions?.suggestions as string[])[0]).toBe('m5.large');
  });
});
