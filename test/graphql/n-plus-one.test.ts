/**
 * Resolvers do not issue a query per row: the relations are read once per database into
 * in-memory indexes (the same number of statements for four times the rows), and after that a
 * nested query issues no SQL at all.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabase } from '../../src/db/build.js';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { ApolloServer } from '@apollo/server';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase, type OpenDatabase } from '../../src/db/open.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { databaseLoaders } from '../../src/graphql/loaders.js';
import { resolvers, typeDefs } from '../../src/graphql/schema.js';
import { TEST_TODAY, testDatabasePath } from '../support/fixtures.js';

const NESTED = `query Nested($filter: CniPluginFilter) {
  cniPlugins(filter: $filter) {
    slug
    sources { section document { slug title } }
    networkModes {
      slug
      settings { key sources { document { slug } } }
      cniPlugins { slug limitations { slug sources { section document { slug } } } }
    }
    limitations { slug appliesTo { networkModes { slug } cniPlugins { slug } } }
    ipamOptions { slug restrictedTo { slug } }
  }
}`;

let database: OpenDatabase;
let scaled: OpenDatabase;
let apollo: ApolloServer<RequestContext>;
let scratch: string;

/** A database whose plugins each have three twins: same relations, four times the rows. */
function buildScaledDatabase(): string {
  scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-scaled-'));
  const seeds = join(scratch, 'seeds');
  cpSync(SEEDS_DIR, seeds, { recursive: true });
  const file = join(seeds, 'cni-plugins.yaml');
  const plugins = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const [slug, record] of Object.entries(plugins)) for (const n of [1, 2, 3]) plugins[`${slug}-twin-${n}`] = record;
  writeFileSync(file, stringify(plugins));
  const target = join(scratch, 'scaled.sqlite');
  buildDatabase({ target, seedsDir: seeds });
  return target;
}

beforeAll(async () => {
  database = openDatabase(testDatabasePath());
  scaled = openDatabase(buildScaledDatabase());
  apollo = new ApolloServer<RequestContext>({ typeDefs, resolvers: resolvers as never });
  await apollo.start();
});
afterAll(async () => {
  await apollo.stop();
  database.close();
  scaled.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Statements to build a database's loaders (its in-memory indexes). */
function indexStatements(db: OpenDatabase): number {
  const before = db.statementCount();
  databaseLoaders(db.db);
  return db.statementCount() - before;
}

/** SQL statements of a warmed-up run of the nested query. */
async function statementsFor(filter: Record<string, unknown> | null, db = database): Promise<{ statements: number; plugins: number }> {
  const database = db;
  const knowledge = loadKnowledge(database);
  const loaders = databaseLoaders(database.db);
  const run = () => apollo.executeOperation({ query: NESTED, variables: { filter } }, { contextValue: { database, knowledge, loaders, today: TEST_TODAY } });
  // The first run may read whole small tables that unfiltered lists keep in memory.
  await run();
  const before = database.statementCount();
  const response = await run();
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  expect(response.body.singleResult.errors).toBeUndefined();
  const plugins = (response.body.singleResult.data as { cniPlugins: unknown[] }).cniPlugins.length;
  return { statements: database.statementCount() - before, plugins };
}

describe('SQL statements', () => {
  it('to build the in-memory indexes do not grow with the number of rows (real data vs four times the plugins)', () => {
    const real = indexStatements(database);
    expect(real).toBeGreaterThan(0);
    expect(indexStatements(scaled)).toBe(real);
    expect(indexStatements(database)).toBe(0);
  });

  it('per nested query: none, on the real data and on four times the plugins', async () => {
    const real = await statementsFor(null, database);
    const more = await statementsFor(null, scaled);
    expect(more.plugins).toBe(real.plugins * 4);
    expect(real.statements).toBe(0);
    expect(more.statements).toBe(0);
  });

  it('per filtered list: one, whatever the rows', async () => {
    const real = await statementsFor({ supportsNetworkPolicy: true }, database);
    const more = await statementsFor({ supportsNetworkPolicy: true }, scaled);
    expect(more.plugins).toBe(real.plugins * 4);
    expect(real.statements).toBe(1);
    expect(more.statements).toBe(1);
  });
});
