/** A Node (as kubectl prints it): its Windows release and revision, Kubernetes version, environment, instance type and advertised capacity. */
import type { Knowledge } from '../../knowledge.js';
import { at, key, record, stringMap, text, type Json } from '../kube.js';
import { ignore, reading, type ReadResult } from './types.js';
import { kubernetesMinorOf, parseWindowsKernel, releaseByBuild } from './windows-release.js';

const EKS_LABELS = [
  'eks.amazonaws.com/nodegroup',
  'eks.amazonaws.com/compute-type',
  'eks.amazonaws.com/nodegroup-image',
  'alpha.eksctl.io/nodegroup-name',
  'alpha.eksctl.io/cluster-name',
];
const AKS_LABELS = ['kubernetes.azure.com/cluster', 'kubernetes.azure.com/agentpool'];

export function readNode(k: Knowledge, obj: Json): ReadResult {
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
