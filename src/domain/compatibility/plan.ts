/**
 * A planned configuration, checked against the knowledge base before any rule runs: unknown
 * slugs, malformed versions and impossible numbers are refused with the field and the valid
 * choices, never silently defaulted.
 */
import { compareKubernetes, kubernetesMinorOf } from '../kubernetes-version.js';
import type { Knowledge } from '../knowledge.js';
import { kubeletMaxPodsProblem, MAX_KUBELET_MAX_PODS, type IpAddressMode } from '../capacity.js';
import { closestNames, refusalMessage } from '../closest.js';
import { PLUGIN_VERSION } from '../plugin-version.js';
import { SERVICE_SETTING_CHOICES } from '../service-settings.js';
import type { ServiceSetting } from '../vocabulary.js';

export interface PlanInput {
  /** The node's Windows release; left out, every known release is a candidate and facts that depend on it "may apply". */
  windowsVersion?: string | null;
  windowsBuildRevision?: number | null;
  /**
   * The node's Windows build (17763) when the input states a build rather than a release (a base
   * image tag, a windows-build node selector). Releases that share it (Server 2019 and version
   * 1809) stay candidates, so what they share is judged and what differs "may apply".
   */
  windowsBuild?: number | null;
  cniPlugin?: string | null;
  cniPluginVersion?: string | null;
  networkMode?: string | null;
  features?: readonly string[] | null;
  kubernetesVersion?: string | null;
  environment?: string | null;
  serviceTypes?: readonly string[] | null;
  networkPolicy?: boolean | null;
  servicesPerNode?: number | null;
  backendsPerService?: number | null;
  asOf?: string | null;
  instanceType?: string | null;
  ipAddressMode?: IpAddressMode | null;
  podsPerNode?: number | null;
  kubeletMaxPods?: number | null;
  containerImageWindowsVersion?: string | null;
  targetKubernetesVersion?: string | null;
  kubeProxyFeatureGates?: readonly string[] | null;
  serviceSettings?: readonly string[] | null;
}

/** A validated plan: every slug exists, every number is plausible. */
export interface Plan {
  /** Undefined when the plan leaves the release open (plan-context.ts keeps every known release as a candidate). */
  windowsVersion?: string;
  windowsBuildRevision?: number;
  /** The node's Windows build where the plan names no release: the candidate releases are those of this build. */
  windowsBuild?: number;
  cniPlugin?: string;
  cniPluginVersion?: string;
  networkMode?: string;
  features: string[];
  kubernetesVersion?: string;
  environment?: string;
  serviceTypes?: string[];
  /** Whether workloads rely on NetworkPolicy; undefined when the plan does not say (facts about it "may apply"). */
  networkPolicy?: boolean;
  servicesPerNode?: number;
  backendsPerService?: number;
  asOf: string;
  instanceType?: string;
  ipAddressMode: IpAddressMode;
  podsPerNode?: number;
  kubeletMaxPods?: number;
  /** The Windows release the workload's container images are built on. */
  containerImageWindowsVersion?: string;
  /** The Kubernetes minor version of a planned upgrade: the plan is judged there (rules/kube-proxy-feature-gates.ts). */
  targetKubernetesVersion?: string;
  /** Feature gates the cluster's kube-proxy sets, as gate=true|false. */
  kubeProxyFeatureGates?: { gate: string; value: boolean }[];
  /** Service settings the workload's Services use (SERVICE_SETTINGS), e.g. internal-traffic-policy-local. */
  serviceSettings?: ServiceSetting[];
}

/** One refused plan field: what is wrong, and the choices or the closest known values where there are some. */
export interface PlanProblem {
  readonly field: string;
  /** What is wrong, without the choices. */
  readonly reason: string;
  readonly validChoices?: readonly string[];
  /** The closest known values: for a closed set, the nearest one; for sets too large to list, the closest few. */
  readonly suggestions?: readonly string[];
  /** The reason with the suggestions and choices (refusalMessage). */
  readonly message: string;
}

export function planProblem(field: string, reason: string, validChoices?: readonly string[], suggestions?: readonly string[]): PlanProblem {
  const message = refusalMessage(reason, validChoices, suggestions);
  return { field, reason, ...(validChoices ? { validChoices } : {}), ...(suggestions ? { suggestions } : {}), message };
}

/**
 * A refused plan: every refused field in `problems`, in the order the fields are checked. The
 * top-level field, reason, choices, suggestions and message are the first problem's, so callers
 * that handle one problem keep working; all are kept as fields, so callers (the API, the CLI)
 * build their own messages without parsing this one.
 */
export class PlanError extends Error {
  readonly field: string;
  /** What is wrong, without the choices. */
  readonly reason: string;
  readonly validChoices?: readonly string[];
  /** For sets too large to list: the closest known values. */
  readonly suggestions?: readonly string[];
  /** Every refused field; the first is the one above. */
  readonly problems: readonly PlanProblem[];

  constructor(field: string, reason: string, validChoices?: readonly string[], suggestions?: readonly string[], more: readonly PlanProblem[] = []) {
    const first = planProblem(field, reason, validChoices, suggestions);
    super(first.message);
    this.name = 'PlanError';
    this.field = field;
    this.reason = reason;
    if (validChoices) this.validChoices = validChoices;
    if (suggestions) this.suggestions = suggestions;
    this.problems = [first, ...more];
  }

  /** The error of several problems (at least one). */
  static of(problems: readonly PlanProblem[]): PlanError {
    const [first, ...more] = problems;
    if (!first) throw new RangeError('a PlanError needs at least one problem');
    return new PlanError(first.field, first.reason, first.validChoices, first.suggestions, more);
  }
}

/** Upper bounds that no real node reaches; numbers above them are typos, not plans. */
export const PLAN_LIMITS = {
  maxRevision: 99999,
  maxServicesPerNode: 100000,
  maxBackendsPerService: 1000000,
  maxFeatures: 20,
  maxServiceTypes: 10,
  maxFeatureGates: 50,
  maxServiceSettings: 10,
} as const;

function slugIn(field: string, value: string, known: ReadonlyMap<string, unknown>, what: string): string {
  if (!known.has(value)) throw new PlanError(field, `unknown ${what} "${value}"`, [...known.keys()], closestNames(value, known.keys(), 1));
  return value;
}

function count(field: string, value: number | null | undefined, min: number, max: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) throw new PlanError(field, `${field} must be a whole number from ${min} to ${max}, got ${value}`);
  return value;
}

function slugList(
  field: string,
  values: readonly string[] | null | undefined,
  known: ReadonlyMap<string, unknown>,
  what: string,
  max: number,
): string[] | undefined {
  if (values === null || values === undefined) return undefined;
  // An empty list is more likely a templating slip than a statement; omitting the field says "none".
  if (values.length === 0) throw new PlanError(field, `${field} is empty; omit it instead, or name at least one`, [...known.keys()]);
  if (values.length > max) throw new PlanError(field, `${field} lists ${values.length} entries; at most ${max} are accepted`);
  const unique = [...new Set(values)];
  const unknown = unique.filter((v) => !known.has(v));
  if (unknown.length === 1) slugIn(field, unknown[0]!, known, what);
  if (unknown.length > 1) {
    const nearest = [...new Set(unknown.flatMap((v) => closestNames(v, known.keys(), 1)))];
    throw new PlanError(field, `unknown ${what}s ${unknown.map((v) => `"${v}"`).join(', ')}`, [...known.keys()], nearest);
  }
  return unique;
}

/** YYYY-MM-DD naming a real day: Date.parse alone accepts 2026-02-30. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A plan checked without throwing: the plan when every field is accepted, else every problem. */
export interface PlanCheck {
  plan?: Plan;
  problems: PlanProblem[];
}

/**
 * Checks every field and reports every problem at once, so that a caller can drop all the
 * refused fields in one pass. Pure: never throws for bad input.
 */
export function checkPlan(k: Knowledge, input: PlanInput, today: string): PlanCheck {
  const problems: PlanProblem[] = [];
  /** Runs one field's check; a refusal is recorded and the field left out. */
  const check = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof PlanError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const plan: Plan = { features: [], asOf: today, ipAddressMode: input.ipAddressMode ?? 'SECONDARY_IP' };
  if (input.networkPolicy != null) plan.networkPolicy = input.networkPolicy;
  const checking: PlanChecking = { k, input, plan, problems, check };
  // In the order the problems are listed.
  for (const step of [checkReleaseAndFeatures, checkPluginAndPlace, checkServices, checkKubernetes, checkScaleAndDate]) step(checking);
  return problems.length > 0 ? { problems } : { plan, problems };
}

/** What the steps of checkPlan share: the input, the plan being filled, the problems found so far. */
interface PlanChecking {
  k: Knowledge;
  input: PlanInput;
  plan: Plan;
  problems: PlanProblem[];
  /** Runs one field's check; a refusal is recorded and the field left out. */
  check: <T>(fn: () => T) => T | undefined;
}

/** The Windows release, the features, the update revision and the build. */
function checkReleaseAndFeatures({ k, input, plan, problems, check }: PlanChecking): void {
  if (input.windowsVersion != null) {
    const release = check(() => slugIn('windowsVersion', input.windowsVersion!, k.releases, 'Windows version'));
    if (release) plan.windowsVersion = release;
  }
  plan.features = check(() => slugList('features', input.features, k.features, 'feature', PLAN_LIMITS.maxFeatures)) ?? [];
  const revision = check(() => count('windowsBuildRevision', input.windowsBuildRevision, 0, PLAN_LIMITS.maxRevision));
  // Like a plugin version without its plugin: a revision numbers the updates of one release. Refused
  // with a refused release too, so that dropping every refused field leaves a plan that passes.
  if (revision !== undefined && !plan.windowsVersion)
    problems.push(
      planProblem(
        'windowsBuildRevision',
        input.windowsVersion == null
          ? 'windowsBuildRevision needs windowsVersion: an update revision means nothing without the release it belongs to'
          : 'windowsBuildRevision needs windowsVersion, which is refused: an update revision means nothing without the release it belongs to',
      ),
    );
  else if (revision !== undefined) plan.windowsBuildRevision = revision;
  if (input.windowsBuild != null) {
    const builds = [...new Set([...k.releases.values()].map((r) => r.build))].sort((a, b) => a - b);
    const release = plan.windowsVersion ? k.releases.get(plan.windowsVersion) : undefined;
    if (!builds.includes(input.windowsBuild))
      problems.push(
        planProblem('windowsBuild', `windowsBuild ${input.windowsBuild} is not the build of a Windows release the knowledge base knows`, builds.map(String)),
      );
    else if (release && release.build !== input.windowsBuild)
      problems.push(planProblem('windowsBuild', `windowsBuild ${input.windowsBuild} is not the build of ${release.name} (${release.build})`));
    else if (!release) plan.windowsBuild = input.windowsBuild;
  }
}

/** The CNI plugin and its version, the container image release, the network mode and the environment. */
function checkPluginAndPlace({ k, input, plan, problems, check }: PlanChecking): void {
  if (input.cniPlugin != null) {
    const plugin = check(() => slugIn('cniPlugin', input.cniPlugin!, k.plugins, 'CNI plugin'));
    if (plugin) plan.cniPlugin = plugin;
  }
  if (input.cniPluginVersion != null) {
    if (!plan.cniPlugin)
      problems.push(
        planProblem(
          'cniPluginVersion',
          input.cniPlugin == null
            ? 'cniPluginVersion needs cniPlugin: a version means nothing without the plugin it belongs to'
            : 'cniPluginVersion needs cniPlugin, which is refused: a version means nothing without the plugin it belongs to',
        ),
      );
    else if (!PLUGIN_VERSION.test(input.cniPluginVersion))
      problems.push(planProblem('cniPluginVersion', `cniPluginVersion must be a release such as "0.12.0" or "v0.12.0", got "${input.cniPluginVersion}"`));
    else plan.cniPluginVersion = input.cniPluginVersion;
  }
  if (input.containerImageWindowsVersion != null) {
    const image = check(() => slugIn('containerImageWindowsVersion', input.containerImageWindowsVersion!, k.releases, 'Windows version'));
    if (image) plan.containerImageWindowsVersion = image;
  }
  if (input.networkMode != null) {
    const mode = check(() => slugIn('networkMode', input.networkMode!, k.modes, 'network mode'));
    if (mode) plan.networkMode = mode;
  }
  if (input.environment != null) {
    const environment = check(() => slugIn('environment', input.environment!, k.environments, 'environment'));
    if (environment) plan.environment = environment;
  }
}

/** The Service types and Service settings. */
function checkServices({ k, input, plan, check }: PlanChecking): void {
  const serviceTypes = check(() => slugList('serviceTypes', input.serviceTypes, k.serviceTypes, 'Service type', PLAN_LIMITS.maxServiceTypes));
  if (serviceTypes) plan.serviceTypes = serviceTypes;
  const serviceSettings = check(() =>
    slugList('serviceSettings', input.serviceSettings, SERVICE_SETTING_CHOICES, 'Service setting', PLAN_LIMITS.maxServiceSettings),
  );
  if (serviceSettings) plan.serviceSettings = serviceSettings as ServiceSetting[];
}

/** The Kubernetes version, the upgrade target and the kube-proxy feature gates. */
function checkKubernetes({ input, plan, problems, check }: PlanChecking): void {
  if (input.kubernetesVersion != null) {
    const version = kubernetesMinorOf(input.kubernetesVersion);
    if (version === null)
      problems.push(
        planProblem('kubernetesVersion', `kubernetesVersion must be a Kubernetes minor version such as "1.33" or "v1.33", got "${input.kubernetesVersion}"`),
      );
    else plan.kubernetesVersion = version;
  }
  if (input.targetKubernetesVersion != null) {
    const target = kubernetesMinorOf(input.targetKubernetesVersion);
    if (target === null)
      problems.push(
        planProblem(
          'targetKubernetesVersion',
          `targetKubernetesVersion must be a Kubernetes minor version such as "1.34" or "v1.34", got "${input.targetKubernetesVersion}"`,
        ),
      );
    else if (plan.kubernetesVersion && compareKubernetes(target, plan.kubernetesVersion) < 0)
      problems.push(
        planProblem(
          'targetKubernetesVersion',
          `targetKubernetesVersion ${target} is older than kubernetesVersion ${plan.kubernetesVersion}; an upgrade target is the same version or a newer one`,
        ),
      );
    else plan.targetKubernetesVersion = target;
  }
  if (input.kubeProxyFeatureGates != null) {
    const gates = check(() => featureGates(input.kubeProxyFeatureGates!));
    if (gates) plan.kubeProxyFeatureGates = gates;
  }
}

/** The counts per node, the date to judge at, the instance type and the kubelet max-pods. */
function checkScaleAndDate({ k, input, plan, problems, check }: PlanChecking): void {
  const services = check(() => count('servicesPerNode', input.servicesPerNode, 0, PLAN_LIMITS.maxServicesPerNode));
  if (services !== undefined) plan.servicesPerNode = services;
  const backends = check(() => count('backendsPerService', input.backendsPerService, 0, PLAN_LIMITS.maxBackendsPerService));
  if (backends !== undefined) plan.backendsPerService = backends;
  if (input.asOf != null) {
    if (!isCalendarDate(input.asOf)) problems.push(planProblem('asOf', `asOf must be a date as YYYY-MM-DD, got "${input.asOf}"`));
    else plan.asOf = input.asOf;
  }
  if (input.instanceType != null) {
    if (!k.instanceTypes.has(input.instanceType))
      problems.push(
        planProblem('instanceType', `unknown EC2 instance type "${input.instanceType}"`, undefined, closestNames(input.instanceType, k.instanceTypes.keys())),
      );
    else plan.instanceType = input.instanceType;
  }
  const pods = check(() => count('podsPerNode', input.podsPerNode, 0, MAX_KUBELET_MAX_PODS));
  if (pods !== undefined) plan.podsPerNode = pods;
  if (input.kubeletMaxPods != null) {
    const problem = kubeletMaxPodsProblem('kubeletMaxPods', input.kubeletMaxPods);
    if (problem) problems.push(planProblem('kubeletMaxPods', problem));
    else plan.kubeletMaxPods = input.kubeletMaxPods;
  }
}

function featureGates(gates: readonly string[]): { gate: string; value: boolean }[] {
  const field = 'kubeProxyFeatureGates';
  if (gates.length === 0) throw new PlanError(field, `${field} is empty; omit it instead, or name at least one gate`);
  if (gates.length > PLAN_LIMITS.maxFeatureGates)
    throw new PlanError(field, `${field} lists ${gates.length} entries; at most ${PLAN_LIMITS.maxFeatureGates} are accepted`);
  return gates.map((entry) => {
    const m = /^([A-Za-z][A-Za-z0-9]*)=(true|false)$/.exec(entry);
    if (!m) throw new PlanError(field, `${field} entries are written as in --feature-gates, e.g. "WinOverlay=false", got "${entry}"`);
    return { gate: m[1]!, value: m[2] === 'true' };
  });
}

/** The plan, or a PlanError holding every problem (the first one's fields at the top). */
export function validatePlan(k: Knowledge, input: PlanInput, today: string): Plan {
  const { plan, problems } = checkPlan(k, input, today);
  if (!plan) throw PlanError.of(problems);
  return plan;
}
