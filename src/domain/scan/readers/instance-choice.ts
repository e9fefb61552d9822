/**
 * A node pool that lets its instances be any of several types (eksctl's instancesDistribution,
 * Karpenter's instance-type requirement): the pods per Windows node follow from the type's IPv4
 * addresses per network interface, its hypervisor and whether it is bare metal (capacity.ts), so
 * when every listed type has the same of all three, the pods per node are the same whichever the
 * pool gets, and the first type stands for them all (trial scan45, file 20: t3.xlarge, t3a.xlarge,
 * m5a.xlarge, m6a.xlarge, 15 addresses each).
 */
import type { Knowledge } from '../../knowledge.js';
import type { UnknownFact } from './types.js';

/** The type that stands for all of `types` when they share their network limits, or undefined (one unknown, or two that differ). */
export function representativeType(k: Knowledge, types: readonly string[]): string | undefined {
  const limits = types.map((t) => k.instanceTypes.get(t));
  const first = limits[0];
  if (!first || limits.some((l) => !l || l.ipv4PerInterface !== first.ipv4PerInterface || l.hypervisor !== first.hypervisor || l.bareMetal !== first.bareMetal))
    return undefined;
  return first.name;
}

/** Why `types` stand for each other, said on the fact that takes the first of them. */
export const sameLimitsDetail = (types: readonly string[], picker: 'pool' | 'group'): string =>
  `${types.join(', ')}: the same IPv4 addresses per network interface each, so the pods per Windows node are the same whichever the ${picker} gets`;

/** Types whose network limits differ: which one the nodes get is open, and decides the pods per node. */
export const typesOpen = (types: readonly string[], path: string): UnknownFact => ({
  fact: `which of the instance types ${types.join(', ')} the nodes get (the pods per node differ by type)`,
  settledBy: 'the nodes the pool provisions (their node.kubernetes.io/instance-type label)',
  path,
  field: 'instanceType',
});
