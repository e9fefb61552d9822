/**
 * Judging one object: its plans through the compatibility engine (cached by plan: thousands of
 * objects share a few plans), the scan's own checks, and the split between the findings about
 * the object and those about its cluster's plan. The latter (a release's lifecycle, a mode in
 * preview) hold for every object of the cluster, so they are reported once per cluster
 * (scan.ts places them), not repeated on each object: 13 files once gave 89 warnings.
 */
import { judgeCompatibility, type CompatibilityReport, type JudgeOptions } from '../compatibility/judge.js';
import { settleFinding, type Finding } from '../compatibility/findings.js';
import { PlanError } from '../compatibility/plan.js';
import { judgeGateSetting, kubeProxyFeatureGates } from '../compatibility/rules/kube-proxy-feature-gates.js';
import { kubernetesVersionUnspecified } from '../compatibility/rules/kubernetes-version-unspecified.js';
import type { Knowledge, LimitationFact } from '../knowledge.js';
import { verdictOf } from '../outcome.js';
import { describeRef, type Pending } from './clusters.js';
import { planKey, type OpenPlan } from './implied-plan.js';
import { defaultsThatApply } from './defaults.js';
import { ownFindings, SETTING_PROBLEM_CODE } from './own-findings.js';
import type { InferredFact, ScanFinding } from './results.js';

/** A plan's answer, or why the engine could not judge it. */
export type Answer = CompatibilityReport | PlanError;

/** What the engine said about an object, before its cluster's plan-level findings are placed. */
export interface ObjectJudgement {
  findings: ScanFinding[];
  plans: OpenPlan[];
  facts: InferredFact[];
  missing: string[];
  /** Judged by the engine (or its gates at the upgrade target). */
  judged: boolean;
  /** The targets it was judged against that the engine answered: their plan-level findings belong to the cluster. */
  targets: string[];
  /** Places a finding of this object on the line of the fact it is about. */
  place: (f: Finding) => ScanFinding;
  /**
   * Whether the engine's answers for the object's own plans give a finding of this code and
   * subject: a cluster plan finding they lack is one the object's own facts rule out (L2tunnel's
   * "may apply" on a kube-proxy whose network is flannel's overlay).
   */
  says: (f: Finding) => boolean;
}

const NONE: ReadonlySet<string> = new Set();

/** The codes of the kube-proxy gate rule and of the version-dependent settings rule, from the rules themselves. */
const GATE_CODES = new Set<string>(kubeProxyFeatureGates.codes);
const VERSION_CODES = new Set<string>(kubernetesVersionUnspecified.codes);

/** Why a feature finding on a node "may apply": the input does not say which features run there. */
const FEATURES_OPEN = 'If the workloads on these nodes use it: ';

/** The code-and-subject keys an object's own finding says already: its own, and any code on the subject a wrong setting concerns. */
export function coveredBy(f: { code: string; subject?: string }): string[] {
  return f.code === SETTING_PROBLEM_CODE ? [`${f.code}\0${f.subject}`, `*\0${f.subject}`] : [`${f.code}\0${f.subject}`];
}

/** Whether an object's own findings (as coveredBy keys) already say an engine finding. */
export const isCovered = (keys: ReadonlySet<string>, f: { code: string; subject?: string }) =>
  f.subject !== undefined && (keys.has(`${f.code}\0${f.subject}`) || keys.has(`*\0${f.subject}`));

const codeAndSubject = (f: Finding) => `${f.code}\0${f.subject ?? ''}`;
const findingId = (f: Finding) => `${f.severity}\0${f.code}\0${f.subject ?? ''}\0${f.message}`;

/** Whether a finding says its object could not be judged (the code has one home: this module). */
export const notJudged = (f: { code: string }) => f.code === 'NOT_JUDGED';

export class Judge {
  private readonly cache = new Map<string, Answer>();
  private readonly answerIds = new Map<CompatibilityReport, number>();
  private readonly splitCache = new Map<string, readonly Finding[]>();
  private readonly featureCache = new Map<string, readonly Finding[]>();
  /** Object plans judged (the plan-level ones aside), for the summary. */
  readonly objectPlans = new Set<string>();

  constructor(
    private readonly k: Knowledge,
    private readonly today: string,
    /** The upgrade target, for a kube-proxy's gates when nothing else could be judged. */
    private readonly target: string | undefined,
  ) {}

  /** The engine's answer for a plan, once per distinct plan (and per set of features it is only probed with). */
  answer(plan: OpenPlan, key = planKey(plan), probed?: JudgeOptions): Answer {
    const cacheKey = probed ? `${key}\0probed` : key;
    let answer = this.cache.get(cacheKey);
    if (!answer) {
      try {
        answer = judgeCompatibility(this.k, plan, this.today, probed);
      } catch (error) {
        if (!(error instanceof PlanError)) throw error;
        answer = error;
      }
      this.cache.set(cacheKey, answer);
    }
    return answer;
  }

  /**
   * Judges a plan; the fields the engine refuses (a node label naming an instance type the
   * knowledge base lacks) are dropped and reported missing rather than failing the scan. The
   * engine names every refused field at once (PlanError.problems), and a plan without them passes,
   * so a plan is judged at most twice, never once per refused field.
   */
  lenient(plan: OpenPlan, missing: string[] | undefined, key = planKey(plan), probed?: JudgeOptions): CompatibilityReport | undefined {
    const answer = this.answer(plan, key, probed);
    if (!(answer instanceof PlanError)) return answer;
    const refused = new Set(answer.problems.map((p) => p.field));
    if (missing)
      for (const p of answer.problems) if (!missing.includes(`${p.field}: ${p.reason} (not used)`)) missing.push(`${p.field}: ${p.reason} (not used)`);
    const kept = Object.fromEntries(Object.entries(plan).filter(([field]) => !refused.has(field)));
    const retry = this.answer(kept, planKey(kept), probed);
    if (retry instanceof PlanError) return undefined;
    return refused.has('cniPlugin') ? this.withoutPluginFacts(retry, kept.networkMode === undefined) : retry;
  }

  private readonly pluginless = new Map<CompatibilityReport, CompatibilityReport>();
  private readonly pluginAndModeless = new Map<CompatibilityReport, CompatibilityReport>();

  /**
   * An answer for a plan whose CNI plugin is stated but unknown to the knowledge base (Antrea):
   * the plugin is not open, it is none of the plugins the knowledge base knows, so the findings
   * that "may apply" only because the plugin is open (Flannel's or Calico's facts, "the files do
   * not say the CNI plugin") are dropped; the object's missing list says the plugin is unknown.
   * With no mode stated, the mode is that plugin's, which the knowledge base links to no mode: the
   * findings that may apply because the mode is open go too (overlay's KB4489899), as the engine
   * rules out every mode for a named plugin whose modes are not seeded (the Amazon VPC CNI).
   */
  private withoutPluginFacts(answer: CompatibilityReport, modeIsThePlugins: boolean): CompatibilityReport {
    const cache = modeIsThePlugins ? this.pluginAndModeless : this.pluginless;
    let kept = cache.get(answer);
    if (!kept) {
      const open = (f: Finding) => f.dependsOn.includes('cniPlugin') || (modeIsThePlugins && f.dependsOn.includes('networkMode'));
      const findings = answer.findings.filter((f) => !(f.applicability === 'may-apply' && open(f)));
      kept = { ...answer, findings, verdict: verdictOf(findings) };
      cache.set(answer, kept);
    }
    return kept;
  }

  /**
   * The engine findings of an object's answers, without repeats and without those its targets'
   * answers give (the cluster's plan-level findings), in order. Thousands of objects share the
   * same few answers: split once per combination.
   */
  private objectLevel(answers: readonly CompatibilityReport[], targets: readonly CompatibilityReport[]): readonly Finding[] {
    const id = (a: CompatibilityReport) => this.answerIds.get(a) ?? this.answerIds.set(a, this.answerIds.size).size - 1;
    const key = `${answers.map(id).join(',')}|${targets.map(id).join(',')}`;
    let split = this.splitCache.get(key);
    if (!split) {
      const seen = new Set(targets.flatMap((t) => t.findings.map(findingId)));
      const list: Finding[] = [];
      for (const answer of answers)
        for (const f of answer.findings) {
          const fid = findingId(f);
          if (seen.has(fid)) continue;
          seen.add(fid);
          list.push(f);
        }
      this.splitCache.set(key, (split = list));
    }
    return split;
  }

  /**
   * Judges an object with its plans. `targets` are the cluster plans those plans were built on
   * (same order); a plan with no field at all says nothing to judge.
   */
  judgeObject(
    p: Pending,
    plans: OpenPlan[],
    targets: readonly OpenPlan[],
    nodePlan: OpenPlan | undefined,
    facts: InferredFact[],
    missing: string[],
  ): ObjectJudgement {
    const r = p.reading;
    const lineOf = (path: string | undefined) => (path ? (p.lines.get(path) ?? p.line) : p.line);
    const findings: ScanFinding[] = [];

    // A kube-proxy's feature gates (those the knowledge base knows) go into its plans, so the engine
    // judges them as it judges check's kubeProxyFeatureGates: at the target or the plan's version,
    // against what the mode and the features need (rules/kube-proxy-feature-gates.ts), "may apply" where that is open.
    const gates = r.kubeProxy ? [...r.kubeProxy.featureGates].filter(([gate]) => this.k.featureGates.has(gate)) : [];
    // The gates of its cluster's kube-proxy, for an object whose features depend on them (a Service
    // whose client IP preservation needs DSR): only their conflicts with those features are this
    // object's (the gate's own findings are on the kube-proxy).
    const borrowed = !r.kubeProxy && p.kubeProxy ? [...p.kubeProxy.usage.featureGates].filter(([gate]) => this.k.featureGates.has(gate)) : [];
    if (borrowed.length > 0) {
      const kubeProxyFeatureGates = borrowed.map(([gate, { value }]) => `${gate}=${value}`);
      plans = plans.map((plan) => ({ ...plan, kubeProxyFeatureGates }));
    }
    if (gates.length > 0) {
      const kubeProxyFeatureGates = gates.map(([gate, { value }]) => `${gate}=${value}`);
      plans = plans.map((plan) => ({ ...plan, kubeProxyFeatureGates }));
    }

    // NOT_JUDGED rests on no fact of the knowledge base (only on what the input lacks), so it cites none.
    const notJudged = (message: string) =>
      findings.push({ severity: 'info', code: 'NOT_JUDGED', message, sources: [], line: p.line, applicability: 'applies', dependsOn: [] });
    const answers: CompatibilityReport[] = [];
    const judgedTargets: string[] = [];
    const targetAnswers: CompatibilityReport[] = [];
    // Each plan's key once: thousands of objects share a few plans, and keys are compared often.
    const keys = plans.map((plan) => planKey(plan));
    // A plan says something when a field holds a value. The Service types of a factless cluster
    // (implied-plan.ts openTarget) narrow what is open; they are a statement only of a Service itself.
    const ownServiceTypes = r.facts.some((f) => f.field === 'serviceTypes');
    const states = plans.map((plan) =>
      Object.entries(plan).some(
        ([field, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && (field !== 'serviceTypes' || ownServiceTypes),
      ),
    );
    const said = keys.filter((_, i) => states[i]);
    if (said.length === 0)
      notJudged(
        `Nothing can be said about ${describeRef(r.ref)}: it states no fact of its cluster a networking rule depends on ` +
          `(${r.pod?.hostNetwork?.hostProcess ? 'it is a HostProcess pod with hostNetwork, as its own note says, but names no release, network mode or feature' : r.windowsByImage ? 'it runs a Windows image, with nothing keeping it to Windows nodes, and names no release, network mode or feature' : r.windowsAllowed ? 'its node affinity allows Windows among other OSes, and it names no release, network mode or feature' : r.windows === 'yes' ? 'it is scheduled on Windows, but names no release, network mode or feature' : 'no release, network mode or feature'}` +
          `${r.unknown.length > 0 ? '; what it leaves to other objects is listed as unknown' : ''}), and neither do the objects scanned with it ` +
          `(no Windows node, node group or CNI configuration) nor a --plan.`,
      );
    plans.forEach((plan, i) => {
      const key = keys[i]!;
      if (!states[i]) return;
      const answer = this.lenient(plan, missing, key);
      if (!answer) return;
      this.objectPlans.add(key);
      answers.push(answer);
      const target = targets[i];
      const targetKey = target ? planKey(target) : undefined;
      const targetAnswer = target ? this.lenient(target, undefined, targetKey) : undefined;
      if (target && targetAnswer) {
        judgedTargets.push(targetKey!);
        targetAnswers.push(targetAnswer);
      }
    });
    if (said.length > 0 && answers.length === 0)
      notJudged(`${describeRef(r.ref)} was not judged: the engine refused its plan (${missing.at(-1) ?? 'see missing'}).`);

    // Engine findings about the object, each placed on the line of the fact it is about.
    const own = ownFindings(this.k, p, answers, nodePlan ?? plans[0], lineOf, this.today);
    // An own finding on a subject says it for this object: the same code (its hostNetwork error over
    // the engine's note), or a setting found wrong for the limitation the engine states in general.
    const replaced = new Set([...own.filter((f) => f.subject).flatMap((f) => coveredBy(f)), ...(r.meets ?? []).map((slug) => `*\0${slug}`)]);
    const gatePath = (f: { code: string; subject?: string }) =>
      f.code.startsWith('FEATURE_GATE_') && f.subject ? r.kubeProxy?.featureGates.get(f.subject)?.path : undefined;
    const place = (f: Finding): ScanFinding => {
      const path = gatePath(f);
      // The fact it is about: its subject itself, or the build its subject release has (an image's tag read as a build).
      const build = f.subject === undefined ? undefined : this.k.releases.get(f.subject)?.build;
      const fact =
        path || f.subject === undefined
          ? undefined
          : facts.find((x) => !x.from && (x.value === f.subject || (build !== undefined && x.field === 'windowsBuild' && Number(x.value) === build)));
      const at = path ?? fact?.path;
      return { ...f, ...(at ? { path: at } : {}), line: path ? lineOf(path) : fact ? fact.line : p.line };
    };
    // A feature another object switches on (the kube-proxy's DSR) has its findings on that object:
    // here it only settles what this object's own features need (no "needs DSR"), and adds nothing.
    const borrowedFeatures: ReadonlySet<string> = facts.some((x) => x.from && x.field === 'features')
      ? new Set(facts.filter((x) => x.from && x.field === 'features').map((x) => String(x.value)))
      : NONE;
    const ownAnswer = borrowedFeatures.size > 0 ? this.withoutFeatures(plans, borrowedFeatures) : undefined;
    // Of the borrowed gates' findings, this object keeps those its own features raise (a conflict
    // with them); what the gates raise alone, whatever the object, is the kube-proxy's.
    let gatesAlone: Set<string> | undefined;
    for (const f of this.objectLevel(answers, targetAnswers)) {
      if (isCovered(replaced, f)) continue;
      const gateFinding = borrowed.length > 0 && GATE_CODES.has(f.code);
      if (ownAnswer && !ownAnswer.has(codeAndSubject(f)) && !gateFinding) continue;
      if (f.subject !== undefined && borrowedFeatures.has(f.subject)) continue;
      // The version-dependent settings it lists are the kube-proxy's, which the lender carries.
      if (borrowedFeatures.size > 0 && VERSION_CODES.has(f.code)) continue;
      if (gateFinding && (gatesAlone ??= this.gatesAlone(plans)).has(codeAndSubject(f))) continue;
      findings.push(place(gateFinding ? { ...f, message: `${f.message} (set by ${p.kubeProxy!.from})` } : f));
    }
    findings.push(...own, ...defaultsThatApply(this.k, p, lineOf));
    // A Windows node (or node group) says nothing of the features its workloads use: what its own
    // facts rule out or ask of them (session affinity on Server 2019, DSR's flags on an EKS LTSC
    // AMI) "may apply", once per node plan.
    if (nodePlan && (r.role === 'node' || r.role === 'node-group'))
      for (const f of this.openFeatures(answers[0] ? nodePlan : undefined))
        if (!findings.some((x) => x.code === f.code && x.subject === f.subject)) findings.push(place(f));
    // With no plan the engine could judge, the gates still depend only on the version: judged at
    // the upgrade target when there is one.
    const alone = answers.length === 0 && this.target ? gates : [];
    for (const [gate, { value, path }] of alone)
      for (const f of judgeGateSetting(this.k, this.target, { gate, value })) findings.push(settleFinding({ ...f, path, line: lineOf(path) }));
    // Asked only of the objects that carry a cluster plan's findings: built then, not for every object.
    let answered: Set<string> | undefined;
    // What the cluster's mode rules out for open features (targetFindings) is said by an object judged in that mode.
    const modePlan = answers.length > 0 ? plans.find((x) => x.networkMode) : undefined;
    const says = (f: Finding) =>
      (answered ??= new Set([...answers.flatMap((a) => a.findings), ...this.openModeFeatures(modePlan)].map(codeAndSubject))).has(codeAndSubject(f));
    return { findings, plans, facts, missing, judged: answers.length > 0 || alone.length > 0, targets: judgedTargets, place, says };
  }

  /**
   * What a node's plan says about features its workloads may use, when the node does not say which
   * they use: the engine judges the plan with every feature, and of its answer keeps each feature
   * the node's release is too old for (FEATURE_REQUIRES_NEWER_WINDOWS) and each limitation scoped to
   * a feature and an environment (the node's own facts: eks-dsr-not-default-on-ltsc-2019), as infos
   * that "may apply". Cached per plan.
   */
  openFeatures(plan: OpenPlan | undefined): readonly Finding[] {
    if (!plan?.windowsVersion || (plan.features?.length ?? 0) > 0) return [];
    return this.probedFeatures(
      planKey(plan),
      plan,
      (f, scope) => f.code === 'FEATURE_REQUIRES_NEWER_WINDOWS' || (scope?.features !== undefined && scope.environments !== undefined),
    );
  }

  /**
   * What a network mode rules out for features the cluster's workloads may use, when the input does
   * not say which they use: the plan judged with every feature, keeping each limitation scoped to a
   * feature and to this mode (ipv6-between-overlay-pods), as infos that "may apply". Cached per plan.
   */
  openModeFeatures(plan: OpenPlan | undefined): readonly Finding[] {
    if (!plan?.networkMode || (plan.features?.length ?? 0) > 0) return [];
    const mode = plan.networkMode;
    return this.probedFeatures(`mode\0${planKey(plan)}`, plan, (_, scope) => scope?.features !== undefined && scope.modes?.includes(mode) === true);
  }

  /**
   * The plan judged with every feature, probed, not asked for (the engine must not say the plan asks
   * for one by name: eks-no-ipv6 on dual-stack), keeping the findings `keep` picks (given the scope of
   * the limitation a finding is about, if any) as infos that "may apply" on the features in use.
   */
  private probedFeatures(key: string, plan: OpenPlan, keep: (f: Finding, scope: LimitationFact['scope'] | undefined) => boolean): readonly Finding[] {
    let probed = this.featureCache.get(key);
    if (!probed) {
      const features = [...this.k.features.keys()];
      const answer = this.lenient({ ...plan, features }, undefined, undefined, { probedFeatures: features });
      const scopeOf = (slug: string | undefined) => this.k.limitations.find((l) => l.slug === slug)?.scope;
      probed = (answer?.findings ?? [])
        .filter((f) => keep(f, scopeOf(f.subject)))
        .map((f) => ({
          ...f,
          severity: 'info' as const,
          applicability: 'may-apply' as const,
          dependsOn: ['features' as const, ...f.dependsOn.filter((d) => d !== 'features')],
          message: `${FEATURES_OPEN}${f.message}`,
        }));
      this.featureCache.set(key, probed);
    }
    return probed;
  }

  /** The code-and-subject keys of what the plans' kube-proxy gates raise on their own, without the object's features. */
  private gatesAlone(plans: readonly OpenPlan[]): Set<string> {
    const keys = new Set<string>();
    for (const plan of plans) {
      const { features: _features, serviceTypes: _types, ...rest } = plan;
      for (const f of this.lenient(rest, undefined)?.findings ?? []) keys.add(codeAndSubject(f));
    }
    return keys;
  }

  /** The code-and-subject keys of what the plans say without some features (those another object switches on). */
  private withoutFeatures(plans: readonly OpenPlan[], features: ReadonlySet<string>): Set<string> {
    const keys = new Set<string>();
    for (const plan of plans) {
      const own = { ...plan, features: (plan.features ?? []).filter((x) => !features.has(x)) };
      for (const f of this.lenient(own, undefined)?.findings ?? []) keys.add(codeAndSubject(f));
    }
    return keys;
  }

  /** The plan-level findings of a target the cluster's objects were judged against. */
  targetFindings(target: OpenPlan): readonly Finding[] {
    // A cluster plan that states its mode says nothing of the features its workloads use: what the
    // mode rules out for a feature (no IPv6 between overlay pods) "may apply", once per cluster.
    return [...(this.lenient(target, undefined)?.findings ?? []), ...this.openModeFeatures(target)];
  }
}
