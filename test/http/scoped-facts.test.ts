/**
 * Where a fact holds, over HTTP: node-OS support tables, feature defaults, a plugin confined to one
 * environment, per-environment NetworkPolicy, and limitation scopes by channel, plugin version and
 * confirmed build boundary. Plus the compatibility input's new fields and their refusals.
 */
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

type Row = {
  slug: string;
  windowsVersion: { slug: string };
  environment: { slug: string } | null;
  kubernetesVersions: { description: string } | null;
  status: string;
  sources: { document: { slug: string } }[];
};
const ROW = 'slug windowsVersion { slug } environment { slug } kubernetesVersions { description } status sources { document { slug } }';

describe('nodeOsSupport', () => {
  it('lists upstream and environment rows for a release, each with sources', async () => {
    const { nodeOsSupport } = await data<{ nodeOsSupport: Row[] }>(`{ nodeOsSupport(filter: { windowsVersion: "windows-server-2019" }) { ${ROW} } }`);
    expect(nodeOsSupport.map((r) => [r.environment?.slug ?? null, r.kubernetesVersions?.description ?? null, r.status])).toEqual([
      [null, 'Kubernetes 1.14 to 1.34', 'SUPPORTED'],
      ['aks', 'Kubernetes 1.32 and earlier', 'SUPPORTED'],
      ['aks', null, 'RETIRED'],
      ['aks', null, 'REMOVED'],
      ['eks', null, 'SUPPORTED'],
    ]);
    for (const r of nodeOsSupport) expect(r.sources.length).toBeGreaterThan(0);
  });

  it('filters by Kubernetes version numerically (1.9 < 1.14) and by environment', async () => {
    const { v118 } = await data<{ v118: Row[] }>(`{ v118: nodeOsSupport(filter: { kubernetesVersion: "1.18", environment: null }) { ${ROW} } }`);
    const upstream = v118
      .filter((r) => r.environment === null)
      .map((r) => r.windowsVersion.slug)
      .sort();
    expect(upstream).toEqual(['windows-server-1809', 'windows-server-1903', 'windows-server-1909', 'windows-server-2019']);
    const { v19 } = await data<{ v19: Row[] }>(`{ v19: nodeOsSupport(filter: { kubernetesVersion: "1.9" }) { ${ROW} } }`);
    expect(v19.filter((r) => r.environment === null)).toEqual([]);
    const { aks } = await data<{ aks: Row[] }>(`{ aks: nodeOsSupport(filter: { environment: "aks" }) { ${ROW} } }`);
    expect(new Set(aks.map((r) => r.environment?.slug))).toEqual(new Set(['aks']));
  });

  it('refuses an unknown release or a malformed version with BAD_USER_INPUT', async () => {
    const unknown = await app.graphql('{ nodeOsSupport(filter: { windowsVersion: "windows-server-2012" }) { slug } }');
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.windowsVersion' });
    expect(unknown.body.errors?.[0]?.extensions?.validChoices).toContain('windows-server-2022');
    expect(unknown.body.errors?.[0]?.extensions?.suggestions).toEqual(['windows-server-2016']);
    const malformed = await app.graphql('{ nodeOsSupport(filter: { kubernetesVersion: "1.33.2" }) { slug } }');
    expect(malformed.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.kubernetesVersion' });
  });

  it('reads a version written v1.N as 1.N', async () => {
    const plain = await app.graphql('{ nodeOsSupport(filter: { kubernetesVersion: "1.33" }) { slug } }');
    const prefixed = await app.graphql('{ nodeOsSupport(filter: { kubernetesVersion: "v1.33" }) { slug } }');
    expect(prefixed.body.errors).toBeUndefined();
    expect(prefixed.body.data).toEqual(plain.body.data);
  });

  it('is reachable from a release and from an environment', async () => {
    const { windowsVersion, environment } = await data<{
      windowsVersion: { nodeOsSupport: Row[] };
      environment: { nodeOsSupport: Row[]; pluginsListed: boolean };
    }>(`{ windowsVersion(slug: "windows-server-2025") { nodeOsSupport { ${ROW} } } environment(slug: "eks") { pluginsListed nodeOsSupport { ${ROW} } } }`);
    expect(windowsVersion.nodeOsSupport.map((r) => r.status)).toContain('PREVIEW');
    expect(environment.pluginsListed).toBe(true);
    expect(environment.nodeOsSupport.map((r) => r.windowsVersion.slug)).toContain('windows-server-20h2');
  });
});

describe('feature defaults, plugin confinement and NetworkPolicy by environment', () => {
  it('featureDefaults: DSR is on by default on AKS and on the EKS SAC AMIs', async () => {
    const { featureDefaults } = await data<{
      featureDefaults: { slug: string; feature: { slug: string }; enabled: boolean; environments: { slug: string }[]; servicingChannels: string[] }[];
    }>('{ featureDefaults { slug feature { slug } enabled environments { slug } servicingChannels } }');
    expect(featureDefaults).toEqual([
      { slug: 'eks-sac-amis-dsr-on', feature: { slug: 'direct-server-return' }, enabled: true, environments: [{ slug: 'eks' }], servicingChannels: ['SAC'] },
      { slug: 'aks-dsr-on', feature: { slug: 'direct-server-return' }, enabled: true, environments: [{ slug: 'aks' }], servicingChannels: [] },
    ]);
  });

  it('the Amazon VPC CNI runs only on EKS and does not enforce NetworkPolicy on Windows there', async () => {
    const { cniPlugin } = await data<{
      cniPlugin: {
        onlyIn: { slug: string }[];
        onlyInSources: unknown[];
        networkPolicy: { support: string };
        environments: { environment: { slug: string }; networkPolicy: { support: string; sources: { section: string }[] } | null }[];
      };
    }>(
      '{ cniPlugin(slug: "amazon-vpc-cni") { onlyIn { slug } onlyInSources { section } networkPolicy { support } environments { environment { slug } networkPolicy { support sources { section } } } } }',
    );
    expect(cniPlugin.onlyIn).toEqual([{ slug: 'eks' }]);
    expect(cniPlugin.onlyInSources.length).toBeGreaterThan(0);
    expect(cniPlugin.networkPolicy.support).toBe('UNKNOWN');
    const eks = cniPlugin.environments.find((e) => e.environment.slug === 'eks')!;
    expect(eks.networkPolicy?.support).toBe('NOT_SUPPORTED');
    expect(eks.networkPolicy?.sources.map((s) => s.section)).toContain('cni-network-policy.adoc');
  });

  it('limitation scopes carry channels, plugin versions and the releases a build boundary is confirmed on', async () => {
    const { dsr, flannel, backends } = await data<{
      dsr: { appliesTo: { servicingChannels: string[] } };
      flannel: { appliesTo: { cniPluginVersions: { before: string; description: string } } };
      backends: { appliesTo: { windowsBuildsConfirmedOn: { slug: string }[] } };
    }>(
      `{ dsr: limitation(slug: "eks-dsr-not-default-on-ltsc-2019") { appliesTo { servicingChannels } }
         flannel: limitation(slug: "flannel-vxlan-no-local-pod-access-before-0-12") { appliesTo { cniPluginVersions { before description } } }
         backends: limitation(slug: "backends-per-service-64") { appliesTo { windowsBuildsConfirmedOn { slug } } } }`,
    );
    expect(dsr.appliesTo.servicingChannels).toEqual(['LTSC']);
    expect(flannel.appliesTo.cniPluginVersions).toEqual({ before: '0.12.0', description: 'releases before 0.12.0' });
    expect(backends.appliesTo.windowsBuildsConfirmedOn).toEqual([{ slug: 'windows-server-2019' }]);
  });

  it('settings carry the builds they are for', async () => {
    const { networkMode } = await data<{ networkMode: { settings: { key: string; windowsBuilds: { description: string } | null }[] } }>(
      '{ networkMode(slug: "overlay") { settings { key windowsBuilds { description } } } }',
    );
    expect(networkMode.settings.find((s) => s.key === 'KB4489899')?.windowsBuilds?.description).toBe('builds 17763 up to, not including, 17764');
    expect(networkMode.settings.find((s) => s.key === '--source-vip')?.windowsBuilds).toBeNull();
  });
});

describe('compatibility: the new plan fields', () => {
  const Q = 'query ($input: CompatibilityInput!) { compatibility(input: $input) { verdict findings { code severity subject message } } }';
  type Report = { compatibility: { verdict: string; findings: { code: string; severity: string; subject: string; message: string }[] } };

  it('cniPluginVersion and containerImageWindowsVersion change the answer', async () => {
    const base = {
      windowsVersion: 'windows-server-2022',
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      environment: 'self-managed',
      kubernetesVersion: '1.33',
    };
    const old = await data<Report>(Q, { input: { ...base, cniPluginVersion: 'v0.11.0', containerImageWindowsVersion: 'windows-server-2019' } });
    expect(old.compatibility.verdict).toBe('INCOMPATIBLE');
    expect(old.compatibility.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['CONTAINER_IMAGE_OS_MISMATCH', 'KNOWN_ISSUE']));
    const current = await data<Report>(Q, { input: { ...base, cniPluginVersion: '0.28.9', containerImageWindowsVersion: 'windows-server-2022' } });
    expect(current.compatibility.findings.map((f) => f.subject)).not.toContain('flannel-vxlan-no-local-pod-access-before-0-12');
    expect(current.compatibility.findings.map((f) => f.code)).not.toContain('CONTAINER_IMAGE_OS_MISMATCH');
  });

  it.each([
    ['a version without its plugin', { cniPluginVersion: '0.12.0' }, 'input.cniPluginVersion'],
    ['a version that is not one', { cniPlugin: 'flannel', cniPluginVersion: 'latest' }, 'input.cniPluginVersion'],
    ['an unknown image release', { containerImageWindowsVersion: 'ltsc2022' }, 'input.containerImageWindowsVersion'],
  ])('refuses %s with BAD_USER_INPUT naming the field', async (_, extra, field) => {
    const { body } = await app.graphql(Q, { input: { windowsVersion: 'windows-server-2022', ...extra } });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });
});
