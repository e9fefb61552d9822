/** Small, forgiving accessors for Kubernetes objects whose shape is not trusted. */

export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path ("spec.template.spec"), or undefined when any step is missing. */
export function at(obj: unknown, path: string): unknown {
  let current: unknown = obj;
  for (const key of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);
export const record = (v: unknown): Json | undefined => (isRecord(v) ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** String-valued entries of a map (labels, annotations, selectors, ConfigMap data). */
export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(v)) return out;
  for (const [k, value] of Object.entries(v)) {
    const s = text(value);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** A JSON path segment for a map key: dotted when plain, bracketed when it holds dots or slashes. */
export function key(path: string, name: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(name) ? `${path}.${name}` : `${path}["${name}"]`;
}

export const TRUE_VALUES = new Set(['true', 'True', 'TRUE', '1', 'yes']);
export const isTrue = (v: unknown): boolean => v === true || (typeof v === 'string' && TRUE_VALUES.has(v.trim()));

/** Where a workload keeps its pod spec, by kind. */
const POD_SPEC_PATHS: Record<string, string> = {
  Pod: 'spec',
  Deployment: 'spec.template.spec',
  DaemonSet: 'spec.template.spec',
  StatefulSet: 'spec.template.spec',
  ReplicaSet: 'spec.template.spec',
  ReplicationController: 'spec.template.spec',
  Job: 'spec.template.spec',
  CronJob: 'spec.jobTemplate.spec.template.spec',
};
const POD_LABEL_PATHS: Record<string, string> = {
  Pod: 'metadata.labels',
  CronJob: 'spec.jobTemplate.spec.template.metadata.labels',
};

export const WORKLOAD_KINDS = Object.keys(POD_SPEC_PATHS);

export function podSpecOf(kind: string, obj: Json): { spec: Json; path: string; labels: Record<string, string> } | undefined {
  const path = POD_SPEC_PATHS[kind];
  if (!path) return undefined;
  const spec = record(at(obj, path));
  if (!spec) return undefined;
  return { spec, path, labels: stringMap(at(obj, POD_LABEL_PATHS[kind] ?? 'spec.template.metadata.labels')) };
}

const OS_LABELS = ['kubernetes.io/os', 'beta.kubernetes.io/os'];

/**
 * Where the pod spec pins the pod to Windows: a nodeSelector, a required node affinity, spec.os,
 * or Windows-only security options. Undefined when it is not scheduled on Windows.
 */
export function windowsScheduling(spec: Json, specPath: string): string | undefined {
  const selector = stringMap(spec.nodeSelector);
  for (const label of OS_LABELS) if (selector[label]?.toLowerCase() === 'windows') return key(`${specPath}.nodeSelector`, label);
  if (text(at(spec, 'os.name'))?.toLowerCase() === 'windows') return `${specPath}.os.name`;
  // Only a term that allows Windows alone pins the pod (In [linux, windows] lets it run on either: windowsAllowed).
  for (const { operator, values, path } of osExpressions(spec, specPath))
    if (operator === 'In' && values.length > 0 && values.every((v) => v === 'windows')) return path;
  if (record(at(spec, 'securityContext.windowsOptions'))) return `${specPath}.securityContext.windowsOptions`;
  // A container's Windows options (a HostProcess container, a runAsUserName) mark the pod as Windows where nothing names
  // another OS (trial scan55, file 12: a container-level hostProcess in a pod with no OS selector). Looked at only
  // when no OS label is selected, the common case of a Linux pod, without a second pass over the selector.
  if (!OS_LABELS.some((label) => selector[label] !== undefined) && !statesOs(spec))
    for (const { container, path } of containersOf(spec, specPath))
      if (record(at(container, 'securityContext.windowsOptions'))) return `${path}.securityContext.windowsOptions`;
  return undefined;
}

/**
 * Where a pod's required node affinity allows Windows among other OSes (kubernetes.io/os In [linux,
 * windows]): its pods may run on Windows nodes or not (trial scan57, file 09). Undefined otherwise.
 */
export function windowsAllowed(spec: Json, specPath: string): string | undefined {
  for (const { operator, values, path } of osExpressions(spec, specPath)) if (operator === 'In' && values.includes('windows')) return path;
  return undefined;
}

const REQUIRED_TERMS = 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms';

/** The required node-affinity expressions on an OS label: their operator, their values in lower case, and where each is. */
function* osExpressions(spec: Json, specPath: string): Generator<{ operator: string | undefined; values: (string | undefined)[]; path: string }> {
  for (const [t, term] of list(at(spec, REQUIRED_TERMS)).entries())
    for (const [e, expression] of list(at(term, 'matchExpressions')).entries()) {
      const k = text(at(expression, 'key'));
      if (k && OS_LABELS.includes(k))
        yield {
          operator: text(at(expression, 'operator')),
          values: list(at(expression, 'values')).map((v) => text(v)?.toLowerCase()),
          path: `${specPath}.${REQUIRED_TERMS}[${t}].matchExpressions[${e}]`,
        };
    }
}

/**
 * Whether a pod spec not pinned to Windows states its OS at all (an OS label in its nodeSelector or
 * required node affinity, or spec.os.name): a pod that states none may run on any node, Windows
 * included, so its OS is unknown, not "not Windows".
 */
export function statesOs(spec: Json): boolean {
  const selector = stringMap(spec.nodeSelector);
  if (OS_LABELS.some((label) => selector[label] !== undefined) || text(at(spec, 'os.name')) !== undefined) return true;
  const terms = list(at(spec, REQUIRED_TERMS));
  return terms.some((term) => list(at(term, 'matchExpressions')).some((e) => OS_LABELS.includes(text(at(e, 'key')) ?? '')));
}

/** Containers and init containers with their paths. */
export function containersOf(spec: Json, specPath: string): { container: Json; path: string }[] {
  const out: { container: Json; path: string }[] = [];
  for (const field of ['initContainers', 'containers']) {
    list(spec[field]).forEach((c, i) => {
      if (isRecord(c)) out.push({ container: c, path: `${specPath}.${field}[${i}]` });
    });
  }
  return out;
}

/** Does a label selector (matchLabels form or a Service's plain map) select these labels? */
export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels[k] === v);
}

/** The path segments of a dotted/bracketed JSON path, for looking up its line. */
export function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["([^"]*)"\]/g;
  for (let m = re.exec(path); m; m = re.exec(path)) out.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3])!);
  return out;
}
