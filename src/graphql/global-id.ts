/**
 * Opaque global IDs: base64url of "<Type>:<slug>", without padding. Kept by hand rather than
 * graphql-relay's toGlobalId, which writes padded standard base64: 910 of the 1,308 ids of the
 * database's nodes would change, and clients keep them (docs/architecture.md, "Other choices").
 */
export const NODE_TYPES = [
  'WindowsVersion',
  'NetworkMode',
  'CniPlugin',
  'Feature',
  'Limitation',
  'IpamOption',
  'ServiceType',
  'Environment',
  'SourceDocument',
  'InstanceType',
  'GlossaryTerm',
  'FindingCodeInfo',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export function toGlobalId(type: NodeType, slug: string): string {
  return Buffer.from(`${type}:${slug}`, 'utf8').toString('base64url');
}

/** The type and slug an ID names, or null when it is not one of ours. */
export function fromGlobalId(id: string): { type: NodeType; slug: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const type = text.slice(0, colon) as NodeType;
  return colon > 0 && NODE_TYPES.includes(type) ? { type, slug: text.slice(colon + 1) } : null;
}
