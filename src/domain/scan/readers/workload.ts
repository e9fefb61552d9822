/** Workloads (Pods and their controllers) scheduled on Windows: hostNetwork, host ports, IPv6, and the kube-proxy among them. */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { at, containersOf, isRecord, isTrue, key, list, podSpecOf, statesOs, text, windowsAllowed, windowsScheduling, type Json } from '../kube.js';
import { readClusterEnvSignals, readContainerSignals, readNodeLabelSignals } from './container-signals.js';
import { readKubeProxyWorkload } from './kube-proxy.js';
import {
  HOST_NETWORK_LIMITATION,
  ignore,
  reading,
  statesRelease,
  type NamedRelease,
  type PodUsage,
  type ReaderFinding,
  type ReadResult,
  type UnknownFact,
} from './types.js';
import { imageSignals, parseImage, signalIndex } from '../signals.js';
import { imageBuildNotSelected, taggedBuildNotSelected } from './build-selector.js';

/**
 * The first container whose image the seeds read as a Windows image (an IMAGE place whose signal
 * states windows: the base images, IIS): a Windows container cannot start on a Linux node
 * (windows-container-version-compatibility), so a pod that runs it is a Windows pod even without an
 * OS selector. Undefined when no image says so.
 */
function windowsImage(k: Knowledge, containers: readonly { container: Json; path: string }[]): string | undefined {
  const index = signalIndex(k);
  for (const { container, path } of containers) {
    const image = text(container.image);
    if (image && imageSignals(index, parseImage(image).repository).some((s) => s.states.windows === true)) return `${path}.image`;
  }
  return undefined;
}

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
  const containers = containersOf(pod.spec, pod.path);
  const selected = windowsScheduling(pod.spec, pod.path);
  // Its affinity allows Windows among other OSes: it may run on Windows nodes, and that is said as open.
  const allowed = selected ? undefined : windowsAllowed(pod.spec, pod.path);
  // No OS selector: a Windows image still pins it (but not when its selector names another OS).
  const windowsPath = selected ?? allowed ?? (statesOs(pod.spec) ? undefined : windowsImage(k, containers));
  const runtimeClassName = text(pod.spec.runtimeClassName);
  const runtimeClass = runtimeClassName ? { name: runtimeClassName, path: `${pod.path}.runtimeClassName` } : undefined;
  const proxy = readKubeProxyWorkload(k, known, kind, obj, windowsPath);
  const hostProcess = (spec: Json) => isTrue(at(spec, 'securityContext.windowsOptions.hostProcess'));
  const allHostProcess = hostProcess(pod.spec) || (containers.length > 0 && containers.every(({ container }) => hostProcess(container)));
  if (proxy) {
    if (windowsPath) proxy.findings.push(...betaOsSelector(known, pod.spec, pod.path, windowsPath));
    // A kube-proxy pod on the host network is judged as any Windows pod there: HostProcess (k0s's)
    // gets the HostProcess note; an ordinary pod (the wins-era manifests run kube-proxy.exe through
    // wins and set hostNetwork) gets the error, its hostNetwork having no effect on Windows.
    if (windowsPath && pod.spec.hostNetwork === true) {
      proxy.pod = { labels: pod.labels, hostPorts: [], ipv6: [], hostNetwork: { path: `${pod.path}.hostNetwork`, hostProcess: allHostProcess } };
      if (allHostProcess) proxy.meets = [...(proxy.meets ?? []), HOST_NETWORK_LIMITATION];
    }
    return { readings: [proxy] };
  }
  if (!windowsPath && !(runtimeClass && !statesOs(pod.spec))) {
    // A CNI agent of the other nodes may still set what the cluster's Windows nodes get (the default IP pool's encapsulation).
    const cni = reading(obj, 'cni', 'if-cluster-has-windows');
    if (readClusterEnvSignals(k, known, containersOf(pod.spec, pod.path), cni)) return { readings: [cni] };
    return ignore(
      statesOs(pod.spec)
        ? `a ${kind} not scheduled on Windows (its OS selector or affinity names another OS)`
        : `a ${kind} whose OS the input does not state (no kubernetes.io/os selector or affinity, no os.name): it may run on any node, so it is not judged as Windows`,
    );
  }
  const r = reading(obj, 'workload', windowsPath ? 'yes' : 'if-cluster-has-windows');
  if (windowsPath) r.findings.push(...betaOsSelector(known, pod.spec, pod.path, windowsPath));
  // Windows by its image alone: its pods run only on Windows nodes, but nothing keeps them there
  // (trial scan53, file 20): said as open, not as "scheduled on Windows".
  if (allowed) {
    r.windowsAllowed = allowed;
    r.unknown.push({
      fact: 'whether its pods run on Windows: its node affinity allows Windows and another OS, so they may be scheduled on either',
      settledBy: 'a node affinity or kubernetes.io/os selector that allows Windows alone, or the nodes the cluster has',
      path: allowed,
    });
  } else if (windowsPath && !selected && !runtimeClass) {
    r.windowsByImage = windowsPath;
    r.unknown.push({
      fact: 'whether its pods are kept to Windows nodes: it has no OS selector, node affinity or os.name, and its Windows image runs on Windows nodes only',
      settledBy: 'a kubernetes.io/os: windows nodeSelector (or node affinity, or spec.os.name: windows) on its pod template',
      path: windowsPath,
    });
  }
  if (runtimeClass) {
    r.runtimeClass = runtimeClass;
    // Its RuntimeClass's scheduling.nodeSelector joins the pod's (k8s-runtime-class, Scheduling): until the input holds it, the OS is open.
    if (!windowsPath)
      r.unknown.push({
        fact: `the OS of its nodes: it states none, and RuntimeClass ${runtimeClass.name} schedules it`,
        settledBy: `RuntimeClass ${runtimeClass.name} (its scheduling.nodeSelector), which the input does not hold`,
        path: runtimeClass.path,
      });
  }
  const usage: PodUsage = { labels: pod.labels, hostPorts: [], ipv6: [] };
  const rejected = hostProcessRejected(pod.spec, pod.path, containers);
  if (rejected.length > 0) usage.hostProcessRejected = rejected;
  // A pod meant as HostProcess whose containers are mixed is that pod's rejection (above), not an ordinary pod on the host network.
  if (pod.spec.hostNetwork === true) usage.hostNetwork = { path: `${pod.path}.hostNetwork`, hostProcess: allHostProcess || rejected.length > 0 };
  // The pod keeps to the limitation when it does not ask for host networking (the general note would
  // be about a setting it does not use: trial scan38, files 08 and 12) or is HostProcess (its
  // exception, whose own note, own-findings.ts, replaces the general one).
  if (pod.spec.hostNetwork !== true || allHostProcess) r.meets = [...(r.meets ?? []), HOST_NETWORK_LIMITATION];
  for (const { container, path } of containers) {
    list(container.ports).forEach((port, i) => {
      if (!isRecord(port)) return;
      if (port.hostPort !== undefined) usage.hostPorts.push(`${path}.ports[${i}].hostPort`);
      const hostIP = text(port.hostIP);
      if (hostIP && IPV6.test(hostIP)) usage.ipv6.push(`${path}.ports[${i}].hostIP`);
    });
  }
  const anyBuild = (container: Json) => hostProcess(pod.spec) || hostProcess(container);
  readContainerSignals(k, known, containers, r, anyBuild);
  readNodeLabelSignals(k, known, pod.spec, pod.path, r);
  r.findings.push(...imageBuildNotSelected(k, r, containers, runtimeClass !== undefined));
  for (const [i, option] of list(at(pod.spec, 'dnsConfig.nameservers')).entries())
    if (IPV6.test(text(option) ?? '')) usage.ipv6.push(`${pod.path}.dnsConfig.nameservers[${i}]`);
  if (usage.ipv6.length > 0) r.facts.push({ field: 'features', value: 'dual-stack', path: usage.ipv6[0]! });
  if (!statesRelease(r)) {
    const named = namedRelease(k, containers, anyBuild);
    r.unknown.push(releaseUnknown(named, pod.path, runtimeClass));
    if (named && !named.hostProcess) r.findings.push(...taggedBuildNotSelected(k, named, runtimeClass !== undefined, r));
  }
  r.pod = usage;
  return { readings: [r] };
}

const tokenCache = new WeakMap<Knowledge, ReadonlySet<string>>();

/** The tag tokens that name a release on the images whose tag the seeds read as a build (ltsc2022, 1809), once per knowledge base. */
function releaseTokens(k: Knowledge): ReadonlySet<string> {
  let tokens = tokenCache.get(k);
  if (!tokens) {
    tokens = new Set(
      signalIndex(k)
        .images.filter(({ signal }) => signal.reads === 'windows-build')
        .flatMap(({ signal }) => Object.keys(signal.values)),
    );
    tokenCache.set(k, tokens);
  }
  return tokens;
}

function namedRelease(
  k: Knowledge,
  containers: readonly { container: Json; path: string }[],
  anyBuild: (container: Json) => boolean,
): NamedRelease | undefined {
  const tokens = releaseTokens(k);
  for (const { container, path } of containers) {
    const image = text(container.image);
    const token = image
      ? parseImage(image)
          .tag?.split('-')
          .find((t) => tokens.has(t))
      : undefined;
    if (image && token) return { image, token, path: `${path}.image`, hostProcess: anyBuild(container) };
  }
  return undefined;
}

/**
 * The release of a Windows workload's nodes, when none of its images or selectors states it. A tag
 * token that names a release on the images whose tag the seeds read (ltsc2022, 1809: the values of
 * the manifest-signals.yaml places that read a build) is not read on an image no place names (its
 * tag is the image's own to choose): the report names it as not read rather than guess (and
 * build-selector.ts says what it would mean, as "may apply"). On a HostProcess container it is not
 * read either, and says why: such a container need not match its node's build (k8s-hostprocess, Overview).
 */
function releaseUnknown(first: NamedRelease | undefined, specPath: string, runtimeClass?: { name: string; path: string }): UnknownFact {
  const why = first?.hostProcess
    ? 'but a HostProcess container need not match the build of its node, so it says nothing about the release'
    : "but no source ties that image's tags to a release, so it is not read";
  return {
    fact: first
      ? `the Windows release of its nodes: the tag of ${first.image} names ${first.token}, ${why}`
      : 'the Windows release of its nodes (no Windows base image or windows-build selector names it)',
    settledBy: runtimeClass
      ? `RuntimeClass ${runtimeClass.name} (a node.kubernetes.io/windows-build label in its scheduling.nodeSelector), which the input does not hold, a Windows base image tag, or the plan's windowsVersion`
      : "a Windows base image tag, a node.kubernetes.io/windows-build selector, the node pool's release, or the plan's windowsVersion",
    path: first?.path ?? runtimeClass?.path ?? specPath,
    field: 'windowsVersion',
  };
}

/**
 * Why a pod with HostProcess containers is not admitted: a HostProcess pod must use the host's network
 * (hostNetwork: true), and all its containers must be HostProcess ones (k8s-hostprocess, Configuration
 * requirements and Limitations; research facts-2026 A.1 #6: enforced at admission). Trial scan55, files 12, 13, 15.
 */
function hostProcessRejected(spec: Json, specPath: string, containers: readonly { container: Json; path: string }[]): { path: string; why: string }[] {
  const flag = (o: Json) => at(o, 'securityContext.windowsOptions.hostProcess');
  const podLevel = isTrue(flag(spec));
  const marked = containers.filter(({ container }) => isTrue(flag(container)));
  if (!podLevel && marked.length === 0) return [];
  const out: { path: string; why: string }[] = [];
  const where = podLevel ? `${specPath}.securityContext.windowsOptions.hostProcess` : `${marked[0]!.path}.securityContext.windowsOptions.hostProcess`;
  if (spec.hostNetwork !== true)
    out.push({ path: where, why: 'it runs HostProcess containers but does not set hostNetwork: true, which a HostProcess pod must' });
  // With the pod-level flag, a container may only turn it off explicitly; without it, every container must set it.
  const ordinary = containers.find(({ container }) => (podLevel ? flag(container) === false : !isTrue(flag(container))));
  if (ordinary)
    out.push({
      path: ordinary.path,
      why: `it mixes HostProcess containers with one that is not (${ordinary.path}), and every container of a HostProcess pod must be one`,
    });
  return out;
}
