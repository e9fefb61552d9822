/**
 * What only a guess decides is never stated as fact. A file that states no cluster fact is judged
 * with the one cluster the input states facts for (clusters.ts), and says it is a guess; but the
 * facts it then borrows (that cluster's environment, its node pools' release) can raise findings of
 * their own, and its own objects (a RuntimeClass read as a node pool) can raise findings on the
 * cluster's. Scanned as one directory, 14 files from 9 repositories took AKS and build 17763 from
 * two of them and got five image/host mismatch errors and an "AKS does not list 1903" error that no
 * file of theirs says (trial scan44).
 *
 * So each finding of such a cluster is compared with the same object's findings when its side is
 * scanned without the other (the guessed files alone; the rest without them): one that holds only
 * with the grouping "may apply" (an error becomes a warning; a general note of a component only
 * the grouping gave becomes a may-apply note), names the fields the grouping gave its plans, and
 * says that the grouping is a guess. What either side raises on its own stays, and what an object
 * leaves open on its own (its CNI plugin) stays named as unknown.
 */
import { verdictOf } from '../outcome.js';
import { mayApplySeverity } from '../compatibility/rule-finding.js';
import type { Finding } from '../compatibility/findings.js';
import type { OpenPlan } from './implied-plan.js';
import type { ObjectReport, ScanFinding } from './results.js';
import type { PlanField } from './readers.js';

/** The same object in two scans: its file, line, kind and name (and part, for a node group of an eksctl file). */
export const objectKey = (r: Pick<ObjectReport, 'file' | 'line' | 'ref'>): string => `${r.file}\0${r.line}\0${r.ref.kind}\0${r.ref.name}\0${r.ref.part ?? ''}`;

const findingKey = (f: ScanFinding): string => `${f.code}\0${f.subject ?? ''}\0${f.severity}\0${f.applicability}`;

/** The fields a grouping can give an object's plans, in the report's words. */
const FIELD_WORDS = {
  windowsVersion: 'the Windows release of its nodes',
  windowsBuildRevision: "its nodes' update revision",
  cniPlugin: 'the CNI plugin',
  cniPluginVersion: 'the CNI plugin version',
  networkMode: 'the network mode',
  kubernetesVersion: 'the Kubernetes version',
  environment: 'the environment',
} as const satisfies Partial<Record<PlanField & Finding['dependsOn'][number], string>>;
type GroupedField = keyof typeof FIELD_WORDS;

/**
 * The cluster's plan fields a grouping can give, each as the field a reader is told is open (a node
 * build stands for the release its nodes run).
 */
const GROUPED_FIELDS: Readonly<Record<string, GroupedField>> = {
  windowsVersion: 'windowsVersion',
  windowsBuild: 'windowsVersion',
  windowsBuildRevision: 'windowsBuildRevision',
  cniPlugin: 'cniPlugin',
  cniPluginVersion: 'cniPluginVersion',
  networkMode: 'networkMode',
  kubernetesVersion: 'kubernetesVersion',
  environment: 'environment',
};

/** The fields the grouping gave an object: set in its plans with the cluster, absent or another value without it. */
function fieldsFromGrouping(withCluster: readonly OpenPlan[], alone: readonly OpenPlan[]): GroupedField[] {
  const fields = new Set<GroupedField>();
  for (const plan of withCluster)
    for (const [field, value] of Object.entries(plan)) {
      const named = GROUPED_FIELDS[field];
      if (value === undefined || !named) continue;
      if (!alone.some((a) => JSON.stringify((a as Record<string, unknown>)[field]) === JSON.stringify(value))) fields.add(named);
    }
  return [...fields];
}

/**
 * Softens, in place, the findings of `reports` (those of a cluster joined by guess) that `alone`
 * (the same objects scanned without the other side) does not raise. `why` says what the guess was.
 */
export function softenGuessedFindings(
  reports: readonly ObjectReport[],
  alone: ReadonlyMap<string, ObjectReport>,
  why: (r: ObjectReport) => string,
  /** For the files that joined by guess: the files whose facts they were given, so that what those facts fill is named as a guess. */
  givenBy?: string,
): void {
  // What each cluster of the scan alone raises, on whichever of its objects: a plan-level finding
  // may sit on another object there (the first judged with that plan).
  // Each finding there with what it depends on (a may-apply note names what the files leave open).
  const byCluster = new Map<string, Map<string, Finding['dependsOn']>>();
  for (const r of alone.values()) {
    const found = byCluster.get(r.cluster) ?? new Map<string, Finding['dependsOn']>();
    for (const f of r.findings) found.set(findingKey(f), f.dependsOn);
    byCluster.set(r.cluster, found);
  }
  for (const report of reports) {
    const own = alone.get(objectKey(report));
    const kept = own ? (byCluster.get(own.cluster) ?? new Map<string, Finding['dependsOn']>()) : new Map<string, Finding['dependsOn']>();
    let changed = false;
    report.findings = report.findings.map((f) => {
      // Raised alone too, and open on no less: it stands. A may-apply note whose open dimension only
      // the grouping settled (AKS's retirement of Server 2019, once AKS came from another file) names it again.
      const aloneDependsOn = kept.get(findingKey(f));
      if (aloneDependsOn && aloneDependsOn.every((d) => f.dependsOn.includes(d))) return f;
      changed = true;
      const given = fieldsFromGrouping(report.plans, own?.plans ?? []);
      // A general note stands for a component the plan uses: one the grouping gave it (EKS's notes on an OpenShift pool) may apply too.
      return {
        ...f,
        severity: f.applicability === 'may-apply' ? f.severity : mayApplySeverity(f.severity, false),
        applicability: 'may-apply' as const,
        dependsOn: [...new Set([...f.dependsOn, ...(aloneDependsOn ?? []), ...given])],
        message: `${f.message} Only the grouping says so: ${why(report)}`,
      };
    });
    if (changed && report.verdict !== null) report.verdict = verdictOf(report.findings);
    // What the object leaves open on its own stays named: the grouping's answer is a guess (trial scan45: 01 and 03 lost their CNI unknown).
    for (const u of own?.unknown ?? [])
      if (u.field && !report.unknown.some((x) => x.fact === u.fact))
        report.unknown.push({ ...u, settledBy: `${u.settledBy}; this run takes it from the cluster it was grouped with, which is a guess` });
    if (!givenBy || !own) continue;
    for (const field of fieldsFromGrouping(report.plans, own.plans)) {
      if (report.unknown.some((u) => u.field === field)) continue;
      report.unknown.push({
        fact: `${FIELD_WORDS[field]}, which its files do not say: this run takes it from ${givenBy}, with which they were grouped as a guess`,
        settledBy: 'a file of its own cluster that states it, scanned with it, or the plan (--plan)',
        field,
        line: report.line,
      });
    }
  }
}
