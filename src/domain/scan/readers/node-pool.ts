/**
 * Objects that describe node pools rather than nodes: a Karpenter NodePool and EC2NodeClass, a
 * Cluster API MachineDeployment and its machine template. What each field states is the seeds'
 * (manifest-signals.yaml FIELD and NODE_LABEL places: an AMI family's release, a machine
 * deployment's Kubernetes version, an os type); this reader walks them and the references that tie
 * a pool to its template (nodeClassRef, infrastructureRef), which scan.ts follows once every object
 * is read (linkNodePools), so that a pool and its template are one node group.
 */
import type { Knowledge } from '../../knowledge.js';
import type { KnownFacts } from '../known-facts.js';
import { at, isRecord, key, list, stringMap, text, type Json } from '../kube.js';
import { readSignal, signalIndex, valuesAt } from '../signals.js';
import { representativeType, sameLimitsDetail, typesOpen } from './instance-choice.js';
import { reading, statesRelease, type Reading, type ReadResult } from './types.js';

/** Where a pool names the objects that hold the rest of its description (a Cluster API pool: its machine template and its bootstrap template). */
const REFERENCES: Record<string, readonly string[]> = {
  NodePool: ['spec.template.spec.nodeClassRef'],
  MachineDeployment: ['spec.template.spec.infrastructureRef', 'spec.template.spec.bootstrap.configRef'],
  MachinePool: ['spec.template.spec.infrastructureRef', 'spec.template.spec.bootstrap.configRef'],
};

/** Where a pool lists the node labels its nodes must have (Karpenter's requirements). */
const REQUIREMENTS: Record<string, string> = { NodePool: 'spec.template.spec.requirements' };

/** Whether the seeds or this reader know anything of a kind: its FIELD places, references or requirements. */
export function readsNodePool(k: Knowledge, kind: string): boolean {
  return signalIndex(k).fields.has(kind) || kind in REFERENCES || kind in REQUIREMENTS;
}

export function readNodePool(k: Knowledge, known: KnownFacts, kind: string, obj: Json): ReadResult {
  const r = reading(obj, 'node-group', 'if-cluster-has-windows');
  let windows = false;
  // Everything a pool states describes its nodes: their facts, not the cluster's (clusters.ts takes a node group's environment).
  const own = () => false;
  for (const { path, signal } of signalIndex(k).fields.get(kind) ?? [])
    for (const { value, path: at } of valuesAt(obj, path))
      windows = readSignal(k, known, signal, value, { path: at, namesVersion: true }, r, own).windows || windows;
  const requirements = REQUIREMENTS[kind];
  if (requirements)
    list(at(obj, requirements)).forEach((req, i) => {
      const label = text(at(req, 'key'));
      const values = list(at(req, 'values')).map(text);
      if (!label || text(at(req, 'operator')) !== 'In') return;
      const path = `${requirements}[${i}]`;
      for (const signal of signalIndex(k).nodeLabel.get(label) ?? []) {
        const standIn =
          signal.reads === 'instance-type' && values.length > 1
            ? representativeType(
                k,
                values.filter((v): v is string => v !== undefined),
              )
            : undefined;
        if (values.length === 1 && values[0]) windows = readSignal(k, known, signal, values[0], { path }, r, own).windows || windows;
        else if (standIn)
          r.facts.push({
            field: 'instanceType',
            value: standIn,
            path,
            detail: sameLimitsDetail(
              values.filter((v): v is string => v !== undefined),
              'pool',
            ),
          });
        else if (signal.reads === 'instance-type' && values.length > 1)
          r.unknown.push(
            typesOpen(
              values.filter((v): v is string => v !== undefined),
              path,
            ),
          );
      }
    });
  if (requirements && !r.facts.some((f) => f.field === 'instanceType')) instanceFromFamilyAndSize(k, r, obj, requirements);
  // An object that is no pool (a Cluster API Cluster) states what holds for the whole cluster: its version.
  if (!(kind in REFERENCES) && !(kind in REQUIREMENTS) && !windows) {
    r.role = 'cni';
    r.clusterFacts.push(...r.facts.splice(0));
  }
  for (const reference of REFERENCES[kind] ?? []) {
    const ref = at(obj, reference);
    if (isRecord(ref) && text(ref.kind) && text(ref.name)) r.links = [...(r.links ?? []), { kind: text(ref.kind)!, name: text(ref.name)!, path: reference }];
  }
  if (windows) {
    r.windows = 'yes';
    releaseOpen(r);
  }
  // A pool that names its template is read whatever it says: the template may say it is Windows (scan.ts decides).
  // A cluster's own object whose version is a placeholder is read too: that the version is open is what it says.
  const versionOpen = r.role === 'cni' && r.unknown.some((u) => u.field === 'kubernetesVersion');
  if (!windows && !r.links && r.facts.length === 0 && r.clusterFacts.length === 0 && !versionOpen) return { ignored: statesNothing(kind, obj) };
  if (
    r.role === 'node-group' &&
    !r.facts.some((f) => f.field === 'kubernetesVersion') &&
    !r.unknown.some((u) => u.field === 'kubernetesVersion') &&
    kind in REFERENCES
  )
    r.unknown.push({
      fact: 'the Kubernetes version of its nodes',
      settledBy:
        kind === 'NodePool'
          ? "the cluster's Kubernetes version, which the input does not state"
          : `${key('spec.template.spec', 'version')}, which is not a Kubernetes version here (a template placeholder?) or is absent`,
      field: 'kubernetesVersion',
    });
  return { readings: [r] };
}

/**
 * Karpenter's instance family and size requirements (karpenter-aws, pkg/apis/v1/labels.go:
 * karpenter.k8s.aws/instance-family and instance-size), which name the pool's types as EC2 does,
 * family.size: when the types they allow that the EC2 data holds are one, or share their network
 * limits, the pods per Windows node are known (trial scan50, file 08: m5 and 2xlarge).
 */
const FAMILY_LABEL = 'karpenter.k8s.aws/instance-family';
const SIZE_LABEL = 'karpenter.k8s.aws/instance-size';

function instanceFromFamilyAndSize(k: Knowledge, r: Reading, obj: Json, requirements: string): void {
  const allowed = new Map<string, { values: string[]; path: string }>();
  list(at(obj, requirements)).forEach((req, i) => {
    const label = text(at(req, 'key'));
    if ((label === FAMILY_LABEL || label === SIZE_LABEL) && text(at(req, 'operator')) === 'In')
      allowed.set(label, { values: list(at(req, 'values')).flatMap((v) => (text(v) !== undefined ? [text(v)!] : [])), path: `${requirements}[${i}]` });
  });
  const families = allowed.get(FAMILY_LABEL);
  const sizes = allowed.get(SIZE_LABEL);
  if (!families || !sizes) return;
  const types = families.values.flatMap((f) => sizes.values.map((size) => `${f}.${size}`)).filter((t) => k.instanceTypes.has(t));
  const standIn = types.length === 1 ? types[0] : types.length > 1 ? representativeType(k, types) : undefined;
  if (standIn)
    r.facts.push({
      field: 'instanceType',
      value: standIn,
      path: families.path,
      detail: types.length === 1 ? `instance family ${families.values.join(', ')} and size ${sizes.values.join(', ')}` : sameLimitsDetail(types, 'pool'),
    });
  else if (types.length > 1) r.unknown.push(typesOpen(types, families.path));
}

/**
 * Ties each pool to the template it names (same kind and name, same namespace or none), once
 * every object is read: the pool takes the template's facts (with where they come from) and its
 * Windows-ness, and the template is then part of the pool, not a node group of its own. Pools and
 * templates that nothing shows to be Windows are returned to be ignored.
 */
export function linkNodePools(
  readings: readonly Reading[],
  held: (kind: string, name: string) => boolean,
): { absorbed: Set<Reading>; notWindows: Set<Reading>; unread: Map<Reading, string[]> } {
  const absorbed = new Set<Reading>();
  // The objects a pool names that no reading is (a kind the scan does not read, or one the input lacks): its OS may be theirs to say.
  const unread = new Map<Reading, string[]>();
  const byName = new Map<string, Reading[]>();
  for (const r of readings) if (r.role === 'node-group') byName.set(`${r.ref.kind}\0${r.ref.name}`, [...(byName.get(`${r.ref.kind}\0${r.ref.name}`) ?? []), r]);
  for (const pool of readings)
    for (const link of pool.links ?? []) {
      const target = (byName.get(`${link.kind}\0${link.name}`) ?? []).find(
        (t) => t !== pool && (!t.ref.namespace || !pool.ref.namespace || t.ref.namespace === pool.ref.namespace),
      );
      if (!target) {
        if (!held(link.kind, link.name)) unread.set(pool, [...(unread.get(pool) ?? []), `${link.kind} ${link.name}`]);
        continue;
      }
      for (const fact of target.facts)
        if (!pool.facts.some((f) => f.field === fact.field))
          pool.facts.push({ ...fact, path: link.path, detail: `${fact.detail ? `${fact.detail}; ` : ''}from ${link.kind} ${link.name} (${fact.path})` });
      pool.missing.push(...target.missing);
      // What the template leaves open (its image SKU a placeholder) is open for the pool, said where the pool names it.
      // (The template's own "release open" is not: the pool says it once, below, if nothing else names the release.)
      for (const u of target.unknown)
        if (u.fact !== RELEASE_OPEN && !pool.unknown.some((p) => p.fact === u.fact))
          pool.unknown.push({ ...u, fact: `${u.fact}, in ${link.kind} ${link.name}`, path: link.path });
      if (target.windows === 'yes') pool.windows = 'yes';
      absorbed.add(target);
    }
  // A pool its templates show to be Windows, whose release none of them states: open, and said so.
  for (const pool of readings) if (pool.links && pool.windows === 'yes' && !absorbed.has(pool)) releaseOpen(pool);
  const notWindows = new Set(readings.filter((r) => r.role === 'node-group' && r.windows !== 'yes' && !absorbed.has(r)));
  // Node-pool readings only: eksctl node groups are always Windows ('yes').
  return { absorbed, notWindows, unread };
}

/**
 * Why a pool-like object is not read. Labels that speak of Windows or of the CNI plugin (CAPZ's
 * cni-windows: calico, CAPI OCI's cni: calico) are named, not read: no source gives them a meaning, so the report says so rather than drop them unseen.
 */
function statesNothing(kind: string, obj: Json): string {
  const a = /^[AEIOU]/.test(kind) ? 'an' : 'a';
  const labels = Object.entries(stringMap(at(obj, 'metadata.labels')))
    // Labels that speak of Windows, or of the CNI plugin (CAPI OCI's Cluster label cni: calico).
    .filter(([name, value]) => /windows/i.test(name) || /windows/i.test(value) || /(^|[-_./])cni($|[-_./])/i.test(name))
    .map(([name]) => name);
  return labels.length === 0
    ? `${a} ${kind} in which the scan reads nothing about Windows nodes (its other fields are not read)`
    : `${a} ${kind} in which the scan reads nothing about Windows nodes: no source gives its label${labels.length > 1 ? 's' : ''} ${labels.join(', ')} a meaning`;
}

/**
 * A Windows node group whose release nothing read states (a Cluster API template names its machine
 * image by an id or a placeholder): the release is listed as unknown, not left unsaid.
 */
const RELEASE_OPEN = 'the Windows release of its nodes';

function releaseOpen(r: Reading): void {
  if (statesRelease(r) || r.unknown.some((u) => u.field === 'windowsVersion')) return;
  r.unknown.push({
    fact: RELEASE_OPEN,
    settledBy:
      "the machine image its nodes boot (the machine template's image), or a node.kubernetes.io/windows-build label, neither of which the input states in a form the knowledge base reads",
    field: 'windowsVersion',
  });
}
