/** Nodes by global id type and slug: what `node(id:)` and search hits resolve to. */
import { findingCodeEntry } from '../domain/finding-codes.js';
import type { RequestContext } from './context.js';
import type { NodeType } from './global-id.js';

/** A finding code (the engine's or the scan's) as the FindingCodeInfo node, from the registry; null for a code that does not exist. */
export function findingCodeInfo(code: string) {
  return findingCodeEntry(code) ?? null;
}

const NODE_LOADERS: Record<Exclude<NodeType, 'FindingCodeInfo'>, Exclude<keyof RequestContext['loaders'], 'narrowed'>> = {
  WindowsVersion: 'windowsVersion',
  NetworkMode: 'networkMode',
  CniPlugin: 'cniPlugin',
  Feature: 'feature',
  Limitation: 'limitation',
  IpamOption: 'ipamOption',
  ServiceType: 'serviceType',
  Environment: 'environment',
  SourceDocument: 'sourceDocument',
  InstanceType: 'instanceType',
  GlossaryTerm: 'glossaryTerm',
};

/** The node of a type and slug (with its __typename), or null when there is none. */
export async function nodeOf(type: NodeType, slug: string, { loaders }: RequestContext): Promise<object | null> {
  if (type === 'FindingCodeInfo') {
    const info = findingCodeInfo(slug);
    return info ? { ...info, __typename: type } : null;
  }
  const loader = loaders[NODE_LOADERS[type]] as { load(slug: string): Promise<object | null> };
  const row = await loader.load(slug);
  return row ? { ...row, __typename: type } : null;
}
