/**
 * The GraphQL read path shapes rows with a mapper built from the selection (src/db/row-reader.ts)
 * instead of drizzle's generic one. It must give exactly what drizzle's `all()` gives, for every
 * table (all the column kinds in use: text, integers, booleans, JSON) and for the joined shapes the
 * loaders select (a computed key beside a whole table or some of its columns, an aliased table). A drizzle upgrade that
 * changed the column order or a decoder would fail here.
 */
import { asc, eq, getTableName, is, lte, sql } from 'drizzle-orm';
import { alias, SQLiteTable, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { preparedRows, rowMapper } from '../../src/db/row-reader.js';
import * as t from '../../src/db/tables.js';
import { testDatabasePath } from '../support/fixtures.js';

const database = openDatabase(testDatabasePath());
afterAll(() => database.close());
const { db } = database;
const tables = (Object.values(t) as unknown[]).filter((v): v is SQLiteTable => is(v, SQLiteTable));

describe('row reader', () => {
  it('covers the tables', () => expect(tables.length).toBeGreaterThan(20));

  it.each(tables.map((table) => [getTableName(table), table] as const))('shapes every row of %s as drizzle does', (_, table) => {
    const query = db.select().from(table);
    const expected = query.all();
    expect(expected.length).toBeGreaterThan(0);
    expect(preparedRows(query.prepare(), table).all({})).toStrictEqual(expected);
  });

  it('decodes booleans and JSON like drizzle', () => {
    const rows = preparedRows<typeof t.limitations.$inferSelect>(db.select().from(t.limitations).prepare(), t.limitations).all({});
    expect(rows.some((r) => Array.isArray(r.channels))).toBe(true);
    expect(rows.some((r) => typeof r.thresholdApproximate === 'boolean')).toBe(true);
  });

  /** Plugin -> modes as the link loaders select it: the plugin's slug beside `row` of network_modes. */
  const pluginModes = <R extends typeof t.networkModes | Record<string, AnySQLiteColumn>>(row: R) => {
    const selection = { key: sql<string>`${t.pluginModes.pluginSlug}`, row };
    const query = db
      .select(selection)
      .from(t.pluginModes)
      .innerJoin(t.networkModes, eq(t.networkModes.slug, t.pluginModes.modeSlug))
      .orderBy(asc(t.pluginModes.id));
    return { selection, query };
  };

  it('shapes a computed key beside a joined table, as the link loaders select it', () => {
    const { selection, query } = pluginModes(t.networkModes);
    const expected = query.all();
    expect(expected.length).toBeGreaterThan(0);
    expect(preparedRows(query.prepare(), selection).all({})).toStrictEqual(expected);
  });

  it('shapes an aliased table and a placeholder-bound query', () => {
    const release = alias(t.windowsVersions, 'release');
    const selection = { release: release.slug, feature: t.features };
    const query = db
      .select(selection)
      .from(t.features)
      .innerJoin(t.windowsVersions, eq(t.windowsVersions.slug, t.features.minimumWindowsSlug))
      .innerJoin(release, lte(t.windowsVersions.build, release.build))
      .where(eq(release.slug, sql.placeholder('slug')));
    const prepared = query.prepare();
    const expected = prepared.all({ slug: 'windows-server-2022' });
    expect(expected.length).toBeGreaterThan(0);
    expect(preparedRows(prepared, selection).all({ slug: 'windows-server-2022' })).toStrictEqual(expected);
  });

  it('applies a mapWith decoder on a computed value', () => {
    const selection = { doubled: sql<number>`${t.networkModes.ordinal} * 2`.mapWith((v: number) => `x${v}`) };
    const query = db.select(selection).from(t.networkModes);
    expect(preparedRows(query.prepare(), selection).all({})).toStrictEqual(query.all());
  });

  it('shapes a nested object of some columns beside a computed key, as the narrowed link loaders select it', () => {
    const { selection, query } = pluginModes({ slug: t.networkModes.slug, name: t.networkModes.name });
    const expected = query.all();
    expect(Object.keys(expected[0]!.row)).toEqual(['slug', 'name']);
    expect(preparedRows(query.prepare(), selection).all({})).toStrictEqual(expected);
  });

  it('refuses a selection it cannot shape rather than guessing', () => {
    expect(() => rowMapper({ nested: { not: 'a column' } } as never)).toThrow(/unsupported selection entry "nested.not"/);
    expect(() => rowMapper({ list: [t.networkModes.slug] } as never)).toThrow(/unsupported selection entry "list"/);
  });
});
