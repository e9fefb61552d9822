/**
 * Which objects of a scan belong to one cluster. Facts such as the CNI plugin hold for a whole
 * cluster, so an object is judged with the facts of its own cluster only: a NetworkPolicy written
 * for a Calico cluster must not be judged against amazon-vpc-cni because an unrelated eksctl file
 * was scanned beside it (issue 25).
 *
 * The rule, taken file by file in input order (a file is what someone wrote or dumped as one):
 * - a file that states cluster facts (a CNI configuration, a node group's environment) joins the
 *   one cluster formed so far whose facts it agrees with; when it agrees with none, or with
 *   several (nothing says which), it starts a cluster of its own;
 * - files that state no cluster fact (workloads, Services, policies) join the cluster when there
 *   is exactly one; otherwise they are judged without a CNI, rather than be given one they may not
 *   run on, each with the files it is tied to: a Service or NetworkPolicy in one file that selects
 *   a workload of another ties the two (an app split into svc.yaml and deploy.yaml stays one),
 *   and files with no tie are clusters of their own (two unrelated examples are not one cluster,
 *   and one's cluster findings are never reported on the other's objects);
 * - `oneCluster` (the user's word that the input is one cluster) puts everything in one, and
 *   facts that disagree are then reported as conflicts, never merged silently.
 */
import type { ScanGrouping } from '../vocabulary.js';
import { selects } from './kube.js';
import type { Fact, KubeProxyUsage, PlanField, Reading } from './readers.js';

/** A read object (or part) waiting to be judged, with the lines of the paths its facts rest on. */
export interface Pending {
  reading: Reading;
  file: string;
  line: number;
  lines: Map<string, number>;
  /** Its cluster's Windows kube-proxy settings, for an object whose features depend on them (settle.ts), and the object stating them. */
  kubeProxy?: { usage: KubeProxyUsage; from: string };
}

/** A pod template's selector inputs, to match Services and NetworkPolicies against. */
export interface Workload {
  file: string;
  namespace: string;
  labels: Record<string, string>;
  windows: boolean;
  /** Not pinned to Windows, and stating no OS at all: it may run on Windows nodes (kube.ts statesOs). */
  osUnknown: boolean;
  /** The Windows build its pods need (a base image tag, a windows-build selector), and the workload ("Deployment ns/name"). */
  windowsBuild?: { build: number; of: string };
  /** The RuntimeClass its pods name (runtimeClassName): a file holding that RuntimeClass is tied to this one. */
  runtimeClass?: string;
}

/** A Service's or NetworkPolicy's selector and namespace: what ties it to the workloads it selects. */
function selectorOf(r: Reading): { namespace: string; selector: Record<string, string>; all: boolean } | undefined {
  const namespace = r.ref.namespace ?? 'default';
  if (r.service && Object.keys(r.service.selector).length > 0) return { namespace, selector: r.service.selector, all: false };
  if (r.networkPolicy && !r.networkPolicy.selectsNone) return { namespace, selector: r.networkPolicy.selector, all: r.networkPolicy.selectsAll };
  return undefined;
}

/**
 * The objects each file defines: "kind\0namespace\0name" to a fingerprint of the object's content.
 * Two files define an object differently when they hold the same one with other content: one
 * cluster holds one such object, so they are two clusters, or two versions of one file.
 */
export type ObjectDefinitions = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The first object `a` and `b` both define, each differently, or undefined. */
function definedDifferently(a: ReadonlyMap<string, string> | undefined, b: ReadonlyMap<string, string> | undefined): string | undefined {
  if (!a || !b) return undefined;
  for (const [id, print] of a) if (b.has(id) && b.get(id) !== print) return id;
  return undefined;
}

/**
 * Files grouped by their ties: a file whose Service or NetworkPolicy selects a workload of another
 * is one group with it (transitively); a file tied to none is a group of its own. Input order kept.
 * Two files that define the same object differently (kind, namespace and name: a Deployment
 * win-webserver in each, not the same) are never tied: one cluster holds one such object, so they
 * are two clusters, or two versions of one file. A selector that matches workloads in several
 * files of that kind cannot say which it belongs with, and ties none of them (trial scan46: a Service app: win-webserver of one
 * repository tied to the same-named Deployments of three others).
 */
function tiedFiles(
  names: readonly string[],
  files: ReadonlyMap<string, { pending: Pending[]; workloads: Workload[] }>,
  definedIn: ObjectDefinitions,
): string[][] {
  const parent = new Map(names.map((n) => [n, n]));
  const root = (n: string): string => (parent.get(n) === n ? n : root(parent.get(n)!));
  const membersOf = (file: string) => names.filter((n) => root(n) === root(file));
  const sameObject = (a: string, b: string) =>
    membersOf(a).some((x) => membersOf(b).some((y) => definedDifferently(definedIn.get(x), definedIn.get(y)) !== undefined));
  // Ties `from` to every target, unless two targets define the same object (the tie is ambiguous) or a target defines one `from` does.
  const tie = (from: string, targets: readonly string[]) => {
    if (targets.some((a, i) => targets.slice(i + 1).some((b) => root(a) !== root(b) && sameObject(a, b)))) return;
    for (const to of targets) if (root(to) !== root(from) && !sameObject(from, to)) parent.set(root(to), root(from));
  };
  // A workload that names a RuntimeClass is tied to the file that defines it (cluster-scoped: by name).
  for (const from of names)
    for (const w of files.get(from)!.workloads) {
      if (!w.runtimeClass) continue;
      tie(
        from,
        names.filter((to) => to !== from && files.get(to)!.pending.some((p) => p.reading.ref.kind === 'RuntimeClass' && p.reading.ref.name === w.runtimeClass)),
      );
    }
  for (const from of names)
    for (const p of files.get(from)!.pending) {
      const sel = selectorOf(p.reading);
      if (!sel) continue;
      tie(
        from,
        names.filter(
          (to) => to !== from && files.get(to)!.workloads.some((w) => w.namespace === sel.namespace && (sel.all || selects(sel.selector, w.labels))),
        ),
      );
    }
  const groups = new Map<string, string[]>();
  for (const n of names) {
    const r = root(n);
    groups.set(r, [...(groups.get(r) ?? []), n]);
  }
  return [...groups.values()];
}

/** The facts that hold for a cluster's Windows nodes, first one wins; each with the object it comes from. */
export type ClusterFacts = Map<PlanField, { fact: Fact; source: string }>;

/** How the input is grouped (vocabulary.ts SCAN_GROUPINGS). */
export type Grouping = ScanGrouping;

export interface Cluster {
  /** "cluster 1", ... in input order. */
  name: string;
  files: string[];
  pending: Pending[];
  workloads: Workload[];
  facts: ClusterFacts;
  /** Facts that disagree with the ones used, per object stating them (the first was used). */
  conflicts: Map<Pending, string[]>;
  /** Why files of this cluster were kept out of a cluster whose facts they did not contradict field by field. */
  keptApart: string[];
  /** Why files that state no cluster fact are in this cluster (joined the only one, or judged on their own), so that a guess is never silent. */
  groupedBecause: string[];
  /** The files that joined it as a guess (they state no cluster fact, and it was the only cluster that did): scan.ts softens what only the guess decides. */
  guessed: string[];
}

export const describeRef = (r: Reading['ref']) => `${r.kind}${r.namespace ? ` ${r.namespace}/` : ' '}${r.name}${r.part ? ` (${r.part})` : ''}`;

/**
 * The facts an object states for its whole cluster: its cluster facts, and the environment and
 * CNI plugin of a Windows node or node group (EKS labels, an eksctl file), which every node of the
 * cluster shares.
 */
function clusterFactsOf(r: Reading): Fact[] {
  if (r.role !== 'node' && r.role !== 'node-group') return r.clusterFacts;
  return [...r.clusterFacts, ...r.facts.filter((f) => f.field === 'environment' || f.field === 'cniPlugin')];
}

/** The cluster a file names as its own (readers.ts clusterNameOf), with the place that names it. */
type ClusterName = { value: string; path: string; line: number; file: string } | undefined;

/** Files judged as one cluster while grouping: their facts, and the cluster they name when one does. */
interface Group {
  files: string[];
  facts: Map<PlanField, unknown>;
  keptApart: string[];
  because: string[];
  names?: ClusterName;
  installs?: Installs;
  guessed?: string[];
}

/**
 * A plugin's own configuration a file installs (flannel's kube-flannel-cfg, the ConfigMap holding
 * its net-conf.json), by plugin and ConfigMap name, with the namespace it goes in. The same
 * configuration in two namespaces is two installations of the plugin, each with its own agent
 * reading it, which one cluster's nodes cannot both run (trial scan43 X-M1: kube-system and
 * kube-flannel flannel manifests from two repositories).
 */
type Installs = Map<string, { namespace: string; file: string; line: number }>;

function installsOf(p: Pending): [string, { namespace: string; file: string; line: number }] | undefined {
  const r = p.reading;
  if (!r.netConfOf || r.ref.kind !== 'ConfigMap') return undefined;
  return [`${r.netConfOf}'s ConfigMap ${r.ref.name}`, { namespace: r.ref.namespace ?? 'default', file: p.file, line: p.line }];
}

/** Why a file that installs a plugin's configuration is not of a group that installs it in another namespace, or undefined. */
function installedElsewhere(installs: Installs, group: Group): string | undefined {
  for (const [what, mine] of installs) {
    const theirs = group.installs?.get(what);
    if (theirs && theirs.namespace !== mine.namespace)
      return `it installs ${what} in the namespace ${mine.namespace} (line ${mine.line}), and ${theirs.file} in ${theirs.namespace} (line ${theirs.line}): two installations of the plugin`;
  }
  return undefined;
}

/**
 * Why a file is not of a group one of whose files defines the same object (kind, namespace and name)
 * differently, or undefined: one cluster holds one such object, so the two are two clusters, or two versions of
 * one file (trial scan48: two repositories' kube-flannel-cfg and kube-proxy-windows in kube-system).
 */
function definesTheSame(file: string, group: Group, definedIn: ObjectDefinitions): string | undefined {
  for (const other of group.files) {
    const same = definedDifferently(definedIn.get(file), definedIn.get(other));
    if (same) {
      const [kind, namespace, name] = same.split('\0');
      return `it and ${other} each define ${kind} ${namespace ? `${namespace}/` : ''}${name}, differently: one cluster holds it once`;
    }
  }
  return undefined;
}

/** Why a file that names its cluster is not of a group that names another one, or undefined. */
function namesAnother(names: ClusterName, group: Group): string | undefined {
  if (!names || !group.names || names.value === group.names.value) return undefined;
  return `it names the cluster "${names.value}" (${names.path}, line ${names.line}), and ${group.names.file} names "${group.names.value}" (${group.names.path}, line ${group.names.line})`;
}

/** Does a file's first value for each field agree with the cluster's? */
const agrees = (a: ReadonlyMap<PlanField, unknown>, b: ReadonlyMap<PlanField, unknown>) =>
  [...a].every(([field, value]) => !b.has(field) || b.get(field) === value);

/**
 * Why facts of different fields cannot hold in one cluster (an environment whose sources list its
 * plugins and a plugin not among them), or undefined when nothing in the knowledge base says so.
 * Given by the scan from the knowledge base (scan.ts clusterClash); fields alone never clash.
 */
export type Clash = (facts: ReadonlyMap<PlanField, unknown>) => string | undefined;

/** The facts of a file and a cluster together: the cluster's value wins where both state one. */
const joined = (file: ReadonlyMap<PlanField, unknown>, cluster: ReadonlyMap<PlanField, unknown>) => new Map([...file, ...cluster]);

export function groupClusters(
  pending: readonly Pending[],
  workloads: readonly Workload[],
  grouping: Grouping,
  clash: Clash = () => undefined,
  /** The objects each file defines, read or ignored: files defining one differently are never one cluster. */
  definedIn: ObjectDefinitions = new Map(),
): Cluster[] {
  // Each file's pending objects and its first value per cluster field, in input order.
  const files = new Map<string, { pending: Pending[]; workloads: Workload[]; facts: Map<PlanField, unknown>; names: ClusterName; installs: Installs }>();
  const fileOf = (file: string) => {
    let entry = files.get(file);
    if (!entry) files.set(file, (entry = { pending: [], workloads: [], facts: new Map(), names: undefined, installs: new Map() }));
    return entry;
  };
  for (const p of pending) {
    const entry = fileOf(p.file);
    entry.pending.push(p);
    for (const fact of clusterFactsOf(p.reading)) if (!entry.facts.has(fact.field)) entry.facts.set(fact.field, fact.value);
    const install = installsOf(p);
    if (install && !entry.installs.has(install[0])) entry.installs.set(...install);
    if (!entry.names && p.reading.clusterName)
      entry.names = { ...p.reading.clusterName, line: p.lines.get(p.reading.clusterName.path) ?? p.line, file: p.file };
  }
  for (const w of workloads) fileOf(w.file).workloads.push(w);

  let groups: Group[];
  if (grouping === 'one-cluster') groups = [{ files: [...files.keys()], facts: new Map(), keptApart: [], because: [] }];
  else {
    groups = [];
    const factless: string[] = [];
    for (const [file, { facts, names, installs }] of files) {
      if (facts.size === 0) {
        factless.push(file);
        continue;
      }
      const keptApart: string[] = [];
      // Facts that only do not contradict a cluster's (a CNI beside an environment: nothing in
      // common, no cluster name shared) say nothing of belonging to it: the file is a cluster of
      // its own, and says why (trials scan49 and scan51: a CNI sample and an AKS pool of two repositories).
      const sharesWith = (g: Group) =>
        [...facts].some(([field, value]) => g.facts.get(field) === value) || (names !== undefined && g.names?.value === names.value);
      const fits = groups.filter((g) => {
        if (!agrees(facts, g.facts)) return false;
        const why =
          clash(joined(facts, g.facts)) ??
          namesAnother(names, g) ??
          installedElsewhere(installs, g) ??
          definesTheSame(file, g, definedIn) ??
          (sharesWith(g) ? undefined : `its cluster facts (${[...facts.keys()].join(', ')}) share none with it, so nothing says they are one cluster`);
        if (why) keptApart.push(`${file} not grouped with ${g.files.join(', ')}: ${why}`);
        return !why;
      });
      if (fits.length === 1) {
        fits[0]!.files.push(file);
        fits[0]!.keptApart.push(...keptApart);
        fits[0]!.names ??= names;
        fits[0]!.installs = new Map([...installs, ...(fits[0]!.installs ?? [])]);
        for (const [field, value] of facts) if (!fits[0]!.facts.has(field)) fits[0]!.facts.set(field, value);
      } else groups.push({ files: [file], facts: new Map(facts), keptApart, because: [], names, installs });
    }
    // A file that states no cluster fact but names its cluster joins the one group naming it.
    for (const file of [...factless]) {
      const names = files.get(file)!.names;
      const same = names ? groups.filter((g) => g.names?.value === names.value) : [];
      if (same.length !== 1) continue;
      same[0]!.files.push(file);
      same[0]!.because.push(`${file}: names the cluster "${names!.value}" (${names!.path}), as ${same[0]!.files[0]} does`);
      factless.splice(factless.indexOf(file), 1);
    }
    // The only cluster that states facts takes the files that state none, as a guess, but never
    // one that names another cluster (the reason is kept on it).
    const stating = groups.length;
    const only = stating === 1 ? groups[0]! : undefined;
    const namesOther = (file: string) => (only ? (namesAnother(files.get(file)!.names, only) ?? definesTheSame(file, only, definedIn)) : undefined);
    const joining = only ? factless.filter((f) => namesOther(f) === undefined) : [];
    if (only && joining.length > 0) {
      only.files.push(...joining);
      only.guessed = [...(only.guessed ?? []), ...joining];
      only.because.push(
        `${joining.join(', ')}: no cluster fact (CNI, network mode, environment) of ${joining.length === 1 ? 'its' : 'their'} own; ` +
          `judged with the one cluster the input states facts for (${only.files[0]}), which is a guess: scan ${joining.length === 1 ? 'it' : 'them'} apart if ${joining.length === 1 ? 'it belongs' : 'they belong'} to another cluster`,
      );
    }
    const apart = factless.filter((f) => !joining.includes(f));
    for (const tied of tiedFiles(apart, files, definedIn))
      groups.push({
        files: tied,
        facts: new Map(),
        keptApart: only
          ? tied.map((f) => `${f} not grouped with ${only.files.join(', ')}: ${namesOther(f) ?? 'tied to a file that names another cluster'}`)
          : [],
        because: [
          ...(stating > 1
            ? [
                `no cluster fact (CNI, network mode, environment) of its own, and the input states facts for ${stating} clusters: nothing says which one it belongs to, so it is judged with its cluster left open`,
              ]
            : []),
          ...(tied.length > 1
            ? [
                `${tied.join(', ')}: one group, a Service or NetworkPolicy of one selecting a workload of another, or a workload of one naming a RuntimeClass of another`,
              ]
            : []),
        ],
        names: tied.map((f) => files.get(f)!.names).find((n) => n !== undefined),
      });
  }

  return groups.map((g, i) => {
    const members = g.files.map((f) => files.get(f)!);
    // Objects in input order, whatever order the files joined in.
    const order = new Map(pending.map((p, n) => [p, n]));
    const cluster: Cluster = {
      name: groups.length === 1 ? 'the input' : `cluster ${i + 1}`,
      files: [...g.files].sort((a, b) => [...files.keys()].indexOf(a) - [...files.keys()].indexOf(b)),
      pending: members.flatMap((m) => m.pending).sort((a, b) => order.get(a)! - order.get(b)!),
      workloads: members.flatMap((m) => m.workloads),
      facts: new Map(),
      conflicts: new Map(),
      keptApart: g.keptApart,
      groupedBecause: g.because,
      guessed: g.guessed ?? [],
    };
    collectFacts(cluster);
    return cluster;
  });
}

/** The cluster's facts, first one wins; a later one that disagrees is noted on its object (never merged silently). */
function collectFacts(cluster: Cluster): void {
  for (const p of cluster.pending) {
    for (const fact of clusterFactsOf(p.reading)) {
      const seen = cluster.facts.get(fact.field);
      const where = `${describeRef(p.reading.ref)} (${p.file}:${p.lines.get(fact.path) ?? p.line})`;
      if (!seen) cluster.facts.set(fact.field, { fact, source: where });
      else if (seen.fact.value !== fact.value) {
        const list = cluster.conflicts.get(p) ?? [];
        list.push(
          `${fact.field} "${String(fact.value)}" (${fact.path}) disagrees with "${String(seen.fact.value)}" from ${seen.source}; ` +
            `the first was used for the cluster (scanned as ${cluster.name === 'the input' ? 'one cluster' : cluster.name})`,
        );
        cluster.conflicts.set(p, list);
      }
    }
  }
}
