/** compatibility and podCapacity: validate at the edge, compute in the domain, cite the facts. */
import { owner } from '../../db/owners.js';
import { CAPACITY_SOURCES, computePodCapacity, kubeletMaxPodsProblem, type PodCapacityResult, MIN_ADDRESSES_PER_INTERFACE } from '../../domain/capacity.js';
import { plannedCapacity, windowsUnsuitability } from '../../domain/instance-types.js';
import type { Knowledge } from '../../domain/knowledge.js';
import type { Applicability } from '../../domain/vocabulary.js';
import { closestNames } from '../../domain/closest.js';
import { judgeCompatibility } from '../../domain/compatibility/judge.js';
import { compatibilityReportModel } from '../../domain/compatibility/report-model.js';
import { asUserInputError, badUserInput, unknownWithSuggestions } from '../errors.js';
import type { ScanReportParent } from '../mappers.js';
import { API_SPELLING } from '../report-spelling.js';
import { checkScanInput, DEFAULT_SCAN_ANSWER_BYTES, scanReportJson } from '../scan-report.js';
import type { ScanTask } from '../scan-task.js';
import type { Resolvers } from '../generated/resolvers.js';
import { getAll } from './shared.js';

export { MAX_SCAN_DOCUMENTS } from '../scan-report.js';

/** The findings of the asked kinds (findings(applicability:)); all of them when none are asked. */
function onlyApplying<F extends { applicability: Applicability }>(findings: F[], applicability: readonly Applicability[] | null | undefined): F[] {
  return applicability ? findings.filter((f) => applicability.includes(f.applicability)) : findings;
}

type InstanceCapacityAnswer = PodCapacityResult & { instanceType: string };
const capacityMemos = new WeakMap<Knowledge, Map<string, InstanceCapacityAnswer>>();
/** Answers by mode and known instance type (at most two per type), for as long as the snapshot lives. */
function capacityMemo(knowledge: Knowledge): Map<string, InstanceCapacityAnswer> {
  let memo = capacityMemos.get(knowledge);
  if (!memo) capacityMemos.set(knowledge, (memo = new Map<string, InstanceCapacityAnswer>()));
  return memo;
}

export const verdictResolvers: Resolvers = {
  Query: {
    compatibility(_, { input }, { knowledge, today }) {
      try {
        // The same model `winnet-kb check` prints offline, its references left to this graph's types.
        return compatibilityReportModel(judgeCompatibility(knowledge, input, today), API_SPELLING);
      } catch (error) {
        return asUserInputError(error);
      }
    },
    scan(_, { input }, { knowledge, today, scan }) {
      const task: ScanTask = { documents: input.documents, today, ...(input.plan ? { plan: input.plan } : {}) };
      // The server runs scans in its worker pool (src/server/scan-pool.ts), so a large one does not
      // hold up other requests; elsewhere (in-process APIs) here, with the same ceiling.
      if (scan) {
        checkScanInput(knowledge, task);
        return scan(task);
      }
      return JSON.parse(scanReportJson(knowledge, task, DEFAULT_SCAN_ANSWER_BYTES)) as ScanReportParent;
    },
    podCapacity(_, { input }, { knowledge }) {
      const mode = input.ipAddressMode ?? 'SECONDARY_IP';
      const { instanceType, ipv4AddressesPerInterface, kubeletMaxPods } = input;
      if ((instanceType == null) === (ipv4AddressesPerInterface == null))
        throw badUserInput('input', 'give exactly one of instanceType and ipv4AddressesPerInterface');
      const kubeletProblem = kubeletMaxPods == null ? null : kubeletMaxPodsProblem('kubeletMaxPods', kubeletMaxPods);
      if (kubeletProblem) throw badUserInput('input.kubeletMaxPods', kubeletProblem);
      const kubelet = kubeletMaxPods ?? undefined;
      if (instanceType != null) {
        // The data is immutable, so an instance type's answer under the kubelet default is computed once.
        const memo = kubelet === undefined ? capacityMemo(knowledge) : undefined;
        const memoKey = `${mode} ${instanceType}`;
        const remembered = memo?.get(memoKey);
        if (remembered) return remembered;
        // The snapshot the compatibility engine uses already holds every instance type's limits.
        const row = knowledge.instanceTypes.get(instanceType);
        if (!row)
          throw unknownWithSuggestions(
            'input.instanceType',
            `unknown EC2 instance type "${instanceType}"`,
            closestNames(instanceType, knowledge.instanceTypes.keys()),
          );
        const unsuitable = windowsUnsuitability(row.name);
        if (unsuitable) throw badUserInput('input.instanceType', unsuitable);
        // Prefix delegation on a Xen type answers with the secondary-IP fallback the controller applies.
        const answer = { ...plannedCapacity(row, mode, kubelet), instanceType: row.name };
        memo?.set(memoKey, answer);
        return answer;
      }
      const max = knowledge.maxIpv4PerInterface;
      if (!Number.isInteger(ipv4AddressesPerInterface) || ipv4AddressesPerInterface! < MIN_ADDRESSES_PER_INTERFACE || ipv4AddressesPerInterface! > max)
        throw badUserInput(
          'input.ipv4AddressesPerInterface',
          `ipv4AddressesPerInterface must be from ${MIN_ADDRESSES_PER_INTERFACE} (the primary address plus one) ` +
            `to ${max} (the most any EC2 instance type allows), got ${ipv4AddressesPerInterface}`,
        );
      return computePodCapacity(ipv4AddressesPerInterface!, mode, 'the interface', kubelet);
    },
  },
  CompatibilityReport: {
    findings: (r, { applicability }) => onlyApplying(r.findings, applicability),
    enabledFeatures: (r, _, { loaders }) => getAll(loaders.feature, r.enabledFeatures),
  },
  ScannedObject: {
    findings: (o, { applicability }) => onlyApplying(o.findings, applicability),
  },
  PodCapacity: {
    sources: async (_, __, { loaders }) => [...CAPACITY_SOURCES, ...(await loaders.citations.load(owner.instanceTypes))],
  },
};
