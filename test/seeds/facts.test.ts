/**
 * The headline facts the product promises, asserted on the real seeds. Each test names the fact
 * and its source (document#section) and checks that the record cites that source.
 */
import { describe, expect, it } from 'vitest';
import type { Citation } from '../../src/seeds/schema.js';
import { compareWindowsReleases } from '../../src/domain/windows-releases.js';
import { parseBuild } from '../../src/domain/windows-build.js';
import { realSeeds, record } from './support.js';

const seeds = realSeeds();

function expectCites(sources: readonly Citation[] | undefined, doc: string, section: string): void {
  expect(sources ?? []).toContainEqual(expect.objectContaining({ doc, section }));
}

describe('the slugs the GraphQL contract relies on exist', () => {
  it.each([
    ['windowsVersions', ['windows-server-2019', 'windows-server-1903', 'windows-server-2022', 'windows-server-2025']],
    ['networkModes', ['l2bridge', 'l2tunnel', 'overlay', 'transparent', 'nat']],
    ['cniPlugins', ['win-bridge', 'win-overlay', 'azure-cni', 'flannel', 'ovn-kubernetes', 'nat', 'calico', 'amazon-vpc-cni']],
    ['features', ['session-affinity', 'direct-server-return', 'preserve-destination', 'dual-stack', 'client-ip-preservation']],
    ['ipamOptions', ['host-local', 'azure-vnet-ipam', 'windows-server-ipam']],
  ] as const)('%s: %j', (key, slugs) => {
    const known = [...seeds[key].keys()];
    expect(known).toEqual(expect.arrayContaining([...slugs]));
  });
});

describe('Windows releases', () => {
  it('version 1903 (build 18362) sorts after Server 2019 (build 17763) (endoflife-windows-server#releases)', () => {
    const v1903 = record(seeds.windowsVersions, 'windows-server-1903');
    const v2019 = record(seeds.windowsVersions, 'windows-server-2019');
    expect(v1903.build).toBe(18362);
    expect(v2019.build).toBe(17763);
    expect(compareWindowsReleases(v1903, v2019)).toBeGreaterThan(0);
    expectCites(v1903.sources, 'endoflife-windows-server', 'releases');
    expectCites(v2019.sources, 'endoflife-windows-server', 'releases');
  });

  it('KB4489899 brings Server 2019 to 17763.379, the overlay prerequisite (k8s-windows-networking-uk#network-modes)', () => {
    const v2019 = record(seeds.windowsVersions, 'windows-server-2019');
    const kb = v2019.updates.find((u) => u.kb === 'KB4489899');
    expect(kb?.revision).toBe(379);
    expectCites(kb?.sources, 'k8s-windows-networking-uk', 'network-modes');
    // The overlay requirement uses the same build.
    const req = record(seeds.limitations, 'overlay-requires-kb4489899');
    expect(req.appliesTo.modes).toEqual(['overlay']);
    expect(req.appliesTo.windowsBuilds?.before).toBe(`${v2019.build}.${kb?.revision}`);
    expect(req.workaroundSettings).toContainEqual(expect.objectContaining({ kind: 'OS_UPDATE', key: 'KB4489899', value: '17763.379' }));
    expectCites(req.sources, 'k8s-windows-networking-uk', 'network-modes');
  });

  it('KB5011551 is build 17763.2746, from which Server 2019 allows 1024 backends (eks-user-guide-windows#windows-support.adoc)', () => {
    const kb = record(seeds.windowsVersions, 'windows-server-2019').updates.find((u) => u.kb === 'KB5011551');
    expect(kb?.revision).toBe(2746);
    expectCites(kb?.sources, 'eks-user-guide-windows', 'windows-support.adoc');
    // The boundary of the 64 limit is confirmed on Server 2019 only (issue 13: no source says newer releases have the fix).
    const older = record(seeds.limitations, 'backends-per-service-64');
    expect(older.appliesTo.windowsBuilds).toEqual({ before: '17763.2746', confirmedOn: ['windows-server-2019'] });
    expectCites(older.scopeSources?.windowsBuilds, 'eks-user-guide-windows', 'windows-support.adoc');
  });

  it('no Windows build takes more than 1024 backends per Service: the ceiling has no build scope (k8s-windows-networking-en#limitations)', () => {
    // Issue 24: the current page states 1024 for Windows nodes in general, and builds without the fix are held to 64.
    const ceiling = record(seeds.limitations, 'backends-per-service-1024');
    expect(ceiling.appliesTo).toEqual({});
    expect(ceiling.threshold).toMatchObject({ metric: 'backends-per-service', max: 1024 });
    expect(ceiling.severity).toBe('error');
    expectCites(ceiling.sources, 'k8s-windows-networking-en', 'limitations');
    expectCites(ceiling.sources, 'eks-user-guide-windows', 'windows-support.adoc');
  });
});

describe('network modes and plugins', () => {
  it('Kubernetes does not use the NAT mode (k8s-windows-networking-uk#network-modes)', () => {
    const nat = record(seeds.networkModes, 'nat');
    expect(nat.usedByKubernetes).toBe(false);
    expectCites(nat.sources, 'k8s-windows-networking-uk', 'network-modes');
    const others = [...seeds.networkModes].filter(([slug]) => slug !== 'nat');
    for (const [slug, m] of others) expect(m.usedByKubernetes, slug).toBe(true);
  });

  it('Flannel VXLAN delegates overlay to win-overlay at beta, host-gw delegates l2bridge to win-bridge as stable (k8s-windows-networking-uk#network-modes)', () => {
    const modes = record(seeds.cniPlugins, 'flannel').modes;
    const vxlan = modes.find((m) => m.backend === 'vxlan');
    const hostGw = modes.find((m) => m.backend === 'host-gw');
    expect(vxlan).toMatchObject({ mode: 'overlay', delegatesTo: 'win-overlay', stability: 'beta' });
    expect(hostGw).toMatchObject({ mode: 'l2bridge', delegatesTo: 'win-bridge', stability: 'stable' });
    expectCites(vxlan?.sources, 'k8s-windows-networking-uk', 'network-modes');
    expectCites(hostGw?.sources, 'k8s-windows-networking-uk', 'network-modes');
  });

  it('Flannel is retired on AKS on Windows Server since 2023-12 (aks-arc-container-networking#Compare network models)', () => {
    const env = record(seeds.cniPlugins, 'flannel').environments.find((e) => e.environment === 'aks-windows-server');
    expect(env).toMatchObject({ status: 'retired', since: '2023-12' });
    expectCites(env?.sources, 'aks-arc-container-networking', 'Compare network models');
    // Calico took over as the default there.
    expect(record(seeds.cniPlugins, 'calico').environments.find((e) => e.environment === 'aks-windows-server')?.status).toBe('default');
  });

  it('Flannel VXLAN on Windows needs VNI 4096 and UDP port 4789, stored as numbers (k8s-windows-networking-uk#limitations)', () => {
    const l = record(seeds.limitations, 'flannel-vxlan-vni-and-port');
    expect(l.parameters).toMatchObject({ vni: 4096, udpPort: 4789 });
    expect(typeof l.parameters?.vni).toBe('number');
    expect(typeof l.parameters?.udpPort).toBe('number');
    expectCites(l.sources, 'k8s-windows-networking-uk', 'limitations');
  });

  it("Linux flanneld's VXLAN defaults differ: VNI 1 and UDP port 8472 (flannel-repo#Documentation/backends.md)", () => {
    const l = record(seeds.limitations, 'flannel-vxlan-vni-and-port');
    expect(l.parameters).toEqual({ vni: 4096, udpPort: 4789, linuxDefaultVni: 1, linuxDefaultUdpPort: 8472 });
    expectCites(l.sources, 'flannel-repo', 'Documentation/backends.md');
  });
});

describe('features', () => {
  it('Preserve-Destination and client IP preservation require DSR (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    for (const slug of ['preserve-destination', 'client-ip-preservation']) {
      const f = record(seeds.features, slug);
      expect(f.requires, slug).toEqual(['direct-server-return']);
      expectCites(f.sources, 'k8s-windows-networking-uk', 'load-balancing-and-services');
    }
  });

  it('DSR needs Server 2019 build 17763.1432 (windows-containers-issues#19)', () => {
    const dsr = record(seeds.features, 'direct-server-return');
    expect(dsr.minimumWindows.version).toBe('windows-server-2019');
    expect(dsr.minimumWindows.build).toBe('17763.1432');
    expect(parseBuild(dsr.minimumWindows.build ?? '')).toEqual({ build: 17763, revision: 1432 });
    expectCites(dsr.minimumWindows.sources, 'windows-containers-issues', '#19');
    // The revision is a real update of that release (KB4571748).
    expect(record(seeds.windowsVersions, 'windows-server-2019').updates.find((u) => u.revision === 1432)?.kb).toBe('KB4571748');
  });

  it('session affinity needs Server 2022 (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    const f = record(seeds.features, 'session-affinity');
    expect(f.minimumWindows.version).toBe('windows-server-2022');
    expectCites(f.minimumWindows.sources, 'k8s-windows-networking-uk', 'load-balancing-and-services');
  });
});

describe('limits', () => {
  it('the 64 and 1024 backend limits are numbers (k8s-windows-networking-uk#limitations, k8s-windows-networking-en#limitations)', () => {
    const l64 = record(seeds.limitations, 'backends-per-service-64');
    const l1024 = record(seeds.limitations, 'backends-per-service-1024');
    expect(l64.threshold).toEqual({ metric: 'backends-per-service', max: 64, approximate: false });
    expect(l1024.threshold).toEqual({ metric: 'backends-per-service', max: 1024, approximate: false });
    expect(typeof l64.threshold?.max).toBe('number');
    expect(typeof l1024.threshold?.max).toBe('number');
    expectCites(l64.sources, 'k8s-windows-networking-uk', 'limitations');
    expectCites(l1024.sources, 'k8s-windows-networking-en', 'limitations');
  });

  it('port exhaustion on EKS above about 100 Services per node (eks-best-practices-windows-networking#IP address management)', () => {
    const l = record(seeds.limitations, 'port-exhaustion-many-services');
    expect(l.threshold).toEqual({ metric: 'services-per-node', max: 100, approximate: true });
    expect(l.mitigatedBy?.features).toEqual(['direct-server-return']);
    expectCites(l.sources, 'eks-best-practices-windows-networking', 'IP address management');
  });
});

describe('IPAM', () => {
  it('azure-vnet-ipam is restricted to azure-cni (k8s-windows-networking-uk#ipam)', () => {
    const o = record(seeds.ipamOptions, 'azure-vnet-ipam');
    expect(o.restrictedTo).toEqual(['azure-cni']);
    expectCites(o.sources, 'k8s-windows-networking-uk', 'ipam');
  });

  it('Windows Server IPAM is the fallback, and the only one (k8s-windows-networking-uk#ipam)', () => {
    const o = record(seeds.ipamOptions, 'windows-server-ipam');
    expect(o.isFallback).toBe(true);
    expect([...seeds.ipamOptions].filter(([, x]) => x.isFallback).map(([slug]) => slug)).toEqual(['windows-server-ipam']);
    expectCites(o.sources, 'k8s-windows-networking-uk', 'ipam');
  });
});

describe('flows and Service types', () => {
  it('nine supported network flows, ordered 1 to 9 (k8s-windows-networking-uk#network-modes)', () => {
    const flows = [...seeds.networkFlows.values()];
    expect(flows).toHaveLength(9);
    expect(flows.map((f) => f.order).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const f of flows) expectCites(f.sources, 'k8s-windows-networking-uk', 'network-modes');
  });

  it('all four Service types are supported on Windows (k8s-windows-networking-uk#load-balancing-and-services)', () => {
    const types = [...seeds.serviceTypes.values()];
    expect(types.map((t) => t.name).sort()).toEqual(['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']);
    for (const t of types) {
      expect(t.supportedOnWindows, t.name).toBe(true);
      expectCites(t.sources, 'k8s-windows-networking-uk', 'load-balancing-and-services');
    }
  });
});

describe('lifecycle dates', () => {
  /** A YYYY-MM-DD string that names a real calendar day (the schema only checks the shape). */
  const isCalendarDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

  it('every release date and support end is a real calendar day, in order: released < mainstream end <= support end (endoflife-windows-server#releases)', () => {
    for (const [slug, v] of seeds.windowsVersions) {
      const dates = [v.released, v.mainstreamSupportEnds, v.supportEnds].filter((d): d is string => d !== undefined);
      for (const d of dates) expect(isCalendarDay(d), `${slug}: ${d}`).toBe(true);
      if (v.mainstreamSupportEnds) expect(v.released < v.mainstreamSupportEnds, slug).toBe(true);
      if (v.mainstreamSupportEnds && v.supportEnds) expect(v.mainstreamSupportEnds <= v.supportEnds, slug).toBe(true);
      if (v.supportEnds) expect(v.released < v.supportEnds, slug).toBe(true);
      expectCites(v.sources, 'endoflife-windows-server', 'releases');
      for (const u of v.updates) expect(isCalendarDay(u.released) && u.released > v.released, `${slug} ${u.kb}`).toBe(true);
    }
  });

  it('only the LTSC releases have a mainstream end date (endoflife-windows-server#releases)', () => {
    for (const [slug, v] of seeds.windowsVersions) expect(v.mainstreamSupportEnds !== undefined, slug).toBe(v.channel === 'LTSC');
  });
});

describe('the glossary agrees with the release data', () => {
  const months = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 / 30.4375;
  const term = record(seeds.glossary, 'ltsc-sac-ac');
  const sac = [...seeds.windowsVersions.values()].filter((v) => v.channel === 'SAC');
  const spans = new Map(sac.map((v) => [v.version, Math.round(months(v.released, v.supportEnds!))]));

  it('the SAC range "about N to M months" is the shortest and longest SAC servicing span, rounded to months (endoflife-windows-server#releases)', () => {
    expect(sac.length).toBeGreaterThan(0);
    for (const v of sac) expect(v.supportEnds, v.name).toBeDefined();
    const range = /SAC releases \(1709 to 20H2\) were serviced for about (\d+) to (\d+) months/.exec(term.definition);
    expect(range, term.definition).not.toBeNull();
    expect(Number(range![1])).toBe(Math.min(...spans.values()));
    expect(Number(range![2])).toBe(Math.max(...spans.values()));
    expectCites(term.sources, 'endoflife-windows-server', 'releases');
  });

  it('every SAC release is named once, with its own span in months (endoflife-windows-server#releases)', () => {
    const named = new Map<string, number>();
    for (const m of term.definition.matchAll(/about (\d+) months for ([^;:]+?)(?=, about|;| and about|$)/g)) {
      for (const label of m[2]!.split(/, | and /)) named.set(label.replace(/^version /, '').trim(), Number(m[1]));
    }
    expect(Object.fromEntries(named)).toEqual(Object.fromEntries(spans));
  });

  it('LTSC support lasts about ten years (endoflife-windows-server#releases)', () => {
    expect(term.definition).toMatch(/LTSC releases \(2016, 2019, 2022, 2025\) get about ten years/);
    for (const v of seeds.windowsVersions.values()) if (v.channel === 'LTSC') expect(Math.round(months(v.released, v.supportEnds!) / 12), v.name).toBe(10);
  });
});

describe('statements added from the claims checklist', () => {
  it("a container's DNS is not set by mapping the host's resolv.conf; this holds for every plan (k8s-windows-networking-uk#networking)", () => {
    const l = record(seeds.limitations, 'container-network-config-not-from-host-files');
    expect(l.appliesTo).toEqual({});
    expect(l.description).toMatch(/resolv\.conf/);
    expectCites(l.sources, 'k8s-windows-networking-uk', 'networking');
    expectCites(l.sources, 'k8s-windows-networking-zh', 'networking');
  });

  it('AKS Arc: both statements on Service IPs are kept, each with its own section (aks-arc-container-networking#IP address resources, #Kubernetes services)', () => {
    const env = record(seeds.environments, 'aks-windows-server');
    expect(env.description).toMatch(/always receive static\s+IP addresses/);
    expect(env.description).toMatch(/assigned dynamically/);
    expectCites(env.sources, 'aks-arc-container-networking', 'IP address resources');
    expectCites(env.sources, 'aks-arc-container-networking', 'Kubernetes services');
    const lb = record(seeds.serviceTypes, 'load-balancer');
    expect(lb.description).toMatch(/internal load balancer\s+gets only a private address/);
    expectCites(lb.sources, 'aks-arc-container-networking', 'Kubernetes services');
  });

  it('the EKS DSR recipe puts the flags after --proxy-mode=kernelspace (eks-best-practices-windows-networking#IP address management)', () => {
    const l = record(seeds.limitations, 'eks-dsr-not-default-on-ltsc-2019');
    expect(l.workaround).toMatch(/after the --proxy-mode=kernelspace argument/);
    expect(record(seeds.glossary, 'kube-proxy').definition).toMatch(/--proxy-mode=kernelspace/);
    expectCites(l.sources, 'eks-best-practices-windows-networking', 'IP address management');
  });
});
