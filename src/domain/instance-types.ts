/**
 * What an EC2 instance type's name and limits say about Windows nodes on EKS.
 *
 * Architecture follows AWS's naming convention: family letters, a generation digit, then
 * attribute letters (m6gd: m, 6, gd). An attribute "g" means AWS Graviton (Arm), as AWS's naming
 * conventions state; a "g" that starts the family (g5, gr6) is a GPU series, not Graviton. That
 * the a1 family is Arm and that mac families run macOS rest on secondary write-ups only (see
 * sources.yaml aws-ec2-instance-type-names). Windows nodes need x86-64: EKS schedules Windows Pods
 * with kubernetes.io/arch: amd64, and eksctl maps every Windows AMI family to x86_64. Prefix delegation needs a Nitro-based type (hypervisor
 * nitro, or bare metal); Xen types stay in secondary-IP mode.
 */
import { computePodCapacity, type IpAddressMode, type PodCapacityResult } from './capacity.js';
import type { Citation } from './citation.js';

import type { Architecture, Hypervisor } from './vocabulary.js';

export type { Architecture } from './vocabulary.js';

export interface InstanceTypeLimits {
  name: string;
  ipv4PerInterface: number;
  hypervisor: Hypervisor | null;
  bareMetal: boolean;
}

export interface InstanceTypeName {
  family: string;
  /** Letters before the generation digit (m, c, im, hpc, mac, u). */
  series: string;
  generation?: number;
  /** Letters after the generation digit (gd in m6gd). */
  attributes: string;
  size: string;
}

const FAMILY = /^([a-z]+)(\d+)?([a-z]*)(?:-[a-z0-9]+)*$/;

export function parseInstanceTypeName(name: string): InstanceTypeName {
  const dot = name.indexOf('.');
  const family = dot > 0 ? name.slice(0, dot) : '';
  const match = FAMILY.exec(family);
  if (!match || dot === name.length - 1) throw new RangeError(`not an EC2 instance type name: "${name}"`);
  return {
    family,
    series: match[1]!,
    ...(match[2] !== undefined ? { generation: Number(match[2]) } : {}),
    attributes: match[2] !== undefined ? match[3]! : '',
    size: name.slice(dot + 1),
  };
}

export function isMacFamily(n: InstanceTypeName): boolean {
  return n.series === 'mac';
}

export function architectureOf(name: string): Architecture {
  const n = parseInstanceTypeName(name);
  // The convention does not describe the mac families' processors, so none is claimed.
  if (isMacFamily(n)) return 'unknown';
  if (n.family === 'a1' || n.attributes.includes('g')) return 'arm64';
  return 'x86_64';
}

export const NAMING_SOURCES: Citation[] = [
  { doc: 'aws-ec2-instance-type-names', section: 'Naming conventions', note: 'the additional-capability letter g means AWS Graviton processors' },
  { doc: 'eks-user-guide-windows', section: 'windows-support.adoc', note: 'Windows Pods are scheduled with kubernetes.io/arch: amd64' },
  { doc: 'eksctl', section: 'pkg/apis/eksctl.io/v1alpha5', note: 'every Windows AMI family maps to x86_64 only' },
];
export const NITRO_SOURCES: Citation[] = [
  { doc: 'vpc-resource-controller', section: 'pkg/utils/helper.go', note: 'Nitro = hypervisor nitro or bare metal' },
  { doc: 'vpc-resource-controller', section: 'pkg/provider/prefix/provider.go', note: 'other types are refused Windows prefix delegation' },
  {
    doc: 'vpc-resource-controller',
    section: 'pkg/provider/ip/provider.go',
    note: 'a non-Nitro node stays in secondary-IP mode and advertises addresses per interface - 1',
  },
];

/** Why Windows nodes cannot run on this type, or null when they can. */
export function windowsUnsuitability(name: string): string | null {
  const n = parseInstanceTypeName(name);
  if (isMacFamily(n)) return `${name} is a mac instance type, which runs macOS only.`;
  if (architectureOf(name) === 'arm64')
    return `${name} is Arm-based (${n.family === 'a1' ? 'the a1 family' : `the "g" attribute in ${n.family} means AWS Graviton`}); Windows nodes need x86-64.`;
  return null;
}

export function supportsPrefixDelegation(t: InstanceTypeLimits): boolean {
  return t.bareMetal || t.hypervisor === 'nitro';
}

export function prefixDelegationRefusal(t: InstanceTypeLimits): string {
  return (
    `${t.name} runs on the ${t.hypervisor ?? 'unknown'} hypervisor; ` +
    `prefix delegation for Windows needs a Nitro-based or bare-metal instance type, ` +
    `so the VPC Resource Controller keeps the node in secondary-IP mode.`
  );
}

/**
 * What a Windows node of this type will really get when the plan asks for a mode: prefix
 * delegation on a Xen type is not refused by the VPC Resource Controller, which keeps the node
 * in secondary-IP mode, so the answer is the secondary-IP capacity with a step saying why.
 * Arm and mac types are still refused by the caller (windowsUnsuitability): Windows AMIs do not run there.
 */
export function plannedCapacity(t: InstanceTypeLimits, mode: IpAddressMode, kubeletMaxPods?: number): PodCapacityResult {
  if (mode === 'SECONDARY_IP' || supportsPrefixDelegation(t)) return computePodCapacity(t.ipv4PerInterface, mode, t.name, kubeletMaxPods);
  const fallback = computePodCapacity(t.ipv4PerInterface, 'SECONDARY_IP', t.name, kubeletMaxPods);
  return { ...fallback, ipAddressMode: mode, effectiveIpAddressMode: 'SECONDARY_IP', steps: [prefixDelegationRefusal(t), ...fallback.steps] };
}

/** Capacity in one mode, or the reason there is none. */
export function instanceCapacity(t: InstanceTypeLimits, mode: IpAddressMode): { capacity: PodCapacityResult } | { refusal: string } {
  const unsuitable = windowsUnsuitability(t.name);
  if (unsuitable) return { refusal: unsuitable };
  if (mode === 'PREFIX_DELEGATION' && !supportsPrefixDelegation(t)) return { refusal: prefixDelegationRefusal(t) };
  return { capacity: computePodCapacity(t.ipv4PerInterface, mode, t.name) };
}
