/**
 * Resolvers do not issue a query per row: every relation goes through a per-request DataLoader
 * whose batch runs one statement for all the keys of a level, so a nested query issues a number
 * of statements bounded by its depth, the same for the real data and for four times the rows.
 * Under the loaders, the process-wide row cache answers the keys it has read before: a warm
 * request runs fewer statements (only its filtered root lists), and never answers from another dataset.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabase } from '../../src/seeds/build.js';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { ApolloServer } from '@apollo/server';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase, type OpenDatabase } from '../../src/db/open.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { clearRowCache, requestLoaders, rowCacheStats } from '../../src/graphql/loaders.js';
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

/** The walk the issue names: all plugins -> modes -> plugins -> limitations -> sources. */
const WALK = `{ cniPlugins { slug networkModes { slug cniPlugins { slug limitations { slug sources { section document { slug } } } } } } }`;

/**
 * SQL statements of one run of a query, on fresh per-request loaders (as every HTTP request gets):
 * with a cold row cache (every relation read from SQLite), or a warm one (the same query just run).
 */
async function statementsFor(
  filter: Record<string, unknown> | null,
  db = database,
  query = NESTED,
  rowCache: 'cold' | 'warm' = 'cold',
): Promise<{ statements: number; plugins: number }> {
  const database = db;
  const knowledge = loadKnowledge(database);
  const run = () =>
    apollo.executeOperation(
      { query, variables: { filter } },
      { contextValue: { database, knowledge, loaders: requestLoaders(database.db), today: TEST_TODAY } },
    );
  // The first run prepares the statements (once per database) and fills the row cache.
  await run();
  if (rowCache === 'cold') clearRowCache();
  const before = database.statementCount();
  const response = await run();
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  expect(response.body.singleResult.errors).toBeUndefined();
  const plugins = (response.body.singleResult.data as { cniPlugins: unknown[] }).cniPlugins.length;
  return { statements: database.statementCount() - before, plugins };
}

describe('SQL statements', () => {
  it('per nested query: bounded by its depth, the same for the real data and four times the plugins', async () => {
    const real = await statementsFor(null, database);
    const more = await statementsFor(null, scaled);
    expect(more.plugins).toBe(real.plugins * 4);
    expect(real.statements).toBeGreaterThan(0);
    // One statement per relation the query names (list, sources, modes, settings, plugins, limitations, ...).
    expect(real.statements).toBeLessThanOrEqual(20);
    expect(more.statements).toBe(real.statements);
  });

  it('for the walk plugins -> modes -> plugins -> limitations -> sources: one per level', async () => {
    const real = await statementsFor(null, database, WALK);
    const more = await statementsFor(null, scaled, WALK);
    expect(more.plugins).toBe(real.plugins * 4);
    // cniPlugins, modesByPlugin, networkMode, pluginsByMode, cniPlugin, modesByPlugin (delegations
    // of the plugins first met at this level), limitationsByPlugin, limitation, citations,
    // sourceDocument: a constant, whatever the rows.
    expect(real.statements).toBeLessThanOrEqual(10);
    expect(more.statements).toBe(real.statements);
  });

  it('per filtered list: the list is one statement, its relations as many as unfiltered', async () => {
    const all = await statementsFor(null, database);
    const real = await statementsFor({ supportsNetworkPolicy: true }, database);
    const more = await statementsFor({ supportsNetworkPolicy: true }, scaled);
    expect(more.plugins).toBe(real.plugins * 4);
    expect(real.statements).toBeLessThanOrEqual(all.statements);
    expect(more.statements).toBe(real.statements);
  });

  it('a row is read at most once per request (DataLoader cache), and not again by the next one (row cache)', async () => {
    const query = '{ a: cniPlugin(slug: "flannel") { slug } b: cniPlugin(slug: "flannel") { slug } c: cniPlugin(slug: "win-overlay") { slug } }';
    const knowledge = loadKnowledge(database);
    const run = (loaders = requestLoaders(database.db)) =>
      apollo.executeOperation({ query }, { contextValue: { database, knowledge, loaders, today: TEST_TODAY } });
    await run();
    clearRowCache();
    const loaders = requestLoaders(database.db);
    let before = database.statementCount();
    await run(loaders);
    // Two keys, one batch, one statement.
    expect(database.statementCount() - before).toBe(1);
    before = database.statementCount();
    await run(loaders);
    expect(database.statementCount() - before).toBe(0);
    const stats = rowCacheStats();
    await run();
    expect(database.statementCount() - before).toBe(0);
    expect(rowCacheStats().hits - stats.hits).toBe(2);
    expect(rowCacheStats().misses).toBe(stats.misses);
  });
});

describe('the row cache', () => {
  it('with a warm row cache a nested query runs fewer statements: none for the unfiltered ones', async () => {
    for (const query of [NESTED, WALK]) {
      const cold = await statementsFor(null, database, query, 'cold');
      const warm = await statementsFor(null, database, query, 'warm');
      expect(warm.plugins).toBe(cold.plugins);
      expect(warm.statements).toBeLessThan(cold.statements);
      // Unfiltered root lists are kept in the row cache too.
      expect(warm.statements).toBe(0);
    }
  });

  it('keeps datasets apart: a key one database lacks does not hide the row another database has', async () => {
    const query = '{ cniPlugin(slug: "flannel-twin-1") { slug networkModes { slug } } }';
    const answer = async (db: OpenDatabase) => {
      const response = await apollo.executeOperation(
        { query },
        { contextValue: { database: db, knowledge: loadKnowledge(db), loaders: requestLoaders(db.db), today: TEST_TODAY } },
      );
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      return response.body.singleResult.data as { cniPlugin: { slug: string; networkModes: unknown[] } | null };
    };
    expect((await answer(database)).cniPlugin).toBeNull();
    const twin = (await answer(scaled)).cniPlugin;
    expect(twin?.slug).toBe('flannel-twin-1');
    expect(twin?.networkModes.length).toBeGreaterThan(0);
    expect((await answer(database)).cniPlugin).toBeNull();
  });
});
