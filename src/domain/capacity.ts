/**
 * Pod capacity of a Windows node on Amazon EKS. Windows nodes use a single ENI; the ENI's own
 * primary address is not available to pods. In secondary-IP mode each remaining address slot
 * is one pod; with prefix delegation each slot holds a /28 prefix of 16 addresses.
 */
import type { Citation } from './citation.js';

import type { IpAddressMode, PodLimit } from './vocabulary.js';

export type { IpAddressMode, PodLimit } from './vocabulary.js';

/** Addresses in one /28 prefix. */
export const ADDRESSES_PER_PREFIX = 16;
/** The kubelet's max-pods default on EKS Windows nodes. */
export const KUBELET_DEFAULT_MAX_PODS = 110;
/** An ENI needs its primary address plus at least one for a pod. */
export const MIN_ADDRESSES_PER_INTERFACE = 2;

export const CAPACITY_SOURCES: Citation[] = [
  { doc: 'eks-best-practices-windows-networking', section: 'IP address management', note: 'one ENI per Windows node; both formulas; m5.large example' },
  {
    doc: 'vpc-resource-controller',
    section: 'pkg/provider/prefix/provider.go',
    note: 'Windows capacity uses the primary ENI only; 16 addresses per /28 prefix',
  },
  {
    doc: 'eks-best-practices-prefix-mode-windows',
    section: 'Prefix Mode for Windows',
    note: 'kubelet max-pods defaults to 110 and is raised with -KubeletExtraArgs',
  },
];

/** The largest kubelet max-pods accepted anywhere (plans, podCapacity, the CLI): above it is a typo. */
export const MAX_KUBELET_MAX_PODS = 10000;

/** Why a kubelet max-pods value is refused, or null when it is acceptable. The one home of that rule. */
export function kubeletMaxPodsProblem(name: string, value: number): string | null {
  return Number.isInteger(value) && value >= 1 && value <= MAX_KUBELET_MAX_PODS
    ? null
    : `${name} must be a whole number from 1 to ${MAX_KUBELET_MAX_PODS}, got ${value}`;
}

export interface PodCapacityResult {
  /** Pods the IP addresses allow. */
  maxPods: number;
  ipv4AddressesPerInterface: number;
  /** The mode the caller asked for. */
  ipAddressMode: IpAddressMode;
  /** The mode the node actually runs in: secondary IP when prefix delegation is not available on the type. */
  effectiveIpAddressMode: IpAddressMode;
  steps: string[];
  kubeletDefaultMaxPods: number;
  exceedsKubeletDefault: boolean;
  /** The kubelet max-pods assumed: the caller's, or the EKS default. */
  kubeletMaxPods: number;
  schedulablePods: number;
  limitedBy: PodLimit;
}

export function computePodCapacity(
  ipv4AddressesPerInterface: number,
  mode: IpAddressMode,
  label = 'the instance type',
  kubeletMaxPods?: number,
): PodCapacityResult {
  if (!Number.isInteger(ipv4AddressesPerInterface) || ipv4AddressesPerInterface < MIN_ADDRESSES_PER_INTERFACE)
    throw new RangeError(`IPv4 addresses per interface must be a whole number of at least ${MIN_ADDRESSES_PER_INTERFACE}, got ${ipv4AddressesPerInterface}`);
  const kubeletProblem = kubeletMaxPods === undefined ? null : kubeletMaxPodsProblem('kubelet max-pods', kubeletMaxPods);
  if (kubeletProblem) throw new RangeError(kubeletProblem);
  const usable = ipv4AddressesPerInterface - 1;
  const steps = [
    `Windows nodes on EKS use a single ENI; ${label} allows ${ipv4AddressesPerInterface} IPv4 addresses on it.`,
    `One address is the ENI's primary address and cannot go to a pod: ${ipv4AddressesPerInterface} - 1 = ${usable}.`,
  ];
  let maxPods = usable;
  if (mode === 'PREFIX_DELEGATION') {
    maxPods = usable * ADDRESSES_PER_PREFIX;
    steps.push(
      `With prefix delegation each of the ${usable} slots holds a /28 prefix of ${ADDRESSES_PER_PREFIX} addresses: ` +
        `${usable} x ${ADDRESSES_PER_PREFIX} = ${maxPods}.`,
    );
  } else {
    steps.push(`In secondary-IP mode each slot is one pod address: ${maxPods} pods.`);
  }
  const exceedsKubeletDefault = maxPods > KUBELET_DEFAULT_MAX_PODS;
  const kubelet = kubeletMaxPods ?? KUBELET_DEFAULT_MAX_PODS;
  const limitedBy: PodLimit = maxPods <= kubelet ? 'IP_ADDRESSES' : 'KUBELET_MAX_PODS';
  const schedulablePods = Math.min(maxPods, kubelet);
  const kubeletText = kubeletMaxPods === undefined ? `the kubelet's default max-pods of ${KUBELET_DEFAULT_MAX_PODS}` : `the kubelet max-pods of ${kubelet}`;
  steps.push(
    limitedBy === 'IP_ADDRESSES'
      ? `${maxPods} is within ${kubeletText}, so the addresses are the limit: ${schedulablePods} pods.`
      : `${maxPods} is above ${kubeletText}, which caps the node at ${kubelet} pods; ` +
          `to use every address raise it, e.g. -KubeletExtraArgs '--max-pods=${maxPods}' in the node bootstrap.`,
  );
  return {
    maxPods,
    ipv4AddressesPerInterface,
    ipAddressMode: mode,
    effectiveIpAddressMode: mode,
    steps,
    kubeletDefaultMaxPods: KUBELET_DEFAULT_MAX_PODS,
    exceedsKubeletDefault,
    kubeletMaxPods: kubelet,
    schedulablePods,
    limitedBy,
  };
}
