/**
 * The EC2 instance type: whether it can host Windows nodes, whether it supports the planned prefix
 * delegation, and the pods it gives against the planned pods per node and the kubelet's max-pods.
 *
 * Golden cases: test/domain/rules/instance-type-capacity.golden.test.ts.
 */
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES } from '../../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, plannedCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../../instance-types.js';
import type { RuleFinding } from '../rule-finding.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { LimitationFact } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { limitationApplies } from '../limitation-applies.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  INSTANCE_TYPE_NOT_FOR_WINDOWS: {
    description: 'The EC2 instance type cannot host Windows nodes: it is Arm-based (Graviton, a1) or a mac type.',
    severities: ['error'],
    raisedBy: ['compatibility/rules/instance-type-capacity.ts instanceTypeCapacity'],
    scanOnly: false,
  },
  PREFIX_DELEGATION_UNSUPPORTED: {
    description:
      'Prefix delegation was planned on an instance type that is not Nitro-based; the node stays in secondary-IP mode, and the capacity given is that fallback.',
    severities: ['warning'],
    raisedBy: ['compatibility/rules/instance-type-capacity.ts instanceTypeCapacity'],
    scanOnly: false,
  },
  PODS_EXCEED_CAPACITY: {
    description: "The planned pods per node are more than the instance type's IP addresses allow in the planned mode.",
    severities: ['error'],
    raisedBy: ['compatibility/rules/instance-type-capacity.ts instanceTypeCapacity'],
    scanOnly: false,
  },
  PODS_EXCEED_KUBELET_MAX_PODS: {
    description:
      "The addresses allow the planned pods, but the kubelet's max-pods caps the node below them: a warning at the default of 110 on EKS, which the source says can be raised, " +
      'an error when the plan itself sets a max-pods below its pods.',
    severities: ['error', 'warning'],
    raisedBy: ['compatibility/rules/instance-type-capacity.ts instanceTypeCapacity'],
    scanOnly: false,
  },
  POD_CAPACITY: {
    description: 'How many Windows pods the instance type gives in the planned mode, and what limits it.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/instance-type-capacity.ts instanceTypeCapacity'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

const MODE_WORDS = { SECONDARY_IP: 'secondary-IP mode', PREFIX_DELEGATION: 'prefix delegation' } as const;

/** instanceTypeCapacity: the pods an instance type gives. */
const CAPACITY = {
  chooseX86: 'Choose an x86-64 instance type for the Windows node group.',
  prefixDelegationUnsupported: (why: string, maxPods: number, withPrefixes: number) =>
    `${why} The node gets ${maxPods} pod addresses instead of the ${withPrefixes} prefix delegation would give.`,
  planSecondaryIp: 'Plan for secondary-IP capacity on this type, or choose a Nitro-based instance type for prefix delegation.',
  podCapacity: (type: string, mode: string, c: { maxPods: number; schedulablePods: number; limitedBy: string; steps: readonly string[] }) =>
    `${type} gives ${c.maxPods} Windows pods in ${mode}; ` +
    `the node schedules ${c.schedulablePods} (limited by ${c.limitedBy === 'IP_ADDRESSES' ? 'IP addresses' : 'kubelet max-pods'}). ${c.steps.join(' ')}`,
  podsExceedCapacity: (wanted: number, type: string, maxPods: number, mode: string) =>
    `The plan needs ${wanted} pods per node; ${type} gives ${maxPods} in ${mode}.`,
  enablePrefixDelegation: 'Enable prefix delegation (this type is Nitro-based), or choose a larger instance type.',
  chooseLarger: "Choose an instance type with more IPv4 addresses per interface (the catalogue of instance types gives each one's Windows pods).",
  podsExceedMaxPods: (type: string, maxPods: number, kubeletMaxPods: number, wanted: number, planned: boolean) =>
    `${type} has addresses for ${maxPods} pods, but ${planned ? `the plan's kubelet max-pods of ${kubeletMaxPods}` : `the kubelet's default max-pods on EKS Windows nodes (${kubeletMaxPods})`} ` +
    `caps the node below the planned ${wanted}.${planned ? '' : " The default can be raised in the node's bootstrap, so the plan works only once it is."}`,
  raiseMaxPods: (wanted: number) => `Raise the kubelet's max-pods to at least ${wanted}, e.g. -KubeletExtraArgs '--max-pods=${wanted}' in the node bootstrap.`,
};

/**
 * The limitation that makes the plan's address mode unavailable where and when it runs (prefix
 * delegation on EKS before June 2023): an unsupported limitation scoped to that mode that surely
 * applies. The node then gets the other mode's capacity, so the figures are judged at asOf too.
 */
function modeUnavailable(ctx: PlanContext): LimitationFact | undefined {
  return ctx.k.limitations.find(
    (l) => l.kind === 'unsupported' && l.scope.ipAddressModes?.includes(ctx.plan.ipAddressMode) && limitationApplies(l, ctx).match === 'yes',
  );
}

/** The rule's own wording for a mode that is not available at the plan's date or place. */
const MODE_UNAVAILABLE = (title: string) => `${title} (so the node runs in secondary-IP mode).`;

const judge: RuleJudge<Code> = (ctx) => {
  const { k, plan } = ctx;
  if (!plan.instanceType) return [];
  const type = k.instanceTypes.get(plan.instanceType)!;
  const unsuitable = windowsUnsuitability(type.name);
  if (unsuitable)
    return [
      {
        severity: 'error',
        code: 'INSTANCE_TYPE_NOT_FOR_WINDOWS',
        subject: type.name,
        message: unsuitable,
        remediation: CAPACITY.chooseX86,
        sources: NAMING_SOURCES,
      },
    ];
  const unavailable = plan.ipAddressMode === 'PREFIX_DELEGATION' ? modeUnavailable(ctx) : undefined;
  const c = plannedCapacity(type, unavailable ? 'SECONDARY_IP' : plan.ipAddressMode, plan.kubeletMaxPods);
  if (unavailable) c.steps.unshift(MODE_UNAVAILABLE(unavailable.title));
  const findings: RuleFinding<Code>[] = [];
  if (!unavailable && c.effectiveIpAddressMode !== plan.ipAddressMode)
    // The VPC Resource Controller does not refuse the node: it keeps it in secondary-IP mode.
    findings.push({
      severity: 'warning',
      code: 'PREFIX_DELEGATION_UNSUPPORTED',
      subject: type.name,
      message: CAPACITY.prefixDelegationUnsupported(c.steps[0]!, c.maxPods, (type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX),
      remediation: CAPACITY.planSecondaryIp,
      sources: NITRO_SOURCES,
    });
  const mode = MODE_WORDS[c.effectiveIpAddressMode];
  findings.push({
    severity: 'info',
    code: 'POD_CAPACITY',
    subject: type.name,
    message: CAPACITY.podCapacity(type.name, mode, c),
    sources: CAPACITY_SOURCES,
  });
  const wanted = plan.podsPerNode;
  if (wanted !== undefined && wanted > c.maxPods) {
    const pdWouldFit =
      !unavailable &&
      c.effectiveIpAddressMode === 'SECONDARY_IP' &&
      supportsPrefixDelegation(type) &&
      wanted <= (type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX;
    findings.push({
      severity: 'error',
      code: 'PODS_EXCEED_CAPACITY',
      subject: type.name,
      message: CAPACITY.podsExceedCapacity(wanted, type.name, c.maxPods, mode),
      remediation: pdWouldFit ? CAPACITY.enablePrefixDelegation : CAPACITY.chooseLarger,
      sources: CAPACITY_SOURCES,
    });
  } else if (wanted !== undefined && wanted > c.schedulablePods)
    findings.push({
      // A default the source says can be raised is a warning; a max-pods the plan sets itself below its
      // own pods asks for both at once, an error.
      severity: plan.kubeletMaxPods === undefined ? 'warning' : 'error',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      subject: type.name,
      message: CAPACITY.podsExceedMaxPods(type.name, c.maxPods, c.kubeletMaxPods, wanted, plan.kubeletMaxPods !== undefined),
      remediation: CAPACITY.raiseMaxPods(wanted),
      sources: CAPACITY_SOURCES,
    });
  return findings;
};

export const instanceTypeCapacity: Rule<Code> = {
  name: 'instanceTypeCapacity',
  codes: codesOf(CODES),
  judge,
};
