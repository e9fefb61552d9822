/**
 * The scan: read every object, gather what holds for the whole cluster (its CNI, IP address
 * mode, environment and Windows nodes), infer a plan per object and judge it with the same
 * engine as `compatibility`. Pure: objects and knowledge in, reports out.
 *
 * Objects are read one at a time and only their facts are kept, so memory follows the number
 * of Windows-related objects, not the size of the input. Judgments are cached by plan: a
 * cluster of 1,000 identical Windows nodes costs one judgment.
 */
import { CAPACITY_SOURCES } from '../capacity.js';
import { judgeCompatibility, type CompatibilityReport } from '../compatibility/judge.js';
import { verdictOf, type Verdict } from '../outcome.js';
import { SEVERITY_RANK, type Finding } from '../compatibility/findings.js';
import { PlanError, type PlanInput } from '../compatibility/plan.js';
import { judgeGateSetting } from '../compatibility/upgrade.js';
import { plannedCapacity } from '../instance-types.js';
import type { Citation, Knowledge, Severity } from '../knowledge.js';
import type { SkippedDocument, SourceObject } from './documents.js';
import type { ScanOnlyFindingCode } from '../finding-codes.js';
import { at, podSpecOf, segments, selects, text, windowsScheduling } from './kube.js';
import { readObject, type Fact, type ObjectRef, type PlanField, type Reading, type Role, type UnknownFact } from './readers.js';

export interface ScanOptions {
  /** The plan given on the command line (or the API): what objects are judged against when the input has no Windows node. */
  plan?: PlanInput;
  /** YYYY-MM-DD for support lifecycles. */
  today: string;
  /**
   * The Kubernetes minor version of a planned upgrade: every object is judged at it, and each
   * kube-proxy's feature gates against it (compatibility/upgrade.ts). Defaults to the plan's.
   */
  targetKubernetesVersion?: string;
}

/** A finding of the engine or of the scan, with where in the file it rests. */
export interface ScanFinding {
  severity: Severity;
  code: Finding['code'] | ScanOnlyFindingCode;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
  /** JSON path (inside the object) of the fact the finding rests on, where there is one. */
  path?: string;
  line: number;
}

export interface InferredFact extends Fact {
  line: number;
  /** Where the fact comes from when it is not the object's own: another object (the cluster's CNI) or the plan. */
  from?: string;
}

export interface ObjectReport {
  ref: ObjectRef;
  role: Role;
  file: string;
  line: number;
  /** null when the object could not be judged (see the NOT_JUDGED finding). */
  verdict: Verdict | null;
  findings: ScanFinding[];
  /** The plans the object was judged with (one per distinct Windows node configuration). */
  plans: PlanInput[];
  facts: InferredFact[];
  missing: string[];
  /** Facts the input does not show (they may be set elsewhere), each with what would settle it. */
  unknown: (UnknownFact & { line: number })[];
}

export interface ScanSummary {
  objectsRead: number;
  /** Objects that concern Windows networking and got a report. */
  reported: number;
  judged: number;
  notJudged: number;
  ignored: number;
  readByKind: Record<string, number>;
  ignoredByReason: Record<string, number>;
  /** Documents without an object (empty, scalars). */
  skippedDocuments: number;
  distinctPlans: number;
  verdict: Verdict | null;
  findings: Record<Severity, number>;
}

export interface ScanResult {
  reports: ObjectReport[];
  summary: ScanSummary;
  skipped: SkippedDocument[];
}

interface Pending {
  reading: Reading;
  file: string;
  line: number;
  lines: Map<string, number>;
}

interface Workload {
  namespace: string;
  labels: Record<string, string>;
  windows: boolean;
}

/** The cluster-wide facts, first one wins; later disagreeing ones are noted. */
type ClusterFacts = Map<PlanField, { fact: Fact; source: string }>;

/** What two Windows nodes must share to be one target for Services and workloads. */
const TARGET_FIELDS: readonly (keyof PlanInput)[] = ['windowsVersion', 'windowsBuildRevision', 'kubernetesVersion', 'environment', 'cniPlugin', 'networkMode'];

const describeRef = (r: ObjectRef) => `${r.kind}${r.namespace ? ` ${r.namespace}/` : ' '}${r.name}${r.part ? ` (${r.part})` : ''}`;

/** A stable key for a plan: fields sorted, lists sorted. */
function planKey(plan: PlanInput): string {
  const entries = Object.entries(plan)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])].sort() : v] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** Facts -> plan input; lists (features, serviceTypes) are unions. */
function applyFacts(plan: Record<string, unknown>, facts: readonly Fact[], overwrite: boolean): void {
  for (const f of facts) {
    if (f.field === 'features' || f.field === 'serviceTypes') {
      const current = (plan[f.field] as string[] | undefined) ?? [];
      if (!current.includes(f.value as string)) plan[f.field] = [...current, f.value];
    } else if (overwrite || plan[f.field] === undefined || plan[f.field] === null) plan[f.field] = f.value;
  }
}

export class Scanner {
  private readonly cache = new Map<string, CompatibilityReport | PlanError>();
  private readonly answerIds = new Map<CompatibilityReport, number>();
  private readonly mergedCache = new Map<string, Finding[]>();
  private readonly pending: Pending[] = [];
  private readonly workloads: Workload[] = [];
  private readonly skipped: SkippedDocument[] = [];
  private objectsRead = 0;
  private readonly readByKind: Record<string, number> = {};
  private readonly ignoredByReason: Record<string, number> = {};
  private ignored = 0;

  /** The plan, without the upgrade fields: the scan applies the target itself, to the gates the objects set. */
  private readonly plan?: PlanInput;
  private readonly target?: string;

  constructor(
    private readonly k: Knowledge,
    private readonly options: ScanOptions,
  ) {
    if (options.plan) {
      const { targetKubernetesVersion, kubeProxyFeatureGates: _gates, ...plan } = options.plan;
      this.plan = plan;
      this.target = options.targetKubernetesVersion ?? targetKubernetesVersion ?? undefined;
    } else this.target = options.targetKubernetesVersion;
  }

  /** Documents without objects, reported by the parser. */
  get skippedDocuments(): SkippedDocument[] {
    return this.skipped;
  }

  /** Reads one object and keeps only its facts. */
  add(source: SourceObject): void {
    this.objectsRead++;
    const kind = text(source.data.kind) ?? '(no kind)';
    this.readByKind[kind] = (this.readByKind[kind] ?? 0) + 1;
    const pod = podSpecOf(kind, source.data);
    if (pod) {
      this.workloads.push({
        namespace: text(at(source.data, 'metadata.namespace')) ?? 'default',
        labels: pod.labels,
        windows: windowsScheduling(pod.spec, pod.path) !== undefined,
      });
    }
    const result = readObject(this.k, source.data);
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
        ...reading.unknown.flatMap((u) => (u.path ? [u.path] : [])),
      ];
      if (reading.pod?.hostNetwork) paths.push(reading.pod.hostNetwork.path);
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
    const cluster: ClusterFacts = new Map();
    const conflicts = new Map<Pending, string[]>();
    for (const p of this.pending) {
      for (const fact of p.reading.clusterFacts) {
        const seen = cluster.get(fact.field);
        if (!seen) cluster.set(fact.field, { fact, source: `${describeRef(p.reading.ref)} (${p.file}:${p.lines.get(fact.path) ?? p.line})` });
        else if (seen.fact.value !== fact.value) {
          const list = conflicts.get(p) ?? [];
          list.push(`${fact.field} "${String(fact.value)}" (${fact.path}) disagrees with "${String(seen.fact.value)}" from ${seen.source}; the first was used`);
          conflicts.set(p, list);
        }
      }
    }
    // Node facts that hold for the whole cluster (EKS labels) also apply to the other objects.
    for (const p of this.pending) {
      if (p.reading.role !== 'node') continue;
      for (const fact of p.reading.facts)
        if (fact.field === 'environment' && !cluster.has('environment'))
          cluster.set('environment', { fact, source: `${describeRef(p.reading.ref)} (${p.file}:${p.line})` });
    }

    const nodePlans = new Map<Pending, PlanInput>();
    for (const p of this.pending) if (p.reading.role === 'node' || p.reading.role === 'node-group') nodePlans.set(p, this.nodePlan(p, cluster));
    const targets = this.targets(nodePlans, cluster);
    // Workloads indexed by namespace and by each label, so matching a selector costs the few candidates, not every pod.
    const byNamespace = new Map<string, Workload[]>();
    const byLabel = new Map<string, Workload[]>();
    for (const w of this.workloads) {
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
    const windowsWorkloadsIn = (ns: string, selector: Record<string, string>, all: boolean): Workload[] => {
      if (all) return byNamespace.get(ns) ?? [];
      const first = Object.entries(selector)[0];
      if (!first) return [];
      return (byLabel.get(`${ns}\0${first[0]}\0${first[1]}`) ?? []).filter((w) => selects(selector, w.labels));
    };

    const reports: ObjectReport[] = [];
    for (const p of this.pending) {
      const r = p.reading;
      // Services and policies concern Windows only when they select Windows workloads (or select nothing known).
      if (r.role === 'service' && r.service && Object.keys(r.service.selector).length > 0) {
        const selected = windowsWorkloadsIn(r.ref.namespace ?? 'default', r.service.selector, false);
        if (selected.length > 0 && !selected.some((w) => w.windows)) {
          this.ignore('a Service that selects only workloads not scheduled on Windows');
          continue;
        }
        if (selected.some((w) => w.windows)) r.windows = 'yes';
      }
      if (r.role === 'network-policy' && r.networkPolicy) {
        const selected = windowsWorkloadsIn(r.ref.namespace ?? 'default', r.networkPolicy.selector, r.networkPolicy.selectsAll);
        if (!selected.some((w) => w.windows) && (this.workloads.length > 0 || targets.length === 0)) {
          this.ignore('a NetworkPolicy that selects no workload scheduled on Windows');
          continue;
        }
        if (selected.some((w) => w.windows)) r.windows = 'yes';
      }
      if (r.windows === 'if-cluster-has-windows' && targets.length === 0 && r.role !== 'cni') {
        this.ignore(`a ${r.ref.kind} in an input with no Windows node, node group or --plan`);
        continue;
      }
      reports.push(this.report(p, nodePlans.get(p), targets, cluster, conflicts.get(p) ?? []));
    }

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
      distinctPlans: this.cache.size,
      // Nothing judged is no verdict (never COMPATIBLE): the report says what could not be judged.
      verdict: judged.length === 0 ? null : verdictOf(reports.flatMap((r) => r.findings)),
      findings,
    };
    return { reports, summary, skipped: this.skipped };
  }

  /** A Windows node's own facts, then the cluster's, then the plan's for what is still open. */
  private nodePlan(p: Pending, cluster: ClusterFacts): PlanInput {
    const plan: Record<string, unknown> = {};
    applyFacts(plan, p.reading.facts, true);
    applyFacts(
      plan,
      [...cluster.values()].map((c) => c.fact),
      false,
    );
    if (this.plan) for (const [k, v] of Object.entries(this.plan)) if (plan[k] === undefined && v !== undefined && v !== null) plan[k] = v;
    if (this.target) plan.kubernetesVersion = this.target;
    return plan as unknown as PlanInput;
  }

  /** What Services, workloads and configuration are judged against: the plan, or each distinct Windows node configuration. */
  private targets(nodePlans: Map<Pending, PlanInput>, cluster: ClusterFacts): PlanInput[] {
    if (this.plan) {
      const plan: Record<string, unknown> = { ...this.plan };
      applyFacts(
        plan,
        [...cluster.values()].map((c) => c.fact).filter((f) => f.field !== 'ipAddressMode'),
        false,
      );
      if (this.target) plan.kubernetesVersion = this.target;
      return [plan as unknown as PlanInput];
    }
    const distinct = new Map<string, PlanInput>();
    for (const plan of nodePlans.values()) {
      if (!plan.windowsVersion) continue;
      const target: Record<string, unknown> = {};
      for (const field of TARGET_FIELDS) if (plan[field] !== undefined) target[field] = plan[field];
      distinct.set(planKey(target as unknown as PlanInput), target as unknown as PlanInput);
    }
    return [...distinct.values()];
  }

  private judge(plan: PlanInput): CompatibilityReport | PlanError {
    const key = planKey(plan);
    let answer = this.cache.get(key);
    if (!answer) {
      try {
        answer = judgeCompatibility(this.k, plan, this.options.today);
      } catch (error) {
        if (!(error instanceof PlanError)) throw error;
        answer = error;
      }
      this.cache.set(key, answer);
    }
    return answer;
  }

  /**
   * The engine findings of these answers, without repeats (same code, subject and message), in
   * order. Thousands of objects share the same few answers: merged once per combination.
   */
  private merged(answers: readonly CompatibilityReport[]): readonly Finding[] {
    const key = answers.map((a) => this.answerIds.get(a) ?? this.answerIds.set(a, this.answerIds.size).size - 1).join(',');
    let merged = this.mergedCache.get(key);
    if (!merged) {
      const seen = new Set<string>();
      merged = [];
      for (const answer of answers)
        for (const f of answer.findings) {
          const id = `${f.code}\0${f.subject ?? ''}\0${f.message}`;
          if (seen.has(id)) continue;
          seen.add(id);
          merged.push(f);
        }
      this.mergedCache.set(key, merged);
    }
    return merged;
  }

  /** Judges a plan; a field the engine refuses is dropped (and reported missing) rather than failing the scan. */
  private judgeLeniently(plan: PlanInput, missing: string[]): CompatibilityReport | undefined {
    let current: Record<string, unknown> = { ...plan };
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = this.judge(current as unknown as PlanInput);
      if (!(answer instanceof PlanError)) return answer;
      const note = `${answer.field}: ${answer.message.replace(/\. (Valid choices|Closest known): .*$/s, '')} (not used)`;
      if (!missing.includes(note)) missing.push(note);
      if (answer.field === 'windowsVersion' || current[answer.field] === undefined) return undefined;
      const { [answer.field]: _dropped, ...rest } = current;
      current = rest;
    }
    return undefined;
  }

  private report(p: Pending, nodePlan: PlanInput | undefined, targets: PlanInput[], cluster: ClusterFacts, conflicts: string[]): ObjectReport {
    const r = p.reading;
    const lineOf = (path: string | undefined) => (path ? (p.lines.get(path) ?? p.line) : p.line);
    const facts: InferredFact[] = [...r.facts, ...r.clusterFacts].map((f) => ({ ...f, line: lineOf(f.path) }));
    const missing = [...r.missing, ...conflicts];
    const findings: ScanFinding[] = [];

    let plans: PlanInput[];
    if (nodePlan) {
      plans = [nodePlan];
      for (const [field, { fact, source }] of cluster) {
        if (!r.facts.some((f) => f.field === field) && (nodePlan as unknown as Record<string, unknown>)[field] === fact.value)
          facts.push({ ...fact, line: p.line, from: source });
      }
    } else {
      plans = targets.map((t) => {
        const plan: Record<string, unknown> = { ...t };
        applyFacts(plan, r.facts, true);
        if (r.role === 'cni' || r.role === 'kube-proxy') applyFacts(plan, r.clusterFacts, true);
        return plan as unknown as PlanInput;
      });
    }

    // A kube-proxy's feature gates (those the knowledge base knows) go into its plans, so the engine
    // judges them as it judges check's kubeProxyFeatureGates: at the target or the plan's version,
    // against what the mode and the features need (upgrade.ts), "may apply" where that is open.
    const gates = r.kubeProxy ? [...r.kubeProxy.featureGates].filter(([gate]) => this.k.featureGates.has(gate)) : [];
    if (gates.length > 0) {
      const kubeProxyFeatureGates = gates.map(([gate, { value }]) => `${gate}=${value}`);
      plans = plans.map((plan) => ({ ...plan, kubeProxyFeatureGates }));
    }

    // NOT_JUDGED rests on no fact of the knowledge base (only on what the input lacks), so it cites none.
    const notJudged = (message: string) => findings.push({ severity: 'info', code: 'NOT_JUDGED', message, sources: [], line: p.line });
    if (plans.length === 0)
      notJudged(`${describeRef(r.ref)} concerns Windows nodes, but the input has no Windows node or node group to judge it against, and no --plan was given.`);
    else if (plans.every((plan) => !plan.windowsVersion))
      notJudged(
        `${describeRef(r.ref)} was not judged: its Windows release is not known (${r.missing[0] ?? 'no build or OS image'}). ` +
          `Give --plan with windowsVersion to judge it.`,
      );

    const answers: CompatibilityReport[] = [];
    for (const plan of plans) {
      if (!plan.windowsVersion) continue;
      const answer = this.judgeLeniently(plan, missing);
      if (answer) answers.push(answer);
    }
    if (answers.length === 0 && plans.some((plan) => plan.windowsVersion) && findings.length === 0)
      notJudged(`${describeRef(r.ref)} was not judged: the engine refused its plan (${missing.at(-1) ?? 'see missing'}).`);

    // Engine findings, merged over the plans, each placed on the line of the fact it is about.
    const own = this.ownFindings(p, answers, nodePlan ?? plans[0], lineOf);
    const replaced = own.length === 0 ? undefined : new Set(own.filter((f) => f.subject).map((f) => `${f.code}\0${f.subject}`));
    const gatePath = (f: { code: string; subject?: string }) =>
      f.code.startsWith('FEATURE_GATE_') && f.subject ? r.kubeProxy?.featureGates.get(f.subject)?.path : undefined;
    for (const f of this.merged(answers)) {
      if (replaced?.has(`${f.code}\0${f.subject ?? ''}`)) continue;
      const path = gatePath(f);
      const fact = path || f.subject === undefined ? undefined : facts.find((x) => x.value === f.subject && !x.from);
      const at = path ?? fact?.path;
      findings.push({ ...f, ...(at ? { path: at } : {}), line: path ? lineOf(path) : fact ? fact.line : p.line });
    }
    findings.push(...own);
    // With no plan the engine could judge (no Windows node, no --plan), the gates still depend only
    // on the version: judged at the upgrade target when there is one.
    const alone = answers.length === 0 && this.target ? gates : [];
    for (const [gate, { value, path }] of alone)
      for (const f of judgeGateSetting(this.k, this.target, { gate, value })) findings.push({ ...f, path, line: lineOf(path) });
    findings.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
    const judged = answers.length > 0 || alone.length > 0;
    // An object with a warning or an error has a verdict even when its plan could not be judged, so
    // that every output (JUnit's failures, SARIF, the exit code) fails it alike.
    const verdict = judged || findings.some((f) => f.severity !== 'info') ? verdictOf(findings) : null;
    // A fact the object leaves open is still open unless the cluster's other objects or the plan give it.
    const unknown = r.unknown
      .filter((u) => u.field === undefined || plans.every((plan) => (plan as unknown as Record<string, unknown>)[u.field!] == null))
      .map((u) => ({ ...u, line: lineOf(u.path) }));
    return { ref: r.ref, role: r.role, file: p.file, line: p.line, verdict, findings, plans, facts, missing, unknown };
  }

  /** The scan's own checks: capacity advertised by a node, hostNetwork, settings present but wrong. */
  private ownFindings(p: Pending, answers: CompatibilityReport[], plan: PlanInput | undefined, lineOf: (path: string | undefined) => number): ScanFinding[] {
    const r = p.reading;
    const out: ScanFinding[] = r.findings.map((f) => ({ ...f, line: lineOf(f.path) }));
    for (const problem of r.settingProblems)
      out.push({
        severity: 'warning',
        code: 'REQUIRED_SETTING_MISSING',
        ...(problem.subject ? { subject: problem.subject } : {}),
        message: problem.message,
        ...(problem.remediation ? { remediation: problem.remediation } : {}),
        sources: problem.sources,
        path: problem.path,
        line: lineOf(problem.path),
      });

    // A node's advertised pod addresses against what its instance type gives.
    const advertised = r.advertised?.ipv4Addresses;
    const type = plan?.instanceType ? this.k.instanceTypes.get(plan.instanceType) : undefined;
    if (r.role === 'node' && advertised && type) {
      const mode = plan?.ipAddressMode ?? 'SECONDARY_IP';
      const computed = plannedCapacity(type, mode);
      if (computed.maxPods !== advertised.value) {
        const other = mode === 'SECONDARY_IP' ? plannedCapacity(type, 'PREFIX_DELEGATION') : plannedCapacity(type, 'SECONDARY_IP');
        // The IPAM option that sets the mode, and the setting that picks prefix delegation, from the knowledge base.
        const ipam = [...this.k.ipamOptions.values()].find((o) => o.settings.some((s) => s.ipAddressMode));
        const modeSetting = ipam?.settings.find((s) => s.ipAddressMode === 'PREFIX_DELEGATION');
        const explains =
          other.maxPods === advertised.value
            ? ` That is the ${other.effectiveIpAddressMode === 'PREFIX_DELEGATION' ? 'prefix-delegation' : 'secondary-IP'} figure: ` +
              `the node runs in the other mode than the scan assumed.`
            : '';
        out.push({
          severity: 'warning',
          code: 'NODE_CAPACITY_MISMATCH',
          subject: type.name,
          message:
            `The node advertises ${advertised.value} pod addresses, but ` +
            `${type.name} in ${mode === 'PREFIX_DELEGATION' ? 'prefix-delegation' : 'secondary-IP'} mode gives ${computed.maxPods}.${explains}`,
          remediation:
            'Check the instance type label' +
            (modeSetting ? ` and the ${modeSetting.key} setting of the ${modeSetting.target ?? ipam!.name} ConfigMap (include it in the scan)` : '') +
            `, then ${ipam?.name ?? 'the IP address management'}.`,
          sources: dedupeCitations([...CAPACITY_SOURCES, ...this.k.instanceTypeSources, ...(ipam?.sources ?? []), ...(modeSetting?.sources ?? [])]),
          path: advertised.path,
          line: lineOf(advertised.path),
        });
      }
    }

    // hostNetwork on a Windows pod that is not HostProcess: the limitation applies for certain, not "may".
    const host = r.pod?.hostNetwork;
    const limitation = this.k.limitations.find((l) => l.slug === 'host-network-mode');
    if (host && !host.hostProcess && limitation)
      out.push({
        severity: 'error',
        code: 'UNSUPPORTED_FUNCTIONALITY',
        subject: limitation.slug,
        message: `This workload sets hostNetwork on Windows without being a HostProcess pod. ${limitation.title}.`,
        ...(limitation.workaround ? { remediation: limitation.workaround } : {}),
        sources: limitation.sources,
        path: host.path,
        line: lineOf(host.path),
      });

    // kube-proxy flags the plan needs, against the flags the object sets (when they are visible).
    const proxy = r.kubeProxy;
    if (proxy && proxy.flags.size > 0 && plan?.kubernetesVersion) {
      const required = new Map<string, { key: string; value: string; sources: Citation[] }>();
      for (const a of answers) for (const s of a.requiredSettings) if (s.kind === 'KUBE_PROXY_FLAG') required.set(`${s.key}=${s.value}`, s);
      for (const s of required.values()) {
        const name = s.key.replace(/^--/, '');
        if (name === 'feature-gates') {
          const [gate, value] = s.value.split('=');
          const set = gate ? proxy.featureGates.get(gate) : undefined;
          if (gate && set?.value !== isTrueText(value))
            out.push({
              severity: 'warning',
              code: 'REQUIRED_SETTING_MISSING',
              subject: gate,
              message: `kube-proxy needs --feature-gates=${s.value} on Kubernetes ${plan.kubernetesVersion}, and its settings do not set it.`,
              remediation: `Add ${gate}=${value} to kube-proxy's --feature-gates (featureGates in KubeProxyConfiguration).`,
              sources: s.sources,
              line: p.line,
            });
          continue;
        }
        const set = proxy.flags.get(name);
        const ok = set !== undefined && (s.value.startsWith('<') || set.value === s.value);
        if (!ok)
          out.push({
            severity: 'warning',
            code: 'REQUIRED_SETTING_MISSING',
            subject: s.key,
            message: set
              ? `kube-proxy sets ${s.key}=${set.value}; the plan needs ${s.key}=${s.value}.`
              : `kube-proxy needs ${s.key}=${s.value}, and its settings do not set it.`,
            remediation: `Set ${s.key}=${s.value} on the Windows kube-proxy.`,
            sources: s.sources,
            ...(set ? { path: set.path } : {}),
            line: set ? lineOf(set.path) : p.line,
          });
      }
    }
    return out;
  }
}

/** Citations without repeats (same document and section), in order. */
function dedupeCitations(list: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const id = `${c.doc}\0${c.section}\0${c.note ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const isTrueText = (v: string | undefined) => v === undefined || v === 'true';

/** Scans objects in one go. */
export function scanObjects(k: Knowledge, sources: Iterable<SourceObject>, options: ScanOptions): ScanResult {
  const scanner = new Scanner(k, options);
  for (const s of sources) scanner.add(s);
  return scanner.finish();
}
