/** EC2 instance types by name, with the limits the capacity rules read. (A part of the engine's snapshot: ../knowledge.ts.) */
import * as t from '../tables.js';
import { type KnowledgeReader } from './reader.js';

export function readInstanceTypes({ db }: KnowledgeReader) {
  const instanceTypes = new Map(
    db
      .select({
        name: t.instanceTypes.name,
        ipv4PerInterface: t.instanceTypes.ipv4PerInterface,
        hypervisor: t.instanceTypes.hypervisor,
        bareMetal: t.instanceTypes.bareMetal,
      })
      .from(t.instanceTypes)
      .all()
      .map((r) => [r.name, r]),
  );
  return instanceTypes;
}
