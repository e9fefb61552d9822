/**
 * The scan's own checks, which the engine cannot make because they need the object itself: the pod
 * addresses a node advertises against its instance type, hostNetwork without HostProcess, and
 * settings an object states that break what the knowledge base requires (the readers' setting
 * problems, and the kube-proxy flags the judged plan needs). Each cites the facts it rests on.
 */
import { CAPACITY_SOURCES } from '../capacity.js';
import type { CompatibilityReport } from '../compatibility/judge.js';
import { plannedCapacity } from '../instance-types.js';
import type { Citation, Knowledge, LimitationFact } from '../knowledge.js';
import type { Pending } from './clusters.js';
import type { OpenPlan } from './implied-plan.js';
import type { ScanFinding } from './results.js';
import type { Role } from './readers.js';
import { settleFinding } from '../compatibility/findings.js';
import { dateInRange } from '../dates.js';

/** The code of a setting the object states (or lacks) against what the knowledge base requires. */
export const SETTING_PROBLEM_CODE = 'REQUIRED_SETTING_MISSING';

/** The limitation on hostNetwork in a Windows pod spec (limitations.yaml), which only an object with pods can meet. */
export { HOST_NETWORK_LIMITATION } from './readers/types.js';
import { HOST_NETWORK_LIMITATION } from './readers/types.js';
/** The Kubernetes HostProcess page, whose citations on the host-network limitation say what HostProcess pods need. */
const HOSTPROCESS_DOC = 'k8s-hostprocess';
/** The limitation's citations of the Kubernetes HostProcess page: what a HostProcess pod needs. */
const hostProcessCitations = (limitation: LimitationFact) => limitation.sources.filter((c) => c.doc === HOSTPROCESS_DOC);

/**
 * Objects that run no pod and so cannot set hostNetwork (a pod spec field): a Service, a node or a
 * node pool. The engine's general note on host networking is not reported on them (trial scan35:
 * it landed on Services and Karpenter NodePools).
 */
export const cannotUseHostNetwork = (role: Role) => role === 'service' || role === 'node' || role === 'node-group';

/** The scan's own checks: capacity advertised by a node, hostNetwork, settings present but wrong. */
export function ownFindings(
  k: Knowledge,
  p: Pending,
  answers: readonly CompatibilityReport[],
  plan: OpenPlan | undefined,
  lineOf: (path: string | undefined) => number,
  today?: string,
): ScanFinding[] {
  const r = p.reading;
  // The object's own findings rest on its own facts: they apply (settleFinding).
  const out: OwnFinding[] = r.findings.map((f) => ({ ...f, line: lineOf(f.path) }));
  for (const problem of r.settingProblems)
    out.push({
      severity: 'warning',
      code: 'REQUIRED_SETTING_MISSING',
      ...(problem.subject ? { subject: problem.subject } : {}),
      message: problem.message,
      ...(problem.remediation ? { remediation: problem.remediation } : {}),
      sources: problem.sources,
      path: problem.path,
      line: lineOf(problem.path),
    });

  // A node's advertised pod addresses against what its instance type gives.
  const advertised = r.advertised?.ipv4Addresses;
  const type = plan?.instanceType ? k.instanceTypes.get(plan.instanceType) : undefined;
  if (r.role === 'node' && advertised && type) {
    const mode = plan?.ipAddressMode ?? 'SECONDARY_IP';
    const computed = plannedCapacity(type, mode);
    if (computed.maxPods !== advertised.value) {
      const other = mode === 'SECONDARY_IP' ? plannedCapacity(type, 'PREFIX_DELEGATION') : plannedCapacity(type, 'SECONDARY_IP');
      // The IPAM option that sets the mode, and the setting that picks prefix delegation, from the knowledge base.
      const ipam = [...k.ipamOptions.values()].find((o) => o.settings.some((s) => s.ipAddressMode));
      const modeSetting = ipam?.settings.find((s) => s.ipAddressMode === 'PREFIX_DELEGATION');
      const explains =
        other.maxPods === advertised.value
          ? ` That is the ${other.effectiveIpAddressMode === 'PREFIX_DELEGATION' ? 'prefix-delegation' : 'secondary-IP'} figure: ` +
            `the node runs in the other mode than the scan assumed.`
          : '';
      out.push({
        severity: 'warning',
        code: 'NODE_CAPACITY_MISMATCH',
        subject: type.name,
        message:
          `The node advertises ${advertised.value} pod addresses, but ` +
          `${type.name} in ${mode === 'PREFIX_DELEGATION' ? 'prefix-delegation' : 'secondary-IP'} mode gives ${computed.maxPods}.${explains}`,
        remediation:
          'Check the instance type label' +
          (modeSetting ? ` and the ${modeSetting.key} setting of the ${modeSetting.target ?? ipam!.name} ConfigMap (include it in the scan)` : '') +
          `, then ${ipam?.name ?? 'the IP address management'}.`,
        sources: dedupeCitations([...CAPACITY_SOURCES, ...k.instanceTypeSources, ...(ipam?.sources ?? []), ...(modeSetting?.sources ?? [])]),
        path: advertised.path,
        line: lineOf(advertised.path),
      });
    }
  }

  out.push(...concernedBy(k, r, lineOf, today));

  // hostNetwork on a Windows pod that is not HostProcess: the limitation applies for certain, not "may".
  const host = r.pod?.hostNetwork;
  const limitation = k.limitations.find((l) => l.slug === HOST_NETWORK_LIMITATION);
  if (host?.hostProcess && limitation) out.push(hostProcessNote(limitation, host.path, plan, lineOf));
  // A HostProcess pod that cannot be admitted: not on the host network, or mixed with ordinary containers.
  if (limitation)
    for (const { path, why } of r.pod?.hostProcessRejected ?? [])
      out.push({
        severity: 'error',
        code: 'UNSUPPORTED_FUNCTIONALITY',
        subject: limitation.slug,
        message: `This pod is not admitted: ${why} (the Kubernetes HostProcess page, its configuration requirements and limitations).`,
        remediation:
          'Set hostNetwork: true on the pod and mark every container HostProcess (securityContext.windowsOptions.hostProcess: true, or once for the pod), or run the containers that need no host access in a pod of their own.',
        sources: hostProcessCitations(limitation),
        path,
        line: lineOf(path),
      });
  if (host && !host.hostProcess && limitation)
    out.push({
      severity: 'error',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      subject: limitation.slug,
      message: `This workload sets hostNetwork on Windows without being a HostProcess pod. ${limitation.title}.`,
      ...(limitation.workaround ? { remediation: limitation.workaround } : {}),
      sources: limitation.sources,
      path: host.path,
      line: lineOf(host.path),
    });

  // kube-proxy flags the plan needs, against the flags the object sets (when they are visible).
  const proxy = r.kubeProxy;
  if (proxy && proxy.flags.size > 0 && plan?.kubernetesVersion) {
    const required = new Map<string, { key: string; value: string; sources: Citation[] }>();
    for (const a of answers) for (const s of a.requiredSettings) if (s.kind === 'KUBE_PROXY_FLAG') required.set(`${s.key}=${s.value}`, s);
    for (const s of required.values()) {
      const name = s.key.replace(/^--/, '');
      if (name === 'feature-gates') {
        const [gate, value] = s.value.split('=');
        const set = gate ? proxy.featureGates.get(gate) : undefined;
        if (gate && set?.value !== isTrueText(value))
          out.push({
            severity: 'warning',
            code: 'REQUIRED_SETTING_MISSING',
            subject: gate,
            message: `kube-proxy needs --feature-gates=${s.value} on Kubernetes ${plan.kubernetesVersion}, and its settings do not set it.`,
            remediation: `Add ${gate}=${value} to kube-proxy's --feature-gates (featureGates in KubeProxyConfiguration).`,
            sources: s.sources,
            line: p.line,
          });
        continue;
      }
      const set = proxy.flags.get(name);
      const ok = set !== undefined && (s.value.startsWith('<') || set.value === s.value);
      if (!ok)
        out.push({
          severity: 'warning',
          code: 'REQUIRED_SETTING_MISSING',
          subject: s.key,
          message: set
            ? `kube-proxy sets ${s.key}=${set.value}; the plan needs ${s.key}=${s.value}.`
            : `kube-proxy needs ${s.key}=${s.value}, and its settings do not set it.`,
          remediation: `Set ${s.key}=${s.value} on the Windows kube-proxy.`,
          sources: s.sources,
          ...(set ? { path: set.path } : {}),
          line: set ? lineOf(set.path) : p.line,
        });
    }
  }
  return out.map(settleFinding);
}

/** Citations without repeats (same document and section), in order. */
function dedupeCitations(list: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const id = `${c.doc}\0${c.section}\0${c.note ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const isTrueText = (v: string | undefined) => v === undefined || v === 'true';

type OwnFinding = Omit<ScanFinding, 'applicability' | 'dependsOn'> & Partial<Pick<ScanFinding, 'applicability' | 'dependsOn'>>;

/**
 * The limitations a place of the object shows it is concerned by (manifest-signals.yaml `concerns`:
 * the azure-npm image on Windows), within their dates. Only limitations of what Windows does not
 * support: the code this module raises for them.
 */
function concernedBy(k: Knowledge, r: Pending['reading'], lineOf: (path: string | undefined) => number, today: string | undefined): OwnFinding[] {
  const out: OwnFinding[] = [];
  for (const c of r.windows === 'yes' ? (r.concerns ?? []) : []) {
    const l = k.limitations.find((x) => x.slug === c.slug && x.kind === 'unsupported');
    if (!l || (today && l.scope.dates && dateInRange(today, l.scope.dates) !== 'yes') || out.some((f) => f.subject === l.slug)) continue;
    out.push({
      severity: l.severity,
      code: 'UNSUPPORTED_FUNCTIONALITY',
      subject: l.slug,
      message: `${l.title}. ${l.description} (read from ${c.path}, ${c.signal})`,
      ...(l.workaround ? { remediation: l.workaround } : {}),
      sources: l.sources,
      path: c.path,
      line: lineOf(c.path),
    });
  }
  return out;
}

/**
 * A HostProcess pod must set hostNetwork (the limitation's exception): said as a fact of the pod,
 * with what HostProcess itself needs (the limitation's citations of the HostProcess page), open
 * until the plan gives the Kubernetes version; the container runtime no input states.
 */
function hostProcessNote(limitation: LimitationFact, path: string, plan: OpenPlan | undefined, lineOf: (path: string | undefined) => number): OwnFinding {
  const cited = hostProcessCitations(limitation);
  return {
    severity: 'info',
    code: 'CAVEAT',
    subject: limitation.slug,
    message:
      `This HostProcess pod sets hostNetwork: true, as HostProcess pods must: it is the exception to "${limitation.title}". ` +
      `The Kubernetes HostProcess page: ${cited.flatMap((c) => (c.note ? [c.note] : [])).join('; ')}.`,
    sources: cited,
    path,
    line: lineOf(path),
    ...(plan?.kubernetesVersion ? {} : { applicability: 'may-apply' as const, dependsOn: ['kubernetesVersion' as const] }),
  };
}
