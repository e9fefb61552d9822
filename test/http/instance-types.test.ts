/** Every EC2 row through the API, the planning query, and pagination edge cases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { readSeeds } from '../../src/seeds/read.js';
import { startApp, type RunningApp } from '../support/fixtures.js';

const rows = [...readSeeds(SEEDS_DIR).seeds.instanceTypes].map(([name, r]) => ({ name, ...r }));
const isArm = (name: string) => /^(a1|[a-z]+\d+[a-z]*g[a-z]*)(-[a-z0-9]+)?\./.test(name) && !name.startsWith('mac');
const isMac = (name: string) => name.startsWith('mac');

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

type Page = {
  instanceTypes: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null; startCursor: string | null };
    edges: {
      cursor: string;
      node: { name: string; secondaryIpCapacity: { maxPods: number } | null; prefixDelegationCapacity: { maxPods: number } | null; usableForWindows: boolean };
    }[];
  };
};
const PAGE = `query Page($filter: InstanceTypeFilter, $mode: IpAddressMode, $first: Int, $after: String) {
  instanceTypes(filter: $filter, podsMode: $mode, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { name usableForWindows secondaryIpCapacity { maxPods } prefixDelegationCapacity { maxPods } } }
  }
}`;

async function allPages(variables: Record<string, unknown>) {
  const items: Page['instanceTypes']['edges'] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const { body }: { body: { data?: Page; errors?: unknown[] } } = await app.graphql<Page>(PAGE, { ...variables, first: 100, after });
    expect(body.errors).toBeUndefined();
    const page: Page['instanceTypes'] = body.data!.instanceTypes;
    items.push(...page.edges);
    pages++;
    if (!page.pageInfo.hasNextPage) return { items, pages, total: page.totalCount };
    after = page.pageInfo.endCursor;
  }
}

describe('every row through the API', () => {
  it.each(['SECONDARY_IP', 'PREFIX_DELEGATION'] as const)(
    'podCapacity answers all 1164 types in %s (Xen types with the secondary-IP fallback), or refuses Arm and mac with the reason',
    async (mode) => {
      const refused = (r: (typeof rows)[number]) => isArm(r.name) || isMac(r.name);
      const effective = (r: (typeof rows)[number]) => (mode === 'PREFIX_DELEGATION' && r.hypervisor !== 'xen' ? 'PREFIX_DELEGATION' : 'SECONDARY_IP');
      // Accepted rows in aliased batches of 25, within the alias limit (podCapacity is non-null, so one refusal would void a batch).
      const accepted = rows.filter((r) => !refused(r));
      for (let i = 0; i < accepted.length; i += 25) {
        const batch = accepted.slice(i, i + 25);
        const query = `{ ${batch.map((r, j) => `t${j}: podCapacity(input: { instanceType: "${r.name}", ipAddressMode: ${mode} }) { maxPods instanceType }`).join(' ')} }`;
        const { body } = await app.graphql<Record<string, { maxPods: number; instanceType: string }>>(query);
        expect(body.errors).toBeUndefined();
        batch.forEach((r, j) =>
          expect(body.data![`t${j}`], r.name).toEqual({
            maxPods: effective(r) === 'SECONDARY_IP' ? r.ipv4PerInterface - 1 : (r.ipv4PerInterface - 1) * 16,
            instanceType: r.name,
          }),
        );
      }
      // Refused rows one by one, each with its reason.
      for (const r of rows.filter(refused)) {
        const { body } = await app.graphql(`{ podCapacity(input: { instanceType: "${r.name}", ipAddressMode: ${mode} }) { maxPods } }`);
        expect(body.errors?.[0]?.extensions?.code, r.name).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.message, r.name).toMatch(isMac(r.name) ? /macOS only/ : /Arm-based/);
      }
      expect(accepted.length + rows.filter(refused).length).toBe(1164);
    },
  );

  it('walking instanceTypes page by page returns every type once, sorted by pods (most first) then name', async () => {
    const { items, pages, total } = await allPages({});
    expect(total).toBe(1164);
    expect(pages).toBe(12);
    const names = items.map((e) => e.node.name);
    expect(new Set(names).size).toBe(1164);
    const key = (e: (typeof items)[number]) => e.node.secondaryIpCapacity?.maxPods ?? -1;
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(key(a) > key(b) || (key(a) === key(b) && a.node.name < b.node.name), `${a.node.name} before ${b.node.name}`).toBe(true);
    }
  });
});

describe('planning queries', () => {
  it('"Which instance types give at least 100 Windows pods with prefix delegation?" is one query', async () => {
    const { items, total } = await allPages({ filter: { minimumPods: 100, usableForWindows: true }, mode: 'PREFIX_DELEGATION' });
    const expected = rows
      .filter((r) => !isArm(r.name) && !isMac(r.name) && r.hypervisor !== 'xen' && (r.ipv4PerInterface - 1) * 16 >= 100)
      .map((r) => r.name)
      .sort();
    expect(total).toBe(expected.length);
    expect(items.map((e) => e.node.name).sort()).toEqual(expected);
    expect(items.every((e) => e.node.prefixDelegationCapacity!.maxPods >= 100)).toBe(true);
  });

  it('filters by family, architecture and hypervisor', async () => {
    const { body } = await app.graphql<{ a: { totalCount: number }; b: { nodes: { name: string }[] }; c: { totalCount: number } }>(
      '{ a: instanceTypes(filter: { architecture: ARM64 }) { totalCount } b: instanceTypes(filter: { family: "m5" }, first: 100) { nodes { name } } c: instanceTypes(filter: { hypervisor: XEN }) { totalCount } }',
    );
    expect(body.data!.a.totalCount).toBe(rows.filter((r) => isArm(r.name)).length);
    expect(body.data!.b.nodes.map((n) => n.name).sort()).toEqual(
      rows
        .filter((r) => r.name.startsWith('m5.'))
        .map((r) => r.name)
        .sort(),
    );
    expect(body.data!.c.totalCount).toBe(80);
  });
});

describe('golden cases', () => {
  it.each([
    ['m5.large', 9, 144],
    ['c5.xlarge', 14, 224],
    ['t3.micro', 1, 16],
  ])('%s: %i pods, %i with prefix delegation', async (name, secondary, prefixes) => {
    const { body } = await app.graphql<{
      instanceType: {
        secondaryIpCapacity: { maxPods: number };
        prefixDelegationCapacity: { maxPods: number };
        architecture: string;
        usableForWindows: boolean;
      };
    }>(`{ instanceType(name: "${name}") { architecture usableForWindows secondaryIpCapacity { maxPods } prefixDelegationCapacity { maxPods } } }`);
    expect(body.data!.instanceType).toEqual({
      architecture: 'X86_64',
      usableForWindows: true,
      secondaryIpCapacity: { maxPods: secondary },
      prefixDelegationCapacity: { maxPods: prefixes },
    });
  });

  it('a Xen type (m4.large) has no prefix-delegation capacity; asking for it answers with the secondary-IP fallback and says why', async () => {
    const { body } = await app.graphql<{ instanceType: { hypervisor: string; prefixDelegationSupported: boolean; prefixDelegationCapacity: null } }>(
      '{ instanceType(name: "m4.large") { hypervisor prefixDelegationSupported prefixDelegationCapacity { maxPods } } }',
    );
    expect(body.data!.instanceType).toEqual({ hypervisor: 'XEN', prefixDelegationSupported: false, prefixDelegationCapacity: null });
    // The VPC Resource Controller keeps such a node in secondary-IP mode (pkg/provider/ip/provider.go).
    const fallback = await app.graphql<{ podCapacity: { maxPods: number; ipAddressMode: string; effectiveIpAddressMode: string; steps: string[] } }>(
      '{ podCapacity(input: { instanceType: "m4.large", ipAddressMode: PREFIX_DELEGATION }) { maxPods ipAddressMode effectiveIpAddressMode steps } }',
    );
    const m4 = rows.find((r) => r.name === 'm4.large')!;
    expect(fallback.body.data!.podCapacity).toMatchObject({
      maxPods: m4.ipv4PerInterface - 1,
      ipAddressMode: 'PREFIX_DELEGATION',
      effectiveIpAddressMode: 'SECONDARY_IP',
    });
    expect(fallback.body.data!.podCapacity.steps[0]).toMatch(/xen hypervisor.*Nitro.*secondary-IP mode/);
  });

  it('a bare-metal type (m5.metal) has no hypervisor but supports prefix delegation', async () => {
    const { body } = await app.graphql<{ instanceType: { hypervisor: null; bareMetal: boolean; prefixDelegationCapacity: { maxPods: number } } }>(
      '{ instanceType(name: "m5.metal") { hypervisor bareMetal prefixDelegationCapacity { maxPods } } }',
    );
    const m5metal = rows.find((r) => r.name === 'm5.metal')!;
    expect(body.data!.instanceType).toEqual({ hypervisor: null, bareMetal: true, prefixDelegationCapacity: { maxPods: (m5metal.ipv4PerInterface - 1) * 16 } });
  });

  it('an Arm type (m6g.large) is not usable for Windows and podCapacity says why', async () => {
    const { body } = await app.graphql<{
      instanceType: { architecture: string; usableForWindows: boolean; notUsableReason: string; secondaryIpCapacity: null };
    }>('{ instanceType(name: "m6g.large") { architecture usableForWindows notUsableReason secondaryIpCapacity { maxPods } } }');
    expect(body.data!.instanceType).toMatchObject({ architecture: 'ARM64', usableForWindows: false, secondaryIpCapacity: null });
    const refused = await app.graphql('{ podCapacity(input: { instanceType: "m6g.large" }) { maxPods } }');
    expect(refused.body.errors?.[0]?.message).toMatch(/Arm-based.*Graviton.*x86-64/);
  });

  it('kubeletMaxPods and limitedBy: m5.large with prefixes is capped by the kubelet default, unless raised', async () => {
    const { body } = await app.graphql<{
      a: { schedulablePods: number; limitedBy: string; kubeletMaxPods: number };
      b: { schedulablePods: number; limitedBy: string };
    }>(
      '{ a: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { schedulablePods limitedBy kubeletMaxPods } b: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION, kubeletMaxPods: 250 }) { schedulablePods limitedBy } }',
    );
    expect(body.data!.a).toEqual({ schedulablePods: 110, limitedBy: 'KUBELET_MAX_PODS', kubeletMaxPods: 110 });
    expect(body.data!.b).toEqual({ schedulablePods: 144, limitedBy: 'IP_ADDRESSES' });
  });

  it('repeated podCapacity answers (remembered per mode) stay apart from other modes and kubelet values', async () => {
    const query = `{
      pd: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { schedulablePods limitedBy }
      raised: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION, kubeletMaxPods: 250 }) { schedulablePods limitedBy }
      secondary: podCapacity(input: { instanceType: "m5.large" }) { schedulablePods limitedBy }
    }`;
    const first = await app.graphql<Record<string, { schedulablePods: number; limitedBy: string }>>(query);
    const second = await app.graphql<Record<string, { schedulablePods: number; limitedBy: string }>>(query);
    // The same figures as the single-mode cases above: 9 pods, 144 with prefixes, capped at the kubelet's 110.
    expect(first.body.data).toEqual({
      pd: { schedulablePods: 110, limitedBy: 'KUBELET_MAX_PODS' },
      raised: { schedulablePods: 144, limitedBy: 'IP_ADDRESSES' },
      secondary: { schedulablePods: 9, limitedBy: 'IP_ADDRESSES' },
    });
    expect(second.body.data).toEqual(first.body.data);
    // An unknown type is never remembered: it is refused both times, with the same suggestion.
    const unknown = () => app.graphql('{ podCapacity(input: { instanceType: "m5.larg" }) { maxPods } }');
    const [a, b] = [await unknown(), await unknown()];
    expect(b.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(b.body.errors?.[0]?.message).toBe(a.body.errors?.[0]?.message);
  });

  it('instanceType returns null for an unknown name; node(id) finds an instance type', async () => {
    const { body } = await app.graphql<{ none: null; m5: { id: string } }>(
      '{ none: instanceType(name: "m5.huge") { name } m5: instanceType(name: "m5.large") { id } }',
    );
    expect(body.data!.none).toBeNull();
    const node = await app.graphql<{ node: { name: string } }>(`{ node(id: "${body.data!.m5.id}") { ... on InstanceType { name } } }`);
    expect(node.body.data!.node).toEqual({ name: 'm5.large' });
  });
});

describe('pagination edge cases', () => {
  it('first: 1 pages one item at a time and the cursor continues exactly after it', async () => {
    const one = await app.graphql<Page>(PAGE, { first: 1 });
    const next = await app.graphql<Page>(PAGE, { first: 1, after: one.body.data!.instanceTypes.pageInfo.endCursor });
    const two = await app.graphql<Page>(PAGE, { first: 2 });
    expect([one.body.data!.instanceTypes.edges[0]!.node.name, next.body.data!.instanceTypes.edges[0]!.node.name]).toEqual(
      two.body.data!.instanceTypes.edges.map((e) => e.node.name),
    );
    expect(one.body.data!.instanceTypes.pageInfo.hasPreviousPage).toBe(false);
    expect(next.body.data!.instanceTypes.pageInfo.hasPreviousPage).toBe(true);
  });

  it('after the last item: an empty page, no next page, null cursors', async () => {
    const { items } = await allPages({ filter: { family: 't3' } });
    const last = items.at(-1)!.cursor;
    const { body } = await app.graphql<Page>(PAGE, { filter: { family: 't3' }, after: last });
    expect(body.data!.instanceTypes.edges).toEqual([]);
    expect(body.data!.instanceTypes.pageInfo).toMatchObject({ hasNextPage: false, startCursor: null, endCursor: null });
  });

  it('a filter that matches nothing gives an empty first page with totalCount 0', async () => {
    const { body } = await app.graphql<Page>(PAGE, { filter: { family: 'zz9' } });
    expect(body.data!.instanceTypes).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 101 }, 'first'],
    [{ first: -5 }, 'first'],
    [{ after: 'not-a-cursor' }, 'after'],
    [{ filter: { minimumPods: -1 } }, 'filter.minimumPods'],
  ])('refuses %j with BAD_USER_INPUT on %s', async (variables, field) => {
    const { body } = await app.graphql(PAGE, variables);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('refuses a cursor taken from the other podsMode', async () => {
    const one = await app.graphql<Page>(PAGE, { first: 1, mode: 'SECONDARY_IP' });
    const { body } = await app.graphql(PAGE, { first: 1, mode: 'PREFIX_DELEGATION', after: one.body.data!.instanceTypes.pageInfo.endCursor });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });
});
