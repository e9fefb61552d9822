/** A NetworkPolicy: the pods it selects. */
import { at, list, stringMap, type Json } from '../kube.js';
import { reading, type ReadResult } from './types.js';

export function readNetworkPolicy(obj: Json): ReadResult {
  const r = reading(obj, 'network-policy', 'if-cluster-has-windows');
  const selector = stringMap(at(obj, 'spec.podSelector.matchLabels'));
  const expressions = list(at(obj, 'spec.podSelector.matchExpressions'));
  r.networkPolicy = { selector, selectsAll: Object.keys(selector).length === 0 && expressions.length === 0 };
  if (expressions.length > 0) r.missing.push('spec.podSelector.matchExpressions (not evaluated: only matchLabels are matched against workloads)');
  r.facts.push({ field: 'networkPolicy', value: true, path: 'spec.podSelector' });
  // Whether it is enforced on Windows depends on the CNI plugin, which the policy does not name.
  r.unknown.push({
    fact: 'the CNI plugin that would enforce this policy on Windows nodes',
    settledBy: "the CNI's configuration (its ConfigMap or DaemonSet) or the plan's cniPlugin",
    field: 'cniPlugin',
  });
  return { readings: [r] };
}
