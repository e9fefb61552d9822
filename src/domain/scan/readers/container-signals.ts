/**
 * What a pod's containers and scheduling state through the places of manifest-signals.yaml: each
 * container's environment variables and image (the plugin, its backend and release, kube-proxy's
 * Kubernetes version, a base image's Windows build), and the node labels the pod requires (the
 * windows-build of its nodes). Generic: which variable or image means what is the seeds'.
 */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { isRecord, list, text, type Json } from '../kube.js';
import { imageSignals, parseImage, readSignal, requiredNodeLabels, signalIndex } from '../signals.js';
import type { Reading } from './types.js';

/** Reads the signals of every container: its env (literal values) and its image. Returns whether one says the pod is about Windows. */
export function readContainerSignals(k: Knowledge, known: KnownFacts, containers: readonly { container: Json; path: string }[], r: Reading): boolean {
  const index = signalIndex(k);
  let windows = false;
  for (const { container, path } of containers) {
    list(container.env).forEach((env, i) => {
      if (!isRecord(env)) return;
      const name = text(env.name);
      for (const signal of (name && index.env.get(name)) || [])
        windows = readSignal(k, known, signal, text(env.value), { path: `${path}.env[${i}]`, valuePath: `${path}.env[${i}].value` }, r).windows || windows;
    });
    const image = text(container.image);
    if (!image) continue;
    const { repository, tag } = parseImage(image);
    for (const signal of imageSignals(index, repository)) windows = readSignal(k, known, signal, tag, { path: `${path}.image` }, r).windows || windows;
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
