/** The EC2 catalogue: lookup, the paginated planning list, and capacity per instance type. */
import type { IpAddressMode } from '../../domain/vocabulary.js';
import { owner } from '../../db/owners.js';
import { podsIn } from '../../domain/instance-type-pages.js';
import { instanceTypePage } from '../../db/instance-type-pages.js';
import { instanceCapacity, NAMING_SOURCES, NITRO_SOURCES } from '../../domain/instance-types.js';
import { badUserInput } from '../errors.js';
import { toGlobalId } from '../global-id.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { Loaders } from '../loaders.js';
import type { InstanceTypeParent } from '../mappers.js';

export const MAX_PAGE_SIZE = 100;
type Mode = IpAddressMode;

const rowKey = podsIn;

/** Cursors carry the sort position (mode, pods, name), so a page is a keyset seek, not an offset. */
export function encodeCursor(mode: Mode, pods: number, name: string): string {
  return Buffer.from(JSON.stringify([mode, pods, name]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, mode: Mode): { pods: number; name: string } {
  try {
    const [m, pods, name] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (m === mode && Number.isInteger(pods) && typeof name === 'string') return { pods: pods as number, name };
  } catch {
    // fall through to the error below
  }
  throw badUserInput('after', 'after is not a cursor of this list (cursors belong to one podsMode; take them from pageInfo.endCursor)');
}

const sources = async (loaders: Loaders) => [...(await loaders.citations.load(owner.instanceTypes)), ...NAMING_SOURCES, ...NITRO_SOURCES];

export const instanceTypeResolvers: Resolvers = {
  Query: {
    instanceType: (_, { name }, { loaders }) => loaders.instanceType.load(name),
    instanceTypes(_, { filter, podsMode, first, after }, { database: { db } }) {
      const mode: Mode = podsMode ?? 'SECONDARY_IP';
      const size = first ?? 50;
      if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw badUserInput('first', `first must be from 1 to ${MAX_PAGE_SIZE}, got ${size}`);
      if (filter?.minimumPods != null && (!Number.isInteger(filter.minimumPods) || filter.minimumPods < 0 || filter.minimumPods > 100000))
        throw badUserInput('filter.minimumPods', `minimumPods must be a whole number from 0 to 100000, got ${filter.minimumPods}`);
      const seek = after != null ? decodeCursor(after, mode) : undefined;
      // Keyset pagination on an index: a page costs what its size costs, whatever the catalogue's size.
      const page = instanceTypePage(db, mode, filter ?? {}, size, seek);
      return { rows: page.rows, totalCount: page.totalCount, hasNextPage: page.hasNextPage, hasPreviousPage: after != null, podsMode: mode };
    },
  },
  InstanceTypeConnection: {
    totalCount: (c) => c.totalCount(),
    edges: (c) => c.rows.map((row) => ({ row, podsMode: c.podsMode })),
    nodes: (c) => c.rows,
    pageInfo: (c) => {
      const first = c.rows[0];
      const last = c.rows.at(-1);
      return {
        hasNextPage: c.hasNextPage,
        hasPreviousPage: c.hasPreviousPage,
        startCursor: first ? encodeCursor(c.podsMode, rowKey(first, c.podsMode), first.name) : null,
        endCursor: last ? encodeCursor(c.podsMode, rowKey(last, c.podsMode), last.name) : null,
      };
    },
  },
  InstanceTypeEdge: {
    cursor: (e) => encodeCursor(e.podsMode, rowKey(e.row, e.podsMode), e.row.name),
    node: (e) => e.row,
  },
  InstanceType: {
    id: (r) => toGlobalId('InstanceType', r.name),
    usableForWindows: (r) => r.windowsUnsuitability === null,
    notUsableReason: (r) => r.windowsUnsuitability,
    ipv4AddressesPerInterface: (r) => r.ipv4PerInterface,
    networkCards: (r) => r.networkCards.map(([index, maxInterfaces]) => ({ index, maxInterfaces })),
    trunkingCompatible: (r) => r.trunking,
    secondaryIpCapacity: (r) => capacityOf(r, 'SECONDARY_IP'),
    prefixDelegationCapacity: (r) => capacityOf(r, 'PREFIX_DELEGATION'),
    sources: (_, __, { loaders }) => sources(loaders),
  },
};

function capacityOf(r: InstanceTypeParent, mode: Mode) {
  const result = instanceCapacity(r, mode);
  return 'capacity' in result ? { ...result.capacity, instanceType: r.name } : null;
}
