/**
 * What a default decides, said where a reviewer would say it (DEFAULT_APPLIES, info): the input
 * leaves a setting out and the outcome follows from that, not from anything it states.
 * - A LoadBalancer or NodePort Service in front of Windows pods that leaves externalTrafficPolicy
 *   at Cluster (absent, or Cluster): client IP preservation is off, so the pods do not see the
 *   client's address (features.yaml client-ip-preservation: its setting and its sources).
 * - The object that states its cluster's CNI plugin, when the plugin enforces NetworkPolicy on
 *   Windows nodes (cni-plugins.yaml networkPolicy): the engine notes only plugins that do not.
 * Each cites the facts it rests on.
 */
import type { Knowledge } from '../knowledge.js';
import type { Pending } from './clusters.js';
import type { ScanFinding } from './results.js';

/** The feature a Service's external traffic policy switches on. */
const CLIENT_IP_PRESERVATION = 'client-ip-preservation';
/** Service types that take traffic from outside the cluster, for which the external traffic policy decides what the pods see. */
const EXTERNAL_SERVICE_TYPES: ReadonlySet<string> = new Set(['load-balancer', 'node-port']);

/** What the defaults an object leaves in place decide for it (a Service's external traffic policy). */
export function defaultsThatApply(k: Knowledge, p: Pending, lineOf: (path: string | undefined) => number): ScanFinding[] {
  const r = p.reading;
  const out: ScanFinding[] = [];
  // Before its pods are known to be Windows ones (the input holds none), the note is said on that condition.
  if (r.role !== 'service' || (r.windows !== 'yes' && !r.selectedOsOpen)) return out;
  const types = r.facts.filter((f) => f.field === 'serviceTypes').map((f) => String(f.value));
  const external = types.find((t) => EXTERNAL_SERVICE_TYPES.has(t));
  const off = r.service?.fieldsOff?.find((f) => f.feature === CLIENT_IP_PRESERVATION);
  const feature = k.features.get(CLIENT_IP_PRESERVATION);
  const setting = feature?.settings.find((s) => s.kind === 'SERVICE_SPEC_FIELD');
  if (external && off && feature && setting) {
    const typeName = k.serviceTypes.get(external)?.name ?? external;
    out.push({
      severity: 'info',
      code: 'DEFAULT_APPLIES',
      subject: CLIENT_IP_PRESERVATION,
      message:
        (r.windows === 'yes' ? '' : 'If the pods it selects run on Windows (the input holds none of them): ') +
        `${off.key} is ${off.value === undefined ? 'not set, so Kubernetes takes Cluster' : `"${off.value}"`}: ${feature.name} is off, ` +
        `so the Windows pods behind this ${typeName} Service do not see the client's source IP.`,
      remediation: `Set ${off.key}: ${setting.value} to keep the client IP${setting.note ? ` (${setting.note})` : ''}.`,
      sources: setting.sources,
      path: 'spec',
      line: lineOf('spec.type'),
      applicability: 'applies',
      dependsOn: [],
    });
  }
  return out;
}

/** Whether the CNI plugin an object states enforces NetworkPolicy on Windows nodes: said once per cluster, on the object that states it (scan.ts). */
export function policyEnforcement(k: Knowledge, p: Pending, lineOf: (path: string | undefined) => number): ScanFinding[] {
  const out: ScanFinding[] = [];
  const stated = p.reading.clusterFacts.find((f) => f.field === 'cniPlugin');
  const plugin = stated ? k.plugins.get(String(stated.value)) : undefined;
  if (stated && plugin?.networkPolicy.support === 'supported')
    out.push({
      severity: 'info',
      code: 'DEFAULT_APPLIES',
      subject: plugin.slug,
      message: `${plugin.name} enforces Kubernetes NetworkPolicy on Windows nodes: a NetworkPolicy that selects Windows pods takes effect${plugin.networkPolicy.note ? ` (${plugin.networkPolicy.note})` : ''}.`,
      sources: plugin.networkPolicy.sources,
      path: stated.path,
      line: lineOf(stated.path),
      applicability: 'applies',
      dependsOn: [],
    });
  return out;
}
