/** An eksctl ClusterConfig: each Windows node group, judged on its own. */
import type { Knowledge } from '../../knowledge.js';
import { plannedCapacity } from '../../instance-types.js';
import { knownFacts } from '../known-facts.js';
import { at, isRecord, list, text, type Json } from '../kube.js';
import { representativeType, sameLimitsDetail } from './instance-choice.js';
import { ignore, reading, type Reading, type ReadResult } from './types.js';
import { kubernetesMinorOf } from './windows-release.js';

export function releaseOfAmiFamily(k: Knowledge, amiFamily: string): string | undefined {
  const m = /^WindowsServer(\d{4}|\d{2}H\d)(?:Full|Core)Container$/i.exec(amiFamily);
  if (!m) return undefined;
  const slug = `windows-server-${m[1]!.toLowerCase()}`;
  return k.releases.has(slug) ? slug : undefined;
}

export function readClusterConfig(k: Knowledge, obj: Json): ReadResult {
  const readings: Reading[] = [];
  const version = text(at(obj, 'metadata.version'));
  for (const field of ['nodeGroups', 'managedNodeGroups'] as const) {
    list(obj[field]).forEach((group, i) => {
      const r = isRecord(group) ? readWindowsNodeGroup(k, obj, { field, i, group, version }) : undefined;
      if (r) readings.push(r);
    });
  }
  if (readings.length === 0) return ignore('an eksctl ClusterConfig without Windows node groups');
  checkLinuxNodes(k, obj, readings);
  return { readings };
}

/** A node group of a ClusterConfig: where it is (nodeGroups[0]) and the cluster's metadata.version. */
interface NodeGroupAt {
  field: 'nodeGroups' | 'managedNodeGroups';
  i: number;
  group: Json;
  version: string | undefined;
}

/** One Windows node group's reading; undefined for a group whose amiFamily is not Windows. */
function readWindowsNodeGroup(k: Knowledge, obj: Json, { field, i, group, version }: NodeGroupAt): Reading | undefined {
  const path = `${field}[${i}]`;
  const amiFamily = text(group.amiFamily);
  if (!amiFamily || !/^Windows/i.test(amiFamily)) return undefined;
  const r = reading(obj, 'node-group', 'yes');
  r.ref.part = `${field}/${text(group.name) ?? i}`;
  r.partPath = path;
  const release = releaseOfAmiFamily(k, amiFamily);
  if (release) r.facts.push({ field: 'windowsVersion', value: release, path: `${path}.amiFamily` });
  else r.missing.push(`${path}.amiFamily "${amiFamily}" names no Windows Server release the knowledge base knows`);
  r.facts.push({ field: 'environment', value: 'eks', path: 'apiVersion' }, { field: 'cniPlugin', value: 'amazon-vpc-cni', path: 'apiVersion' });
  readKubernetesVersion(r, version);
  const { chosen, typePath } = readInstanceType(k, r, group, path);
  const kubeletMaxPods = readKubeletMaxPods(r, group, path);
  addIpAddressModeUnknown(k, r, { chosen, typePath, kubeletMaxPods });
  addIpamConfigMapUnknowns(k, r);
  if (release) addReleaseBoundaries(k, r, release, path);
  return r;
}

/** The cluster's Kubernetes version (metadata.version), or what settles it. */
function readKubernetesVersion(r: Reading, version: string | undefined): void {
  const minor = version ? kubernetesMinorOf(version) : undefined;
  if (minor) r.facts.push({ field: 'kubernetesVersion', value: minor, path: 'metadata.version' });
  else
    r.unknown.push({
      fact: 'the Kubernetes version',
      settledBy: version
        ? `metadata.version "${version}" is not a Kubernetes version (a template placeholder?): the version the cluster is created with`
        : 'metadata.version, or the default Kubernetes version of the eksctl release that creates the cluster',
      field: 'kubernetesVersion',
      ...(version ? { path: 'metadata.version' } : {}),
    });
}

/** The group's instance type, eksctl's default when it names none, or what settles it. */
function readInstanceType(k: Knowledge, r: Reading, group: Json, path: string): { chosen: string | undefined; typePath: string } {
  const instanceType = text(group.instanceType) ?? text(list(group.instanceTypes)[0]);
  const typePath = group.instanceType !== undefined ? `${path}.instanceType` : group.instanceTypes !== undefined ? `${path}.instanceTypes[0]` : path;
  // eksctl applies its default only when nothing else picks the instances (nodegroup_service.go):
  // with an instance selector, a mixed-instances distribution or a launch template it does not.
  const pickedElsewhere = ['instanceSelector', 'instancesDistribution', 'launchTemplate'].find((f) => group[f] !== undefined);
  // eksctl's default is the knowledge base's (environments.yaml eks.eksctl); without it the type stays unknown.
  const byDefault = instanceType || pickedElsewhere ? undefined : knownFacts(k).eksctlDefaultInstanceType('eks');
  // A distribution over types of the same network limits: the pods per node are the same whichever it picks.
  const distributed = list(at(group, 'instancesDistribution.instanceTypes'))
    .map(text)
    .filter((t): t is string => t !== undefined);
  const standIn = instanceType || distributed.length === 0 ? undefined : representativeType(k, distributed);
  const chosen = instanceType ?? byDefault?.instanceType ?? standIn;
  if (chosen)
    r.facts.push({
      field: 'instanceType',
      value: chosen,
      path: standIn ? `${path}.instancesDistribution.instanceTypes` : typePath,
      ...(byDefault
        ? { detail: `eksctl's default instance type (${byDefault.sources.map((s) => `${s.doc}#${s.section}`).join(', ')}): the node group names none` }
        : standIn
          ? { detail: sameLimitsDetail(distributed, 'group') }
          : {}),
    });
  else if (pickedElsewhere)
    r.unknown.push({
      fact: 'the instance type',
      settledBy: `the instances ${path}.${pickedElsewhere} picks when the node group is created`,
      field: 'instanceType',
      path: `${path}.${pickedElsewhere}`,
    });
  else
    r.unknown.push({
      fact: 'the instance type',
      settledBy: `${path}.instanceType, or the default instance type of the eksctl release that creates the node group (the knowledge base holds none)`,
      field: 'instanceType',
      path,
    });
  return { chosen, typePath };
}

/** The kubelet's max-pods the group sets (maxPodsPerNode or kubeletExtraConfig.maxPods), when it is a whole number. */
function readKubeletMaxPods(r: Reading, group: Json, path: string): number | undefined {
  const maxPods = group.maxPodsPerNode ?? at(group, 'kubeletExtraConfig.maxPods');
  const kubeletMaxPods = typeof maxPods === 'number' && Number.isInteger(maxPods) && maxPods >= 1 ? maxPods : undefined;
  if (kubeletMaxPods !== undefined)
    r.facts.push({
      field: 'kubeletMaxPods',
      value: kubeletMaxPods,
      path: group.maxPodsPerNode !== undefined ? `${path}.maxPodsPerNode` : `${path}.kubeletExtraConfig.maxPods`,
    });
  return kubeletMaxPods;
}

/**
 * The IP address mode is the amazon-vpc-cni ConfigMap's, not the node group's: unknown here,
 * with the pods per node in both modes (the EC2 data and the capacity rules).
 */
function addIpAddressModeUnknown(
  k: Knowledge,
  r: Reading,
  { chosen, typePath, kubeletMaxPods }: { chosen: string | undefined; typePath: string; kubeletMaxPods: number | undefined },
): void {
  const type = chosen ? k.instanceTypes.get(chosen) : undefined;
  if (!type) return;
  const ipam = knownFacts(k).ipamConfigMapOf('amazon-vpc-cni');
  const modeKey = ipam?.modes.find((m) => m.ipAddressMode === 'PREFIX_DELEGATION');
  const pods = (mode: 'SECONDARY_IP' | 'PREFIX_DELEGATION') => plannedCapacity(type, mode, kubeletMaxPods);
  const secondary = pods('SECONDARY_IP');
  const prefix = pods('PREFIX_DELEGATION');
  const cap = (c: typeof prefix) =>
    c.schedulablePods < c.maxPods
      ? `${c.maxPods} addresses, ${c.schedulablePods} pods under the kubelet's max-pods of ${c.kubeletMaxPods}`
      : `${c.schedulablePods}`;
  const prefixText =
    prefix.effectiveIpAddressMode === 'PREFIX_DELEGATION'
      ? `${cap(prefix)} with prefix delegation`
      : `no prefix delegation (not Nitro-based: it stays at ${prefix.schedulablePods})`;
  r.unknown.push({
    fact: `the IP address mode: ${chosen} gives ${secondary.schedulablePods} Windows pods per node with secondary IPs, ${prefixText}`,
    settledBy: modeKey
      ? `the ${modeKey.key} key of the ${ipam?.name ?? 'amazon-vpc-cni'} ConfigMap${modeKey.target ? ` (${modeKey.target})` : ''}`
      : 'the IP address management settings of the cluster',
    field: 'ipAddressMode',
    path: typePath,
  });
}

/**
 * What Windows IPAM needs set in the ConfigMap that also picks the IP address mode: unknown
 * unless the input holds that ConfigMap (settle.ts), whose own reading then checks the values.
 */
function addIpamConfigMapUnknowns(k: Knowledge, r: Reading): void {
  const ipam = knownFacts(k).ipamConfigMapOf('amazon-vpc-cni');
  if (!ipam) return;
  for (const setting of ipam.required) {
    const [namespace, name] = (setting.target ?? `kube-system/${ipam.name}`).split('/') as [string, string];
    r.unknown.push({
      fact: `${setting.key}: "${setting.value}" in the ${name} ConfigMap, which ${ipam.ipam.name} needs for Windows nodes`,
      settledBy: `the ${name} ConfigMap (${namespace}/${name}), which the input lacks`,
      path: 'apiVersion',
      settles: { kind: 'config-map', name, namespace },
    });
  }
}

/**
 * What the release rules out: features that need a newer release, and those that need a later
 * update of it, which the AMI family does not name (unknown unless the AMI or a Node says).
 */
function addReleaseBoundaries(k: Knowledge, r: Reading, release: string, path: string): void {
  const { needsUpdate, needsNewer } = knownFacts(k).releaseBoundaries(release);
  const fact = r.facts.find((f) => f.field === 'windowsVersion');
  if (fact && needsNewer.length > 0) fact.detail = `rules out ${needsNewer.map((n) => `${n.feature} (needs ${n.release})`).join(', ')}`;
  for (const n of needsUpdate)
    r.unknown.push({
      fact: `whether the node image is build ${n.build} or later, which ${n.feature} needs`,
      settledBy: `${path}.ami (a dated AMI names its update) or the status.nodeInfo.kernelVersion of the group's Nodes`,
      field: 'windowsBuildRevision',
      path: `${path}.amiFamily`,
    });
}

/**
 * Windows nodes alone do not run the cluster (CoreDNS): the file must also give a Linux node group
 * or a Fargate profile. Said once, on the first Windows node group.
 */
function checkLinuxNodes(k: Knowledge, obj: Json, readings: Reading[]): void {
  const linux = (['nodeGroups', 'managedNodeGroups'] as const).some((field) =>
    list(obj[field]).some((g) => isRecord(g) && !/^Windows/i.test(text(g.amiFamily) ?? '')),
  );
  const needsLinux = k.limitations.find((l) => l.slug === 'eks-needs-linux-node');
  if (needsLinux && (linux || list(obj.fargateProfiles).length > 0)) for (const r of readings) r.meets = [needsLinux.slug];
  else if (needsLinux)
    readings[0]!.settingProblems.push({
      message: `The ClusterConfig has only Windows node groups and no Fargate profile. ${needsLinux.description}`,
      path: readings[0]!.partPath,
      subject: needsLinux.slug,
      ...(needsLinux.workaround ? { remediation: needsLinux.workaround } : {}),
      sources: needsLinux.sources,
    });
}
