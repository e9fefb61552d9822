/**
 * A RuntimeClass (node.k8s.io): its scheduling.nodeSelector is merged into the nodeSelector of
 * every pod that names it by runtimeClassName, so it states the OS and the Windows build of the
 * nodes those pods run on (k8s-runtime-class, Scheduling; the Windows user guide pins a
 * RuntimeClass to kubernetes.io/os and node.kubernetes.io/windows-build). Its labels are read
 * through the same node-label places of manifest-signals.yaml as a pod's nodeSelector; the
 * RuntimeClass is then a node group (the nodes it schedules onto), and scan.ts ties each pod that
 * names it to it (linkRuntimeClasses).
 */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { at, record, statesOs, windowsScheduling } from '../kube.js';
import { readNodeLabelSignals } from './container-signals.js';
import { ignore, isReleaseFact, reading, statesRelease, type Reading, type ReadResult } from './types.js';

/** Where a RuntimeClass keeps what its pods' nodeSelector gets. */
export const RUNTIME_CLASS_SCHEDULING = 'scheduling';

export function readRuntimeClass(k: Knowledge, known: KnownFacts, obj: Record<string, unknown>): ReadResult {
  const nodeSelector = record(at(obj, `${RUNTIME_CLASS_SCHEDULING}.nodeSelector`));
  if (!nodeSelector) return ignore('a RuntimeClass without scheduling.nodeSelector: it does not say which nodes its pods run on');
  const spec = { nodeSelector };
  if (!windowsScheduling(spec, RUNTIME_CLASS_SCHEDULING))
    return ignore(
      statesOs(spec)
        ? 'a RuntimeClass whose scheduling.nodeSelector names another OS than Windows'
        : 'a RuntimeClass whose scheduling.nodeSelector states no OS: the pods that name it may run on any node',
    );
  const r = reading(obj, 'node-group', 'yes');
  readNodeLabelSignals(k, known, spec, RUNTIME_CLASS_SCHEDULING, r);
  if (!statesRelease(r))
    r.unknown.push({
      fact: 'the Windows release of the nodes it schedules pods onto (its nodeSelector names no node.kubernetes.io/windows-build)',
      settledBy: "a node.kubernetes.io/windows-build label in its scheduling.nodeSelector, or the nodes' release",
      path: `${RUNTIME_CLASS_SCHEDULING}.nodeSelector`,
      field: 'windowsVersion',
    });
  return { readings: [r] };
}

/**
 * Ties each workload that names a RuntimeClass (runtimeClassName) to the RuntimeClass of that name
 * in the input (cluster-scoped: by name alone), once every object is read: a Windows RuntimeClass
 * makes the workload Windows and gives it the release its nodeSelector states (the pod's own image
 * or selector, when it states one, keeps its own). What the workload left open for want of the
 * RuntimeClass is then settled. Returns the workloads so tied to a Windows RuntimeClass.
 */
export function linkRuntimeClasses(readings: readonly Reading[]): Map<Reading, Reading> {
  const classes = new Map<string, Reading>();
  for (const r of readings) if (r.ref.kind === 'RuntimeClass' && r.role === 'node-group' && r.windows === 'yes') classes.set(r.ref.name, r);
  const tied = new Map<Reading, Reading>();
  for (const r of readings) {
    if (!r.runtimeClass) continue;
    const rc = classes.get(r.runtimeClass.name);
    if (!rc) continue;
    r.windows = 'yes';
    const hadRelease = statesRelease(r);
    if (!hadRelease)
      for (const fact of rc.facts.filter(isReleaseFact))
        r.facts.push({ ...fact, path: r.runtimeClass.path, detail: `${fact.detail ? `${fact.detail}; ` : ''}from RuntimeClass ${rc.ref.name} (${fact.path})` });
    const settled = statesRelease(r);
    // The OS it left open (no field) is settled; its release only when the RuntimeClass states one.
    r.unknown = r.unknown.filter((u) => !(u.path === r.runtimeClass!.path && !u.field) && !(settled && u.field === 'windowsVersion'));
    tied.set(r, rc);
  }
  return tied;
}
