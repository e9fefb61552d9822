/**
 * What the scanner's readers apply, taken from the knowledge base: the CNI plugins and the modes
 * their backends and delegates select, Flannel VXLAN's VNI and UDP port, the ConfigMap keys of an
 * IPAM option, the kube-proxy settings that switch on a mode or a feature, the Service types and
 * the Service fields and annotations that switch on a feature, eksctl's default instance type. The readers keep only
 * where an object says a thing (field paths); what it means comes from here, with its sources.
 *
 * Derived once per Knowledge (the knowledge base is a read-only snapshot) and cached.
 */
import type { Citation, IpamOptionFact, Knowledge, LimitationFact, PluginFact, SettingFact } from '../knowledge.js';
import type { IpAddressMode } from '../vocabulary.js';

/** A plan fact the knowledge base gives, with the sources it rests on. */
export interface KnownMode {
  mode: string;
  sources: Citation[];
}

/** Flannel VXLAN's requirement on Windows: VNI at least `vni`, UDP port exactly `udpPort`. */
export interface VxlanRequirement {
  vni?: number;
  udpPort?: number;
  /** What flanneld on Linux takes when net-conf.json leaves them unset (VNI 1, port 8472). */
  linuxDefaults?: { vni?: number; udpPort?: number };
  limitation: LimitationFact;
}

/** A ConfigMap that configures an IPAM option (amazon-vpc-cni's, for the VPC resource controller). */
export interface IpamConfigMap {
  ipam: IpamOptionFact;
  /** The plugin the option belongs to, when it is restricted to one. */
  plugin?: PluginFact;
  /** The one environment that plugin runs in, when it is confined to one. */
  environment?: { slug: string; sources: Citation[] };
  /** Settings the option needs. */
  required: SettingFact[];
  /** Settings that pick an IP address mode. */
  modes: (SettingFact & { ipAddressMode: IpAddressMode })[];
}

export interface KnownFacts {
  /** The plugin a CNI network configuration's `type` names (the plugin's slug). */
  plugin(type: string): PluginFact | undefined;
  /** The mode a plugin's backend selects ("vxlan" of flannel or calico). */
  backendMode(plugin: string, backend: string): KnownMode | undefined;
  /** The backends a plugin offers on Windows. */
  backends(plugin: string): string[];
  /** The backend that selects a plugin's mode (flannel's l2bridge: host-gw). */
  backendOf(plugin: string, mode: string): string | undefined;
  /** The mode a plugin works in when it delegates to another (flannel -> win-overlay). */
  delegateMode(plugin: string, delegate: string): KnownMode | undefined;
  /** The mode of a plugin that has exactly one. */
  onlyMode(plugin: string): KnownMode | undefined;
  /** The VNI and UDP port a plugin's mode needs, with the limitation that says so. */
  vxlan(plugin: string, mode: string): VxlanRequirement | undefined;
  /** The IPAM option a ConfigMap configures, by its name (whatever its namespace, as the scan has always read it). */
  ipamConfigMap(name: string): IpamConfigMap | undefined;
  /** The ConfigMap of the IPAM option restricted to a plugin (amazon-vpc-cni's), with its name. */
  ipamConfigMapOf(plugin: string): (IpamConfigMap & { name: string }) | undefined;
  /** The mode a kube-proxy feature gate set to true switches on (WinOverlay -> overlay). */
  gateMode(gate: string): KnownMode | undefined;
  /** The feature a kube-proxy flag set to a value switches on (--enable-dsr=true -> direct-server-return). */
  flagFeature(flag: string, value: string): { feature: string; sources: Citation[] } | undefined;
  /** The one proxy mode kube-proxy supports on Windows (a limitation's KUBE_PROXY_FLAG --proxy-mode setting), with its sources. */
  proxyMode: { value: string; limitation: string; sources: Citation[] } | undefined;
  /** The Service type slug of a `spec.type` value (its name: NodePort -> node-port). */
  serviceType(name: string): string | undefined;
  /** The Service fields (path under the object, e.g. spec.sessionAffinity) and the value that switches a feature on. */
  serviceFields: readonly ServiceSwitch[];
  /** The Service annotations (by name, with or without a prefix) and the value that switches a feature on. */
  serviceAnnotations: readonly ServiceSwitch[];
  /**
   * What an HNS network name says (KUBE_NETWORK, --network-name, a CNI config's `name`): flannel's
   * Windows VXLAN backend names its network `flannel.<VNI>` (a limitation's description), so
   * `flannel.4096` is flannel's overlay network with VNI 4096.
   */
  networkName(name: string): NetworkName | undefined;
  /**
   * The kube-proxy settings the knowledge base says a mode or a feature needs (--source-vip for
   * overlay, --enable-dsr for DSR, --feature-gates=WinOverlay=true on Kubernetes 1.14 to 1.19), with
   * what needs them and on which Kubernetes versions.
   */
  kubeProxyFlags: readonly KubeProxySetting[];
  /** The kube-proxy flags that switch on what a feature requires (client IP preservation -> DSR -> --enable-dsr=true). */
  requiredKubeProxyFlags(feature: string): { feature: string; featureSlug: string; requiredBy: string; flag: string; value: string }[];
  /** The features whose minimum is a later update of this release (DSR on Windows Server 2019: 17763.1432), and those that need a newer release. */
  releaseBoundaries(release: string): { needsUpdate: { feature: string; build: string }[]; needsNewer: { feature: string; release: string }[] };
  /** What the knowledge base says of a Kubernetes label (its glossary term: kubernetes.io/os, and the deprecated beta label), with its sources. */
  label(name: string): { definition: string; sources: Citation[] } | undefined;
  /** The instance type eksctl gives a node group in this environment that names none (environments.yaml `eksctl`); undefined when the knowledge base does not say. */
  eksctlDefaultInstanceType(environment: string): { instanceType: string; sources: Citation[] } | undefined;
}

/** A kube-proxy setting a mode or a feature needs. */
export interface KubeProxySetting {
  flag: string;
  value: string;
  /** "the Overlay mode", "Direct Server Return (DSR)". */
  neededFor: string;
  /** The mode (slug) or the feature (slug) that needs it. */
  mode?: string;
  feature?: string;
  /** The Kubernetes versions it is needed on, when not all. */
  kubernetes?: { min?: string; max?: string };
  sources: Citation[];
}

/** An HNS network name read as a plugin, its mode and its VNI, with the limitation that ties the name to the VNI. */
export interface NetworkName {
  plugin: string;
  mode: string;
  vni: number;
  limitation: LimitationFact;
}

/** A Service field or annotation that, set to `value`, switches `feature` on. */
export interface ServiceSwitch {
  key: string;
  value: string;
  feature: string;
  sources: Citation[];
}

const cache = new WeakMap<Knowledge, KnownFacts>();

export function knownFacts(k: Knowledge): KnownFacts {
  let facts = cache.get(k);
  if (!facts) cache.set(k, (facts = derive(k)));
  return facts;
}

const dedupe = (list: readonly Citation[]): Citation[] => {
  const seen = new Set<string>();
  return list.filter((c) => {
    const id = `${c.doc}\0${c.section}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
};

/** The modes a plugin's backends and delegates select, keyed "plugin\0backend" and "plugin\0delegate". */
function pluginModeIndex(k: Knowledge): { backends: Map<string, KnownMode>; delegates: Map<string, KnownMode> } {
  const backends = new Map<string, KnownMode>();
  const delegates = new Map<string, KnownMode>();
  for (const p of k.plugins.values())
    for (const m of p.modes) {
      if (m.backend) backends.set(`${p.slug}\0${m.backend}`, { mode: m.mode, sources: m.sources });
      if (m.delegatesTo) delegates.set(`${p.slug}\0${m.delegatesTo}`, { mode: m.mode, sources: m.sources });
    }
  return { backends, delegates };
}

/** The VNI and UDP port each plugin and mode needs (limitations with those parameters), keyed "plugin\0mode". */
function vxlanRequirements(k: Knowledge): Map<string, VxlanRequirement> {
  const vxlan = new Map<string, VxlanRequirement>();
  for (const l of k.limitations) {
    const { vni, udpPort, linuxDefaultVni, linuxDefaultUdpPort } = l.parameters ?? {};
    if (vni === undefined && udpPort === undefined) continue;
    const linuxDefaults = {
      ...(linuxDefaultVni !== undefined ? { vni: linuxDefaultVni } : {}),
      ...(linuxDefaultUdpPort !== undefined ? { udpPort: linuxDefaultUdpPort } : {}),
    };
    for (const plugin of l.scope.plugins ?? [])
      for (const mode of l.scope.modes ?? [])
        vxlan.set(`${plugin}\0${mode}`, {
          ...(vni !== undefined ? { vni } : {}),
          ...(udpPort !== undefined ? { udpPort } : {}),
          ...(Object.keys(linuxDefaults).length > 0 ? { linuxDefaults } : {}),
          limitation: l,
        });
  }
  return vxlan;
}

/** The IPAM options' ConfigMaps by name (their settings' CONFIG_MAP_KEY target). */
function ipamConfigMaps(k: Knowledge): Map<string, IpamConfigMap> {
  const configMaps = new Map<string, IpamConfigMap>();
  for (const ipam of k.ipamOptions.values()) {
    const settings = ipam.settings.filter((s) => s.kind === 'CONFIG_MAP_KEY' && s.target);
    const target = settings[0]?.target;
    if (!target) continue;
    const plugin = ipam.restrictedTo.length === 1 ? k.plugins.get(ipam.restrictedTo[0]!) : undefined;
    const only = plugin?.onlyIn?.environments.length === 1 ? plugin.onlyIn : undefined;
    // The target is "namespace/name"; the ConfigMap is matched by its name.
    configMaps.set(target.slice(target.lastIndexOf('/') + 1), {
      ipam,
      ...(plugin ? { plugin } : {}),
      ...(only ? { environment: { slug: only.environments[0]!, sources: only.sources } } : {}),
      required: settings.filter((s) => s.target === target && !s.ipAddressMode),
      modes: settings.filter((s): s is SettingFact & { ipAddressMode: IpAddressMode } => s.target === target && s.ipAddressMode !== undefined),
    });
  }
  return configMaps;
}

/** The mode each kube-proxy feature gate switches on: a mode's --feature-gates setting, else its gate graduation. */
function modeGates(k: Knowledge): Map<string, KnownMode> {
  const gates = new Map<string, KnownMode>();
  for (const m of k.modes.values()) {
    for (const s of m.settings) {
      const gate = s.kind === 'KUBE_PROXY_FLAG' && s.key === '--feature-gates' ? /^(\w+)=true$/.exec(s.value)?.[1] : undefined;
      if (gate) gates.set(gate, { mode: m.slug, sources: dedupe([...s.sources, ...m.sources]) });
    }
    if (m.gateGraduation && !gates.has(m.gateGraduation.gate)) gates.set(m.gateGraduation.gate, { mode: m.slug, sources: m.gateGraduation.sources });
  }
  return gates;
}

/** The feature each kube-proxy flag and value switches on, keyed "flag\0value" (the flag without its dashes). */
function featureFlags(k: Knowledge): Map<string, { feature: string; sources: Citation[] }> {
  const flags = new Map<string, { feature: string; sources: Citation[] }>();
  for (const f of k.features.values())
    for (const s of f.settings)
      if (s.kind === 'KUBE_PROXY_FLAG' && s.key !== '--feature-gates' && !s.value.startsWith('<'))
        flags.set(`${s.key.replace(/^--/, '')}\0${s.value}`, { feature: f.slug, sources: s.sources });
  return flags;
}

/** The first limitation workaround that sets kube-proxy's --proxy-mode. */
function proxyModeOf(k: Knowledge): KnownFacts['proxyMode'] {
  for (const l of k.limitations)
    for (const s of l.workaroundSettings)
      if (s.kind === 'KUBE_PROXY_FLAG' && s.key === '--proxy-mode')
        return { value: s.value, limitation: l.slug, sources: dedupe([...s.sources, ...l.sources]) };
  return undefined;
}

/** The Service fields and annotations that switch a feature on. */
function serviceSwitches(k: Knowledge): { serviceFields: ServiceSwitch[]; serviceAnnotations: ServiceSwitch[] } {
  const serviceFields: ServiceSwitch[] = [];
  const serviceAnnotations: ServiceSwitch[] = [];
  for (const f of k.features.values())
    for (const s of f.settings) {
      const entry = { key: s.key, value: s.value, feature: f.slug, sources: s.sources };
      // The seeds name the field from the object's kind down ("service.spec.sessionAffinity").
      if (s.kind === 'SERVICE_SPEC_FIELD') serviceFields.push({ ...entry, key: s.key.replace(/^service\./, '') });
      else if (s.kind === 'SERVICE_ANNOTATION') serviceAnnotations.push(entry);
    }
  return { serviceFields, serviceAnnotations };
}

/** Reads an HNS network name by the limitations that name the network "<prefix>.<VNI>" for one plugin and mode (flannel-vxlan-windows-options). */
function networkNameReader(k: Knowledge): KnownFacts['networkName'] {
  const names: { prefix: string; plugin: string; mode: string; limitation: LimitationFact }[] = [];
  for (const l of k.limitations) {
    const prefix = /\b([a-z][a-z0-9-]*)\.<VNI>/.exec(l.description)?.[1];
    const [plugin, mode] = [l.scope.plugins, l.scope.modes];
    if (prefix && plugin?.length === 1 && mode?.length === 1) names.push({ prefix, plugin: plugin[0]!, mode: mode[0]!, limitation: l });
  }
  return (name) => {
    for (const n of names) {
      const vni = new RegExp(`^${n.prefix.replace(/[.-]/g, '\\$&')}\\.(\\d{1,8})$`).exec(name.trim())?.[1];
      if (vni !== undefined) return { plugin: n.plugin, mode: n.mode, vni: Number(vni), limitation: n.limitation };
    }
    return undefined;
  };
}

/** The kube-proxy settings the modes and the features need, each flag and value once. */
function neededKubeProxyFlags(k: Knowledge): KubeProxySetting[] {
  const kubeProxyFlags: KubeProxySetting[] = [];
  const needing = [
    ...[...k.modes.values()].map((m) => ({ name: `the ${m.name} mode`, of: { mode: m.slug }, settings: m.settings })),
    ...[...k.features.values()].map((f) => ({ name: f.name, of: { feature: f.slug }, settings: f.settings })),
  ];
  for (const { name, of, settings } of needing)
    for (const s of settings)
      if (s.kind === 'KUBE_PROXY_FLAG' && !kubeProxyFlags.some((x) => x.flag === s.key && x.value === s.value))
        kubeProxyFlags.push({ flag: s.key, value: s.value, neededFor: name, ...of, ...(s.kubernetes ? { kubernetes: s.kubernetes } : {}), sources: s.sources });
  return kubeProxyFlags;
}

/** The lookups of a release and of a feature's requirements (no index: they read the knowledge as they go). */
function releaseAndFeatureLookups(k: Knowledge): Pick<KnownFacts, 'requiredKubeProxyFlags' | 'releaseBoundaries' | 'eksctlDefaultInstanceType' | 'label'> {
  return {
    requiredKubeProxyFlags: (slug) => {
      const feature = k.features.get(slug);
      return (feature?.requires ?? []).flatMap((req) => {
        const required = k.features.get(req);
        return (required?.settings ?? [])
          .filter((st) => st.kind === 'KUBE_PROXY_FLAG' && st.key !== '--feature-gates')
          .map((st) => ({ feature: required!.name, featureSlug: required!.slug, requiredBy: feature!.name, flag: st.key, value: st.value }));
      });
    },
    releaseBoundaries: (slug) => {
      const release = k.releases.get(slug);
      const out = { needsUpdate: [] as { feature: string; build: string }[], needsNewer: [] as { feature: string; release: string }[] };
      if (!release) return out;
      for (const f of k.features.values()) {
        const minimum = k.releases.get(f.minimumWindows);
        if (!minimum) continue;
        if (minimum.build > release.build) out.needsNewer.push({ feature: f.name, release: minimum.name });
        else if (minimum.build === release.build && f.minimumBuild) out.needsUpdate.push({ feature: f.name, build: f.minimumBuild });
      }
      return out;
    },
    eksctlDefaultInstanceType: (environment) => {
      const eksctl = k.environments.get(environment)?.eksctl;
      return eksctl ? { instanceType: eksctl.defaultInstanceType, sources: eksctl.sources } : undefined;
    },
    label: (name) => k.glossary.get(name),
  };
}

/** The plugins' lookups: by type, their backends, delegates and only mode. */
function pluginLookups(k: Knowledge): Pick<KnownFacts, 'plugin' | 'backendMode' | 'backends' | 'backendOf' | 'delegateMode' | 'onlyMode'> {
  const { backends, delegates } = pluginModeIndex(k);
  return {
    plugin: (type) => k.plugins.get(type),
    backendMode: (plugin, backend) => backends.get(`${plugin}\0${backend}`),
    backends: (plugin) => (k.plugins.get(plugin)?.modes ?? []).flatMap((m) => (m.backend ? [m.backend] : [])),
    backendOf: (plugin, mode) => k.plugins.get(plugin)?.modes.find((m) => m.mode === mode)?.backend,
    delegateMode: (plugin, delegate) => delegates.get(`${plugin}\0${delegate}`),
    onlyMode: (plugin) => {
      const modes = k.plugins.get(plugin)?.modes ?? [];
      return modes.length === 1 ? { mode: modes[0]!.mode, sources: modes[0]!.sources } : undefined;
    },
  };
}

function derive(k: Knowledge): KnownFacts {
  const vxlan = vxlanRequirements(k);
  const configMaps = ipamConfigMaps(k);
  const gates = modeGates(k);
  const flags = featureFlags(k);
  const serviceTypes = new Map([...k.serviceTypes.values()].map((t) => [t.name, t.slug]));
  return {
    networkName: networkNameReader(k),
    kubeProxyFlags: neededKubeProxyFlags(k),
    ...releaseAndFeatureLookups(k),
    ...pluginLookups(k),
    vxlan: (plugin, mode) => vxlan.get(`${plugin}\0${mode}`),
    ipamConfigMap: (name) => configMaps.get(name),
    ipamConfigMapOf: (plugin) => {
      for (const [name, c] of configMaps) if (c.plugin?.slug === plugin) return { ...c, name };
      return undefined;
    },
    gateMode: (gate) => gates.get(gate),
    flagFeature: (flag, value) => flags.get(`${flag}\0${value}`),
    proxyMode: proxyModeOf(k),
    serviceType: (name) => serviceTypes.get(name),
    ...serviceSwitches(k),
  };
}
