/**
 * One reader per kind of object: each turns an object into plan facts, every fact with the JSON
 * path it was read from. A reader never throws on a missing or odd field: it reads what is
 * there and lists what was missing.
 */
import type { Knowledge } from '../knowledge.js';
import { knownFacts } from './known-facts.js';
import { at, isRecord, podSpecOf, text, type Json } from './kube.js';
import { readCniConfigFile, readConfigMap, readFlannelNetConfFile } from './readers/config-map.js';
import { readClusterConfig } from './readers/eksctl.js';
import { readKubeProxyConfiguration } from './readers/kube-proxy.js';
import { readNetworkPolicy } from './readers/network-policy.js';
import { readNode } from './readers/node.js';
import { readNodePool, readsNodePool } from './readers/node-pool.js';
import { readRuntimeClass } from './readers/runtime-class.js';
import { readService } from './readers/service.js';
import { ignore, type ReadResult } from './readers/types.js';
import { signalIndex, valuesAt } from './signals.js';
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
export { READ_KINDS } from './read-kinds.js';

/** Reads one object; `ignored` says why an object is not about Windows networking. */
export function readObject(k: Knowledge, obj: Json): ReadResult {
  const result = readByKind(k, obj);
  const kind = text(obj.kind);
  const name = kind !== undefined && 'readings' in result ? clusterNameOf(k, kind, obj) : undefined;
  if (name && 'readings' in result) for (const r of result.readings) r.clusterName = name;
  return result;
}

/**
 * An AKS Engine cluster definition (its apimodel: apiVersion vlabs, a properties.orchestratorProfile,
 * no kind), read through the FIELD places manifest-signals.yaml gives the AksEngineClusterDefinition
 * kind: its Windows pools, Kubernetes version, network plugin and Windows image (trial scan46, file 12).
 */
function readAksEngineDefinition(k: Knowledge, obj: Json): ReadResult | undefined {
  if (obj.apiVersion !== 'vlabs' || !isRecord(at(obj, 'properties.orchestratorProfile'))) return undefined;
  const result = readNodePool(k, knownFacts(k), AKS_ENGINE_KIND, obj);
  if ('readings' in result)
    for (const r of result.readings)
      r.ref = { kind: 'AKS Engine cluster definition', name: text(at(obj, 'properties.masterProfile.dnsPrefix')) ?? '(no name)' };
  return result;
}

/** The kind manifest-signals.yaml names an AKS Engine cluster definition by (it has none of its own). */
export const AKS_ENGINE_KIND = 'AksEngineClusterDefinition';

/**
 * The cluster an object names as its own, at a FIELD place the seeds read as `cluster-name`: a
 * value, not a template's placeholder (${INFRA_ID}), which names no cluster.
 */
function clusterNameOf(k: Knowledge, kind: string, obj: Json): { value: string; path: string } | undefined {
  for (const { path, signal } of signalIndex(k).fields.get(kind) ?? [])
    if (signal.reads === 'cluster-name')
      for (const found of valuesAt(obj, path)) if (found.value.trim() !== '' && !/\$\{|\{\{|<|^__/.test(found.value)) return found;
  return undefined;
}

function readByKind(k: Knowledge, obj: Json): ReadResult {
  const kind = text(obj.kind);
  if (!kind)
    return (
      readFlannelNetConfFile(knownFacts(k), obj) ??
      readCniConfigFile(k, knownFacts(k), obj) ??
      readAksEngineDefinition(k, obj) ??
      ignore('no kind (Helm values and other documents without a kind are not read)')
    );
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
    case 'RuntimeClass':
      return readRuntimeClass(k, knownFacts(k), obj);
    case 'ClusterConfig':
      return text(obj.apiVersion)?.startsWith('eksctl.io/') ? readClusterConfig(k, obj) : ignore("a ClusterConfig that is not eksctl's");
    default:
      if (podSpecOf(kind, obj) !== undefined || ['Pod', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'CronJob'].includes(kind))
        return readWorkload(k, knownFacts(k), kind, obj);
      if (readsNodePool(k, kind)) return readNodePool(k, knownFacts(k), kind, obj);
      // A kind that carries pod templates of its own shape (an Argo Workflow's templates) is still not read, but
      // where one pins pods to Windows the report says so rather than count it with the rest (trial scan54, file 17).
      return ignore(
        pinsPodsToWindows(obj)
          ? `kind ${kind} is not read, though it pins pods to Windows nodes (a kubernetes.io/os: windows node selector): those pods are not judged`
          : `kind ${kind} is not read`,
      );
  }
}

/** How many values pinsPodsToWindows looks at before it gives up: an unread kind is walked only this far. */
const PIN_SEARCH_LIMIT = 5_000;

/** Whether an object of a kind not read holds a nodeSelector that pins pods to Windows, anywhere in its spec (bounded). */
function pinsPodsToWindows(obj: Json): boolean {
  if (!isRecord(obj.spec)) return false;
  const stack: unknown[] = [obj.spec];
  for (let seen = 0; stack.length > 0 && seen < PIN_SEARCH_LIMIT; seen++) {
    const value = stack.pop();
    const children = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
    if (isRecord(value) && isRecord(value.nodeSelector) && text(value.nodeSelector['kubernetes.io/os'])?.toLowerCase() === 'windows') return true;
    // One at a time, not spread: a long list must not overflow the call's arguments.
    for (const child of children) if (typeof child === 'object' && child !== null && stack.length < PIN_SEARCH_LIMIT) stack.push(child);
  }
  return false;
}
