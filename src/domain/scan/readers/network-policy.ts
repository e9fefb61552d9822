/**
 * A NetworkPolicy: the pods it selects. Kubernetes' (networking.k8s.io) selects them with
 * spec.podSelector; Calico's own (projectcalico.org/v3) with spec.selector, an expression in
 * Calico's selector syntax, of which the plain `label == 'value'` terms joined by `&&` are
 * matched; any other expression is named as not evaluated, and then the policy selects no workload
 * of the input rather than all of them (trial scan44, file 15).
 */
import { at, list, stringMap, text, type Json } from '../kube.js';
import { reading, type ReadResult } from './types.js';

/** The labels a Calico selector requires, when it is only `key == 'value'` terms joined by `&&`. */
function calicoSelector(selector: string): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  for (const term of selector.split('&&')) {
    const match = /^\s*([A-Za-z0-9_./-]+)\s*==\s*(['"])([^'"]*)\2\s*$/.exec(term);
    if (!match) return undefined;
    labels[match[1]!] = match[3]!;
  }
  return labels;
}

export function readNetworkPolicy(obj: Json): ReadResult {
  const r = reading(obj, 'network-policy', 'if-cluster-has-windows');
  if (text(obj.apiVersion)?.startsWith('projectcalico.org/')) {
    const expression = text(at(obj, 'spec.selector'));
    const labels = expression === undefined || expression.trim() === '' || expression.trim() === 'all()' ? {} : calicoSelector(expression);
    if (labels) r.networkPolicy = { selector: labels, selectsAll: Object.keys(labels).length === 0 };
    else {
      r.networkPolicy = { selector: {}, selectsAll: false, selectsNone: true };
      r.missing.push(`spec.selector "${expression}" (not evaluated: only label == 'value' terms joined by && are matched against workloads)`);
    }
    r.facts.push({ field: 'networkPolicy', value: true, path: 'spec.selector' });
  } else {
    const selector = stringMap(at(obj, 'spec.podSelector.matchLabels'));
    const expressions = list(at(obj, 'spec.podSelector.matchExpressions'));
    r.networkPolicy = { selector, selectsAll: Object.keys(selector).length === 0 && expressions.length === 0 };
    if (expressions.length > 0) r.missing.push('spec.podSelector.matchExpressions (not evaluated: only matchLabels are matched against workloads)');
    r.facts.push({ field: 'networkPolicy', value: true, path: 'spec.podSelector' });
  }
  // Whether it is enforced on Windows depends on the CNI plugin, which the policy does not name.
  r.unknown.push({
    fact: 'the CNI plugin that would enforce this policy on Windows nodes',
    settledBy: "the CNI's configuration (its ConfigMap or DaemonSet) or the plan's cniPlugin",
    field: 'cniPlugin',
  });
  return { readings: [r] };
}
