/**
 * The scanner takes its facts from the knowledge base, and its findings cite them: every finding
 * on every scan fixture (alone and together, without a plan and with one) has sources, except
 * NOT_JUDGED, which rests on no fact. A Knowledge that says otherwise changes the scan's answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import type { Knowledge, LimitationFact, PluginFact } from '../../src/domain/knowledge.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import { objectsOf, type SourceObject } from '../../src/domain/scan/documents.js';
import { scanObjects, type ScanResult } from '../../src/domain/scan/scan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'scan');
const PLAN = parseYaml(readFileSync(join(FIXTURES, 'plan-2019.yaml'), 'utf8')) as PlanInput;

/** Every fixture that parses, as objects (the bad/ ones are parse-error fixtures). */
function fixtures(): Map<string, SourceObject[]> {
  const out = new Map<string, SourceObject[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.(ya?ml|json)$/.test(entry.name) &&
        !['plan-2019.yaml', 'expectations.yaml'].includes(entry.name) &&
        !path.includes(`${join(FIXTURES, 'bad')}`)
      )
        out.set(relative(FIXTURES, path), [...objectsOf(readFileSync(path, 'utf8'), relative(FIXTURES, path))]);
    }
  };
  walk(FIXTURES);
  return out;
}

const RESTS_ON_NO_FACT = new Set(['NOT_JUDGED']);

const scan = (k: Knowledge, objects: SourceObject[], plan?: PlanInput): ScanResult => scanObjects(k, objects, { today: TEST_TODAY, ...(plan ? { plan } : {}) });

const doc = (obj: unknown): SourceObject[] => [...objectsOf(JSON.stringify(obj), 'inline.json')];

/** The real knowledge base with some facts replaced. */
function withFacts(changes: { plugins?: PluginFact[]; limitations?: LimitationFact[] }): Knowledge {
  const k = testKnowledge();
  const plugins = new Map(k.plugins);
  for (const p of changes.plugins ?? []) plugins.set(p.slug, p);
  const limitations = k.limitations.map((l) => changes.limitations?.find((c) => c.slug === l.slug) ?? l);
  return { ...k, plugins, limitations };
}

const flannelNetConf = (backend: Record<string, unknown>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'kube-flannel-cfg', namespace: 'kube-flannel' },
  data: { 'net-conf.json': JSON.stringify({ Network: '10.244.0.0/16', Backend: backend }) },
});

describe('every scan finding cites its sources', () => {
  it('on every scan fixture, alone and together, without a plan and with one: only NOT_JUDGED may have none', () => {
    const files = fixtures();
    expect(files.size).toBeGreaterThanOrEqual(10);
    const runs: [string, ScanResult][] = [];
    for (const [file, objects] of files) runs.push([file, scan(testKnowledge(), objects)], [`${file} --plan`, scan(testKnowledge(), objects, PLAN)]);
    const all = [...files.values()].flat();
    runs.push(['all', scan(testKnowledge(), all)], ['all --plan', scan(testKnowledge(), all, PLAN)]);
    const codes = new Set<string>();
    const unsourced: string[] = [];
    for (const [name, result] of runs)
      for (const report of result.reports)
        for (const f of report.findings) {
          codes.add(f.code);
          // NOT_JUDGED rests on no fact of the knowledge base, only on what the input lacks.
          if (!RESTS_ON_NO_FACT.has(f.code) && f.sources.length === 0)
            unsourced.push(`${name}: ${report.ref.kind} ${report.ref.name}: ${f.code} ${f.subject ?? ''}`);
        }
    expect(unsourced).toEqual([]);
    // Not vacuous: the scan's own codes are among those checked.
    expect([...codes]).toEqual(expect.arrayContaining(['REQUIRED_SETTING_MISSING', 'NODE_CAPACITY_MISMATCH', 'UNSUPPORTED_FUNCTIONALITY', 'NOT_JUDGED']));
  });

  it('REQUIRED_SETTING_MISSING cites the setting or the limitation it rests on; NODE_CAPACITY_MISMATCH the EC2 data and the IPAM option', () => {
    const k = testKnowledge();
    const vxlan = scan(k, doc(flannelNetConf({ Type: 'vxlan', VNI: 1, Port: 8472 })), PLAN).reports[0]!;
    const limitation = k.limitations.find((l) => l.slug === 'flannel-vxlan-vni-and-port')!;
    const settingFindings = vxlan.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING');
    expect(settingFindings.map((f) => f.path)).toEqual(['data["net-conf.json"].Backend.VNI', 'data["net-conf.json"].Backend.Port']);
    for (const f of settingFindings) expect(f.sources).toEqual(limitation.sources);

    const vpc = scan(k, doc({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'amazon-vpc-cni', namespace: 'kube-system' }, data: {} }), PLAN)
      .reports[0]!;
    const ipam = k.ipamOptions.get('vpc-resource-controller')!;
    const missing = vpc.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING')!;
    expect(missing.subject).toBe('enable-windows-ipam');
    expect(missing.sources).toEqual(ipam.settings.find((s) => s.key === 'enable-windows-ipam')!.sources);

    const eks = scan(k, [...files('constructed/eks-cluster.json')]);
    const mismatch = eks.reports.flatMap((r) => r.findings).find((f) => f.code === 'NODE_CAPACITY_MISMATCH')!;
    expect(mismatch.sources).toEqual(expect.arrayContaining([...k.instanceTypeSources, ...ipam.sources]));
    expect(mismatch.remediation).toContain('enable-windows-prefix-delegation');
  });
});

function files(path: string): SourceObject[] {
  return [...objectsOf(readFileSync(join(FIXTURES, path), 'utf8'), path)];
}

describe('the scanner takes its facts from the knowledge base', () => {
  const networkMode = (result: ScanResult) => result.reports[0]?.facts.find((f) => f.field === 'networkMode')?.value;

  it("a flannel backend's mode is the one the knowledge base gives", () => {
    const conf = doc(flannelNetConf({ Type: 'vxlan' }));
    expect(networkMode(scan(testKnowledge(), conf, PLAN))).toBe('overlay');
    const flannel = testKnowledge().plugins.get('flannel')!;
    // A knowledge base in which vxlan were flannel's l2bridge backend (and host-gw unknown).
    const swapped = withFacts({
      plugins: [{ ...flannel, modes: flannel.modes.map((m) => ({ ...m, backend: m.backend === 'vxlan' ? undefined : 'vxlan' })) }],
    });
    expect(networkMode(scan(swapped, conf, PLAN))).toBe('l2bridge');
    const hostGw = scan(swapped, doc(flannelNetConf({ Type: 'host-gw' })), PLAN).reports[0]!;
    expect(networkMode(scan(swapped, doc(flannelNetConf({ Type: 'host-gw' })), PLAN))).toBeUndefined();
    expect(hostGw.missing.join('\n')).toMatch(/"host-gw" is not a backend flannel offers on Windows \(vxlan\)/);
  });

  it("the VNI and port flannel VXLAN needs are the limitation's parameters", () => {
    const conf = doc(flannelNetConf({ Type: 'vxlan', VNI: 4096, Port: 4789 }));
    const codes = (k: Knowledge) => scan(k, conf, PLAN).reports[0]!.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING');
    expect(codes(testKnowledge())).toEqual([]);
    const limitation = testKnowledge().limitations.find((l) => l.slug === 'flannel-vxlan-vni-and-port')!;
    const stricter = withFacts({ limitations: [{ ...limitation, parameters: { vni: 8192, udpPort: 4790 } }] });
    expect(codes(stricter).map((f) => f.message)).toEqual([
      'flannel vxlan uses VNI 4096; Windows nodes need 8192 or higher (8192 by default)',
      'flannel vxlan uses UDP port 4789; Windows nodes need 4790',
    ]);
    // Without the limitation, nothing is required of the VNI or the port.
    const none = { ...testKnowledge(), limitations: testKnowledge().limitations.filter((l) => l.slug !== limitation.slug) };
    expect(
      scan(none, doc(flannelNetConf({ Type: 'vxlan', VNI: 1, Port: 1 })), PLAN).reports[0]!.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING'),
    ).toEqual([]);
  });

  it("amazon-vpc-cni's keys, and the IP address mode they pick, are the IPAM option's settings", () => {
    const configMap = (data: Record<string, string>) =>
      doc({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'amazon-vpc-cni', namespace: 'kube-system' }, data });
    const k = testKnowledge();
    const mode = (kb: Knowledge, data: Record<string, string>) =>
      scan(kb, configMap(data), PLAN).reports[0]!.facts.find((f) => f.field === 'ipAddressMode')?.value;
    expect(mode(k, { 'enable-windows-ipam': 'true', 'enable-windows-prefix-delegation': 'true' })).toBe('PREFIX_DELEGATION');
    const ipam = k.ipamOptions.get('vpc-resource-controller')!;
    // A knowledge base in which another key picked prefix delegation.
    const renamed = {
      ...k,
      ipamOptions: new Map([
        ...k.ipamOptions,
        [ipam.slug, { ...ipam, settings: ipam.settings.map((s) => (s.ipAddressMode ? { ...s, key: 'windows-prefixes' } : s)) }],
      ]),
    };
    expect(mode(renamed, { 'enable-windows-ipam': 'true', 'enable-windows-prefix-delegation': 'true' })).toBe('SECONDARY_IP');
    expect(mode(renamed, { 'enable-windows-ipam': 'true', 'windows-prefixes': 'true' })).toBe('PREFIX_DELEGATION');
    // Without the IPAM option, the ConfigMap is not one the scanner knows.
    const without = { ...k, ipamOptions: new Map([...k.ipamOptions].filter(([slug]) => slug !== ipam.slug)) };
    expect(scan(without, configMap({ 'enable-windows-ipam': 'true' }), PLAN).reports).toEqual([]);
  });

  it('a CNI config type is a plugin the knowledge base knows, or says nothing', () => {
    const conf = (type: string, delegate?: string) =>
      doc({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'cni', namespace: 'kube-system' },
        data: { 'cni.conf': JSON.stringify({ name: 'net', type, ...(delegate ? { delegate: { type: delegate } } : {}) }) },
      });
    const cni = (k: Knowledge, type: string, delegate?: string) => {
      const report = scan(k, conf(type, delegate), PLAN).reports[0];
      return report && [report.facts.find((f) => f.field === 'cniPlugin')?.value, report.facts.find((f) => f.field === 'networkMode')?.value];
    };
    expect(cni(testKnowledge(), 'win-bridge')).toEqual(['win-bridge', 'l2bridge']);
    expect(cni(testKnowledge(), 'flannel', 'win-overlay')).toEqual(['flannel', 'overlay']);
    // Microsoft's plugins, as delegates: their mode is the one windows-container-networking gives.
    expect(cni(testKnowledge(), 'flannel', 'sdnoverlay')).toEqual(['flannel', 'overlay']);
    expect(cni(testKnowledge(), 'flannel', 'sdnbridge')).toEqual(['flannel', 'l2bridge']);
    // A delegate the knowledge base does not know leaves the mode open, and says so.
    expect(cni(testKnowledge(), 'flannel', 'some-delegate')).toEqual(['flannel', undefined]);
    expect(scan(testKnowledge(), conf('flannel', 'some-delegate'), PLAN).reports[0]!.missing.join('\n')).toMatch(
      /"some-delegate": .*not determinable from the input/,
    );
    // A plugin added to the knowledge base is recognised with no code change.
    const added = withFacts({
      plugins: [{ ...testKnowledge().plugins.get('win-overlay')!, slug: 'new-overlay-cni', name: 'New overlay CNI' }],
    });
    expect(cni(testKnowledge(), 'new-overlay-cni')).toBeUndefined();
    expect(cni(added, 'new-overlay-cni')).toEqual(['new-overlay-cni', 'overlay']);
  });

  it("eksctl's default instance type is the EKS environment's, and none without it: the type is unknown, never guessed", () => {
    // A Windows node group that names no instance type and picks its instances no other way.
    const config = doc({
      apiVersion: 'eksctl.io/v1alpha5',
      kind: 'ClusterConfig',
      metadata: { name: 'c', region: 'us-west-2', version: '1.31' },
      nodeGroups: [{ name: 'win', amiFamily: 'WindowsServer2022CoreContainer' }],
    });
    const report = (k: Knowledge) => scan(k, config).reports[0]!;
    const k = testKnowledge();
    const eks = k.environments.get('eks')!;
    expect(eks.eksctl).toMatchObject({ defaultInstanceType: 'm5.large', sources: [{ doc: 'eksctl', section: 'pkg/apis/eksctl.io/v1alpha5' }] });
    const seeded = report(k);
    expect(seeded.facts.find((f) => f.field === 'instanceType')).toMatchObject({
      value: 'm5.large',
      detail: expect.stringContaining('eksctl#pkg/apis/eksctl.io/v1alpha5'),
    });
    expect(seeded.unknown.find((u) => u.field === 'ipAddressMode')!.fact).toContain('m5.large gives 9 Windows pods per node with secondary IPs');
    // A knowledge base whose eksctl defaults to c5.4xlarge: that type, and its pods per node.
    const withDefault = (eksctl: typeof eks.eksctl): Knowledge => ({ ...k, environments: new Map([...k.environments, ['eks', { ...eks, eksctl }]]) });
    const changed = report(withDefault({ defaultInstanceType: 'c5.4xlarge', sources: eks.eksctl!.sources }));
    expect(changed.facts.find((f) => f.field === 'instanceType')).toMatchObject({ value: 'c5.4xlarge' });
    expect(changed.unknown.find((u) => u.field === 'ipAddressMode')!.fact).toContain(
      'c5.4xlarge gives 29 Windows pods per node with secondary IPs, 464 addresses',
    );
    // Without it: no instance type, no pods per node, and the report says what would settle it.
    const without = report(withDefault(undefined));
    expect(without.facts.map((f) => f.field)).not.toContain('instanceType');
    expect(without.unknown.map((u) => u.field)).not.toContain('ipAddressMode');
    expect(without.findings.map((f) => f.code)).not.toContain('POD_CAPACITY');
    expect(without.unknown.find((u) => u.field === 'instanceType')).toMatchObject({
      fact: 'the instance type',
      settledBy: expect.stringContaining('nodeGroups[0].instanceType, or the default instance type of the eksctl release'),
      path: 'nodeGroups[0]',
    });
  });
});

describe("Microsoft's sdnoverlay and sdnbridge, from windows-container-networking", () => {
  it('the Flannel HostProcess manifest that delegates to sdnoverlay is judged as overlay, citing the plugin', () => {
    const k = testKnowledge();
    const result = scan(k, files('real/sig-windows-tools-flannel-overlay-hostprocess.yml'), PLAN);
    const configMap = result.reports.find((r) => r.ref.kind === 'ConfigMap')!;
    expect(configMap.facts.find((f) => f.field === 'networkMode')).toMatchObject({ value: 'overlay', path: expect.stringMatching(/delegate\.type$/) });
    expect(configMap.missing.join('\n')).not.toMatch(/sdnoverlay/);
    const codes = configMap.findings.map((f) => [f.code, f.subject]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['NETWORK_MODE_PRERELEASE', 'overlay'],
        ['PLUGIN_MODE_PRERELEASE', expect.stringContaining('flannel')],
      ]),
    );
    expect(k.plugins.get('sdnoverlay')!.sources.map((s) => s.doc)).toContain('windows-container-networking');
    // Without the plugin in the knowledge base, the mode is open again.
    const plugins = new Map([...k.plugins].filter(([slug]) => slug !== 'sdnoverlay'));
    const without = scan({ ...k, plugins }, files('real/sig-windows-tools-flannel-overlay-hostprocess.yml'), PLAN).reports.find(
      (r) => r.ref.kind === 'ConfigMap',
    )!;
    expect(without.facts.find((f) => f.field === 'networkMode')).toBeUndefined();
  });
});

describe("a Service's type and the fields that switch on a feature come from the knowledge base", () => {
  const service = (spec: Record<string, unknown>, annotations?: Record<string, string>) =>
    doc({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec });
  const facts = (k: Knowledge, spec: Record<string, unknown>, annotations?: Record<string, string>) =>
    scan(k, service(spec, annotations), PLAN).reports[0]!.facts.map((f) => `${f.field}=${f.value}@${f.path}`);

  it('the real knowledge base: the four types by name, sessionAffinity, externalTrafficPolicy and the preserve-destination annotation', () => {
    const k = testKnowledge();
    expect(facts(k, { type: 'NodePort', sessionAffinity: 'ClientIP', externalTrafficPolicy: 'Local' }, { 'preserve-destination': 'true' })).toEqual([
      'serviceTypes=node-port@spec.type',
      'features=session-affinity@spec.sessionAffinity',
      'features=client-ip-preservation@spec.externalTrafficPolicy',
      'features=preserve-destination@metadata.annotations.preserve-destination',
    ]);
    expect(facts(k, {})).toEqual(['serviceTypes=cluster-ip@spec']);
    expect(facts(k, { type: 'LoadBalancer', sessionAffinity: 'None', externalTrafficPolicy: 'Cluster' })).toEqual(['serviceTypes=load-balancer@spec.type']);
  });

  it('the Service settings Windows ignores or mishandles (src/domain/service-settings.ts) are read, and their findings given', () => {
    const k = testKnowledge();
    const spec = { trafficDistribution: 'PreferClose', internalTrafficPolicy: 'Local', externalIPs: ['203.0.113.10'] };
    expect(facts(k, spec, { 'service.kubernetes.io/topology-mode': 'Auto' })).toEqual([
      'serviceTypes=cluster-ip@spec',
      'serviceSettings=traffic-distribution@spec.trafficDistribution',
      'serviceSettings=topology-aware-routing@metadata.annotations["service.kubernetes.io/topology-mode"]',
      'serviceSettings=internal-traffic-policy-local@spec.internalTrafficPolicy',
      'serviceSettings=external-ips@spec.externalIPs',
    ]);
    // The values that leave them off.
    expect(facts(k, { internalTrafficPolicy: 'Cluster', externalIPs: [] }, { 'service.kubernetes.io/topology-mode': 'Disabled' })).toEqual([
      'serviceTypes=cluster-ip@spec',
    ]);
    const report = scan(k, service({ trafficDistribution: 'PreferSameZone' }), PLAN).reports[0]!;
    expect(report.findings.find((f) => f.subject === 'service-topology-ignored-on-windows')).toMatchObject({
      code: 'UNSUPPORTED_FUNCTIONALITY',
      severity: 'error',
    });
  });

  it('a knowledge base that names them otherwise changes what is read', () => {
    const k = testKnowledge();
    const serviceTypes = new Map([...k.serviceTypes].map(([slug, t]) => [slug, slug === 'node-port' ? { ...t, name: 'NodePorts' } : t]));
    const affinity = k.features.get('session-affinity')!;
    const features = new Map(k.features);
    features.set(affinity.slug, { ...affinity, settings: affinity.settings.map((s) => ({ ...s, value: 'SomeAffinity' })) });
    const changed = { ...k, serviceTypes, features };
    const read = facts(changed, { type: 'NodePorts', sessionAffinity: 'SomeAffinity' });
    expect(read).toEqual(['serviceTypes=node-port@spec.type', 'features=session-affinity@spec.sessionAffinity']);
    expect(facts(changed, { type: 'NodePort', sessionAffinity: 'ClientIP' })).toEqual([]);
    // Without the feature's setting, the field switches nothing on.
    const none = new Map(k.features);
    none.set('client-ip-preservation', { ...k.features.get('client-ip-preservation')!, settings: [] });
    expect(facts({ ...k, features: none }, { externalTrafficPolicy: 'Local' })).toEqual(['serviceTypes=cluster-ip@spec']);
  });
});

describe("kube-proxy's proxy mode on Windows comes from the knowledge base", () => {
  it('a Windows kube-proxy in another mode: REQUIRED_SETTING_MISSING citing kube-proxy-kernelspace-only', () => {
    const k = testKnowledge();
    const limitation = k.limitations.find((l) => l.slug === 'kube-proxy-kernelspace-only')!;
    const report = scan(k, files('settings/wrong-settings.yaml'), PLAN).reports.find((r) => r.ref.name === 'kube-proxy-windows')!;
    const found = report.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ subject: 'kube-proxy-kernelspace-only', path: 'data["config.conf"].mode' });
    expect(found[0]!.message).toContain('"ipvs"');
    expect(found[0]!.sources).toEqual(expect.arrayContaining(limitation.sources));
    expect(found[0]!.sources.length).toBeGreaterThan(0);
    // Without the limitation the knowledge base says nothing of the mode, and nothing is raised.
    const none = { ...k, limitations: k.limitations.filter((l) => l.slug !== limitation.slug) };
    const without = scan(none, files('settings/wrong-settings.yaml'), PLAN).reports.find((r) => r.ref.name === 'kube-proxy-windows')!;
    expect(without.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
  });
});
