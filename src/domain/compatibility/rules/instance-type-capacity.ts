/**
 * The EC2 instance type: whether it can host Windows nodes, whether it supports the planned prefix
 * delegation, and the pods it gives against the planned pods per node and the kubelet's max-pods.
 *
 * Golden cases: test/domain/rules/instance-type-capacity.golden.test.ts.
 */
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES } from '../../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, plannedCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../../instance-types.js';
import type { Finding } from '../findings.js';
import { CAPACITY, MODE_WORDS } from '../messages.js';
import type { Rule, RuleJudge } from './rule.js';
import type { LimitationFact } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { limitationApplies } from './limitations.js';

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

const judge: RuleJudge = (ctx) => {
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
  const findings: Finding[] = [];
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
      severity: 'warning',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      subject: type.name,
      message: CAPACITY.podsExceedMaxPods(type.name, c.maxPods, c.kubeletMaxPods, wanted),
      remediation: CAPACITY.raiseMaxPods(wanted),
      sources: CAPACITY_SOURCES,
    });
  return findings;
};

export const instanceTypeCapacity: Rule = {
  name: 'instanceTypeCapacity',
  codes: ['INSTANCE_TYPE_NOT_FOR_WINDOWS', 'PREFIX_DELEGATION_UNSUPPORTED', 'POD_CAPACITY', 'PODS_EXCEED_CAPACITY', 'PODS_EXCEED_KUBELET_MAX_PODS'],
  judge,
};
