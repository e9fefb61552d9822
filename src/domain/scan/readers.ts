/**
 * One reader per kind of object: each turns an object into plan facts, every fact with the JSON
 * path it was read from. A reader never throws on a missing or odd field: it reads what is
 * there and lists what was missing.
 */
import type { Knowledge } from '../knowledge.js';
import { knownFacts } from './known-facts.js';
import { podSpecOf, text, type Json } from './kube.js';
import { readConfigMap } from './readers/config-map.js';
import { readClusterConfig } from './readers/eksctl.js';
import { readKubeProxyConfiguration } from './readers/kube-proxy.js';
import { readNetworkPolicy } from './readers/network-policy.js';
import { readNode } from './readers/node.js';
import { readNodePool, readsNodePool } from './readers/node-pool.js';
import { readService } from './readers/service.js';
import { ignore, type ReadResult } from './readers/types.js';
import { readWorkload } from './readers/workload.js';

export type {
  Fact,
  KubeProxyUsage,
  ObjectRef,
  PlanField,
  PodUsage,
  Reading,
  ReaderFinding,
  ReadResult,
  Role,
  SettingProblem,
  UnknownFact,
} from './readers/types.js';
export { releaseOfAmiFamily } from './readers/eksctl.js';
export { kubernetesMinorOf, parseWindowsKernel, releaseByBuild } from './readers/windows-release.js';

/**
 * The kinds the scanner reads and what it reads of each, besides the places of
 * manifest-signals.yaml (docs/cli.md's list is generated from both: tools/scan-signals-doc.ts).
 */
export const READ_KINDS: readonly { kinds: string; reads: string }[] = [
  {
    kinds: 'Node',
    reads:
      'the Windows release and revision (status.nodeInfo.kernelVersion, the node.kubernetes.io/windows-build label, osImage), the kubelet version, EKS and AKS labels, the instance type, the pod addresses it advertises',
  },
  {
    kinds: 'Service',
    reads:
      'its type; the fields and annotations that switch a feature on (features.yaml settings); what it leaves at its default (externalTrafficPolicy); the workloads it selects',
  },
  {
    kinds: 'ConfigMap',
    reads:
      "CNI network configurations (every entry's `type`), flannel's net-conf.json, the keys manifest-signals.yaml names, an IPAM option's keys (ipam-options.yaml), a KubeProxyConfiguration or a kube-proxy start script",
  },
  { kinds: 'KubeProxyConfiguration', reads: 'mode, winkernel (enableDSR, sourceVip, networkName) and featureGates' },
  { kinds: 'NetworkPolicy', reads: 'the Windows workloads its podSelector selects' },
  { kinds: 'ClusterConfig (eksctl.io)', reads: "each Windows node group: amiFamily, instance type, metadata.version, and eksctl's defaults" },
  {
    kinds: 'Pod, Deployment, DaemonSet, StatefulSet, ReplicaSet, ReplicationController, Job, CronJob',
    reads:
      "scheduling on Windows (nodeSelector, required node affinity, os.name, windowsOptions), hostNetwork and HostProcess, host ports, IPv6 addresses, kube-proxy's flags and mounted ConfigMaps, and each container's environment and image and the node labels it requires (manifest-signals.yaml)",
  },
  {
    kinds: 'NodePool (Karpenter), MachineDeployment and MachinePool (Cluster API)',
    reads: 'the node labels a NodePool requires, and the template it names (nodeClassRef, infrastructureRef), read with it as one node group',
  },
];

/** Reads one object; `ignored` says why an object is not about Windows networking. */
export function readObject(k: Knowledge, obj: Json): ReadResult {
  const kind = text(obj.kind);
  if (!kind) return ignore('no kind (Helm values and other documents without a kind are not read)');
  switch (kind) {
    case 'Node':
      return readNode(k, obj);
    case 'Service':
      return readService(knownFacts(k), obj);
    case 'ConfigMap':
      return readConfigMap(k, knownFacts(k), obj);
    case 'KubeProxyConfiguration':
      return readKubeProxyConfiguration(knownFacts(k), obj);
    case 'NetworkPolicy':
      return readNetworkPolicy(obj);
    case 'ClusterConfig':
      return text(obj.apiVersion)?.startsWith('eksctl.io/') ? readClusterConfig(k, obj) : ignore("a ClusterConfig that is not eksctl's");
    default:
      if (podSpecOf(kind, obj) !== undefined || ['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'CronJob'].includes(kind))
        return readWorkload(k, knownFacts(k), kind, obj);
      if (readsNodePool(k, kind)) return readNodePool(k, knownFacts(k), kind, obj);
      return ignore(`kind ${kind} is not read`);
  }
}
