/**
 * The scan: read every object once, group the objects into clusters (clusters.ts), infer the plan
 * each object implies (implied-plan.ts) and judge it with the same engine as `compatibility`
 * (object-judgement.ts). Pure: objects and knowledge in, reports out.
 *
 * Objects are read one at a time and only their facts are kept, so memory follows the number
 * of Windows-related objects, not the size of the input. Judgments are cached by plan: a
 * cluster of 1,000 identical Windows nodes costs one judgment.
 */
import { verdictOf } from '../outcome.js';
import { SEVERITY_RANK } from '../compatibility/findings.js';
import type { PlanInput } from '../compatibility/plan.js';
import type { Knowledge, Severity } from '../knowledge.js';
import type { SkippedDocument, SourceObject } from './documents.js';
import { clusterClash } from './cluster-clash.js';
import { cannotUseHostNetwork, HOST_NETWORK_LIMITATION } from './own-findings.js';
import { describeRef, groupClusters, type Cluster, type Grouping, type Pending, type Workload } from './clusters.js';
import { appServiceTypes, nodePlan, nodeTargets, objectPlans, openTarget, planKey, targetOf, type GivenPlan, type OpenPlan } from './implied-plan.js';
import { at, podSpecOf, segments, selects, text, statesOs, windowsScheduling } from './kube.js';
import { kubernetesInRange } from '../kubernetes-version.js';
import { knownFacts } from './known-facts.js';
import { coveredBy, isCovered, Judge, notJudged, type ObjectJudgement } from './object-judgement.js';
import { configMapId } from './readers/types.js';
import { linkNodePools, readsNodePool } from './readers/node-pool.js';
import { IMAGE_BUILD_NOTE } from './readers/build-selector.js';
import { linkRuntimeClasses } from './readers/runtime-class.js';
import { askForServiceProxyFeatures, settleUnknowns } from './settle.js';
import { policyEnforcement } from './defaults.js';
import { objectKey, softenGuessedFindings } from './guessed-grouping.js';
import { readObject, type Reading, type UnknownFact } from './readers.js';
import type { InferredFact, ObjectReport, ScanResult, ScanSummary } from './results.js';

export type { ClusterSummary, InferredFact, ObjectReport, ScanFinding, ScanResult, ScanSummary } from './results.js';

export interface ScanOptions {
  /** The plan given on the command line (or the API): what objects are judged against when the input has no Windows node. */
  plan?: PlanInput;
  /** YYYY-MM-DD for support lifecycles. */
  today: string;
  /**
   * The Kubernetes minor version of a planned upgrade: every object is judged at it, and each
   * kube-proxy's feature gates against it (compatibility/rules/kube-proxy-feature-gates.ts). Defaults to the plan's.
   */
  targetKubernetesVersion?: string;
  /** The user's word that the whole input is one cluster: its facts are merged, and those that disagree reported. */
  oneCluster?: boolean;
}

/** A scan of part of the input, to see what it raises on its own (guessed-grouping.ts): it softens nothing itself. */
interface PartScan extends ScanOptions {
  part?: true;
}

/** A short fingerprint of an object's JSON (FNV-1a, 32 bits): two definitions of one object differ or not. */
function fingerprint(json: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) hash = Math.imul(hash ^ json.charCodeAt(i), 0x01000193);
  return `${json.length}:${(hash >>> 0).toString(16)}`;
}

/** How many objects a scan keeps to compare a guessed grouping's sides (Scanner.sources), and records the definitions of. */
const RETAINED_OBJECTS = 1_000;

/** A report being built: its plan-level findings are placed once every report of the cluster is known. */
interface Draft {
  report: ObjectReport;
  judgement: ObjectJudgement;
  pending: Pending;
}

const whereIs = (r: ObjectReport) => `${r.file}:${r.line} ${describeRef(r.ref)}`;

export class Scanner {
  private readonly pending: Pending[] = [];
  private readonly workloads: Workload[] = [];
  /** The workload entry of each workload reading that names a RuntimeClass, updated when the RuntimeClass is tied to it. */
  private readonly workloadOfReading = new Map<Reading, Workload>();
  private readonly skipped: SkippedDocument[] = [];
  private objectsRead = 0;
  private readonly readByKind: Record<string, number> = {};
  private readonly ignoredByReason: Record<string, number> = {};
  private ignored = 0;
  /** Every ConfigMap of the input ("namespace/name"), read or ignored: what the input holds is never named as missing from it. */
  private readonly configMaps = new Set<string>();
  /** The objects each file defines ("kind\0namespace\0name" to a fingerprint), read or ignored: files that define one differently are not one cluster (clusters.ts). */
  private readonly definedIn = new Map<string, Map<string, string>>();
  /** The node-pool objects the input holds and the scan reads (kind and name), whether or not they state anything: a pool's template that is not among them is unread. */
  private readonly poolObjects = new Set<string>();
  private readonly given: GivenPlan;
  private readonly judge: Judge;
  /**
   * The objects read, kept to scan a side of a guessed grouping again on its own (guessed-grouping.ts);
   * undefined past RETAINED_OBJECTS, so that a large dump is not held whole (bench:scan's 10,000
   * objects took 30 MiB more): a guess is then softened without that comparison.
   */
  private sources: SourceObject[] | undefined = [];

  constructor(
    private readonly k: Knowledge,
    private readonly options: PartScan,
  ) {
    if (options.plan) {
      // The plan without the upgrade fields: the scan applies the target itself, to the gates the objects set.
      const { targetKubernetesVersion, kubeProxyFeatureGates: _gates, ...plan } = options.plan;
      const target = options.targetKubernetesVersion ?? targetKubernetesVersion ?? undefined;
      this.given = { plan, ...(target ? { target } : {}) };
    } else this.given = options.targetKubernetesVersion ? { target: options.targetKubernetesVersion } : {};
    this.judge = new Judge(k, options.today, this.given.target);
  }

  /** Documents without objects, reported by the parser. */
  get skippedDocuments(): SkippedDocument[] {
    return this.skipped;
  }

  /** Reads one object and keeps only its facts. */
  add(source: SourceObject): void {
    this.objectsRead++;
    if (this.sources && !this.options.oneCluster && !this.options.part) if (this.sources.push(source) > RETAINED_OBJECTS) this.sources = undefined;
    const kind = text(source.data.kind) ?? '(no kind)';
    this.readByKind[kind] = (this.readByKind[kind] ?? 0) + 1;
    // What each file defines, for the grouping (clusters.ts): only while the input is small, as
    // the fingerprint reads the whole object and a large dump is one file anyway.
    const name = text(at(source.data, 'metadata.name'));
    if (name !== undefined && this.objectsRead <= RETAINED_OBJECTS) {
      const defined = this.definedIn.get(source.file) ?? new Map<string, string>();
      defined.set(`${kind}\0${text(at(source.data, 'metadata.namespace')) ?? ''}\0${name}`, fingerprint(JSON.stringify(source.data)));
      this.definedIn.set(source.file, defined);
    }
    if (name !== undefined && readsNodePool(this.k, kind)) this.poolObjects.add(`${kind}\0${name}`);
    if (kind === 'ConfigMap') this.configMaps.add(configMapId(text(at(source.data, 'metadata.namespace')), text(at(source.data, 'metadata.name')) ?? ''));
    const pod = podSpecOf(kind, source.data);
    const workload: Workload | undefined = pod
      ? {
          file: source.file,
          namespace: text(at(source.data, 'metadata.namespace')) ?? 'default',
          labels: pod.labels,
          windows: windowsScheduling(pod.spec, pod.path) !== undefined,
          osUnknown: false,
        }
      : undefined;
    if (workload) {
      workload.osUnknown = !workload.windows && !statesOs(pod!.spec);
      this.workloads.push(workload);
    }
    const result = readObject(this.k, source.data);
    // The build its pods need (its image's, or the release's it selects), which the Services and policies that select them share.
    const facts = 'readings' in result ? (result.readings[0]?.facts ?? []) : [];
    const release = facts.find((f) => f.field === 'windowsVersion');
    const build = facts.find((f) => f.field === 'windowsBuild')?.value ?? (release ? this.k.releases.get(String(release.value))?.build : undefined);
    if (workload && build !== undefined && 'readings' in result) workload.windowsBuild = { build: Number(build), of: describeRef(result.readings[0]!.ref) };
    const first = 'readings' in result ? result.readings[0] : undefined;
    if (workload && first?.role === 'workload') {
      // Windows by what the reader found beyond the OS selector (a Windows image).
      if (first.windows === 'yes') [workload.windows, workload.osUnknown] = [true, false];
      if (first.runtimeClass) {
        workload.runtimeClass = first.runtimeClass.name;
        this.workloadOfReading.set(first, workload);
      }
    }
    if ('ignored' in result) {
      this.ignore(result.ignored);
      return;
    }
    for (const reading of result.readings) {
      const lines = new Map<string, number>();
      const paths = [
        reading.partPath,
        ...reading.facts.map((f) => f.path),
        ...reading.clusterFacts.map((f) => f.path),
        ...reading.settingProblems.map((p) => p.path),
        ...reading.findings.map((f) => f.path),
        ...(reading.concerns ?? []).map((c) => c.path),
        ...reading.unknown.flatMap((u) => (u.path ? [u.path] : [])),
        // Where settle.ts may point an unknown instead: the volume of a mounted ConfigMap the input lacks.
        ...reading.unknown.flatMap((u) => (u.settles?.kind === 'kube-proxy-setting' ? u.settles.configMaps.map((m) => m.volumePath) : [])),
      ];
      for (const link of reading.links ?? []) paths.push(link.path);
      if (reading.runtimeClass) paths.push(reading.runtimeClass.path);
      if (reading.clusterName) paths.push(reading.clusterName.path);
      if (reading.pod?.hostNetwork) paths.push(reading.pod.hostNetwork.path);
      for (const rejected of reading.pod?.hostProcessRejected ?? []) paths.push(rejected.path);
      if (reading.advertised?.ipv4Addresses) paths.push(reading.advertised.ipv4Addresses.path);
      for (const flag of reading.kubeProxy?.flags.values() ?? []) paths.push(flag.path);
      for (const gate of reading.kubeProxy?.featureGates.values() ?? []) paths.push(gate.path);
      for (const path of paths) {
        if (!path || lines.has(path)) continue;
        // A fact inside text the YAML does not structure (a CNI config in a ConfigMap string) sits
        // on the line of the nearest field that holds it.
        let at = segments(path);
        let line = source.lineOf(at);
        while (line === undefined && at.length > 1 && path.startsWith('data')) line = source.lineOf((at = at.slice(0, -1)));
        if (line !== undefined) lines.set(path, line);
      }
      this.pending.push({ reading, file: source.file, line: (reading.partPath && lines.get(reading.partPath)) || source.line, lines });
    }
  }

  private ignore(reason: string): void {
    this.ignored++;
    // Group reasons by their kind of reason, not by object name.
    this.ignoredByReason[reason] = (this.ignoredByReason[reason] ?? 0) + 1;
  }

  /** Judges everything read so far. */
  finish(): ScanResult {
    // A workload that names a RuntimeClass of the input runs on the nodes it schedules onto.
    for (const [r] of this.workloadOfReading.size > 0 ? linkRuntimeClasses(this.pending.map((p) => p.reading)) : []) {
      const workload = this.workloadOfReading.get(r);
      if (!workload) continue;
      [workload.windows, workload.osUnknown] = [true, false];
      const build =
        r.facts.find((f) => f.field === 'windowsBuild')?.value ?? this.k.releases.get(String(r.facts.find((f) => f.field === 'windowsVersion')?.value))?.build;
      if (!workload.windowsBuild && build !== undefined) workload.windowsBuild = { build: Number(build), of: describeRef(r.ref) };
    }
    // A node pool and the template it names are one node group; pools nothing shows to be Windows are not reported.
    const pools = this.pending.some((p) => p.reading.links || (p.reading.role === 'node-group' && p.reading.windows !== 'yes'));
    const { absorbed, notWindows, unread } = pools
      ? linkNodePools(
          this.pending.map((p) => p.reading),
          (kind, name) => this.poolObjects.has(`${kind}\0${name}`),
        )
      : { absorbed: new Set(), notWindows: new Set(), unread: new Map<Reading, string[]>() };
    for (let i = pools ? this.pending.length - 1 : -1; i >= 0; i--) {
      const r = this.pending[i]!.reading;
      if (absorbed.has(r) || notWindows.has(r)) {
        this.pending.splice(i, 1);
        const a = /^[AEIOU]/.test(r.ref.kind) ? 'an' : 'a';
        // A pool whose templates the scan has not read is not said to be Linux: whether it is Windows is theirs to say (trial scan54, file 01).
        const unreadTemplates = unread.get(r);
        this.ignore(
          absorbed.has(r)
            ? `${a} ${r.ref.kind} read with the node pool that names it`
            : unreadTemplates
              ? `${a} ${r.ref.kind} whose OS is left to objects the scan does not read or the input lacks (${unreadTemplates.map((t) => t.split(' ')[0]).join(', ')}): not judged`
              : `${a} ${r.ref.kind} that nothing in the input shows to be for Windows nodes`,
        );
      }
    }
    const grouping: Grouping = this.options.oneCluster ? 'one-cluster' : 'by-cluster-facts';
    const clusters = groupClusters(this.pending, this.workloads, grouping, clusterClash(this.k), this.definedIn);
    settleUnknowns(clusters, knownFacts(this.k), this.configMaps, this.k);
    const drafts = new Map<Pending, Draft>();
    for (const cluster of clusters) for (const draft of this.judgeCluster(cluster)) drafts.set(draft.pending, draft);
    // Reports in input order, whatever cluster they were judged in.
    const reports = this.pending.flatMap((p) => {
      const draft = drafts.get(p);
      return draft ? [draft.report] : [];
    });
    for (const report of reports) if (cannotUseHostNetwork(report.role)) report.findings = report.findings.filter((f) => f.subject !== HOST_NETWORK_LIMITATION);
    onceAcrossReports(reports);
    this.softenGuesses(clusters, reports);

    const findings: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    for (const report of reports) for (const f of report.findings) findings[f.severity]++;
    const judged = reports.filter((r) => r.verdict !== null);
    const summary: ScanSummary = {
      objectsRead: this.objectsRead,
      reported: reports.length,
      judged: judged.length,
      notJudged: reports.length - judged.length,
      ignored: this.ignored,
      readByKind: this.readByKind,
      ignoredByReason: this.ignoredByReason,
      skippedDocuments: this.skipped.length,
      distinctPlans: this.judge.objectPlans.size,
      // Nothing judged is no verdict (never COMPATIBLE): the report says what could not be judged.
      verdict: judged.length === 0 ? null : verdictOf(reports.flatMap((r) => r.findings)),
      findings,
      grouping,
      clusters: clusters
        .filter((c) => c.pending.some((p) => drafts.has(p)))
        .map((c) => ({
          name: c.name,
          files: c.files,
          facts: [...c.facts].map(([field, { fact, source }]) => ({ field, value: fact.value, from: source })),
          conflicts: [...c.conflicts.values()].flat(),
          ...(c.keptApart.length > 0 ? { keptApart: c.keptApart } : {}),
          ...(c.groupedBecause.length > 0 ? { groupedBecause: c.groupedBecause } : {}),
        })),
    };
    return { reports, summary, skipped: this.skipped };
  }

  /**
   * Each cluster some files joined as a guess: what its objects raise only with the grouping may
   * apply (guessed-grouping.ts), each side compared with a scan of that side alone.
   */
  private softenGuesses(clusters: readonly Cluster[], reports: readonly ObjectReport[]): void {
    const guessed = new Set(clusters.flatMap((c) => c.guessed));
    if (guessed.size === 0 || this.options.part) return;
    // Without the objects kept (a large input), nothing is compared: all a guessed file's findings may apply.
    const alone = (files: (file: string) => boolean) => {
      if (!this.sources) return new Map<string, ObjectReport>();
      const scanner = new Scanner(this.k, { ...this.options, part: true });
      for (const s of this.sources) if (files(s.file)) scanner.add(s);
      return new Map(scanner.finish().reports.map((r) => [objectKey(r), r]));
    };
    const guessedAlone = alone((file) => guessed.has(file));
    const restAlone = alone((file) => !guessed.has(file));
    for (const cluster of clusters) {
      if (cluster.guessed.length === 0) continue;
      const files = new Set(cluster.files);
      const ofCluster = reports.filter((r) => files.has(r.file));
      const stating = cluster.files.filter((f) => !cluster.guessed.includes(f));
      softenGuessedFindings(
        ofCluster.filter((r) => guessed.has(r.file)),
        guessedAlone,
        () => `its file states no cluster fact and was judged with the facts of ${stating.join(', ')} as a guess.`,
        stating.join(', '),
      );
      if (this.sources)
        softenGuessedFindings(
          ofCluster.filter((r) => !guessed.has(r.file)),
          restAlone,
          () => `it rests on ${cluster.guessed.join(', ')}, which state no cluster fact and were judged with this cluster as a guess.`,
        );
    }
  }

  /** Judges one cluster's objects, then places its plan-level findings once per cluster plan. */
  private judgeCluster(cluster: Cluster): Draft[] {
    const nodePlans = new Map<Pending, OpenPlan>();
    for (const p of cluster.pending) if (p.reading.role === 'node' || p.reading.role === 'node-group') nodePlans.set(p, nodePlan(p, cluster, this.given));
    const targets = nodeTargets(nodePlans.values(), cluster, this.given);
    const windowsTargets = targets.length > 0;
    // With no Windows node, node group or --plan, objects are judged with what the cluster's facts say, the rest open.
    const objectTargets = windowsTargets ? targets : [openTarget(cluster, this.given)];
    const selected = workloadIndex(cluster.workloads);

    const drafts: Draft[] = [];
    for (const p of cluster.pending) {
      const r = p.reading;
      let osOpen = false;
      // Services and policies concern Windows only when they select Windows workloads (or select nothing known).
      if (r.role === 'service' && r.service && Object.keys(r.service.selector).length > 0) {
        const chosen = selected(r.ref.namespace ?? 'default', r.service.selector, false);
        if (chosen.length > 0 && !chosen.some((w) => w.windows)) {
          this.ignore(
            chosen.some((w) => w.osUnknown)
              ? 'a Service that selects no workload scheduled on Windows, only workloads whose OS the input does not state'
              : 'a Service that selects only workloads not scheduled on Windows',
          );
          continue;
        }
        if (chosen.some((w) => w.windows)) {
          r.windows = 'yes';
          askForServiceProxyFeatures(this.k, cluster, r);
        }
        // Its pods are in no file of the input, which has no Windows node either: whether they run on Windows is
        // open, and said, with what would follow if they do (trial scan55, files 03 and 21), rather than ignored.
        if (chosen.length === 0 && cluster.workloads.length === 0 && !windowsTargets) {
          osOpen = true;
          r.selectedOsOpen = true;
          r.unknown.push(selectedPodsOs(false, 'spec.selector'));
          askForServiceProxyFeatures(this.k, cluster, r);
        }
        shareBuild(r, chosen, 'spec.selector');
      }
      if (r.role === 'network-policy' && r.networkPolicy) {
        // A selector not evaluated (a Calico expression) selects nothing known: which pods it selects, and their OS, stay open.
        const chosen = r.networkPolicy.selectsNone ? [] : selected(r.ref.namespace ?? 'default', r.networkPolicy.selector, r.networkPolicy.selectsAll);
        // The pods it selects may be Windows ones when the input does not say their OS (or holds none of them):
        // whether it is enforced there is then open, and depends on the CNI (key scan35 11-F1), not dismissed.
        osOpen =
          r.networkPolicy.selectsNone === true ||
          (!chosen.some((w) => w.windows) && (chosen.length === 0 ? cluster.workloads.length === 0 : chosen.every((w) => w.osUnknown)));
        if (!chosen.some((w) => w.windows) && !osOpen && (cluster.workloads.length > 0 || !windowsTargets)) {
          this.ignore('a NetworkPolicy that selects no workload scheduled on Windows');
          continue;
        }
        if (osOpen) r.unknown.push(selectedPodsOs(chosen.length > 0, 'spec.podSelector'));
        if (chosen.some((w) => w.windows)) r.windows = 'yes';
        shareBuild(r, chosen, r.facts.find((f) => f.field === 'networkPolicy')?.path ?? 'spec.podSelector');
      }
      if (r.windows === 'if-cluster-has-windows' && !windowsTargets && r.role !== 'cni' && !osOpen) {
        this.ignore(
          r.runtimeClass
            ? `a ${r.ref.kind} whose OS only the RuntimeClass it names sets, in an input that holds neither that RuntimeClass nor a Windows node, node group or --plan`
            : `a ${r.ref.kind} in an input with no Windows node, node group or --plan`,
        );
        continue;
      }
      drafts.push(this.draft(p, cluster, nodePlans.get(p), objectTargets));
    }
    // Whether the cluster's CNI plugin enforces NetworkPolicy on Windows: once, on the object stating the plugin
    // that states the most of the cluster's facts (the ConfigMap with Calico's mode over its IPAMConfig), the first of equals.
    const ownClusterFacts = (d: Draft) => d.pending.reading.clusterFacts.filter((f) => !f.from).length;
    const stater = drafts
      .filter((d) => d.pending.reading.clusterFacts.some((f) => f.field === 'cniPlugin'))
      .reduce<Draft | undefined>((best, d) => (!best || ownClusterFacts(d) > ownClusterFacts(best) ? d : best), undefined);
    if (stater)
      stater.report.findings.push(
        ...policyEnforcement(this.k, stater.pending, (path) => (path ? (stater.pending.lines.get(path) ?? stater.pending.line) : stater.pending.line)),
      );
    // An application's files without a Service: the cluster plan's findings about Service types have no object to be about.
    const withoutServices = appServiceTypes(cluster)?.length === 0 && !this.given.plan;
    this.placePlanFindings(drafts, objectTargets, withoutServices);
    // A workload's note that nothing keeps it on its image's build is for clusters whose nodes' build is open: where
    // every Windows node, node group (or --plan) states it, the image fits them, or CONTAINER_IMAGE_OS_MISMATCH says it does not.
    const nodesStateBuild = windowsTargets && targets.every((t) => t.windowsVersion !== undefined || t.windowsBuild !== undefined);
    if (nodesStateBuild) for (const { report } of drafts) report.findings = report.findings.filter((f) => f.code !== IMAGE_BUILD_NOTE);
    for (const { report, judgement } of drafts) {
      report.findings.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
      // An object with a warning or an error has a verdict even when its plan could not be judged, so
      // that every output (JUnit's failures, SARIF, the exit code) fails it alike.
      report.verdict = judgement.judged || report.findings.some((f) => f.severity !== 'info') ? verdictOf(report.findings) : null;
    }
    return drafts;
  }

  private draft(p: Pending, cluster: Cluster, node: OpenPlan | undefined, targets: readonly OpenPlan[]): Draft {
    const r = p.reading;
    const lineOf = (path: string | undefined) => (path ? (p.lines.get(path) ?? p.line) : p.line);
    const facts: InferredFact[] = [...r.facts, ...r.clusterFacts].map((f) => ({ ...f, line: lineOf(f.path) }));
    const missing = [...r.missing, ...(cluster.conflicts.get(p) ?? [])];
    let plans: OpenPlan[];
    let planTargets: readonly OpenPlan[];
    if (node) {
      plans = [node];
      planTargets = [targetOf(node)];
      for (const [field, { fact, source }] of cluster.facts)
        if (!r.facts.some((f) => f.field === field) && (node as Record<string, unknown>)[field] === fact.value)
          facts.push({ ...fact, line: p.line, from: cluster.guessed.includes(p.file) ? `${source}, with which its file was grouped as a guess` : source });
    } else {
      plans = objectPlans(this.k, p, targets);
      planTargets = targets;
    }
    const judgement = this.judge.judgeObject(p, plans, planTargets, node, facts, missing);
    const report: ObjectReport = {
      ref: r.ref,
      role: r.role,
      file: p.file,
      line: p.line,
      verdict: null,
      findings: judgement.findings,
      plans: judgement.plans,
      facts,
      missing,
      // A fact the object leaves open is still open unless the cluster's other objects or the plan
      // give it, and only while it matters: on a Kubernetes version and in a network mode it is needed in.
      unknown: r.unknown.filter((u) => stillOpen(u, judgement.plans)).map((u) => ({ ...u, line: lineOf(u.path) })),
      cluster: cluster.name,
      planFindingsOn: [],
    };
    // An object not judged still names the Kubernetes version as open when nothing gives it: what
    // its cluster would be judged on first (trial scan35: 05, 09, 10, 15 named it nowhere).
    const versionOpen =
      judgement.findings.some(notJudged) &&
      !facts.some((f) => f.field === 'kubernetesVersion') &&
      !judgement.plans.some((plan) => plan.kubernetesVersion) &&
      !report.unknown.some((u) => u.field === 'kubernetesVersion');
    if (versionOpen)
      report.unknown.push({
        fact: 'the Kubernetes version',
        settledBy: "the cluster's Kubernetes version (its control plane's or its nodes'), which the input does not state",
        field: 'kubernetesVersion',
        line: p.line,
      });
    // And its cluster's CNI plugin and network mode, which most Windows networking facts depend on (trial scan54, file 06:
    // an OpenShift MachineSet named its release, DSR and version as open, not its network).
    const networkOpen =
      judgement.findings.some(notJudged) &&
      !facts.some((f) => f.field === 'cniPlugin' || f.field === 'networkMode') &&
      !judgement.plans.some((plan) => plan.cniPlugin || plan.networkMode) &&
      !report.unknown.some((u) => u.field === 'cniPlugin' || u.field === 'networkMode');
    if (networkOpen)
      report.unknown.push({
        fact: "the CNI plugin and network mode of its cluster's Windows nodes",
        settledBy: "the CNI's configuration (its ConfigMap or DaemonSet, a CNI network configuration file), which the input does not hold",
        field: 'cniPlugin',
        line: p.line,
      });
    return { report, judgement, pending: p };
  }

  /**
   * Each cluster plan's own findings go on one object: the first Windows node or node group judged
   * with it (the object that states that plan), or else the object judged with it that states the
   * most of its facts itself (the first of equals). Every object judged with that plan names where they are.
   */
  private placePlanFindings(drafts: readonly Draft[], targets: readonly OpenPlan[], withoutServices: boolean): void {
    const aboutServices = (f: { subject?: string }) => withoutServices && this.k.limitations.some((l) => l.slug === f.subject && l.scope.serviceTypes);
    const byKey = new Map<string, OpenPlan>();
    for (const d of drafts)
      if (d.report.role === 'node' || d.report.role === 'node-group') for (const t of d.report.plans) byKey.set(planKey(targetOf(t)), targetOf(t));
    for (const t of targets) byKey.set(planKey(t), t);
    const host = new Map<string, Draft>();
    const isNode = (d: Draft) => d.report.role === 'node' || d.report.role === 'node-group';
    // How many of a cluster plan's facts an object states itself: with no node, the plan's findings
    // go on the object that states the most of it (the ConfigMap naming Calico and its overlay mode,
    // not an IPAMConfig that names only Calico), the first of equals in input order.
    const statedOf = (d: Draft, key: string) => {
      const target = byKey.get(key) as Record<string, unknown> | undefined;
      if (!target) return 0;
      const own = [...d.pending.reading.facts, ...d.pending.reading.clusterFacts].filter((x) => !x.from);
      return Object.entries(target).filter(([field, value]) => value !== undefined && own.some((x) => x.field === field && x.value === value)).length;
    };
    for (const d of drafts) {
      for (const key of d.judgement.targets) {
        const current = host.get(key);
        if (!current || (isNode(d) && !isNode(current)) || (!isNode(d) && !isNode(current) && statedOf(d, key) > statedOf(current, key))) host.set(key, d);
      }
    }
    // The objects that state each fact value themselves (not settled from another object), in input order.
    const statersOf = new Map<string, Draft[]>();
    for (const d of drafts)
      for (const facts of [d.pending.reading.facts, d.pending.reading.clusterFacts])
        for (const x of facts) {
          if (x.from) continue;
          const list = statersOf.get(String(x.value)) ?? [];
          if (list.at(-1) !== d) list.push(d);
          statersOf.set(String(x.value), list);
        }
    // Where each cluster plan's findings are: its host, then any object that carries one the host's own facts rule out.
    const carriers = new Map<string, Draft[]>();
    for (const [key, d] of host) {
      carriers.set(key, [d]);
      const target = byKey.get(key);
      if (!target) continue;
      // What one object of the cluster keeps to (calico-node's IPIP Never) holds for the cluster plan wherever its findings go.
      const met = drafts.filter((o) => o.judgement.targets.includes(key)).flatMap((o) => (o.pending.reading.meets ?? []).map((slug) => `*\0${slug}`));
      for (const f of this.judge.targetFindings(target)) {
        if (aboutServices(f)) continue;
        // A finding the host's own plans do not give is one its facts rule out (the L2tunnel mode's
        // "may apply" on an object whose network is overlay): it goes on the first object of the
        // cluster plan that is still open there, or nowhere when none is.
        // A finding about a fact of the cluster (its mode, its plugin, its release) goes on the object that states that fact.
        // Of several, the host when it states it too (it states the most of the plan).
        const staters = f.subject === undefined ? [] : (statersOf.get(f.subject) ?? []).filter((o) => o.judgement.targets.includes(key) && o.judgement.says(f));
        const stating = staters.includes(d) ? d : staters[0];
        const on = stating ?? (d.judgement.says(f) ? d : drafts.find((o) => o !== d && o.judgement.targets.includes(key) && o.judgement.says(f)));
        if (!on) continue;
        const already = new Set(on.report.findings.map((x) => `${x.code}\0${x.subject ?? ''}\0${x.message}`));
        // A finding of the object's own on the same subject (its hostNetwork error over the engine's
        // general note on host networking) says it for this object already.
        const own = new Set([...on.report.findings.filter((x) => x.subject).flatMap((x) => coveredBy(x)), ...met]);
        if (already.has(`${f.code}\0${f.subject ?? ''}\0${f.message}`) || isCovered(own, f)) continue;
        on.report.findings.push(on.judgement.place(f));
        const list = carriers.get(key)!;
        if (!list.includes(on)) list.push(on);
      }
    }
    for (const d of drafts) d.report.planFindingsOn = [...new Set(d.judgement.targets.flatMap((key) => carriers.get(key)!.map((c) => whereIs(c.report))))];
  }
}

/**
 * A general caveat (a component's, the same for every plan with it) is said once per scan: on the
 * first object that carries it, in input order, not once per cluster or per object. It is info, so
 * no verdict changes.
 */
function onceAcrossReports(reports: readonly ObjectReport[]): void {
  const said = new Set<string>();
  for (const r of reports)
    r.findings = r.findings.filter((f) => {
      if (f.applicability !== 'general') return true;
      const key = `${f.code}\0${f.subject ?? ''}`;
      return said.has(key) ? false : (said.add(key), true);
    });
}

/** What a NetworkPolicy leaves open when the input does not say whether the pods it selects run on Windows. */
const selectedPodsOs = (selectsSome: boolean, path: string): UnknownFact => ({
  fact: selectsSome
    ? 'whether the pods it selects run on Windows: they state no OS (no kubernetes.io/os selector or affinity, no os.name)'
    : 'whether the pods it selects run on Windows: the input holds none of them',
  settledBy: "the pods' kubernetes.io/os node selector or affinity, or the nodes they are scheduled on",
  path,
});

/**
 * A Service or NetworkPolicy runs where the Windows workloads it selects run: when they all need
 * one Windows build (their base image's, their windows-build selector), it is judged on that
 * build too (once: a reading is judged once).
 */
function shareBuild(r: Reading, chosen: readonly Workload[], path: string): void {
  const windows = chosen.filter((w) => w.windows);
  const builds = new Set(windows.map((w) => w.windowsBuild?.build));
  if (windows.length === 0 || builds.size !== 1 || !windows[0]!.windowsBuild || r.facts.some((f) => f.field === 'windowsBuild')) return;
  const { build, of } = windows[0]!.windowsBuild;
  r.facts.push({ field: 'windowsBuild', value: build, path, detail: `the build the ${of} it selects needs` });
}

/** Whether an unknown fact still matters for the plans an object was judged with. */
function stillOpen(u: UnknownFact, plans: readonly OpenPlan[]): boolean {
  if (plans.length === 0) return true;
  if (u.field !== undefined && plans.some((plan) => (plan as Record<string, unknown>)[u.field!] != null)) return false;
  if (u.kubernetes && plans.every((plan) => plan.kubernetesVersion && !kubernetesInRange(plan.kubernetesVersion, u.kubernetes))) return false;
  if (u.networkMode && plans.every((plan) => plan.networkMode && plan.networkMode !== u.networkMode)) return false;
  return true;
}

/** Workloads indexed by namespace and by each label, so matching a selector costs the few candidates, not every pod. */
function workloadIndex(workloads: readonly Workload[]): (namespace: string, selector: Record<string, string>, all: boolean) => Workload[] {
  const byNamespace = new Map<string, Workload[]>();
  const byLabel = new Map<string, Workload[]>();
  for (const w of workloads) {
    let list = byNamespace.get(w.namespace);
    if (!list) byNamespace.set(w.namespace, (list = []));
    list.push(w);
    for (const [k, v] of Object.entries(w.labels)) {
      const id = `${w.namespace}\0${k}\0${v}`;
      let withLabel = byLabel.get(id);
      if (!withLabel) byLabel.set(id, (withLabel = []));
      withLabel.push(w);
    }
  }
  return (ns, selector, all) => {
    if (all) return byNamespace.get(ns) ?? [];
    const first = Object.entries(selector)[0];
    if (!first) return [];
    return (byLabel.get(`${ns}\0${first[0]}\0${first[1]}`) ?? []).filter((w) => selects(selector, w.labels));
  };
}

/** Scans objects in one go. */
export function scanObjects(k: Knowledge, sources: Iterable<SourceObject>, options: ScanOptions): ScanResult {
  const scanner = new Scanner(k, options);
  for (const s of sources) scanner.add(s);
  return scanner.finish();
}
