/** Workloads (Pods and their controllers) scheduled on Windows: hostNetwork, host ports, IPv6, and the kube-proxy among them. */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { at, containersOf, isRecord, isTrue, key, list, podSpecOf, statesOs, text, windowsScheduling, type Json } from '../kube.js';
import { readContainerSignals, readNodeLabelSignals } from './container-signals.js';
import { readKubeProxyWorkload } from './kube-proxy.js';
import { ignore, reading, type PodUsage, type ReaderFinding, type ReadResult } from './types.js';

const IPV6 = /^[0-9a-f]*:[0-9a-f:.]*$/i;
const OS_LABEL = 'kubernetes.io/os';
const BETA_OS_LABEL = 'beta.kubernetes.io/os';

/**
 * A pod pinned to Windows by the beta OS label (a nodeSelector or a required node-affinity term on
 * beta.kubernetes.io/os): still read as Windows, and reported, citing what the knowledge base holds
 * on the label (the glossary's kubernetes.io/os); without that entry the note cites none and says so.
 */
function betaOsSelector(known: KnownFacts, spec: Json, specPath: string, windowsPath: string): ReaderFinding[] {
  const bySelector = windowsPath === key(`${specPath}.nodeSelector`, BETA_OS_LABEL);
  const byAffinity = windowsPath.includes('.nodeAffinity.') && text(at(atPath(spec, windowsPath.slice(specPath.length + 1)), 'key')) === BETA_OS_LABEL;
  if (!bySelector && !byAffinity) return [];
  const label = known.label(OS_LABEL);
  return [
    {
      code: 'OS_SELECTOR_BETA_LABEL',
      severity: 'info',
      message:
        `The pod is pinned to Windows with the deprecated ${BETA_OS_LABEL} label, not ${OS_LABEL}; the scan reads it as Windows.` +
        (label ? '' : ' The knowledge base holds no source on the beta label, so this note cites none.'),
      remediation: `Select Windows nodes with ${OS_LABEL}: windows, the label the kubelet sets on every node and the scan reads first.`,
      path: windowsPath,
      sources: label?.sources ?? [],
    },
  ];
}

/** The value at a path with list indexes ("affinity.x.nodeSelectorTerms[0].matchExpressions[1]"). */
function atPath(obj: unknown, path: string): unknown {
  let current: unknown = obj;
  for (const step of path.split('.')) {
    const m = /^([^[]+)((?:\[\d+\])*)$/.exec(step);
    if (!m) return undefined;
    current = at(current, m[1]!);
    for (const [, i] of m[2]!.matchAll(/\[(\d+)\]/g)) current = list(current)[Number(i)];
  }
  return current;
}

export function readWorkload(k: Knowledge, known: KnownFacts, kind: string, obj: Json): ReadResult {
  const pod = podSpecOf(kind, obj);
  if (!pod) return ignore(`a ${kind} without a pod template`);
  const windowsPath = windowsScheduling(pod.spec, pod.path);
  const proxy = readKubeProxyWorkload(k, known, kind, obj, windowsPath);
  if (proxy) {
    if (windowsPath) proxy.findings.push(...betaOsSelector(known, pod.spec, pod.path, windowsPath));
    return { readings: [proxy] };
  }
  if (!windowsPath)
    return ignore(
      statesOs(pod.spec)
        ? `a ${kind} not scheduled on Windows (its OS selector or affinity names another OS)`
        : `a ${kind} whose OS the input does not state (no kubernetes.io/os selector or affinity, no os.name): it may run on any node, so it is not judged as Windows`,
    );
  const r = reading(obj, 'workload', 'yes');
  r.findings.push(...betaOsSelector(known, pod.spec, pod.path, windowsPath));
  const usage: PodUsage = { labels: pod.labels, hostPorts: [], ipv6: [] };
  const hostProcess = (spec: Json) => isTrue(at(spec, 'securityContext.windowsOptions.hostProcess'));
  const containers = containersOf(pod.spec, pod.path);
  if (pod.spec.hostNetwork === true) {
    const allHostProcess = hostProcess(pod.spec) || (containers.length > 0 && containers.every(({ container }) => hostProcess(container)));
    usage.hostNetwork = { path: `${pod.path}.hostNetwork`, hostProcess: allHostProcess };
  }
  for (const { container, path } of containers) {
    list(container.ports).forEach((port, i) => {
      if (!isRecord(port)) return;
      if (port.hostPort !== undefined) usage.hostPorts.push(`${path}.ports[${i}].hostPort`);
      const hostIP = text(port.hostIP);
      if (hostIP && IPV6.test(hostIP)) usage.ipv6.push(`${path}.ports[${i}].hostIP`);
    });
  }
  readContainerSignals(k, known, containers, r);
  readNodeLabelSignals(k, known, pod.spec, pod.path, r);
  for (const [i, option] of list(at(pod.spec, 'dnsConfig.nameservers')).entries())
    if (IPV6.test(text(option) ?? '')) usage.ipv6.push(`${pod.path}.dnsConfig.nameservers[${i}]`);
  if (usage.ipv6.length > 0) r.facts.push({ field: 'features', value: 'dual-stack', path: usage.ipv6[0]! });
  r.pod = usage;
  return { readings: [r] };
}
