/** ConfigMaps: CNI network configurations, flannel's net-conf.json, Calico's backend, an IPAM option's settings, a kube-proxy configuration. */
import { parse as parseYaml } from 'yaml';
import type { IpAddressMode } from '../../capacity.js';
import type { Knowledge } from '../../knowledge.js';
import type { IpamConfigMap, KnownFacts } from '../known-facts.js';
import { readSignal, signalIndex, valuesAt } from '../signals.js';
import { at, isRecord, isTrue, key, stringMap, text, type Json } from '../kube.js';
import {
  configAsFlags,
  isWindowsProxy,
  kubeProxyFacts,
  parseConfigTextWrites,
  parseFlags,
  parseYqWrites,
  readNetworkName,
  writesConfigText,
} from './kube-proxy.js';
import { ignore, reading, type KubeProxyUsage, type Reading, type ReadResult } from './types.js';

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
function readCniConfig(k: Knowledge, known: KnownFacts, config: Json, path: string, r: Reading): boolean {
  const plugins = Array.isArray(config.plugins) ? config.plugins.filter(isRecord) : [config];
  let found = false;
  const under = (field: string) => (path ? `${path}.${field}` : field);
  plugins.forEach((entry, i) => {
    const base = Array.isArray(config.plugins) ? under(`plugins[${i}]`) : path;
    const at_ = (field: string) => (base ? `${base}.${field}` : field);
    const type = text(entry.type);
    const plugin = type ? known.plugin(type) : undefined;
    if (!plugin) {
      // A type the seeds name as a plugin's (manifest-signals.yaml CNI_TYPE: Antrea's), even one the knowledge base holds no record of.
      for (const signal of (type && signalIndex(k).cniType.get(type)) || []) {
        readSignal(k, known, signal, undefined, { path: at_('type') }, r);
        found = true;
      }
      return;
    }
    found = true;
    r.clusterFacts.push({ field: 'cniPlugin', value: plugin.slug, path: at_('type') });
    const delegate = text(at(entry, 'delegate.type'));
    const backend = text(entry.mode);
    if (delegate) {
      const mode = known.delegateMode(plugin.slug, delegate) ?? (known.plugin(delegate) ? known.onlyMode(delegate) : undefined);
      if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path: at_('delegate.type') });
      else
        r.missing.push(
          `${at_('delegate.type')} "${delegate}": the knowledge base does not say which network mode it is ` +
            `(not determinable from the input; the backend in flannel's net-conf.json settles it)`,
        );
    } else if (backend && known.backendMode(plugin.slug, backend))
      r.clusterFacts.push({ field: 'networkMode', value: known.backendMode(plugin.slug, backend)!.mode, path: at_('mode') });
    else if (!backend && known.onlyMode(plugin.slug) && plugin.modes[0]?.backend === undefined)
      r.clusterFacts.push({ field: 'networkMode', value: known.onlyMode(plugin.slug)!.mode, path: at_('type') });
  });
  return found;
}

/** Flannel's net-conf.json: the backend, and what the knowledge base requires of it (VXLAN's VNI and port). */
function readFlannelNetConf(known: KnownFacts, conf: Json, path: string, r: Reading): void {
  // A path inside the JSON: under the ConfigMap key, or at the top of a net-conf.json file of its own.
  const under = (field: string) => (path ? `${path}.${field}` : field);
  // flanneld decodes the file with Go's encoding/json, which matches keys whatever their case
  // ("type": "vxlan" is "Type"): read them so, and point at the key as written.
  const backendKey = keyAnyCase(conf, 'Backend');
  const backendConf: Json = backendKey && isRecord(conf[backendKey]) ? conf[backendKey] : {};
  const field = (name: string) => {
    const found = keyAnyCase(backendConf, name);
    return { value: found ? backendConf[found] : undefined, path: under(`${backendKey ?? 'Backend'}.${found ?? name}`) };
  };
  const flannel = known.plugin('flannel');
  if (!flannel) return;
  r.clusterFacts.push({ field: 'cniPlugin', value: flannel.slug, path });
  const type = field('Type');
  const backend = text(type.value);
  const mode = backend ? known.backendMode(flannel.slug, backend) : undefined;
  if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path: type.path });
  else
    r.missing.push(backend ? `${type.path} "${backend}" is not a backend flannel offers on Windows (${known.backends(flannel.slug).join(', ')})` : type.path);
  const requirement = mode ? known.vxlan(flannel.slug, mode.mode) : undefined;
  if (!requirement) return;
  const { limitation } = requirement;
  const vniField = field('VNI');
  const vni = vniField.value;
  const portField = field('Port');
  const port = portField.value;
  // The parameter is the VNI flannel takes by default; its Windows code accepts that or higher (the limitation's description).
  if (requirement.vni !== undefined && vni !== undefined && (typeof vni !== 'number' || vni < requirement.vni))
    r.settingProblems.push({
      message: `flannel ${backend} uses VNI ${JSON.stringify(vni)}; Windows nodes need ${requirement.vni} or higher (${requirement.vni} by default)`,
      path: vniField.path,
      subject: limitation.slug,
      remediation: `Set "VNI": ${requirement.vni} in net-conf.json.`,
      sources: limitation.sources,
    });
  // Left unset, each node takes its own OS's default: Windows gets what it needs, Linux does not,
  // and the nodes sharing this net-conf.json then disagree on the VXLAN network.
  const linux = requirement.linuxDefaults ?? {};
  const unset = [
    ...(vni === undefined && requirement.vni !== undefined && linux.vni !== undefined && linux.vni !== requirement.vni
      ? [{ name: 'VNI', windows: requirement.vni, linux: linux.vni }]
      : []),
    ...(port === undefined && requirement.udpPort !== undefined && linux.udpPort !== undefined && linux.udpPort !== requirement.udpPort
      ? [{ name: 'Port', windows: requirement.udpPort, linux: linux.udpPort }]
      : []),
  ];
  if (unset.length > 0)
    r.settingProblems.push({
      message:
        `flannel ${backend} leaves ${unset.map((u) => u.name).join(' and ')} unset: flanneld then uses ` +
        `${unset.map((u) => `${u.name} ${u.windows}`).join(' and ')} on Windows nodes but ${unset.map((u) => `${u.name} ${u.linux}`).join(' and ')} ` +
        `on Linux nodes, so the nodes that share this net-conf.json disagree`,
      path: under(backendKey ?? 'Backend'),
      subject: limitation.slug,
      remediation: `Set ${unset.map((u) => `"${u.name}": ${u.windows}`).join(', ')} in net-conf.json.`,
      sources: limitation.sources,
    });
  if (requirement.udpPort !== undefined && port !== undefined && port !== requirement.udpPort)
    r.settingProblems.push({
      message: `flannel ${backend} uses UDP port ${JSON.stringify(port)}; Windows nodes need ${requirement.udpPort}`,
      path: portField.path,
      subject: limitation.slug,
      remediation: `Set "Port": ${requirement.udpPort} in net-conf.json.`,
      sources: limitation.sources,
    });
}

/**
 * A net-conf.json file on its own (no kind: flannel's configuration, `Network` and `Backend` at its
 * top, as flannel's configuration documentation gives it and as a repository keeps it beside its
 * ConfigMap): read as the ConfigMap's net-conf.json key is (trial scan40, files 05 and 06).
 */
export function readFlannelNetConfFile(known: KnownFacts, obj: Json): ReadResult | undefined {
  const network = keyAnyCase(obj, 'Network');
  const backend = keyAnyCase(obj, 'Backend');
  if (!network || !backend || !isRecord(obj[backend]) || !keyAnyCase(obj[backend], 'Type')) return undefined;
  const r = reading(obj, 'cni', 'if-cluster-has-windows');
  r.ref = { kind: 'net-conf.json', name: "flannel's network configuration" };
  readFlannelNetConf(known, obj, '', r);
  r.netConfOf = 'flannel';
  return { readings: [r] };
}

/**
 * A CNI network configuration file on its own (no kind: `cniVersion`, or a name and a type the
 * knowledge base knows, with a `type` or a `plugins` list, as a node's /etc/cni/net.d or C:\\k\\cni\\config holds it and a repository keeps it): read
 * as a ConfigMap's CNI configuration is. A type the knowledge base does not know is named, and the
 * plugin and mode stay open (trial scan44, file 04: a wincni.exe configuration).
 */
export function readCniConfigFile(k: Knowledge, known: KnownFacts, obj: Json): ReadResult | undefined {
  if (typeof obj.type !== 'string' && !Array.isArray(obj.plugins)) return undefined;
  // Without cniVersion (the plugins' own samples omit it), only a type the knowledge base knows says it is one (trial scan49, 05 and 06).
  const types = (Array.isArray(obj.plugins) ? obj.plugins.filter(isRecord) : [obj]).map((e) => text(e.type)).filter((t) => t !== undefined);
  if (typeof obj.cniVersion !== 'string' && (typeof obj.name !== 'string' || !types.some((t) => known.plugin(t)))) return undefined;
  const r = reading(obj, 'cni', 'if-cluster-has-windows');
  r.ref = { kind: 'CNI network configuration', name: text(obj.name) ?? '(no name)' };
  if (!readCniConfig(k, known, obj, '', r)) {
    r.missing.push(
      `type ${types.map((t) => `"${t}"`).join(', ') || '(none)'}: not a CNI plugin the knowledge base knows, so the plugin and its network mode are not read from this configuration`,
    );
    r.unknown.push({
      fact: 'the CNI plugin and network mode of this configuration',
      settledBy: "a CNI plugin type the knowledge base knows, or the cluster's CNI installation",
      path: Array.isArray(obj.plugins) ? 'plugins' : 'type',
      field: 'cniPlugin',
    });
  }
  return { readings: [r] };
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
  // The mode a set key picks; without one, the first mode the engine knows (secondary IP, the default:
  // ipam-options.yaml, the prefix-delegation key "moves Windows nodes from secondary-IP mode").
  const picked = configMap.modes.find((s) => (s.value === 'true' ? isTrue(data[s.key]) : data[s.key] === s.value));
  const absent = configMap.modes.find((s) => data[s.key] === undefined);
  // Windows IPAM switched off: no Windows pod gets an address from it. The mode is stated only where
  // a mode key is written out (enable-windows-prefix-delegation: "false" is secondary-IP mode, trial
  // scan35 17-F3), and no pod count follows from it.
  if (r.settingProblems.length > 0) {
    if (picked || (configMap.modes.length > 0 && !absent))
      r.clusterFacts.push({ field: 'ipAddressMode', value: picked?.ipAddressMode ?? 'SECONDARY_IP', path: key('data', (picked ?? configMap.modes[0]!).key) });
    return;
  }
  const mode: IpAddressMode = picked?.ipAddressMode ?? 'SECONDARY_IP';
  const path = picked ? key('data', picked.key) : absent || configMap.modes.length === 0 ? 'data' : key('data', configMap.modes[0]!.key);
  r.clusterFacts.push({ field: 'ipAddressMode', value: mode, path });
  // How many pods that gives a node is the instance type's: unknown unless the cluster's node group or Node says it.
  r.unknown.push({
    fact: `the pods per Windows node, which the instance type's IPv4 addresses per network interface decide in ${mode === 'PREFIX_DELEGATION' ? 'prefix-delegation' : 'secondary-IP'} mode`,
    settledBy: 'the instance type of the Windows nodes (an eksctl node group or the Nodes, scanned with this ConfigMap)',
    path,
    settles: { kind: 'instance-type' },
  });
}

export function readConfigMap(k: Knowledge, known: KnownFacts, obj: Json): ReadResult {
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
      r.netConfOf = 'flannel';
    }
  }
  let backendStated = false;
  for (const [entry, value] of Object.entries(data)) {
    if (entry === 'net-conf.json') continue;
    const trimmed = value.trim();
    if (trimmed.startsWith('{')) {
      // Install manifests ship CNI configs as templates their installer fills in: a bare
      // placeholder such as "mtu": __CNI_MTU__ (Calico) is not JSON, so it is read as a number.
      const conf = parseJsonText(trimmed) ?? parseJsonText(trimmed.replace(/(?<!")\b__[A-Z0-9_]+__\b(?!")/g, '0'));
      if (conf && (conf.type !== undefined || conf.plugins !== undefined) && readCniConfig(k, known, conf, key('data', entry), r)) {
        found = true;
        // The network the config creates ("name": "flannel.4096"): the VNI it implies, checked.
        if (text(conf.name)) readNetworkName(known, text(conf.name)!, `${key('data', entry)}.name`, r, false);
      }
    }
    // A key the seeds name (manifest-signals.yaml CONFIG_MAP_KEY: Calico's CALICO_NETWORKING_BACKEND).
    for (const signal of signalIndex(k).configMapKey.get(entry) ?? []) {
      const before = r.clusterFacts.length;
      // A place inside the JSON document the key holds (Azure CNS's cns_config.json CNIConflistScenario).
      const field = signal.where.find((w) => w.kind === 'CONFIG_MAP_KEY' && w.name === entry)?.field;
      if (field) {
        const doc = parseJsonText(value.trim());
        const values = doc ? valuesAt(doc, field) : [];
        for (const v of values) readSignal(k, known, signal, v.value.trim(), { path: `${key('data', entry)}.${v.path}` }, r);
        if (values.length === 0)
          r.missing.push(`${key('data', entry)}.${field}${doc ? '' : ` (${key('data', entry)} is not valid JSON)`}: where ${signal.slug} is stated`);
        found = true;
        continue;
      }
      readSignal(k, known, signal, value.trim(), { path: key('data', entry) }, r);
      if (signal.reads === 'plugin-backend' && r.clusterFacts.slice(before).some((f) => f.field === 'networkMode')) backendStated = true;
      found = true;
    }
  }
  // A CNI config of a plugin whose backend is chosen in its net-conf.json (flannel), without that
  // file: the backend (and VXLAN's VNI and port) are in another ConfigMap, not determinable from
  // this one; settle.ts drops them when the cluster's input holds that net-conf.json.
  if (netConf === undefined) {
    const plugin = r.clusterFacts.find((f) => f.field === 'cniPlugin')?.value;
    const mode = r.clusterFacts.find((f) => f.field === 'networkMode')?.value;
    // Only where the configuration names no backend itself (flannel's delegates; Calico's says `mode`).
    backendStated ||= r.clusterFacts.some((f) => f.field === 'networkMode' && /\.mode$/.test(f.path));
    if (typeof plugin === 'string' && known.backends(plugin).length > 0 && !backendStated) {
      const settles = { kind: 'net-conf', plugin } as const;
      const backend = typeof mode === 'string' ? known.backendOf(plugin, mode) : undefined;
      const requirement = typeof mode === 'string' ? known.vxlan(plugin, mode) : undefined;
      // Where this plugin states its backend: the places the seeds name (Calico's CALICO_NETWORKING_BACKEND), else flannel's net-conf.json.
      const places = backendPlaces(k, plugin);
      r.unknown.push({
        fact: requirement
          ? `${plugin}'s VXLAN VNI and UDP port (${requirement.limitation.slug})`
          : places
            ? `${plugin}'s backend (${places})${backend ? `: the ${mode} mode this configuration uses needs ${backend}` : ''}`
            : `${plugin}'s backend (Backend.Type in net-conf.json)${backend ? `: the ${mode} mode this configuration uses needs ${backend}` : ''}`,
        settledBy: places
          ? `${places}, which the input does not show`
          : `the Backend of ${plugin}'s net-conf.json, kept in another ConfigMap (the one ${plugin}'s DaemonSet mounts)`,
        settles,
      });
    }
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
    } else if (/kube-proxy/i.test(name) && (/--(enable-dsr|feature-gates|source-vip|network-name)|\byq\s+w/.test(value) || writesConfigText(value))) {
      // A start script: the flags it passes, and the configuration fields it writes (which count as set).
      parseFlags(` ${value}`, key('data', entry), proxyUsage);
      parseYqWrites(value, key('data', entry), proxyUsage);
      parseConfigTextWrites(value, key('data', entry), proxyUsage);
    }
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
  // Not "without CNI settings": the scan cannot tell, it only knows none of the keys.
  if (!found)
    return ignore(
      'a ConfigMap not read (unknown): none of its keys is one the scan reads (a CNI configuration, net-conf.json, a key seeds/manifest-signals.yaml names, a kube-proxy configuration)',
    );
  return { readings: [r] };
}

/** The places the seeds say a plugin states its backend in (manifest-signals.yaml plugin-backend), as words; undefined when none. */
function backendPlaces(k: Knowledge, plugin: string): string | undefined {
  const places = k.manifestSignals
    .filter((s) => s.reads === 'plugin-backend' && s.states.cniPlugin === plugin)
    .flatMap((s) =>
      s.where.map(
        (w) => `${w.name} (${w.kind === 'ENV_VAR' ? "the Windows node agent's environment" : w.kind === 'CONFIG_MAP_KEY' ? 'a ConfigMap key' : w.kind})`,
      ),
    );
  return places.length > 0 ? [...new Set(places)].join(' or ') : undefined;
}

/** The key of an object that matches a name whatever its case (Go's encoding/json decoding), if any. */
function keyAnyCase(obj: Json, name: string): string | undefined {
  if (name in obj) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}
