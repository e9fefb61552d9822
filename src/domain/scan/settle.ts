/**
 * What the input settles after all. An object may leave a fact to another: a kube-proxy pod its
 * flags to the ConfigMap it mounts, a flannel CNI configuration its backend to the net-conf.json
 * of another ConfigMap, an EKS node group its IPAM switch to the amazon-vpc-cni ConfigMap. Each
 * reader says what would settle its unknowns (`UnknownFact.settles`), reading one object at a
 * time; once the objects are grouped into clusters this step, for each cluster:
 * - drops an unknown that an object of the input settles (the ConfigMap that sets the flag is in
 *   the same file: a setting made there counts as set, issue 25);
 * - names, in what is left, only what the input lacks;
 * - asks for the kube-proxy settings the cluster's network mode needs (overlay's --source-vip)
 *   when the input has no Windows kube-proxy, once, on the first object that states the mode.
 */
import { describeRef, type Cluster, type Pending } from './clusters.js';
import type { Knowledge } from '../knowledge.js';
import { knownFacts, type KnownFacts } from './known-facts.js';
import { kubeProxySettingFact, kubeProxySettlerPath, kubeProxySettlersText } from './readers/kube-proxy.js';
import { configMapId, setsSetting, type Reading, type Settlers, type UnknownFact } from './readers/types.js';
import { isTrue } from './kube.js';

const KUBE_PROXY_ELSEWHERE =
  "the Windows kube-proxy's settings (its DaemonSet's command line or start script, or its KubeProxyConfiguration), which the input lacks";

/**
 * Settles the unknowns of every cluster. `configMaps` holds every ConfigMap of the input, read or
 * ignored ("namespace/name"): one the input holds is no longer named as what would settle a fact.
 */
export function settleUnknowns(clusters: readonly Cluster[], known: KnownFacts, configMaps: ReadonlySet<string>, k?: Knowledge): void {
  // ConfigMaps read as kube-proxy configuration, by "namespace/name", whatever cluster they were grouped in.
  const proxyConfigMaps = new Map<string, Reading[]>();
  for (const c of clusters)
    for (const { reading: r } of c.pending)
      if (r.ref.kind === 'ConfigMap' && r.kubeProxy) {
        const id = configMapId(r.ref.namespace, r.ref.name);
        proxyConfigMaps.set(id, [...(proxyConfigMaps.get(id) ?? []), r]);
      }

  for (const cluster of clusters) {
    const hasKubeProxy = cluster.pending.some((p) => p.reading.role === 'kube-proxy');
    const proxies = cluster.pending.filter((p) => p.reading.role === 'kube-proxy' && p.reading.kubeProxy);
    const hasInstanceType = cluster.pending.some((p) => p.reading.facts.some((f) => f.field === 'instanceType'));
    const netConfs = new Set(cluster.pending.flatMap((p) => (p.reading.netConfOf ? [p.reading.netConfOf] : [])));
    for (const p of cluster.pending) {
      const r = p.reading;
      if (k) askForIpamSettings(k, known, r, hasInstanceType);
      if (k && !hasKubeProxy) askForDefaultedProxyFeatures(k, known, r);
      r.unknown = r.unknown.flatMap((u): UnknownFact[] => {
        const s = u.settles;
        if (!s) return [u];
        switch (s.kind) {
          case 'kube-proxy-setting': {
            const ids = s.configMaps.map((m) => configMapId(s.namespace, m.name));
            if (ids.some((id) => proxyConfigMaps.get(id)?.some((cm) => cm.kubeProxy && setsSetting(cm.kubeProxy, s.setting)))) return [];
            const present = new Set(ids.filter((id) => configMaps.has(id)));
            return [{ ...u, settledBy: kubeProxySettlersText(s, present), path: kubeProxySettlerPath(s, present, u.path ?? '') }];
          }
          case 'config-map':
            if (s.key) ipamConflict(cluster, p, s.name, s.key, u);
            return configMaps.has(configMapId(s.namespace, s.name)) ? [] : [u];
          case 'net-conf':
            return netConfs.has(s.plugin) ? [] : [u];
          case 'kube-proxy':
            return hasKubeProxy ? [] : [u];
          case 'instance-type':
            return hasInstanceType ? [] : [u];
          case 'kube-proxy-flag':
            return settleFlag(p, u, s, proxies);
        }
      });
      // The cluster's kube-proxy gates judge what this object's features need of them (WinDSR=false against DSR).
      const proxy = proxies.find((x) => x.reading.kubeProxy!.featureGates.size > 0);
      if (proxy && !r.kubeProxy && r.facts.some((f) => f.field === 'features'))
        p.kubeProxy = { usage: proxy.reading.kubeProxy!, from: `${describeRef(proxy.reading.ref)} (${proxy.file}:${proxy.line})` };
    }
    if (!hasKubeProxy) askForKubeProxy(cluster.pending, known);
    if (k && !hasKubeProxy) askDataPlaneForProxyFeatures(k, known, cluster.pending);
  }
}

/**
 * A cluster whose input states its data plane (a CNI configuration) but holds no Windows kube-proxy
 * and no object that already asks: whether kube-proxy runs DSR is as open for it as for a node pool,
 * and it decides how every Service of that data plane balances its traffic and the source address
 * its pods see (k8s-windows-networking-uk#dsr). Named once, on the object that states the plugin or
 * mode (trial scan41 07-U3: a flannel net-conf.json alone).
 */
function askDataPlaneForProxyFeatures(k: Knowledge, known: KnownFacts, pending: readonly Pending[]): void {
  if (pending.some((p) => p.reading.unknown.some((u) => u.settles?.kind === 'kube-proxy' && u.settles.defaultedFeature))) return;
  const stating = pending.find((p) => p.reading.clusterFacts.some((f) => f.field === 'networkMode' || f.field === 'cniPlugin'));
  if (stating) askForDefaultedProxyFeatures(k, known, stating.reading, true);
}

/**
 * What the IPAM of a Windows node pool's environment needs set in its CNI plugin's ConfigMap
 * (EKS: enable-windows-ipam "true" in amazon-vpc-cni, ipam-options.yaml): the environment's
 * default plugin is the one whose IPAM applies (cni-plugins.yaml `status: default`). An unknown
 * unless the input holds that ConfigMap; a reader that asked already (eksctl.ts) is not asked twice.
 */
function askForIpamSettings(k: Knowledge, known: KnownFacts, r: Reading, hasInstanceType: boolean): void {
  if ((r.role !== 'node-group' && r.role !== 'node') || r.windows !== 'yes') return;
  const envFact = r.facts.find((f) => f.field === 'environment');
  const env = envFact?.value;
  if (typeof env !== 'string') return;
  const plugin = [...k.plugins.values()].find((pl) => pl.environments.some((e) => e.environment === env && e.status === 'default'));
  const ipam = plugin ? known.ipamConfigMapOf(plugin.slug) : undefined;
  if (!ipam) return;
  // The pods per node follow from the instance type and the IP address mode (capacity.ts); a pool
  // that names neither leaves both open (trial scan35 01-U2: a Karpenter pool picks instance types itself).
  const modeKey = ipam.modes[0];
  if (!hasInstanceType && !r.unknown.some((u) => u.field === 'instanceType' || u.field === 'ipAddressMode')) {
    r.unknown.push({
      fact: 'the instance type of its nodes, which with the IP address mode decides the pods per Windows node',
      settledBy: 'the instance types the node pool allows (node.kubernetes.io/instance-type), or the Nodes, which the input lacks',
      field: 'instanceType',
      path: envFact!.path,
      settles: { kind: 'instance-type' },
    });
    if (modeKey)
      r.unknown.push({
        fact: `the IP address mode (secondary IP, or prefix delegation with ${modeKey.key}: "${modeKey.value}")`,
        settledBy: `the ${modeKey.key} key of the ${ipam.name} ConfigMap${modeKey.target ? ` (${modeKey.target})` : ''}, which the input lacks`,
        field: 'ipAddressMode',
        path: envFact!.path,
        settles: { kind: 'config-map', name: ipam.name, ...(modeKey.target ? { namespace: modeKey.target.split('/')[0]! } : {}) },
      });
  }
  for (const setting of ipam.required) {
    const [namespace, name] = (setting.target ?? `kube-system/${ipam.name}`).split('/') as [string, string];
    const fact = `${setting.key}: "${setting.value}" in the ${name} ConfigMap, which ${ipam.ipam.name} needs for Windows nodes`;
    const asked = r.unknown.find((u) => u.fact === fact);
    if (asked) {
      if (asked.settles?.kind === 'config-map') asked.settles = { ...asked.settles, key: setting.key };
      continue;
    }
    r.unknown.push({
      fact,
      settledBy: `the ${name} ConfigMap (${namespace}/${name}), which the input lacks`,
      path: r.facts.find((f) => f.field === 'environment')!.path,
      settles: { kind: 'config-map', name, namespace, key: setting.key },
    });
  }
}

/**
 * A feature kube-proxy switches on whose default differs by environment or release
 * (feature-defaults.yaml: DSR, on by default on AKS, not on EKS's LTSC 2019 AMIs): on a Windows
 * node pool of a cluster whose input holds no Windows kube-proxy, whether it is on is unknown, and
 * named (trial scan35 01-U3, 08-U4); so too on a Service whose outcome depends on it (13-U4).
 */
function askForDefaultedProxyFeatures(k: Knowledge, known: KnownFacts, r: Reading, statesDataPlane = false): void {
  if (r.windows !== 'yes' && !statesDataPlane && !r.selectedOsOpen) return;
  // A Service is known to be in front of Windows pods only once its cluster's workloads are matched (scan.ts): askForServiceProxyFeatures.
  // Every Service in front of Windows pods, whatever its type: whether kube-proxy runs DSR decides
  // how its traffic is balanced and the source address its pods see, and with about 100 Services or
  // more the ports a node uses up (k8s-windows-networking-uk#dsr; eks-best-practices-windows-networking,
  // IP address management). Trials scan35 13-U4 (NodePort), scan37 10-U3 and scan39 12-U2 (ClusterIP).
  const wanted = statesDataPlane || r.role === 'node-group' || r.role === 'node' || r.role === 'service' ? undefined : new Set<string>();
  if (wanted?.size === 0) return;
  const path =
    r.role === 'service'
      ? (r.facts.find((f) => f.field === 'serviceTypes')?.path ?? r.partPath)
      : (r.facts[0]?.path ?? (statesDataPlane ? r.clusterFacts[0]?.path : undefined) ?? r.partPath);
  const byFeature = new Map<string, string[]>();
  for (const f of known.kubeProxyFlags) {
    if (!f.feature || !k.featureDefaults.some((d) => d.feature === f.feature) || (wanted && !wanted.has(f.feature))) continue;
    const { min, max } = f.kubernetes ?? {};
    const versions = min && max ? ` on Kubernetes ${min} to ${max}` : max ? ` up to Kubernetes ${max}` : min ? ` from Kubernetes ${min}` : '';
    byFeature.set(f.feature, [...(byFeature.get(f.feature) ?? []), `${f.flag}=${f.value}${versions}`]);
  }
  for (const [feature, flags] of byFeature) {
    const fact = `whether kube-proxy runs with ${k.features.get(feature)?.name ?? feature} (${flags.join(', ')}), whose default depends on the environment and release`;
    if (r.unknown.some((u) => u.fact === fact)) continue;
    r.unknown.push({
      fact,
      settledBy: KUBE_PROXY_ELSEWHERE,
      path,
      settles: { kind: 'kube-proxy', setting: flags[0]!.split('=')[0]!, defaultedFeature: feature },
    });
  }
}

/** askForDefaultedProxyFeatures for a Service found to select Windows workloads, in a cluster whose input holds no Windows kube-proxy. */
export function askForServiceProxyFeatures(k: Knowledge, cluster: Cluster, r: Reading): void {
  if (r.role === 'service' && !cluster.pending.some((p) => p.reading.role === 'kube-proxy')) askForDefaultedProxyFeatures(k, knownFacts(k), r);
}

/**
 * A node pool's IPAM setting against the ConfigMap of its own cluster: when that ConfigMap sets the
 * key otherwise (enable-windows-ipam "false", trial scan35 ALL-F1), the pool's Windows pods get no
 * address, and the pool says so (a warning, with the ConfigMap's place).
 */
function ipamConflict(cluster: Cluster, p: Pending, name: string, key: string, u: UnknownFact): void {
  for (const cm of cluster.pending) {
    if (cm.reading.ref.kind !== 'ConfigMap' || cm.reading.ref.name !== name) continue;
    const problem = cm.reading.settingProblems.find((x) => x.subject === key);
    if (!problem) continue;
    const where = `${describeRef(cm.reading.ref)} (${cm.file}:${cm.lines.get(problem.path) ?? cm.line})`;
    p.reading.settingProblems.push({
      ...problem,
      message: `This Windows node pool needs ${u.fact.split(', which ')[0]}, but ${where} of its cluster does not set it: ${problem.message}`,
      path: u.path ?? p.reading.partPath,
    });
  }
}

/** The kube-proxy settings the cluster's network mode needs, once, on the first object that states the mode. */
function askForKubeProxy(pending: readonly Pending[], known: KnownFacts): void {
  const stating = pending.find((p) => p.reading.clusterFacts.some((f) => f.field === 'networkMode'));
  if (!stating) return;
  const mode = stating.reading.clusterFacts.find((f) => f.field === 'networkMode')!;
  for (const f of known.kubeProxyFlags)
    if (f.mode === mode.value)
      stating.reading.unknown.push({
        fact: kubeProxySettingFact(f),
        settledBy: KUBE_PROXY_ELSEWHERE,
        path: mode.path,
        settles: { kind: 'kube-proxy', setting: f.flag },
        ...(f.kubernetes ? { kubernetes: f.kubernetes } : {}),
        networkMode: f.mode,
      });
}

/**
 * A kube-proxy flag an object's feature needs, settled by the cluster's Windows kube-proxy: set as
 * needed, the feature it switches on is the object's too (DSR for a Service's client IP
 * preservation); set otherwise, the object lacks it, and says so.
 */
function settleFlag(p: Pending, u: UnknownFact, s: Extract<Settlers, { kind: 'kube-proxy-flag' }>, proxies: readonly Pending[]): UnknownFact[] {
  const name = s.flag.replace(/^--/, '');
  const proxy = proxies.find((x) => x.reading.kubeProxy!.flags.has(name));
  if (!proxy) return [u];
  const set = proxy.reading.kubeProxy!.flags.get(name)!;
  const where = `${describeRef(proxy.reading.ref)} (${proxy.file}:${proxy.lines.get(set.path) ?? proxy.line})`;
  const matches = s.value === 'true' ? isTrue(set.value) : set.value === s.value;
  if (matches) {
    if (!p.reading.facts.some((f) => f.field === 'features' && f.value === s.feature))
      p.reading.facts.push({ field: 'features', value: s.feature, path: u.path ?? '', detail: `switched on by ${s.flag}=${set.value}`, from: where });
  } else p.reading.missing.push(`${where} sets ${s.flag}=${set.value}, but ${u.fact.replace(/^whether kube-proxy runs with /, '')}`);
  return [];
}
