/**
 * The plan an object implies: its own facts, then its cluster's, then the --plan's for what is
 * still open. What none of them says stays open (the engine judges it as "may apply"), so an
 * object is judged even when the input has no Windows node and no --plan is given.
 */
import type { PlanInput } from '../compatibility/plan.js';
import type { Cluster, ClusterFacts, Pending } from './clusters.js';
import type { Knowledge } from '../knowledge.js';
import { releaseByBuild, type Fact } from './readers.js';

/** What two Windows nodes must share to be one target for Services and workloads. */
const TARGET_FIELDS: readonly (keyof PlanInput)[] = [
  'windowsVersion',
  'windowsBuildRevision',
  'windowsBuild',
  'kubernetesVersion',
  'environment',
  'cniPlugin',
  'networkMode',
];

/** A plan as the scan builds it: any field may still be open, the Windows release included. */
export type OpenPlan = Partial<PlanInput>;

/** A stable key for a plan: fields sorted, lists sorted. */
export function planKey(plan: OpenPlan): string {
  const entries = Object.entries(plan)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])].sort() : v] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** Facts -> plan fields; lists (features, serviceTypes, serviceSettings) are unions; `overwrite` lets the facts win over what is set. */
export function applyFacts(plan: Record<string, unknown>, facts: readonly Fact[], overwrite: boolean): void {
  for (const f of facts) {
    if (f.field === 'features' || f.field === 'serviceTypes' || f.field === 'serviceSettings') {
      const current = (plan[f.field] as string[] | undefined) ?? [];
      if (!current.includes(f.value as string)) plan[f.field] = [...current, f.value];
    } else if (overwrite || plan[f.field] === undefined || plan[f.field] === null) plan[f.field] = f.value;
  }
}

const factsOf = (cluster: ClusterFacts) => [...cluster.values()].map((c) => c.fact);

/** The --plan without the upgrade fields (the scan applies the target itself), and the upgrade target. */
export interface GivenPlan {
  plan?: OpenPlan;
  target?: string;
}

/** A Windows node's (or node group's) plan: its own facts, then the cluster's, then the --plan's. */
export function nodePlan(p: Pending, cluster: Cluster, given: GivenPlan): OpenPlan {
  const plan: Record<string, unknown> = {};
  applyFacts(plan, p.reading.facts, true);
  applyFacts(plan, factsOf(cluster.facts), false);
  if (given.plan) for (const [k, v] of Object.entries(given.plan)) if (plan[k] === undefined && v !== undefined && v !== null) plan[k] = v;
  if (given.target) plan.kubernetesVersion = given.target;
  return plan;
}

/**
 * What a cluster's Services, workloads and configuration are judged against: the --plan with the
 * cluster's facts over it (the plan fills what the input leaves open: an EKS cluster's objects are
 * not judged as self-managed because the plan says so), or each distinct Windows node
 * configuration. Empty when the cluster has neither.
 */
export function nodeTargets(nodePlans: Iterable<OpenPlan>, cluster: Cluster, given: GivenPlan): OpenPlan[] {
  if (given.plan) {
    const plan: Record<string, unknown> = { ...given.plan };
    applyFacts(
      plan,
      factsOf(cluster.facts).filter((f) => f.field !== 'ipAddressMode'),
      true,
    );
    if (given.target) plan.kubernetesVersion = given.target;
    return [plan];
  }
  const distinct = new Map<string, OpenPlan>();
  for (const plan of nodePlans) {
    const target: Record<string, unknown> = {};
    for (const field of TARGET_FIELDS) if (plan[field] !== undefined) target[field] = plan[field];
    distinct.set(planKey(target), target);
  }
  return [...distinct.values()];
}

/**
 * The plan a cluster without Windows nodes or --plan implies: what its facts say (its CNI, mode,
 * environment), everything else open.
 */
export function openTarget(cluster: Cluster, given: GivenPlan): OpenPlan {
  const plan: Record<string, unknown> = {};
  applyFacts(plan, factsOf(cluster.facts), false);
  // A cluster that states no fact is an application's files: the Services they hold are the Service
  // types it uses, not every type (with none, scan.ts places no finding about Services). A cluster's
  // network configuration says nothing of its Services, so there they stay open ("may apply").
  const types = appServiceTypes(cluster);
  if (types && types.length > 0) plan.serviceTypes = types;
  // Windows workloads that all need one build (their base image's): the cluster's nodes are of that build.
  const windows = cluster.workloads.filter((w) => w.windows);
  const builds = new Set(windows.map((w) => w.windowsBuild?.build));
  if (plan.windowsVersion === undefined && windows.length > 0 && builds.size === 1 && windows[0]!.windowsBuild)
    plan.windowsBuild = windows[0]!.windowsBuild.build;
  if (given.target) plan.kubernetesVersion = given.target;
  return plan;
}

/** The Service types an application's files use: undefined for a cluster that states facts (its Services are not all in the input). */
export function appServiceTypes(cluster: Cluster): string[] | undefined {
  if (cluster.facts.size > 0) return undefined;
  const types = cluster.pending.flatMap((p) =>
    p.reading.role === 'service' ? p.reading.facts.filter((f) => f.field === 'serviceTypes').map((f) => String(f.value)) : [],
  );
  return [...new Set(types)];
}

/**
 * An object's plans, one per target: the target, with the object's own facts over it (a CNI
 * configuration's or a kube-proxy's own cluster facts too: they describe that object).
 */
export function objectPlans(k: Knowledge, p: Pending, targets: readonly OpenPlan[]): OpenPlan[] {
  const r = p.reading;
  // The build a container image needs (its base image's tag), where the cluster's nodes state their release: the engine
  // judges the image against the node (containerImageWindowsVersion), which is what a mismatch means.
  const image = r.facts.find((f) => f.field === 'windowsBuild' && /\.image$/.test(f.path));
  return targets.map((t) => {
    const plan: Record<string, unknown> = { ...t };
    // The build the nodes state without a release (a RuntimeClass's or a node group's windows-build), before the object's own facts.
    const nodeBuild = typeof t.windowsBuild === 'number' && t.windowsVersion === undefined ? t.windowsBuild : undefined;
    // A Service's own types are its types, not added to the cluster's.
    if (r.facts.some((f) => f.field === 'serviceTypes')) delete plan.serviceTypes;
    applyFacts(plan, r.facts, true);
    if (r.role === 'cni' || r.role === 'kube-proxy') applyFacts(plan, r.clusterFacts, true);
    const release = typeof plan.windowsVersion === 'string' ? k.releases.get(plan.windowsVersion) : undefined;
    if (release && typeof plan.windowsBuild === 'number' && (image || plan.windowsBuild === release.build)) {
      if (plan.windowsBuild !== release.build) {
        const built = releaseByBuild(k, plan.windowsBuild);
        if (built) plan.containerImageWindowsVersion = built.slug;
      }
      delete plan.windowsBuild;
    } else if (!release && image && nodeBuild !== undefined && Number(image.value) !== nodeBuild) {
      // An image of another build than the nodes' (an ltsc2019 image on nodes a RuntimeClass pins to 20348): the nodes keep
      // their build and the image is judged against it, rather than the image's build silently taking its place.
      const built = releaseByBuild(k, Number(image.value));
      if (built) {
        plan.containerImageWindowsVersion = built.slug;
        plan.windowsBuild = nodeBuild;
      }
    }
    return plan;
  });
}

/** The plan-level part of a node's plan: the fields its cluster's other objects are judged with. */
export function targetOf(plan: OpenPlan): OpenPlan {
  const target: Record<string, unknown> = {};
  for (const field of TARGET_FIELDS) if (plan[field] !== undefined) target[field] = plan[field];
  return target;
}
