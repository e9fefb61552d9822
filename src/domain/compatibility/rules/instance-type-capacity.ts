/**
 * The EC2 instance type: whether it can host Windows nodes, whether it supports the planned prefix
 * delegation, and the pods it gives against the planned pods per node and the kubelet's max-pods.
 *
 * Golden cases: test/domain/rules/instance-type-capacity.golden.test.ts.
 */
import { ADDRESSES_PER_PREFIX, CAPACITY_SOURCES } from '../../capacity.js';
import { NAMING_SOURCES, NITRO_SOURCES, plannedCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../../instance-types.js';
import type { Finding } from '../findings.js';
import { MODE_WORDS } from '../messages.js';
import type { Rule, RuleJudge } from './rule.js';

const judge: RuleJudge = ({ k, plan }) => {
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
        remediation: 'Choose an x86-64 instance type for the Windows node group.',
        sources: NAMING_SOURCES,
      },
    ];
  const c = plannedCapacity(type, plan.ipAddressMode, plan.kubeletMaxPods);
  const findings: Finding[] = [];
  if (c.effectiveIpAddressMode !== plan.ipAddressMode)
    // The VPC Resource Controller does not refuse the node: it keeps it in secondary-IP mode.
    findings.push({
      severity: 'warning',
      code: 'PREFIX_DELEGATION_UNSUPPORTED',
      subject: type.name,
      message:
        `${c.steps[0]} The node gets ${c.maxPods} pod addresses ` +
        `instead of the ${(type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX} prefix delegation would give.`,
      remediation: 'Plan for secondary-IP capacity on this type, or choose a Nitro-based instance type for prefix delegation.',
      sources: NITRO_SOURCES,
    });
  const mode = MODE_WORDS[c.effectiveIpAddressMode];
  findings.push({
    severity: 'info',
    code: 'POD_CAPACITY',
    subject: type.name,
    message:
      `${type.name} gives ${c.maxPods} Windows pods in ${mode}; ` +
      `the node schedules ${c.schedulablePods} (limited by ${c.limitedBy === 'IP_ADDRESSES' ? 'IP addresses' : 'kubelet max-pods'}). ${c.steps.join(' ')}`,
    sources: CAPACITY_SOURCES,
  });
  const wanted = plan.podsPerNode;
  if (wanted !== undefined && wanted > c.maxPods) {
    const pdWouldFit =
      c.effectiveIpAddressMode === 'SECONDARY_IP' && supportsPrefixDelegation(type) && wanted <= (type.ipv4PerInterface - 1) * ADDRESSES_PER_PREFIX;
    findings.push({
      severity: 'error',
      code: 'PODS_EXCEED_CAPACITY',
      subject: type.name,
      message: `The plan needs ${wanted} pods per node; ${type.name} gives ${c.maxPods} in ${mode}.`,
      remediation: pdWouldFit
        ? 'Enable prefix delegation (this type is Nitro-based), or choose a larger instance type.'
        : 'Choose an instance type with more IPv4 addresses per interface (see instanceTypes(filter: { minimumPods })).',
      sources: CAPACITY_SOURCES,
    });
  } else if (wanted !== undefined && wanted > c.schedulablePods)
    findings.push({
      severity: 'warning',
      code: 'PODS_EXCEED_KUBELET_MAX_PODS',
      subject: type.name,
      message: `${type.name} has addresses for ${c.maxPods} pods, but the kubelet max-pods of ${c.kubeletMaxPods} caps the node below the planned ${wanted}.`,
      remediation: `Raise the kubelet's max-pods to at least ${wanted}, e.g. -KubeletExtraArgs '--max-pods=${wanted}' in the node bootstrap.`,
      sources: CAPACITY_SOURCES,
    });
  return findings;
};

export const instanceTypeCapacity: Rule = {
  name: 'instanceTypeCapacity',
  codes: ['INSTANCE_TYPE_NOT_FOR_WINDOWS', 'PREFIX_DELEGATION_UNSUPPORTED', 'POD_CAPACITY', 'PODS_EXCEED_CAPACITY', 'PODS_EXCEED_KUBELET_MAX_PODS'],
  judge,
};
