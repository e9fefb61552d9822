/**
 * One reader per kind of object: each turns an object into plan facts, every fact with the JSON
 * path it was read from. A reader never throws on a missing or odd field: it reads what is
 * there and lists what was missing.
 */
import { parse as parseYaml } from 'yaml';
import type { IpAddressMode } from '../capacity.js';
import type { Citation, Knowledge, ReleaseFact } from '../knowledge.js';
import { knownFacts, type IpamConfigMap, type KnownFacts } from './known-facts.js';
import { at, containersOf, isRecord, isTrue, key, list, podSpecOf, record, stringMap, text, windowsScheduling, type Json } from './kube.js';

export type PlanField =
  | 'windowsVersion'
  | 'windowsBuildRevision'
  | 'kubernetesVersion'
  | 'instanceType'
  | 'environment'
  | 'cniPlugin'
  | 'networkMode'
  | 'ipAddressMode'
  | 'kubeletMaxPods'
  | 'networkPolicy'
  | 'serviceTypes'
  | 'features';

/** One thing an object says about the plan, and where it says it. */
export interface Fact {
  field: PlanField;
  value: string | number | boolean;
  /** JSON path inside the object, e.g. status.nodeInfo.kernelVersion. */
  path: string;
}

export interface ObjectRef {
  apiVersion?: string;
  kind: string;
  namespace?: string;
  name: string;
  /** A part of the object judged on its own, e.g. an eksctl node group. */
  part?: string;
}

export type Role = 'node' | 'node-group' | 'service' | 'kube-proxy' | 'cni' | 'workload' | 'network-policy';

/** What the combiner and the checks need from a workload. */
export interface PodUsage {
  labels: Record<string, string>;
  hostNetwork?: { path: string; hostProcess: boolean };
  hostPorts: string[];
  ipv6: string[];
}

export interface KubeProxyUsage {
  /** Flags seen (name without dashes -> value), and where; empty when the flags are not visible (set inside the image). */
  flags: Map<string, { value: string; path: string }>;
  featureGates: Map<string, { value: boolean; path: string }>;
}

export interface Reading {
  ref: ObjectRef;
  role: Role;
  /** Path of the part inside the object (node groups), "" for the whole object. */
  partPath: string;
  /** Facts about this object alone. */
  facts: Fact[];
  /** Facts that hold for every Windows node of the cluster (CNI, kube-proxy mode, EKS). */
  clusterFacts: Fact[];
  missing: string[];
  /** Whether a non-node object concerns Windows for sure (pinned to Windows), or only if the cluster has Windows nodes. */
  windows: 'yes' | 'if-cluster-has-windows';
  pod?: PodUsage;
  kubeProxy?: KubeProxyUsage;
  service?: { selector: Record<string, string> };
  networkPolicy?: { selector: Record<string, string>; selectsAll: boolean };
  /** Advertised and computed capacity checks of a Node. */
  advertised?: { ipv4Addresses?: { value: number; path: string }; pods?: { value: number; path: string } };
  /** Checks a reader can make on its own: settings that are present but wrong, with the sources of the fact they break. */
  settingProblems: SettingProblem[];
}

export interface SettingProblem {
  message: string;
  path: string;
  /** The setting or record concerned (a ConfigMap key, a limitation slug). */
  subject?: string;
  remediation?: string;
  sources: Citation[];
}

export type ReadResult = { readings: Reading[] } | { ignored: string };

const ignore = (reason: string): ReadResult => ({ ignored: reason });

function refOf(obj: Json): ObjectRef {
  const ref: ObjectRef = { kind: text(obj.kind) ?? '(no kind)', name: text(at(obj, 'metadata.name')) ?? '(no name)' };
  const apiVersion = text(obj.apiVersion);
  if (apiVersion) ref.apiVersion = apiVersion;
  const namespace = text(at(obj, 'metadata.namespace'));
  if (namespace) ref.namespace = namespace;
  return ref;
}

function reading(obj: Json, role: Role, windows: Reading['windows']): Reading {
  return { ref: refOf(obj), role, partPath: '', facts: [], clusterFacts: [], missing: [], windows, settingProblems: [] };
}

// ---------------------------------------------------------------- Windows releases

const CHANNEL_PREFERENCE = { LTSC: 0, AC: 1, SAC: 2 } as const;

/** The release with this OS build: LTSC before AC before SAC where they share one (2019 and 1809). */
export function releaseByBuild(k: Knowledge, build: number): ReleaseFact | undefined {
  let best: ReleaseFact | undefined;
  for (const r of k.releases.values()) {
    if (r.build !== build) continue;
    if (!best || CHANNEL_PREFERENCE[r.channel] < CHANNEL_PREFERENCE[best.channel]) best = r;
  }
  return best;
}

/** "10.0.17763.1432" or "10.0.17763" -> build and revision. */
export function parseWindowsKernel(version: string): { build: number; revision?: number } | undefined {
  const m = /^10\.0\.(\d{5})(?:\.(\d{1,5}))?/.exec(version.trim());
  if (!m) return undefined;
  return m[2] === undefined ? { build: Number(m[1]) } : { build: Number(m[1]), revision: Number(m[2]) };
}

/** "v1.29.3-eks-adc7111" -> "1.29". */
export function kubernetesMinorOf(version: string): string | undefined {
  const m = /^v?(1)\.(\d{1,2})(?:\.|$|-|\+)/.exec(version.trim());
  return m ? `${m[1]}.${Number(m[2])}` : undefined;
}

// ---------------------------------------------------------------- Node

const EKS_LABELS = [
  'eks.amazonaws.com/nodegroup',
  'eks.amazonaws.com/compute-type',
  'eks.amazonaws.com/nodegroup-image',
  'alpha.eksctl.io/nodegroup-name',
  'alpha.eksctl.io/cluster-name',
];
const AKS_LABELS = ['kubernetes.azure.com/cluster', 'kubernetes.azure.com/agentpool'];

function readNode(k: Knowledge, obj: Json): ReadResult {
  const labels = stringMap(at(obj, 'metadata.labels'));
  const info = record(at(obj, 'status.nodeInfo')) ?? {};
  const os = labels['kubernetes.io/os'] ?? labels['beta.kubernetes.io/os'] ?? text(info.operatingSystem);
  const osImage = text(info.osImage);
  const isWindows = os?.toLowerCase() === 'windows' || /^windows/i.test(osImage ?? '');
  if (!isWindows) return ignore(os ? `a ${os} node` : 'a node that is not Windows (no kubernetes.io/os label, no Windows osImage)');
  const r = reading(obj, 'node', 'yes');

  // Windows release and revision: kernelVersion, then the windows-build label, then the OS image name.
  const kernel = text(info.kernelVersion);
  const buildLabel = labels['node.kubernetes.io/windows-build'];
  const fromKernel = kernel ? parseWindowsKernel(kernel) : undefined;
  const fromLabel = buildLabel ? parseWindowsKernel(buildLabel) : undefined;
  const build = fromKernel ?? fromLabel;
  const buildPath = fromKernel ? 'status.nodeInfo.kernelVersion' : key('metadata.labels', 'node.kubernetes.io/windows-build');
  if (build) {
    const release = releaseByBuild(k, build.build);
    if (release) r.facts.push({ field: 'windowsVersion', value: release.slug, path: buildPath });
    else r.missing.push(`Windows build ${build.build} (${buildPath}) is not a Windows Server release the knowledge base knows`);
    if (build.revision !== undefined) r.facts.push({ field: 'windowsBuildRevision', value: build.revision, path: 'status.nodeInfo.kernelVersion' });
    else r.missing.push('status.nodeInfo.kernelVersion (the update revision, e.g. 10.0.17763.1432)');
  } else {
    const byName = osImage ? [...k.releases.values()].find((rel) => osImage.toLowerCase().startsWith(rel.name.toLowerCase())) : undefined;
    if (byName) r.facts.push({ field: 'windowsVersion', value: byName.slug, path: 'status.nodeInfo.osImage' });
    r.missing.push('status.nodeInfo.kernelVersion and the node.kubernetes.io/windows-build label (the Windows build)');
  }

  const kubelet = text(info.kubeletVersion);
  const minor = kubelet ? kubernetesMinorOf(kubelet) : undefined;
  if (minor) r.facts.push({ field: 'kubernetesVersion', value: minor, path: 'status.nodeInfo.kubeletVersion' });
  else r.missing.push('status.nodeInfo.kubeletVersion (the Kubernetes version)');

  const instance = labels['node.kubernetes.io/instance-type'] ?? labels['beta.kubernetes.io/instance-type'];
  const instancePath = key(
    'metadata.labels',
    labels['node.kubernetes.io/instance-type'] ? 'node.kubernetes.io/instance-type' : 'beta.kubernetes.io/instance-type',
  );
  const eks = EKS_LABELS.find((l) => labels[l] !== undefined);
  const aks = AKS_LABELS.find((l) => labels[l] !== undefined);
  if (eks) r.facts.push({ field: 'environment', value: 'eks', path: key('metadata.labels', eks) });
  else if (aks) r.facts.push({ field: 'environment', value: 'aks', path: key('metadata.labels', aks) });
  if (instance && eks) r.facts.push({ field: 'instanceType', value: instance, path: instancePath });

  const capacity = stringMap(at(obj, 'status.capacity'));
  const allocatable = stringMap(at(obj, 'status.allocatable'));
  const number = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);
  const ipv4Name = 'vpc.amazonaws.com/PrivateIPv4Address';
  const ipv4 = number(capacity[ipv4Name]) ?? number(allocatable[ipv4Name]);
  const pods = number(capacity.pods) ?? number(allocatable.pods);
  r.advertised = {};
  if (ipv4 !== undefined)
    r.advertised.ipv4Addresses = { value: ipv4, path: key(capacity[ipv4Name] !== undefined ? 'status.capacity' : 'status.allocatable', ipv4Name) };
  if (pods !== undefined) {
    r.advertised.pods = { value: pods, path: capacity.pods !== undefined ? 'status.capacity.pods' : 'status.allocatable.pods' };
    if (instance && eks && pods >= 1) r.facts.push({ field: 'kubeletMaxPods', value: pods, path: r.advertised.pods.path });
  }
  if (eks && !instance) r.missing.push('the node.kubernetes.io/instance-type label (the EC2 instance type)');
  if (eks && ipv4 === undefined) r.missing.push(`status.capacity["${ipv4Name}"] (the addresses the VPC resource controller advertises)`);
  return { readings: [r] };
}

// ---------------------------------------------------------------- Service

/** What a Service says: its type, and the fields and annotations that switch a feature on, as the knowledge base names them. */
function readService(known: KnownFacts, obj: Json): ReadResult {
  const r = reading(obj, 'service', 'if-cluster-has-windows');
  const spec = record(obj.spec) ?? {};
  const type = text(spec.type);
  // Kubernetes gives a Service without spec.type the type ClusterIP.
  const slug = known.serviceType(type ?? 'ClusterIP');
  if (slug) r.facts.push({ field: 'serviceTypes', value: slug, path: type === undefined ? 'spec' : 'spec.type' });
  else if (type !== undefined) r.missing.push(`spec.type "${type}" is not a Service type`);
  for (const s of known.serviceFields) if (text(at(obj, s.key)) === s.value) r.facts.push({ field: 'features', value: s.feature, path: s.key });
  const policy = text(spec.ipFamilyPolicy);
  const families = list(spec.ipFamilies).map(text);
  if (policy === 'PreferDualStack' || policy === 'RequireDualStack') r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilyPolicy' });
  else if (families.length > 1) r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilies' });
  else if (families[0] === 'IPv6') r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilies[0]' });
  const annotations = stringMap(at(obj, 'metadata.annotations'));
  for (const [name, value] of Object.entries(annotations))
    for (const s of known.serviceAnnotations)
      if ((name === s.key || name.endsWith(`/${s.key}`)) && (s.value === 'true' ? isTrue(value) : value === s.value))
        r.facts.push({ field: 'features', value: s.feature, path: key('metadata.annotations', name) });
  r.service = { selector: stringMap(spec.selector) };
  return { readings: [r] };
}

// ---------------------------------------------------------------- kube-proxy

/** Flags in command lines, including ones inside scripts ("--args \"--enable-dsr=true ...\""). */
const FLAG = /(?:^|[\s"'])--([a-z][a-z0-9-]*)(?:[= ]+(?!--)([^\s"']+))?/g;
const KUBE_PROXY_FLAGS = new Set([
  'enable-dsr',
  'feature-gates',
  'source-vip',
  'network-name',
  'proxy-mode',
  'config',
  'hostname-override',
  'cluster-cidr',
  'v',
  'kubeconfig',
]);

function parseFlags(line: string, path: string, into: KubeProxyUsage): void {
  for (const m of line.matchAll(FLAG)) {
    const name = m[1]!;
    if (!KUBE_PROXY_FLAGS.has(name)) continue;
    const value = m[2] ?? 'true';
    into.flags.set(name, { value, path });
    if (name === 'feature-gates') {
      for (const gate of value.split(',')) {
        const [g, v] = gate.split('=');
        if (g) into.featureGates.set(g.trim(), { value: isTrue(v ?? 'true'), path });
      }
    }
  }
}

/** A KubeProxyConfiguration (standalone or from a ConfigMap), as flags. */
function configAsFlags(config: Json, path: string, into: KubeProxyUsage): void {
  const mode = text(config.mode);
  if (mode) into.flags.set('proxy-mode', { value: mode, path: `${path}.mode` });
  const win = record(config.winkernel) ?? {};
  if (win.enableDSR !== undefined) into.flags.set('enable-dsr', { value: String(isTrue(win.enableDSR)), path: `${path}.winkernel.enableDSR` });
  if (text(win.sourceVip)) into.flags.set('source-vip', { value: text(win.sourceVip)!, path: `${path}.winkernel.sourceVip` });
  if (text(win.networkName)) into.flags.set('network-name', { value: text(win.networkName)!, path: `${path}.winkernel.networkName` });
  for (const [gate, value] of Object.entries(record(config.featureGates) ?? {}))
    into.featureGates.set(gate, { value: isTrue(value), path: key(`${path}.featureGates`, gate) });
}

function isWindowsProxy(known: KnownFacts, usage: KubeProxyUsage): boolean {
  const mode = usage.flags.get('proxy-mode')?.value;
  return (
    (mode !== undefined && mode === known.proxyMode?.value) ||
    usage.flags.has('source-vip') ||
    usage.flags.has('network-name') ||
    usage.flags.has('enable-dsr') ||
    usage.featureGates.has('WinDSR') ||
    usage.featureGates.has('WinOverlay')
  );
}

/**
 * Facts a Windows kube-proxy's settings give, as the knowledge base says: a flag that switches a
 * feature on (--enable-dsr: DSR), a gate that switches a mode on (WinOverlay: overlay).
 */
function kubeProxyFacts(known: KnownFacts, r: Reading, usage: KubeProxyUsage): void {
  for (const [name, { value, path }] of usage.flags) {
    const feature = known.flagFeature(name, isTrue(value) ? 'true' : value);
    if (feature) r.facts.push({ field: 'features', value: feature.feature, path });
  }
  for (const [gate, { value, path }] of usage.featureGates) {
    const mode = value ? known.gateMode(gate) : undefined;
    if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path });
  }
  const mode = usage.flags.get('proxy-mode');
  const windowsMode = known.proxyMode;
  if (mode && windowsMode && mode.value !== windowsMode.value)
    r.settingProblems.push({
      subject: windowsMode.limitation,
      message: `kube-proxy runs in mode "${mode.value}"; on Windows the only mode is ${windowsMode.value}`,
      path: mode.path,
      remediation: `Set --proxy-mode=${windowsMode.value} (mode: ${windowsMode.value} in KubeProxyConfiguration).`,
      sources: windowsMode.sources,
    });
}

function looksLikeKubeProxy(obj: Json, containers: { container: Json }[]): boolean {
  const name = text(at(obj, 'metadata.name')) ?? '';
  return /kube-?proxy/i.test(name) || containers.some(({ container }) => /kube-?proxy/i.test(`${text(container.image) ?? ''} ${text(container.name) ?? ''}`));
}

function readKubeProxyWorkload(known: KnownFacts, kind: string, obj: Json, windowsPath: string | undefined): Reading | undefined {
  const pod = podSpecOf(kind, obj);
  if (!pod) return undefined;
  const containers = containersOf(pod.spec, pod.path);
  if (!looksLikeKubeProxy(obj, containers)) return undefined;
  const usage: KubeProxyUsage = { flags: new Map(), featureGates: new Map() };
  for (const { container, path } of containers) {
    for (const field of ['command', 'args'] as const)
      list(container[field]).forEach((arg, i) => text(arg) !== undefined && parseFlags(` ${text(arg)!}`, `${path}.${field}[${i}]`, usage));
  }
  if (!windowsPath && !isWindowsProxy(known, usage)) return undefined;
  const r = reading(obj, 'kube-proxy', 'yes');
  r.kubeProxy = usage;
  kubeProxyFacts(known, r, usage);
  return r;
}

// ---------------------------------------------------------------- ConfigMaps: CNI and kube-proxy

/** Calico's CALICO_NETWORKING_BACKEND (a ConfigMap entry or the Windows node's environment): the plugin, and the mode its backend is. */
function readCalicoBackend(known: KnownFacts, value: string | undefined, path: string, r: Reading, valuePath = path): boolean {
  const calico = known.plugin('calico');
  if (!calico) return false;
  r.clusterFacts.push({ field: 'cniPlugin', value: calico.slug, path });
  const mode = value ? known.backendMode(calico.slug, value) : undefined;
  if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path: valuePath });
  return true;
}

function parseJsonText(s: string): Json | undefined {
  try {
    const v: unknown = JSON.parse(s);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A CNI network configuration (or conflist): each entry whose `type` is a plugin the knowledge
 * base knows gives the cluster's CNI plugin, and its mode where the knowledge base ties one to
 * what the entry says: the plugin it delegates to (flannel -> win-overlay), the backend in its
 * `mode` field (calico's vxlan), or the plugin's only mode (win-bridge). A type the knowledge
 * base does not know (an IPAM plugin, Microsoft's sdnoverlay) says nothing.
 */
function readCniConfig(known: KnownFacts, config: Json, path: string, r: Reading): boolean {
  const plugins = Array.isArray(config.plugins) ? config.plugins.filter(isRecord) : [config];
  let found = false;
  plugins.forEach((entry, i) => {
    const base = Array.isArray(config.plugins) ? `${path}.plugins[${i}]` : path;
    const type = text(entry.type);
    const plugin = type ? known.plugin(type) : undefined;
    if (!plugin) return;
    found = true;
    r.clusterFacts.push({ field: 'cniPlugin', value: plugin.slug, path: `${base}.type` });
    const delegate = text(at(entry, 'delegate.type'));
    const backend = text(entry.mode);
    if (delegate) {
      const mode = known.delegateMode(plugin.slug, delegate) ?? (known.plugin(delegate) ? known.onlyMode(delegate) : undefined);
      if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path: `${base}.delegate.type` });
      else
        r.missing.push(
          `${base}.delegate.type "${delegate}": the knowledge base does not say which network mode it is ` +
            `(not determinable from the input; the backend in flannel's net-conf.json settles it)`,
        );
    } else if (backend && known.backendMode(plugin.slug, backend))
      r.clusterFacts.push({ field: 'networkMode', value: known.backendMode(plugin.slug, backend)!.mode, path: `${base}.mode` });
    else if (!backend && known.onlyMode(plugin.slug) && plugin.modes[0]?.backend === undefined)
      r.clusterFacts.push({ field: 'networkMode', value: known.onlyMode(plugin.slug)!.mode, path: `${base}.type` });
  });
  return found;
}

/** Flannel's net-conf.json: the backend, and what the knowledge base requires of it (VXLAN's VNI and port). */
function readFlannelNetConf(known: KnownFacts, conf: Json, path: string, r: Reading): void {
  const flannel = known.plugin('flannel');
  if (!flannel) return;
  r.clusterFacts.push({ field: 'cniPlugin', value: flannel.slug, path });
  const backend = text(at(conf, 'Backend.Type'));
  const mode = backend ? known.backendMode(flannel.slug, backend) : undefined;
  if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path: `${path}.Backend.Type` });
  else
    r.missing.push(
      backend
        ? `${path}.Backend.Type "${backend}" is not a backend flannel offers on Windows (${known.backends(flannel.slug).join(', ')})`
        : `${path}.Backend.Type`,
    );
  const requirement = mode ? known.vxlan(flannel.slug, mode.mode) : undefined;
  if (!requirement) return;
  const { limitation } = requirement;
  const vni = at(conf, 'Backend.VNI');
  const port = at(conf, 'Backend.Port');
  // The parameter is the VNI flannel takes by default; its Windows code accepts that or higher (the limitation's description).
  if (requirement.vni !== undefined && vni !== undefined && (typeof vni !== 'number' || vni < requirement.vni))
    r.settingProblems.push({
      message: `flannel ${backend} uses VNI ${JSON.stringify(vni)}; Windows nodes need ${requirement.vni} or higher (${requirement.vni} by default)`,
      path: `${path}.Backend.VNI`,
      subject: limitation.slug,
      remediation: `Set "VNI": ${requirement.vni} in net-conf.json.`,
      sources: limitation.sources,
    });
  if (requirement.udpPort !== undefined && port !== undefined && port !== requirement.udpPort)
    r.settingProblems.push({
      message: `flannel ${backend} uses UDP port ${JSON.stringify(port)}; Windows nodes need ${requirement.udpPort}`,
      path: `${path}.Backend.Port`,
      subject: limitation.slug,
      remediation: `Set "Port": ${requirement.udpPort} in net-conf.json.`,
      sources: limitation.sources,
    });
}

/** A ConfigMap that configures an IPAM option (amazon-vpc-cni's): the plugin, its environment, the settings it needs and the IP address mode. */
function readIpamConfigMap(configMap: IpamConfigMap, data: Record<string, string>, r: Reading): void {
  if (configMap.plugin) r.clusterFacts.push({ field: 'cniPlugin', value: configMap.plugin.slug, path: 'metadata.name' });
  if (configMap.environment) r.clusterFacts.push({ field: 'environment', value: configMap.environment.slug, path: 'metadata.name' });
  for (const setting of configMap.required) {
    const value = data[setting.key];
    if (value === undefined) r.missing.push(key('data', setting.key));
    const ok = setting.value === 'true' ? isTrue(value) : value === setting.value;
    if (!ok)
      r.settingProblems.push({
        message:
          `${configMap.ipam.name} needs ${setting.key}: "${setting.value}" (it is ${value === undefined ? 'absent' : `"${value}"`})` +
          (setting.note ? `: ${setting.note}` : ''),
        path: value === undefined ? 'data' : key('data', setting.key),
        subject: setting.key,
        remediation: `Set ${setting.key}: "${setting.value}" in the ${setting.target ?? r.ref.name} ConfigMap.`,
        sources: setting.sources,
      });
  }
  // The mode a set key picks; without one, the first mode the engine knows (secondary IP, the default).
  const picked = configMap.modes.find((s) => (s.value === 'true' ? isTrue(data[s.key]) : data[s.key] === s.value));
  const absent = configMap.modes.find((s) => data[s.key] === undefined);
  const mode: IpAddressMode = picked?.ipAddressMode ?? 'SECONDARY_IP';
  const path = picked ? key('data', picked.key) : absent || configMap.modes.length === 0 ? 'data' : key('data', configMap.modes[0]!.key);
  r.clusterFacts.push({ field: 'ipAddressMode', value: mode, path });
}

function readConfigMap(known: KnownFacts, obj: Json): ReadResult {
  const name = text(at(obj, 'metadata.name')) ?? '';
  const data = stringMap(obj.data);
  const r = reading(obj, 'cni', 'if-cluster-has-windows');

  const ipamConfigMap = known.ipamConfigMap(name);
  if (ipamConfigMap) {
    readIpamConfigMap(ipamConfigMap, data, r);
    r.windows = 'yes';
    return { readings: [r] };
  }
  let found = false;
  const netConf = data['net-conf.json'];
  if (netConf !== undefined) {
    const conf = parseJsonText(netConf);
    const path = key('data', 'net-conf.json');
    if (!conf) r.missing.push(`${path} is not valid JSON`);
    else {
      found = true;
      readFlannelNetConf(known, conf, path, r);
    }
  }
  for (const [entry, value] of Object.entries(data)) {
    if (entry === 'net-conf.json') continue;
    const trimmed = value.trim();
    if (trimmed.startsWith('{')) {
      // Install manifests ship CNI configs as templates their installer fills in: a bare
      // placeholder such as "mtu": __CNI_MTU__ (Calico) is not JSON, so it is read as a number.
      const conf = parseJsonText(trimmed) ?? parseJsonText(trimmed.replace(/(?<!")\b__[A-Z0-9_]+__\b(?!")/g, '0'));
      if (conf && (conf.type !== undefined || conf.plugins !== undefined) && readCniConfig(known, conf, key('data', entry), r)) found = true;
    }
    if ((entry === 'CALICO_NETWORKING_BACKEND' || entry === 'calico_backend') && readCalicoBackend(known, value, key('data', entry), r)) found = true;
  }
  // A KubeProxyConfiguration inside the ConfigMap (kubeadm's kube-proxy ConfigMap, config.conf).
  const proxyUsage: KubeProxyUsage = { flags: new Map(), featureGates: new Map() };
  for (const [entry, value] of Object.entries(data)) {
    if (value.includes('KubeProxyConfiguration')) {
      try {
        const config: unknown = parseYaml(value);
        if (isRecord(config) && config.kind === 'KubeProxyConfiguration') configAsFlags(config, key('data', entry), proxyUsage);
      } catch {
        r.missing.push(`${key('data', entry)} is not valid YAML`);
      }
    } else if (/kube-proxy/i.test(name) && /--(enable-dsr|feature-gates|source-vip|network-name)/.test(value))
      parseFlags(` ${value}`, key('data', entry), proxyUsage);
  }
  if (proxyUsage.flags.size > 0 || proxyUsage.featureGates.size > 0) {
    if (!isWindowsProxy(known, proxyUsage))
      return ignore('a kube-proxy configuration without Windows settings (no kernelspace mode, winkernel section or Windows gates)');
    r.role = 'kube-proxy';
    r.windows = 'yes';
    r.kubeProxy = proxyUsage;
    kubeProxyFacts(known, r, proxyUsage);
    return { readings: [r] };
  }
  if (!found) return ignore('a ConfigMap without CNI or kube-proxy settings');
  return { readings: [r] };
}

function readKubeProxyConfiguration(known: KnownFacts, obj: Json): ReadResult {
  const usage: KubeProxyUsage = { flags: new Map(), featureGates: new Map() };
  configAsFlags(obj, '', usage);
  // configAsFlags writes paths relative to the object; drop the leading dot.
  for (const m of [usage.flags, usage.featureGates] as Map<string, { path: string }>[]) for (const v of m.values()) v.path = v.path.replace(/^\./, '');
  if (!isWindowsProxy(known, usage)) return ignore('a KubeProxyConfiguration without Windows settings');
  const r = reading(obj, 'kube-proxy', 'yes');
  r.kubeProxy = usage;
  kubeProxyFacts(known, r, usage);
  return { readings: [r] };
}

// ---------------------------------------------------------------- Workloads

const IPV6 = /^[0-9a-f]*:[0-9a-f:.]*$/i;

function readWorkload(known: KnownFacts, kind: string, obj: Json): ReadResult {
  const pod = podSpecOf(kind, obj);
  if (!pod) return ignore(`a ${kind} without a pod template`);
  const windowsPath = windowsScheduling(pod.spec, pod.path);
  const proxy = readKubeProxyWorkload(known, kind, obj, windowsPath);
  if (proxy) return { readings: [proxy] };
  if (!windowsPath) return ignore(`a ${kind} not scheduled on Windows (no kubernetes.io/os: windows selector or affinity)`);
  const r = reading(obj, 'workload', 'yes');
  const usage: PodUsage = { labels: pod.labels, hostPorts: [], ipv6: [] };
  const hostProcess = (spec: Json) => isTrue(at(spec, 'securityContext.windowsOptions.hostProcess'));
  const containers = containersOf(pod.spec, pod.path);
  if (pod.spec.hostNetwork === true) {
    const allHostProcess = hostProcess(pod.spec) || (containers.length > 0 && containers.every(({ container }) => hostProcess(container)));
    usage.hostNetwork = { path: `${pod.path}.hostNetwork`, hostProcess: allHostProcess };
  }
  for (const { container, path } of containers) {
    list(container.ports).forEach((port, i) => {
      if (!isRecord(port)) return;
      if (port.hostPort !== undefined) usage.hostPorts.push(`${path}.ports[${i}].hostPort`);
      const hostIP = text(port.hostIP);
      if (hostIP && IPV6.test(hostIP)) usage.ipv6.push(`${path}.ports[${i}].hostIP`);
    });
    // Calico's Windows node DaemonSet says its backend in the environment.
    list(container.env).forEach((env, i) => {
      if (!isRecord(env) || text(env.name) !== 'CALICO_NETWORKING_BACKEND') return;
      readCalicoBackend(known, text(env.value), `${path}.env[${i}]`, r, `${path}.env[${i}].value`);
    });
  }
  for (const [i, option] of list(at(pod.spec, 'dnsConfig.nameservers')).entries())
    if (IPV6.test(text(option) ?? '')) usage.ipv6.push(`${pod.path}.dnsConfig.nameservers[${i}]`);
  if (usage.ipv6.length > 0) r.facts.push({ field: 'features', value: 'dual-stack', path: usage.ipv6[0]! });
  r.pod = usage;
  return { readings: [r] };
}

// ---------------------------------------------------------------- NetworkPolicy

function readNetworkPolicy(obj: Json): ReadResult {
  const r = reading(obj, 'network-policy', 'if-cluster-has-windows');
  const selector = stringMap(at(obj, 'spec.podSelector.matchLabels'));
  const expressions = list(at(obj, 'spec.podSelector.matchExpressions'));
  r.networkPolicy = { selector, selectsAll: Object.keys(selector).length === 0 && expressions.length === 0 };
  if (expressions.length > 0) r.missing.push('spec.podSelector.matchExpressions (not evaluated: only matchLabels are matched against workloads)');
  r.facts.push({ field: 'networkPolicy', value: true, path: 'spec.podSelector' });
  return { readings: [r] };
}

// ---------------------------------------------------------------- eksctl ClusterConfig

/** eksctl's default instance type for a node group that names none. */
export const EKSCTL_DEFAULT_INSTANCE_TYPE = 'm5.large';

export function releaseOfAmiFamily(k: Knowledge, amiFamily: string): string | undefined {
  const m = /^WindowsServer(\d{4}|\d{2}H\d)(?:Full|Core)Container$/i.exec(amiFamily);
  if (!m) return undefined;
  const slug = `windows-server-${m[1]!.toLowerCase()}`;
  return k.releases.has(slug) ? slug : undefined;
}

function readClusterConfig(k: Knowledge, obj: Json): ReadResult {
  const readings: Reading[] = [];
  const version = text(at(obj, 'metadata.version'));
  for (const field of ['nodeGroups', 'managedNodeGroups'] as const) {
    list(obj[field]).forEach((group, i) => {
      if (!isRecord(group)) return;
      const path = `${field}[${i}]`;
      const amiFamily = text(group.amiFamily);
      if (!amiFamily || !/^Windows/i.test(amiFamily)) return;
      const r = reading(obj, 'node-group', 'yes');
      r.ref.part = `${field}/${text(group.name) ?? i}`;
      r.partPath = path;
      const release = releaseOfAmiFamily(k, amiFamily);
      if (release) r.facts.push({ field: 'windowsVersion', value: release, path: `${path}.amiFamily` });
      else r.missing.push(`${path}.amiFamily "${amiFamily}" names no Windows Server release the knowledge base knows`);
      r.facts.push({ field: 'environment', value: 'eks', path: 'apiVersion' }, { field: 'cniPlugin', value: 'amazon-vpc-cni', path: 'apiVersion' });
      const minor = version ? kubernetesMinorOf(version) : undefined;
      if (minor) r.facts.push({ field: 'kubernetesVersion', value: minor, path: 'metadata.version' });
      else r.missing.push('metadata.version (the Kubernetes version; eksctl picks its default)');
      const instanceType = text(group.instanceType) ?? text(list(group.instanceTypes)[0]);
      if (instanceType)
        r.facts.push({
          field: 'instanceType',
          value: instanceType,
          path: group.instanceType !== undefined ? `${path}.instanceType` : `${path}.instanceTypes[0]`,
        });
      else {
        r.facts.push({ field: 'instanceType', value: EKSCTL_DEFAULT_INSTANCE_TYPE, path });
        r.missing.push(`${path}.instanceType (eksctl's default ${EKSCTL_DEFAULT_INSTANCE_TYPE} assumed)`);
      }
      const maxPods = group.maxPodsPerNode ?? at(group, 'kubeletExtraConfig.maxPods');
      if (typeof maxPods === 'number' && Number.isInteger(maxPods) && maxPods >= 1)
        r.facts.push({
          field: 'kubeletMaxPods',
          value: maxPods,
          path: group.maxPodsPerNode !== undefined ? `${path}.maxPodsPerNode` : `${path}.kubeletExtraConfig.maxPods`,
        });
      readings.push(r);
    });
  }
  if (readings.length === 0) return ignore('an eksctl ClusterConfig without Windows node groups');
  return { readings };
}

// ---------------------------------------------------------------- dispatch

/** Reads one object; `ignored` says why an object is not about Windows networking. */
export function readObject(k: Knowledge, obj: Json): ReadResult {
  const kind = text(obj.kind);
  if (!kind) return ignore('no kind');
  switch (kind) {
    case 'Node':
      return readNode(k, obj);
    case 'Service':
      return readService(knownFacts(k), obj);
    case 'ConfigMap':
      return readConfigMap(knownFacts(k), obj);
    case 'KubeProxyConfiguration':
      return readKubeProxyConfiguration(knownFacts(k), obj);
    case 'NetworkPolicy':
      return readNetworkPolicy(obj);
    case 'ClusterConfig':
      return text(obj.apiVersion)?.startsWith('eksctl.io/') ? readClusterConfig(k, obj) : ignore("a ClusterConfig that is not eksctl's");
    default:
      if (podSpecOf(kind, obj) !== undefined || ['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'CronJob'].includes(kind))
        return readWorkload(knownFacts(k), kind, obj);
      return ignore(`kind ${kind} is not read`);
  }
}
