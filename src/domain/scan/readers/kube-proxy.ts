/** kube-proxy: its flags (command lines, scripts), its KubeProxyConfiguration, and what they switch on. */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { readContainerSignals } from './container-signals.js';
import { at, containersOf, isRecord, isTrue, key, list, podSpecOf, record, text, type Json } from '../kube.js';
import type { KubeProxySetting } from '../known-facts.js';
import {
  configMapId,
  ignore,
  reading,
  settingName,
  type KubeProxyUsage,
  type MountedConfigMap,
  type Reading,
  type ReadResult,
  type Settlers,
} from './types.js';

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

export function parseFlags(line: string, path: string, into: KubeProxyUsage): void {
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

/**
 * KubeProxyConfiguration fields a start script writes with yq (`yq w -i config.conf
 * winkernel.sourceVip $sourceVip`, sig-windows-tools' kube-proxy): set, as flags. A value taken from
 * a script variable counts as set; its literal value is not known.
 */
const YQ_WRITE = /\byq\s+(?:w|write)\s+(?:-i\s+)?\S+\s+([A-Za-z][\w.]*)\s+("[^"]*"|'[^']*'|[^\s"']+)/g;
/** The winkernel fields of a KubeProxyConfiguration a script may write, with the flag each stands for. */
const WINKERNEL_FIELD_FLAGS: Record<string, string> = { sourceVip: 'source-vip', networkName: 'network-name', enableDSR: 'enable-dsr' };
const CONFIG_FIELD_FLAGS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(WINKERNEL_FIELD_FLAGS).map(([field, flag]) => [`winkernel.${field}`, flag])),
  mode: 'proxy-mode',
};

/** A configuration field written as a flag (enable-dsr takes a boolean, the others their value). */
const setFlag = (into: KubeProxyUsage, flag: string, value: string, path: string) =>
  into.flags.set(flag, { value: flag === 'enable-dsr' ? String(isTrue(value)) : value, path });

export function parseYqWrites(script: string, path: string, into: KubeProxyUsage): void {
  for (const m of script.matchAll(YQ_WRITE)) {
    const field = m[1]!;
    const value = m[2]!.replace(/^["']|["']$/g, '');
    const gate = /^featureGates\.(\w+)$/.exec(field)?.[1];
    if (gate) into.featureGates.set(gate, { value: isTrue(value), path });
    else if (CONFIG_FIELD_FLAGS[field]) setFlag(into, CONFIG_FIELD_FLAGS[field], value, path);
  }
}

/**
 * KubeProxyConfiguration fields a start script writes as YAML text into config.conf (a PowerShell
 * script's `$replace = "  sourceVip: " + $sourceVip`, or `"featureGates:`r`n  WinOverlay: true"`;
 * trial scan55, file 17): the field inside a string literal, its value in it or in the literal or
 * variable joined to it. A variable's value counts as set; its literal value is not known.
 */
const TEXT_FIELDS = Object.keys(WINKERNEL_FIELD_FLAGS).join('|');
const TEXT_WRITE = new RegExp(
  `["'][^"'\\n]*?\\b(${TEXT_FIELDS}|Win[A-Za-z]+)\\s*:[ \\t]*([^"'\`\\r\\n]*)[^"'\\n]*["'](?:\\s*\\+\\s*("[^"]*"|'[^']*'|\\$\\w+))?`,
  'g',
);
const TEXT_WRITTEN = new RegExp(`["'][^"'\\n]*?\\b(${TEXT_FIELDS}|WinDSR|WinOverlay)\\s*:`);

/** Whether a script writes one of those fields (or the Windows gates) as text. */
export const writesConfigText = (script: string) => TEXT_WRITTEN.test(script);

export function parseConfigTextWrites(script: string, path: string, into: KubeProxyUsage): void {
  for (const m of script.matchAll(TEXT_WRITE)) {
    const field = m[1]!;
    const value = (m[2]!.trim() || (m[3] ?? '').replace(/^["']|["']$/g, '')).trim();
    if (value === '') continue;
    if (field.startsWith('Win')) into.featureGates.set(field, { value: isTrue(value), path });
    else setFlag(into, WINKERNEL_FIELD_FLAGS[field]!, value, path);
  }
}

/**
 * An HNS network name (KUBE_NETWORK, --network-name, winkernel.networkName, a CNI config's name):
 * what the knowledge base says it is (flannel.4096: flannel's overlay network, VNI 4096), and the
 * VNI checked against what Windows needs. `asFacts` adds the plugin and the mode as the cluster's facts.
 */
export function readNetworkName(known: KnownFacts, name: string, path: string, r: Reading, asFacts: boolean): void {
  const network = known.networkName(name);
  if (!network) return;
  const requirement = known.vxlan(network.plugin, network.mode);
  const detail = `network ${name}: ${network.plugin}'s ${network.mode} network with VNI ${network.vni} (${network.limitation.slug})`;
  // The network kube-proxy attaches to is the cluster's CNI network on every Windows node: cluster facts.
  if (asFacts) r.clusterFacts.push({ field: 'cniPlugin', value: network.plugin, path, detail }, { field: 'networkMode', value: network.mode, path, detail });
  if (requirement?.vni !== undefined && network.vni < requirement.vni) {
    const seen = new Set<string>();
    r.settingProblems.push({
      message: `The network ${name} is ${network.plugin}'s VXLAN network with VNI ${network.vni}; Windows nodes need ${requirement.vni} or higher (${requirement.vni} by default)`,
      path,
      subject: requirement.limitation.slug,
      remediation: `Use VNI ${requirement.vni} (network ${name.replace(/\d+$/, String(requirement.vni))}) in flannel's net-conf.json and the network name.`,
      sources: [...requirement.limitation.sources, ...network.limitation.sources].filter((c) => {
        const id = `${c.doc}\0${c.section}`;
        return !seen.has(id) && Boolean(seen.add(id));
      }),
    });
  }
}

/** A KubeProxyConfiguration (standalone or from a ConfigMap), as flags. */
export function configAsFlags(config: Json, path: string, into: KubeProxyUsage): void {
  const mode = text(config.mode);
  if (mode) into.flags.set('proxy-mode', { value: mode, path: `${path}.mode` });
  const win = record(config.winkernel) ?? {};
  if (win.enableDSR !== undefined) into.flags.set('enable-dsr', { value: String(isTrue(win.enableDSR)), path: `${path}.winkernel.enableDSR` });
  if (text(win.sourceVip)) into.flags.set('source-vip', { value: text(win.sourceVip)!, path: `${path}.winkernel.sourceVip` });
  if (text(win.networkName)) into.flags.set('network-name', { value: text(win.networkName)!, path: `${path}.winkernel.networkName` });
  for (const [gate, value] of Object.entries(record(config.featureGates) ?? {}))
    into.featureGates.set(gate, { value: isTrue(value), path: key(`${path}.featureGates`, gate) });
}

export function isWindowsProxy(known: KnownFacts, usage: KubeProxyUsage): boolean {
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
export function kubeProxyFacts(known: KnownFacts, r: Reading, usage: KubeProxyUsage): void {
  for (const [name, { value, path }] of usage.flags) {
    const feature = known.flagFeature(name, isTrue(value) ? 'true' : value);
    if (feature) r.facts.push({ field: 'features', value: feature.feature, path });
  }
  for (const [gate, { value, path }] of usage.featureGates) {
    const mode = value ? known.gateMode(gate) : undefined;
    if (mode) r.clusterFacts.push({ field: 'networkMode', value: mode.mode, path });
  }
  const network = usage.flags.get('network-name');
  if (network) readNetworkName(known, network.value, network.path, r, true);
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

/** "kube-proxy --source-vip, which the Overlay mode needs", with the Kubernetes versions it is needed on. */
export function kubeProxySettingFact(f: KubeProxySetting): string {
  const name = f.flag === '--feature-gates' ? `${f.flag}=${f.value}` : f.flag;
  const { min, max } = f.kubernetes ?? {};
  const versions = min && max ? ` on Kubernetes ${min} to ${max}` : max ? ` up to Kubernetes ${max}` : min ? ` from Kubernetes ${min}` : '';
  return `kube-proxy ${name}, which ${f.neededFor} needs${versions}`;
}

/**
 * What settles a kube-proxy setting its pod does not show: the mounted ConfigMaps the input lacks
 * (`present` names those it has, which do not set it), and the start script in the image when the
 * container runs none from a ConfigMap.
 */
export function kubeProxySettlersText(s: KubeProxySettlers, present: ReadonlySet<string>): string {
  const absent = absentConfigMaps(s, present);
  const parts = [
    ...(s.image ? [`the kube-proxy command line that the start script in the image ${s.image} builds`] : []),
    ...absent.map((m) => `the ConfigMap ${m.name}${m.mountPath ? ` (mounted at ${m.mountPath})` : ''}, which the input lacks`),
  ];
  if (parts.length > 0) return parts.join(', or ');
  return `kube-proxy's own defaults: none of the ConfigMaps it mounts (${s.configMaps.map((m) => m.name).join(', ') || 'none'}) sets it`;
}

/** Where a report points for that setting: the image with the start script, or the volume of the first ConfigMap the input lacks. */
export function kubeProxySettlerPath(s: KubeProxySettlers, present: ReadonlySet<string>, imagePath: string): string {
  if (s.image) return imagePath;
  return absentConfigMaps(s, present)[0]?.volumePath ?? s.configMaps[0]?.volumePath ?? imagePath;
}

type KubeProxySettlers = Extract<Settlers, { kind: 'kube-proxy-setting' }>;

/** The mounted ConfigMaps the input lacks (`present`: configMapId of those it has). */
const absentConfigMaps = (s: KubeProxySettlers, present: ReadonlySet<string>) => s.configMaps.filter((m) => !present.has(configMapId(s.namespace, m.name)));

/** The ConfigMaps a pod mounts, where, and whether a container runs a script from one (its command or args name a file under the mount). */
function mountedConfigMaps(spec: Json, specPath: string, containers: { container: Json }[]): MountedConfigMap[] {
  const byVolume = new Map<string, { name: string; volumePath: string }>();
  list(spec.volumes).forEach((v, i) => {
    const name = text(at(v, 'name'));
    const configMap = text(at(v, 'configMap.name'));
    if (name && configMap) byVolume.set(name, { name: configMap, volumePath: `${specPath}.volumes[${i}]` });
  });
  const commandLine = containers
    .flatMap(({ container }) => [...list(container.command), ...list(container.args)])
    .map((a) => text(a) ?? '')
    .join(' ');
  const out = new Map<string, MountedConfigMap>();
  for (const [volume, { name, volumePath }] of byVolume) {
    const mountPath = containers
      .flatMap(({ container }) => list(container.volumeMounts))
      .map((m) => (text(at(m, 'name')) === volume ? text(at(m, 'mountPath')) : undefined))
      .find((p): p is string => p !== undefined);
    const runsScript = mountPath !== undefined && commandLine.includes(`${mountPath.replace(/\/+$/, '')}/`);
    out.set(name, { name, volumePath, ...(mountPath ? { mountPath } : {}), runsScript: (out.get(name)?.runsScript ?? false) || runsScript });
  }
  return [...out.values()];
}

/**
 * A command or argument with its $(VAR) references expanded from the container's literal env values,
 * as the kubelet expands them ($$ stays a literal $; a reference to no such variable, or to one whose
 * value comes from elsewhere, is left as written): `--enable-dsr=$(ENABLE_DSR)` with ENABLE_DSR "true"
 * is --enable-dsr=true (trial scan49, file 18).
 */
function expandEnv(arg: string, container: Json): string {
  if (!arg.includes('$(')) return arg;
  const values = new Map<string, string>();
  for (const env of list(container.env)) if (isRecord(env) && text(env.name) && text(env.value) !== undefined) values.set(text(env.name)!, text(env.value)!);
  return arg.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (match, name: string | undefined) => (name === undefined ? match : (values.get(name) ?? match)));
}

/**
 * kube-proxy by its name or image, or SIG Windows' out-of-tree Windows kube-proxy built on KPNG
 * (kubernetes-sigs/windows-service-proxy README; its images are under k8s-staging-win-svc-proxy),
 * or KPNG's own Windows backend, a container that runs KPNG to its winkernel backend
 * (kubernetes-sigs/kpng backends/windows/kernelspace/README.md at edb81cd6: the kernelspace proxy
 * ported from upstream kube-proxy; trial scan58, file 05): what it leaves to settings the input
 * does not show (DSR) is as open as kube-proxy's (trial scan50, 01 and 02).
 */
const KUBE_PROXY = /kube-?proxy|win-svc-proxy|windows-service-proxy|to-winkernel\b/i;

function looksLikeKubeProxy(obj: Json, containers: { container: Json }[]): boolean {
  const name = text(at(obj, 'metadata.name')) ?? '';
  return KUBE_PROXY.test(name) || containers.some(({ container }) => KUBE_PROXY.test(`${text(container.image) ?? ''} ${text(container.name) ?? ''}`));
}

export function readKubeProxyWorkload(k: Knowledge, known: KnownFacts, kind: string, obj: Json, windowsPath: string | undefined): Reading | undefined {
  const pod = podSpecOf(kind, obj);
  if (!pod) return undefined;
  const containers = containersOf(pod.spec, pod.path);
  if (!looksLikeKubeProxy(obj, containers)) return undefined;
  const usage: KubeProxyUsage = { flags: new Map(), featureGates: new Map() };
  for (const { container, path } of containers) {
    for (const field of ['command', 'args'] as const)
      list(container[field]).forEach(
        (arg, i) => text(arg) !== undefined && parseFlags(` ${expandEnv(text(arg)!, container)}`, `${path}.${field}[${i}]`, usage),
      );
  }
  if (!windowsPath && !isWindowsProxy(known, usage)) return undefined;
  const r = reading(obj, 'kube-proxy', 'yes');
  r.kubeProxy = usage;
  kubeProxyFacts(known, r, usage);
  // Its image's tag (the Kubernetes release) and what its environment states (manifest-signals.yaml).
  // A HostProcess container's image (a kube-proxy's own, or an init container stopping the node's
  // service) says nothing of its node's build (k8s-hostprocess, Overview; trial scan49, file 18).
  const hostProcess = (spec: Json) => isTrue(at(spec, 'securityContext.windowsOptions.hostProcess'));
  readContainerSignals(k, known, containers, r, (container) => hostProcess(pod.spec) || hostProcess(container));
  // The HNS network kube-proxy attaches to, from its environment (sig-windows-tools' KUBE_NETWORK).
  for (const { container, path } of containers)
    list(container.env).forEach((env, i) => {
      const value = isRecord(env) && text(env.name) === 'KUBE_NETWORK' ? text(env.value) : undefined;
      if (value) readNetworkName(known, value, `${path}.env[${i}].value`, r, true);
    });
  // No flag visible: they are set where the input does not show them (a start script in the image,
  // a mounted ConfigMap). Each setting the knowledge base says a mode or a feature needs is unknown,
  // not missing; settle.ts drops it when a mounted ConfigMap of the input sets it.
  if (usage.flags.size === 0 && containers.length > 0) {
    const mounted = mountedConfigMaps(pod.spec, pod.path, containers);
    const image = mounted.some((m) => m.runsScript)
      ? undefined
      : containers.map(({ container }) => text(container.image)).find((i): i is string => i !== undefined);
    const namespace = text(at(obj, 'metadata.namespace')) ?? 'default';
    for (const f of known.kubeProxyFlags) {
      const settles: Settlers = {
        kind: 'kube-proxy-setting',
        setting: settingName(f.flag, f.value),
        configMaps: mounted,
        namespace,
        ...(image ? { image } : {}),
      };
      r.unknown.push({
        fact: kubeProxySettingFact(f),
        settledBy: kubeProxySettlersText(settles, new Set()),
        path: kubeProxySettlerPath(settles, new Set(), `${containers[0]!.path}.image`),
        settles,
        ...(f.kubernetes ? { kubernetes: f.kubernetes } : {}),
        ...(f.mode ? { networkMode: f.mode } : {}),
      });
    }
  }
  return r;
}

export function readKubeProxyConfiguration(known: KnownFacts, obj: Json): ReadResult {
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
