/**
 * The places manifests state things (seeds/manifest-signals.yaml), walked generically: a
 * container's environment and image, a ConfigMap's keys, a CNI configuration's `type`, a node
 * label a pod or a node pool selects, a field of a node pool's object. The readers say only which
 * places an object has; what a place states, and how its value reads, is the knowledge base's.
 * Recognising a new plugin or a new way of stating a backend is a seed change, not a reader change.
 */
import type { Knowledge, ManifestSignal, SignalFacts } from '../knowledge.js';
import type { KnownFacts } from './known-facts.js';
import { at, isRecord, key, list, text, type Json } from './kube.js';
import type { Fact, Reading } from './readers/types.js';
import { kubernetesMinorOf, parseWindowsKernel } from './readers/windows-release.js';

/** The signals by the kind of place, and the place's name. */
export interface SignalIndex {
  env: ReadonlyMap<string, ManifestSignal[]>;
  configMapKey: ReadonlyMap<string, ManifestSignal[]>;
  cniType: ReadonlyMap<string, ManifestSignal[]>;
  nodeLabel: ReadonlyMap<string, ManifestSignal[]>;
  /** COMMAND_FILE places: file names (lower case) a container's command or args may name. */
  commandFiles: ReadonlyMap<string, ManifestSignal[]>;
  images: readonly { name: string; signal: ManifestSignal }[];
  /** FIELD places by object kind: the dotted path ("spec.amiSelectorTerms[].alias": every element). */
  fields: ReadonlyMap<string, readonly { path: string; signal: ManifestSignal }[]>;
}

const cache = new WeakMap<Knowledge, SignalIndex>();

export function signalIndex(k: Knowledge): SignalIndex {
  let index = cache.get(k);
  if (!index) cache.set(k, (index = build(k.manifestSignals)));
  return index;
}

function build(signals: readonly ManifestSignal[]): SignalIndex {
  const env = new Map<string, ManifestSignal[]>();
  const configMapKey = new Map<string, ManifestSignal[]>();
  const cniType = new Map<string, ManifestSignal[]>();
  const nodeLabel = new Map<string, ManifestSignal[]>();
  const commandFiles = new Map<string, ManifestSignal[]>();
  const images: { name: string; signal: ManifestSignal }[] = [];
  const fields = new Map<string, { path: string; signal: ManifestSignal }[]>();
  const add = (m: Map<string, ManifestSignal[]>, name: string, s: ManifestSignal) => m.set(name, [...(m.get(name) ?? []), s]);
  for (const s of signals)
    for (const place of s.where)
      switch (place.kind) {
        case 'ENV_VAR':
          add(env, place.name, s);
          break;
        case 'CONFIG_MAP_KEY':
          add(configMapKey, place.name, s);
          break;
        case 'CNI_TYPE':
          add(cniType, place.name, s);
          break;
        case 'NODE_LABEL':
          add(nodeLabel, place.name, s);
          break;
        case 'IMAGE':
          images.push({ name: place.name, signal: s });
          break;
        case 'COMMAND_FILE':
          add(commandFiles, place.name.toLowerCase(), s);
          break;
        case 'FIELD':
          for (const kind of place.objectKinds ?? []) fields.set(kind, [...(fields.get(kind) ?? []), { path: place.name, signal: s }]);
          break;
      }
  return { env, configMapKey, cniType, nodeLabel, commandFiles, images, fields };
}

/** An image reference's repository (registry included) and tag. */
export function parseImage(image: string): { repository: string; tag?: string } {
  const ref = image.trim().replace(/@.*$/, '');
  const colon = ref.lastIndexOf(':');
  if (colon > ref.lastIndexOf('/')) return { repository: ref.slice(0, colon), tag: ref.slice(colon + 1) };
  return { repository: ref };
}

const imageCache = new WeakMap<SignalIndex, Map<string, ManifestSignal[]>>();

/** The signals an image's repository matches: the place's name is the repository's path, matched from its end. Cached: pods share images. */
export function imageSignals(index: SignalIndex, repository: string): ManifestSignal[] {
  let cache = imageCache.get(index);
  if (!cache) imageCache.set(index, (cache = new Map<string, ManifestSignal[]>()));
  let found = cache.get(repository);
  if (!found) {
    found = index.images.filter(({ name }) => repository === name || repository.endsWith(`/${name}`)).map(({ signal }) => signal);
    if (cache.size < 10_000) cache.set(repository, found);
  }
  return found;
}

/** What reading one signal's value gave: whether it says the object is about Windows. */
export interface SignalRead {
  windows: boolean;
}

/** The plan field each way of reading a value gives: an open placeholder stands for it, and is dropped when the cluster gives it. */
export const FIELD_OF_READ: Partial<Record<NonNullable<ManifestSignal['reads']>, Fact['field']>> = {
  'plugin-backend': 'networkMode',
  'kubernetes-version': 'kubernetesVersion',
  'windows-build': 'windowsBuild',
  'windows-release': 'windowsVersion',
  'plugin-version': 'cniPluginVersion',
  'instance-type': 'instanceType',
};

/** Fields that hold for the whole cluster; the others describe the object (its nodes' build, a node pool's release). */
const CLUSTER_FIELDS = new Set<Fact['field']>(['cniPlugin', 'cniPluginVersion', 'networkMode', 'environment', 'kubernetesVersion']);

/**
 * Reads one signal at a place: what it states, and its value as the knowledge base says to read
 * it. Facts go on the reading (cluster-wide ones among its cluster facts); a value the knowledge
 * base cannot read is listed as missing, never guessed; a plugin it does not hold is stated all
 * the same (the engine refuses it and the report says what was judged without it).
 */
export function readSignal(
  k: Knowledge,
  known: KnownFacts,
  signal: ManifestSignal,
  value: string | undefined,
  place: { path: string; valuePath?: string; /** The place holds the version itself (a FIELD), not a tag that may carry one. */ namesVersion?: boolean },
  r: Reading,
  asCluster: (field: Fact['field']) => boolean = (field) => CLUSTER_FIELDS.has(field),
): SignalRead {
  const { path } = place;
  const valuePath = place.valuePath ?? path;
  const push = (fact: Fact) => (asCluster(fact.field) ? r.clusterFacts : r.facts).push(fact);
  const special = value !== undefined ? listedValue(signal, value) : undefined;
  const states: SignalFacts = special?.states ?? signal.states;
  const detail = (text: string) => ({ detail: `${text} (${signal.slug})` });
  let windows = states.windows === true;
  for (const slug of states.concerns ?? []) r.concerns = [...(r.concerns ?? []), { slug, path, signal: signal.slug }];
  if (states.networking === false) {
    r.unknown.push({
      fact: `the CNI plugin that networks the pods${special?.note ? `: ${special.note}` : ''}`,
      settledBy: 'the CNI configuration of the Windows nodes, which the input does not show',
      path,
      field: 'cniPlugin',
    });
  }
  const plugin = states.cniPlugin;
  if (plugin) {
    push({
      field: 'cniPlugin',
      value: plugin,
      path,
      ...(!k.plugins.has(plugin)
        ? detail(`${plugin}: a CNI plugin the knowledge base holds no record of`)
        : special?.note && value !== undefined
          ? detail(`${value}: ${special.note}`)
          : {}),
    });
    if (!k.plugins.has(plugin) && !r.missing.some((m) => m.includes(`CNI plugin ${plugin} `)))
      r.missing.push(`the CNI plugin ${plugin} (${path}) is one the knowledge base holds no record of: what depends on the plugin is judged without it`);
  }
  if (states.environment) push({ field: 'environment', value: states.environment, path });
  if (special?.meets) r.meets = [...(r.meets ?? []), special.meets];
  if (special?.breaks) breaks(k, special.breaks, `${valuePath} "${value}"${special.note ? `: ${special.note}` : ''}`, valuePath, r);
  if (value === undefined || value.trim() === '') return { windows };
  // A signal read only through its listed values (Azure CNS's scenarios): another value is not read, and the report says so.
  if (!signal.reads && Object.keys(signal.values).length > 0 && !special)
    r.missing.push(`${valuePath} "${value}" is not a value the knowledge base reads for ${signal.slug} (${Object.keys(signal.values).join(', ')}): not read`);
  // A template's placeholder (${KUBERNETES_VERSION}, {{ .Values.backend }}, __MODE__) is not a value: what it stands for is open.
  // A cluster's name only tells clusters apart (readers.ts clusterNameOf): a placeholder leaves nothing open that a rule needs.
  if (signal.reads === 'cluster-name') return { windows };
  if (signal.reads && /\$\{|\{\{|^__[A-Z0-9_]+__$/.test(value)) {
    const field = FIELD_OF_READ[signal.reads];
    const unset = withShellDefaults(value);
    r.unknown.push({
      fact:
        `the value of ${valuePath} ("${value}"), read as ${signal.reads} (${signal.slug})` +
        (unset !== undefined ? `; where the template's variables are left unset it is "${unset}"` : ''),
      settledBy: 'the value the template is rendered with',
      path: valuePath,
      ...(field ? { field } : {}),
    });
    return { windows };
  }
  switch (signal.reads) {
    case 'plugin-backend': {
      if (states.networking === false || !plugin || !k.plugins.has(plugin)) break;
      // A value the seeds list stands for the backend they give it (bird: windows-bgp), or for none (IPIP Never).
      const backend = special ? special.backend : value;
      if (backend === undefined) break;
      const mode = known.backendMode(plugin, backend);
      if (mode) {
        push({ field: 'networkMode', value: mode.mode, path: valuePath });
        // The object states the plugin's backend: what another object of its cluster leaves to it is settled (settle.ts 'net-conf').
        r.netConfOf = plugin;
      } else
        r.missing.push(
          `${valuePath} "${value}" is not a backend the knowledge base ties to a ${plugin} network mode on Windows (${known.backends(plugin).join(', ') || 'none'})`,
        );
      break;
    }
    case 'kubernetes-version': {
      const minor = kubernetesMinorOf(value);
      if (minor) push({ field: 'kubernetesVersion', value: minor, path: valuePath, ...detail(`${value}`) });
      // A FIELD that holds the version and something else (a setup script's DONOTCHANGE): open, and named (trial scan44, 09-U1).
      else if (place.namesVersion)
        r.unknown.push({
          fact: `the Kubernetes version: ${valuePath} is "${value}", which is not a Kubernetes version (${signal.slug})`,
          settledBy: 'the value it is replaced with when the cluster is set up',
          path: valuePath,
          field: 'kubernetesVersion',
        });
      break;
    }
    case 'plugin-version': {
      const version = /^v?(\d+\.\d+(?:\.\d+)?)(?![\d.])/.exec(value)?.[1];
      if (version && plugin && k.plugins.has(plugin)) push({ field: 'cniPluginVersion', value: version, path: valuePath });
      break;
    }
    case 'windows-build': {
      const build = windowsBuildOf(k, signal, value);
      if (build) {
        windows = true;
        push({ field: 'windowsBuild', value: build.build, path: valuePath, ...detail(build.detail) });
      }
      break;
    }
    case 'windows-release': {
      const release = special?.windowsVersion ? k.releases.get(special.windowsVersion) : undefined;
      if (release) {
        windows = true;
        push({ field: 'windowsVersion', value: release.slug, path: valuePath, ...detail(`${value}: ${release.name}`) });
      }
      break;
    }
    case 'instance-type':
      push({ field: 'instanceType', value, path: valuePath });
      break;
    case 'os':
      if (value.toLowerCase() === 'windows') windows = true;
      break;
    case undefined:
      break;
  }
  return { windows };
}

/**
 * The entry of `values` a value is: the value itself, its part before an "@" (an AMI alias's
 * windows2022@latest), or one of its dash-separated parts, as an image tag names what it is built
 * for (kube-proxy's v1.26.7-calico-hostprocess: calico). The first part that is listed wins.
 */
function listedValue(signal: ManifestSignal, value: string): ManifestSignal['values'][string] | undefined {
  const exact = signal.values[value] ?? signal.values[value.split('@')[0]!];
  if (exact) return exact;
  // A listed value that the value begins with, before a dash (the SKU windows-2019-containerd-gen1: windows-2019).
  for (const v in signal.values) if (value.length > v.length && value.charCodeAt(v.length) === 45 /* - */ && value.startsWith(v)) return signal.values[v];
  const token = value.split('-').find((t) => Object.hasOwn(signal.values, t));
  return token !== undefined ? signal.values[token] : undefined;
}

/** A value that runs into a limitation (Calico's IPIP Always): a setting to change, resting on the limitation's sources. */
function breaks(k: Knowledge, slug: string, message: string, path: string, r: Reading): void {
  const limitation = k.limitations.find((l) => l.slug === slug);
  if (!limitation) return;
  r.settingProblems.push({
    message: `${message}: ${limitation.title}`,
    path,
    subject: slug,
    ...(limitation.workaround ? { remediation: limitation.workaround } : {}),
    sources: limitation.sources,
  });
}

/**
 * The Windows build a value names: one of the signal's values (a tag naming a release: ltsc2019),
 * or a version (10.0.17763, 10.0.17763.437), in any dash-separated part of it (ltsc2019-amd64,
 * 1809-KB4493509). The build, not the release: a container of 17763 runs on any node of that build.
 */
function windowsBuildOf(k: Knowledge, signal: ManifestSignal, value: string): { build: number; detail: string } | undefined {
  for (const token of [value, ...value.split('-')]) {
    const slug = signal.values[token]?.windowsVersion;
    const release = slug ? k.releases.get(slug) : undefined;
    if (release) return { build: release.build, detail: `${value}: ${release.name}, build ${release.build}` };
    const kernel = parseWindowsKernel(token);
    if (kernel) return { build: kernel.build, detail: `${value}: build ${kernel.build}` };
  }
  return undefined;
}

/**
 * The values at a dotted path where "[]" steps into every element of a list and ["a.b/c"] names a
 * key that holds dots (a label: labels["machine.openshift.io/os-id"]), with the concrete path of each.
 */
export function valuesAt(obj: unknown, path: string): { value: string; path: string }[] {
  let current: { node: unknown; path: string }[] = [{ node: obj, path: '' }];
  for (const [, quoted, plain] of path.matchAll(/\["([^"]+)"\]|([^.[\]]+(?:\[\])?)/g)) {
    const each = plain?.endsWith('[]') === true;
    const name = quoted ?? (each ? plain.slice(0, -2) : plain!);
    current = current.flatMap(({ node, path: p }) => {
      const next = isRecord(node) ? node[name] : undefined;
      const here = quoted !== undefined ? key(p, name) : p ? `${p}.${name}` : name;
      return each ? list(next).map((item, i) => ({ node: item, path: `${here}[${i}]` })) : [{ node: next, path: here }];
    });
  }
  return current.flatMap(({ node, path: p }) => (text(node) !== undefined && !isRecord(node) ? [{ value: text(node)!, path: p }] : []));
}

/** The node labels a pod spec requires (those `wanted` names): its nodeSelector, and the In values of its required node affinity terms. */
export function requiredNodeLabels(spec: Json, specPath: string, wanted: ReadonlyMap<string, unknown>): { label: string; value: string; path: string }[] {
  const out: { label: string; value: string; path: string }[] = [];
  const selector = at(spec, 'nodeSelector');
  if (isRecord(selector))
    for (const [label, value] of Object.entries(selector))
      if (wanted.has(label) && text(value) !== undefined) out.push({ label, value: text(value)!, path: key(`${specPath}.nodeSelector`, label) });
  const terms = list(at(spec, 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms'));
  terms.forEach((term, t) =>
    list(at(term, 'matchExpressions')).forEach((expression, e) => {
      const label = text(at(expression, 'key'));
      const values = list(at(expression, 'values')).map(text);
      if (label && wanted.has(label) && text(at(expression, 'operator')) === 'In' && values.length === 1 && values[0])
        out.push({
          label,
          value: values[0],
          path: `${specPath}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${t}].matchExpressions[${e}]`,
        });
    }),
  );
  return out;
}

/**
 * A template value whose every variable has a shell-style default (${WINDOWS_SERVER_VERSION:=windows-2019}-containerd-gen1,
 * as clusterctl and envsubst expand it) with the defaults in place; undefined when a variable has none.
 */
export function withShellDefaults(value: string): string | undefined {
  const expanded = value.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=]([^}]*)\}/g, (_m, d: string) => d.replace(/^"(.*)"$/, '$1'));
  return expanded !== value && !/\$\{|\{\{/.test(expanded) ? expanded : undefined;
}
