/**
 * What a pod's containers and scheduling state through the places of manifest-signals.yaml: each
 * container's environment variables and image (the plugin, its backend and release, kube-proxy's
 * Kubernetes version, a base image's Windows build), and the node labels the pod requires (the
 * windows-build of its nodes). Generic: which variable or image means what is the seeds'.
 */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { at, isRecord, list, text, type Json } from '../kube.js';
import { FIELD_OF_READ, imageSignals, parseImage, readSignal, requiredNodeLabels, signalIndex, type SignalIndex } from '../signals.js';
import type { ManifestSignal } from '../../knowledge.js';
import type { Reading } from './types.js';

/**
 * Reads the signals of every container: its env (literal values) and its image. Returns whether one
 * says the pod is about Windows. A HostProcess container's image states no build of its node: such
 * containers do not inherit the build-matching rule of Windows Server containers (k8s-hostprocess,
 * Overview), so `anyBuild` names them and their images' windows-build places are not read.
 */
export function readContainerSignals(
  k: Knowledge,
  known: KnownFacts,
  containers: readonly { container: Json; path: string }[],
  r: Reading,
  anyBuild: (container: Json) => boolean = () => false,
): boolean {
  const index = signalIndex(k);
  let windows = false;
  for (const { container, path } of containers) {
    list(container.env).forEach((env, i) => {
      if (!isRecord(env)) return;
      const name = text(env.name);
      for (const signal of (name && index.env.get(name)) || []) {
        windows = readSignal(k, known, signal, text(env.value), { path: `${path}.env[${i}]`, valuePath: `${path}.env[${i}].value` }, r).windows || windows;
        const ref = configMapKeyRef(env);
        // The value is another object's (calico-node's CALICO_NETWORKING_BACKEND from calico-config's
        // calico_backend): open until that ConfigMap is in the input, which then states it itself.
        if (ref && signal.reads)
          r.unknown.push({
            fact: `${name} (${signal.slug}), taken from key ${ref.key} of the ConfigMap ${ref.name}`,
            settledBy: `the ConfigMap ${ref.name}, which the input lacks`,
            path: `${path}.env[${i}].valueFrom.configMapKeyRef`,
            ...(FIELD_OF_READ[signal.reads] ? { field: FIELD_OF_READ[signal.reads] } : {}),
            settles: { kind: 'config-map', name: ref.name, ...(r.ref.namespace ? { namespace: r.ref.namespace } : {}) },
          });
      }
    });
    for (const { signal, path: at } of commandFileSignals(index, container, path))
      windows = readSignal(k, known, signal, undefined, { path: at }, r).windows || windows;
    const image = text(container.image);
    if (!image) continue;
    const { repository, tag } = parseImage(image);
    for (const signal of imageSignals(index, repository)) {
      if (signal.reads === 'windows-build' && anyBuild(container)) continue;
      windows = readSignal(k, known, signal, tag, { path: `${path}.image` }, r).windows || windows;
    }
  }
  return windows;
}

/** Reads the signals of the node labels a pod spec requires (nodeSelector, required node affinity). */
export function readNodeLabelSignals(k: Knowledge, known: KnownFacts, spec: Json, specPath: string, r: Reading): boolean {
  const index = signalIndex(k);
  let windows = false;
  for (const { label, value, path } of requiredNodeLabels(spec, specPath, index.nodeLabel))
    for (const signal of index.nodeLabel.get(label) ?? []) {
      // The OS label is read by the scheduling check (kube.ts windowsScheduling); here only what else a label states.
      if (signal.reads === 'os') continue;
      windows = readSignal(k, known, signal, value, { path }, r).windows || windows;
    }
  return windows;
}

/** The ConfigMap key an env entry takes its value from (valueFrom.configMapKeyRef), if it does. */
function configMapKeyRef(env: Json): { name: string; key: string } | undefined {
  const name = text(at(env, 'valueFrom.configMapKeyRef.name'));
  const key = text(at(env, 'valueFrom.configMapKeyRef.key'));
  return name && key ? { name, key } : undefined;
}

/**
 * Whether a pod that does not run on Windows still states what holds for the cluster's Windows
 * nodes through its environment (calico-node's CALICO_IPV4POOL_VXLAN sets the default IP pool of
 * every node; its CALICO_NETWORKING_BACKEND the cluster's backend). Images are not read: a Linux
 * agent's image says nothing about the Windows nodes.
 */
export function readClusterEnvSignals(k: Knowledge, known: KnownFacts, containers: readonly { container: Json; path: string }[], r: Reading): boolean {
  const index = signalIndex(k);
  const envOnly = containers.map(({ container, path }) => ({ container: { env: container.env }, path }));
  if (!containers.some(({ container }) => list(container.env).some((e) => isRecord(e) && index.env.has(text(e.name) ?? '')))) return false;
  readContainerSignals(k, known, envOnly, r);
  return r.clusterFacts.length > 0 || (r.meets?.length ?? 0) > 0 || r.settingProblems.length > 0;
}

/**
 * The COMMAND_FILE signals a container's command and args name: a file name standing alone (after a
 * slash, a backslash, a quote or a space), so that azure-vnet.exe is not read inside azure-vnet.exe.bak.
 */
function commandFileSignals(index: SignalIndex, container: Json, path: string): { signal: ManifestSignal; path: string }[] {
  if (index.commandFiles.size === 0) return [];
  const out: { signal: ManifestSignal; path: string }[] = [];
  for (const part of ['command', 'args'] as const)
    list(container[part]).forEach((item, i) => {
      const words = (text(item) ?? '').toLowerCase().split(/[\s"'/\\;,()]+/);
      for (const [file, signals] of index.commandFiles)
        if (words.includes(file)) for (const signal of signals) if (!out.some((o) => o.signal === signal)) out.push({ signal, path: `${path}.${part}[${i}]` });
    });
  return out;
}
