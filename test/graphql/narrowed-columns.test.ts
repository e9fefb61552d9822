/**
 * Relation loaders read only the columns a selection needs (src/graphql/selected-columns.ts). The
 * risk is a resolver that reads a column its field's mapping does not list: narrowed, it would see
 * undefined and answer wrongly. So every field of every narrowed type is asked through every
 * narrowing relation, with a deep selection below it, once with narrowing and once reading whole
 * rows, by graphql-js and by graphql-jit (the server's executor); the answers must be identical.
 * A field added to the schema is covered by the same loop, with no edit here.
 */
import {
  execute,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  parse,
  type ExecutionResult,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase } from '../../src/db/open.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { MAX_NARROWED_STATEMENTS, narrowedStatements, requestLoaders } from '../../src/graphql/loaders.js';
import { resolvers, typeDefs } from '../../src/graphql/schema.js';
import { FIELD_COLUMNS } from '../../src/graphql/selected-columns.js';
import { TEST_TODAY, testDatabasePath } from '../support/fixtures.js';

const database = openDatabase(testDatabasePath());
afterAll(() => database.close());
const knowledge = loadKnowledge(database);

/**
 * The service's schema, except that four root lists return every row of their table through the
 * narrowed by-slug loader: the relations below reach only rows linked to a plugin or mode, and a
 * column that is set only on other rows (a limitation's threshold) would go untested.
 */
const everyRow =
  (loader: 'limitation' | 'networkMode' | 'cniPlugin' | 'sourceDocument', table: string) =>
  (_: unknown, __: unknown, { loaders }: RequestContext, info: GraphQLResolveInfo) =>
    loaders.narrowed(loader, info).loadMany(database.sqlite.prepare(`SELECT slug FROM ${table} ORDER BY slug`).pluck().all() as string[]);
const schema = makeExecutableSchema({
  typeDefs,
  resolvers: [
    resolvers,
    {
      Query: {
        limitations: everyRow('limitation', 'limitations'),
        networkModes: everyRow('networkMode', 'network_modes'),
        cniPlugins: everyRow('cniPlugin', 'cni_plugins'),
        sourceDocuments: everyRow('sourceDocument', 'source_documents'),
      },
    },
  ] as never,
});

/** Each narrowing relation: the query around it, with `X` where the narrowed type's selection goes. */
const RELATIONS = [
  { type: 'Limitation', through: 'every limitation', query: '{ limitations { X } }' },
  { type: 'NetworkMode', through: 'every network mode', query: '{ networkModes { X } }' },
  { type: 'CniPlugin', through: 'every CNI plugin', query: '{ cniPlugins { X } }' },
  { type: 'SourceDocument', through: 'every source document', query: '{ sourceDocuments { X } }' },
  { type: 'Limitation', through: 'CniPlugin.limitations', query: '{ cniPlugins { slug limitations { X } } }' },
  { type: 'Limitation', through: 'NetworkMode.limitations', query: '{ networkModes { slug limitations { X } } }' },
  { type: 'NetworkMode', through: 'CniPlugin.networkModes', query: '{ cniPlugins { slug networkModes { X } } }' },
  { type: 'CniPlugin', through: 'NetworkMode.cniPlugins', query: '{ networkModes { slug cniPlugins { X } } }' },
  { type: 'SourceDocument', through: 'SourceReference.document', query: '{ limitations { slug sources { section document { X } } } }' },
];

/** Every field without required arguments, each with all of its own fields below it, `depth` levels down. */
function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!(isObjectType(named) || isInterfaceType(named)) || depth === 0) return '{ __typename }';
  return `{ ${askable(Object.values(named.getFields()))
    .map((f) => `${f.name} ${selectionOf(f.type, depth - 1)}`)
    .join(' ')} }`;
}
const askable = (fields: GraphQLField<unknown, unknown>[]) => fields.filter((f) => f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined));

const context = (narrowing: boolean): RequestContext => ({ database, knowledge, loaders: requestLoaders(database.db, { narrowing }), today: TEST_TODAY });

async function both(query: string): Promise<{ narrowed: ExecutionResult; whole: ExecutionResult; jitNarrowed: ExecutionResult; jitWhole: ExecutionResult }> {
  const document = parse(query);
  const compiled = compileQuery(schema, document);
  if (!isCompiledQuery(compiled)) throw new Error(`not compiled: ${JSON.stringify(compiled.errors)}`);
  return {
    narrowed: await execute({ schema, document, contextValue: context(true) }),
    whole: await execute({ schema, document, contextValue: context(false) }),
    jitNarrowed: await compiled.query(undefined, context(true), {}),
    jitWhole: await compiled.query(undefined, context(false), {}),
  };
}

describe('narrowed relation reads answer exactly as whole rows do', () => {
  for (const relation of RELATIONS) {
    const type = schema.getType(relation.type);
    if (!isObjectType(type)) throw new Error(`${relation.type} is not an object type`);
    const fields = askable(Object.values(type.getFields()));

    it(`${relation.through}: covers ${relation.type}, which has a column map`, () => {
      expect(FIELD_COLUMNS[relation.type]).toBeDefined();
      expect(fields.length).toBeGreaterThan(2);
    });

    it.each(fields.map((f) => [f.name, f] as const))(`${relation.through} -> %s`, async (name, field) => {
      const query = relation.query.replace('X', `${name} ${selectionOf(field.type, 2)}`);
      const { narrowed, whole, jitNarrowed, jitWhole } = await both(query);
      expect(whole.errors).toBeUndefined();
      expect(narrowed).toStrictEqual(whole);
      expect(jitWhole.errors).toBeUndefined();
      expect(JSON.parse(JSON.stringify(jitNarrowed))).toStrictEqual(JSON.parse(JSON.stringify(jitWhole)));
    });
  }
});

describe('narrowing', () => {
  it('reads only the selected columns and the key (the statement shows it)', async () => {
    const { narrowed } = await both('{ cniPlugins { limitations { title severity } networkModes { name } } }');
    expect(narrowed.errors).toBeUndefined();
    const statements = narrowedStatements(database.db);
    const limitations = statements['effectiveLimitationsOfPlugin(severity,slug,title)'];
    expect(limitations).toMatch(/"limitations"\."severity"/);
    expect(limitations).not.toMatch(/"limitations"\."description"/);
    expect(statements['modesOfPlugin(name,slug)']).not.toMatch(/"network_modes"\."description"/);
  });

  it('reads whole rows for a field it has no mapping for (appliesTo passes the row on)', async () => {
    const before = Object.keys(narrowedStatements(database.db)).length;
    const { narrowed } = await both('{ networkModes { limitations { appliesTo { kubernetesVersions { min } } } } }');
    expect(narrowed.errors).toBeUndefined();
    expect(Object.keys(narrowedStatements(database.db))).toHaveLength(before);
  });

  it('follows fragments, named and inline', async () => {
    const { narrowed, whole } = await both(
      '{ cniPlugins { limitations { ...L ... on Limitation { workaround } } } } fragment L on Limitation { revisionNote kind }',
    );
    expect(narrowed).toStrictEqual(whole);
    expect(narrowedStatements(database.db)['effectiveLimitationsOfPlugin(kind,revisionNote,slug,workaround)']).toBeDefined();
  });

  it(`prepares at most ${MAX_NARROWED_STATEMENTS} narrowed statements per database, then reads whole rows`, async () => {
    const scratch = openDatabase(testDatabasePath());
    try {
      const columns = ['kind', 'description', 'severity', 'workaround', 'revisionNote', 'parameters', 'title'];
      // 2^7 column sets: more than the cap.
      for (let mask = 1; mask < 1 << columns.length; mask++) {
        const picked = columns.filter((_, i) => mask & (1 << i)).join(' ');
        const result = await execute({
          schema,
          document: parse(`{ cniPlugins { limitations { ${picked} } } }`),
          contextValue: { database: scratch, knowledge, loaders: requestLoaders(scratch.db), today: TEST_TODAY },
        });
        expect(result.errors).toBeUndefined();
      }
      expect(Object.keys(narrowedStatements(scratch.db))).toHaveLength(MAX_NARROWED_STATEMENTS);
    } finally {
      scratch.close();
    }
  });
});
