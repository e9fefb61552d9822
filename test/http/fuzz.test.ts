/**
 * Property-based fuzzing over HTTP: fast-check draws seeds, and a generator walks the served
 * schema to build random operations (random selections, sometimes past the limits; valid and
 * invalid arguments; variables of right and wrong types) plus raw garbage bodies. Whatever is
 * sent, the server never answers 5xx, always answers JSON, gives every error a code and never
 * leaks a stack trace, nor calls a client's mistake an internal error. A tenth of the requests
 * take the hostile shapes of issue 23 (introspection under aliases, nested variables, duplicated
 * selections, directives on spreads, __typename aliases, YAML aliases in a scan). A failure prints the seed and the request so it can be replayed.
 */
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLInterfaceType,
} from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { typeDefs } from '../../src/graphql/schema.js';
import { startApp, type RunningApp } from '../support/fixtures.js';

const schema = buildSchema(typeDefs);
const SLUGS = [
  'windows-server-2019',
  'windows-server-2022',
  'flannel',
  'overlay',
  'direct-server-return',
  'm5.large',
  'host-local',
  'eks',
  'x',
  '',
  'DROP TABLE features;--',
  '../../etc/passwd',
  '\u0000',
  '😀'.repeat(50),
];

/** mulberry32: a tiny deterministic PRNG, so each fast-check seed names one request exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
type Rng = ReturnType<typeof prng>;

function literal(type: GraphQLInputType, r: Rng, depth: number): string {
  if (isNonNullType(type)) return literal(type.ofType, r, depth);
  if (r.next() < 0.05) return 'null';
  if (isListType(type)) return `[${Array.from({ length: r.int(4) }, () => literal(type.ofType, r, depth + 1)).join(', ')}]`;
  if (isEnumType(type)) return r.next() < 0.9 ? r.pick(type.getValues()).name : 'NOT_A_VALUE';
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) || r.next() < 0.5);
    return depth > 3 ? '{}' : `{ ${fields.map((f) => `${f.name}: ${literal(f.type, r, depth + 1)}`).join(', ')} }`;
  }
  if (isScalarType(type))
    switch (type.name) {
      case 'Int':
        return String(r.pick([0, 1, 2, -1, 10, 64, 65, 100, 1025, 2 ** 31 - 1, -(2 ** 31), 99999999999]));
      case 'Float':
        return String(r.next() * 1e6);
      case 'Boolean':
        return r.next() < 0.5 ? 'true' : 'false';
      default:
        return JSON.stringify(r.pick(SLUGS));
    }
  return 'null';
}

function selection(type: GraphQLObjectType | GraphQLInterfaceType, r: Rng, depth: number, maxDepth: number): string {
  const fields = Object.values(type.getFields());
  const chosen = fields.filter(() => r.next() < 0.35);
  if (chosen.length === 0) chosen.push(r.pick(fields));
  const parts = chosen.map((f) => field(f, r, depth, maxDepth)).filter(Boolean);
  if (isInterfaceType(type) && r.next() < 0.5) {
    const impl = r.pick(schema.getPossibleTypes(type));
    parts.push(`... on ${impl.name} { ${selection(impl, r, depth + 1, maxDepth)} }`);
  }
  return parts.length ? parts.join(' ') : '__typename';
}

function field(f: GraphQLField<unknown, unknown>, r: Rng, depth: number, maxDepth: number): string {
  const named = getNamedType(f.type);
  const args = f.args.filter((a) => isNonNullType(a.type) || r.next() < 0.4);
  const alias = r.next() < 0.1 ? `a${r.int(1000)}: ` : '';
  const argText = args.length ? `(${args.map((a) => `${a.name}: ${literal(a.type, r, 0)}`).join(', ')})` : '';
  if (isObjectType(named) || isInterfaceType(named)) {
    if (depth >= maxDepth) return '';
    return `${alias}${f.name}${argText} { ${selection(named, r, depth + 1, maxDepth)} }`;
  }
  return `${alias}${f.name}${argText}`;
}

/** The shapes of issue 23's probe, at random sizes: cheap to send, once costly to answer. */
function hostileShape(r: Rng): string {
  const times = (n: number, text: string) => Array.from({ length: n }, (_, i) => text.replace(/#/g, String(i))).join(' ');
  switch (r.int(6)) {
    case 0: // introspection under aliases
      return JSON.stringify({
        query: `{ ${times(r.int(40) + 1, 's#: __schema { types { name fields { name args { name type { name ofType { name } } } } } }')} }`,
      });
    case 1: {
      // nested variables, arrays or objects
      const depth = r.int(5000) + 1;
      const [open, close] = r.next() < 0.5 ? ['[', ']'] : ['{"a":', '}'];
      return `{"query":"query ($v: [String]) { __typename }","variables":{"v":${open.repeat(depth)}1${close.repeat(depth)}}}`;
    }
    case 2: // duplicated selections, with or without sub-selections
      return JSON.stringify({ query: `{ ${(r.next() < 0.5 ? 'datasetInfo { version } ' : '__typename ').repeat(r.int(2000) + 1)} }` });
    case 3: // directives on fragment spreads
      return JSON.stringify({ query: `{ ${'...F @skip(if: false) '.repeat(r.int(300) + 1)} } fragment F on Query { __typename }` });
    case 4: // aliases of __typename
      return JSON.stringify({ query: `{ ${times(r.int(2000) + 1, 'a#: __typename')} }` });
    default: {
      // YAML aliases in the scan query: defined, undefined, and bombs
      const anchors = r.int(6);
      let yaml = 'kind: Pod\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
      for (let i = 1; i <= anchors; i++) yaml += `a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${r.int(i)}`).join(', ')}]\n`;
      if (r.next() < 0.3) yaml += `b: *missing${r.int(3)}\n`;
      return JSON.stringify({ query: 'query ($d: String!) { scan(input: { documents: $d }) { summary { objectsRead } } }', variables: { d: yaml } });
    }
  }
}

function request(seed: number): { body: string; contentType: string } {
  const r = prng(seed);
  const roll = r.next();
  if (roll < 0.08)
    return {
      body: r.pick([
        '',
        '{',
        'null',
        '[]',
        '{"query": 5}',
        '{"query": "{", "variables": "x"}',
        '{"query": "query($a: Int!) { feature(slug: $a) { slug } }", "variables": {"a": "y"}}',
        'x'.repeat(r.int(5000)),
      ]),
      contentType: 'application/json',
    };
  if (roll < 0.1)
    return { body: '{ __typename }', contentType: r.pick(['text/plain', 'application/xml', 'multipart/form-data', 'application/json; charset=latin1']) };
  if (roll < 0.2) return { body: hostileShape(r), contentType: 'application/json' };
  const maxDepth = r.int(14) + 1;
  const query = `{ ${selection(schema.getQueryType()!, r, 0, maxDepth)} }`;
  return { body: JSON.stringify({ query }), contentType: 'application/json' };
}

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

it('never answers 5xx, always JSON, every error coded, no stack traces (2000 random requests)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer(), async (seed) => {
      const { body, contentType } = request(seed);
      const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const text = await response.text();
      const context = `seed ${seed}, status ${response.status}: ${body.slice(0, 300)} -> ${text.slice(0, 300)}`;
      expect(response.status, context).toBeLessThan(500);
      const json = JSON.parse(text) as { errors?: { message: string; extensions?: { code?: string } }[]; data?: unknown; message?: string };
      expect(text, context).not.toMatch(/\s+at [^\s]+ \(?[^\s]*\.(ts|js):\d+/);
      if (response.status !== 200) expect(json.errors?.length, context).toBeGreaterThan(0);
      for (const error of json.errors ?? []) {
        expect(error.extensions?.code, context).toEqual(expect.any(String));
        // Whatever a client sends is its own mistake, never an internal error.
        expect(error.extensions?.code, context).not.toBe('INTERNAL_SERVER_ERROR');
      }
      if (response.status === 200) expect(json.data !== undefined || json.errors !== undefined, context).toBe(true);
    }),
    { numRuns: 2000 },
  );
  // Still healthy afterwards.
  const { status } = await app.graphql('{ datasetInfo { version } }');
  expect(status).toBe(200);
}, 120_000);
