/**
 * Rows of a prepared drizzle select, read as arrays (drizzle's `values()`) and shaped into objects
 * by a mapper built once per statement from the same selection the select was built from.
 *
 * Why: drizzle's own `all()` shapes every value through a generic routine (an `is(field, Column)`
 * check, a path walk and a decoder call per value). On the GraphQL read path, where every relation
 * is a prepared statement run per request, that shaping cost a quarter of each request's execution
 * (bench notes in docs/operations.md). Drizzle still defines the tables, builds the SQL, prepares
 * the statement and runs it; only the shaping is specialised. The output is the same object drizzle
 * would return (test/db/row-reader.test.ts compares both for every loader statement), and the
 * column order follows drizzle's own rule: a selection's entries in order, a table's columns in
 * `getTableColumns` order.
 */
import { Column, getTableColumns, is, SQL, Table } from 'drizzle-orm';

/** What a select names: a whole table (`select().from(t)`), or an object of columns, SQL, tables and nested objects of those. */
export type Selection = Table | { [key: string]: Column | SQL | SQL.Aliased | Selection };

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedValue {
  path: string[];
  /** What turns the driver's value into the selected one (booleans, JSON, `mapWith`); null for a column that keeps it. */
  decoder: Decoder | null;
}

/** The selected values in the order SQLite returns them (drizzle's `orderSelectedFields`). */
function selectedValues(selection: Selection, prefix: string[] = []): SelectedValue[] {
  const fields: Record<string, unknown> = is(selection, Table) ? getTableColumns(selection) : selection;
  return Object.entries(fields).flatMap(([name, field]): SelectedValue[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, decoder: decodes(field) ? field : null }];
    // An SQL expression's decoder (set by `mapWith`) is internal to drizzle's types; its mapResultRow reads it the same way.
    if (is(field, SQL)) return [{ path, decoder: sqlDecoder(field) }];
    if (is(field, SQL.Aliased)) return [{ path, decoder: sqlDecoder(field.sql) }];
    if (is(field, Table)) return selectedValues(field, path);
    // A nested object of columns (drizzle nests the result the same way): a table narrowed to some columns.
    if (field !== null && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype) return selectedValues(field as Selection, path);
    throw new Error(`row-reader: unsupported selection entry "${path.join('.')}"`);
  });
}

const sqlDecoder = (expression: SQL): Decoder => (expression as unknown as { decoder: Decoder }).decoder;

/** Does the column transform what SQLite returns? The base class returns the value unchanged. */
function decodes(column: Column): boolean {
  return column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;
}

type Mapper<R> = (rows: unknown[][]) => R[];

/**
 * A function that shapes array rows into objects: generated as one object literal per row, so V8
 * gives every row the same hidden class (the technique graphql-jit uses for its resolvers). The
 * property names come from our own table definitions, never from input, and are quoted with
 * JSON.stringify.
 */
export function rowMapper<R>(selection: Selection): Mapper<R> {
  const values = selectedValues(selection);
  const decoders = values.map((v) => v.decoder);
  type Tree = { [key: string]: Tree | number };
  const tree: Tree = {};
  values.forEach(({ path }, index) => {
    let node = tree;
    for (const chunk of path.slice(0, -1)) node = (node[chunk] ??= {}) as Tree;
    node[path[path.length - 1]!] = index;
  });
  /** The expression that reads value v of row r, through its decoder when it has one. */
  const read = (v: number) => (decoders[v] ? `r[${v}] === null ? null : d[${v}].mapFromDriverValue(r[${v}])` : `r[${v}]`);
  const literal = (node: Tree): string =>
    `{${Object.entries(node)
      .map(([key, v]) => `${JSON.stringify(key)}: ${typeof v === 'number' ? read(v) : literal(v)}`)
      .join(', ')}}`;
  const body =
    `return function shape(rows) { const out = new Array(rows.length); for (let i = 0; i < rows.length; i++) { ` +
    `const r = rows[i]; out[i] = ${literal(tree)}; } return out; };`;
  // The generated source is built from our own table definitions only (see above), never from input.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiling the mapper is the point: one object literal per row
  const compile = new Function('d', body) as (d: (Decoder | null)[]) => Mapper<R>;
  return compile(decoders);
}

/** A prepared drizzle query that can return its rows as arrays. */
interface PreparedValues {
  values(placeholders?: Record<string, unknown>): unknown;
  getQuery(): { sql: string };
}

/** A prepared statement whose `all` returns shaped rows. */
export interface PreparedRows<R, P extends Record<string, unknown> = Record<string, unknown>> {
  all(placeholders: P): R[];
  /** The statement's SQL, for query-plan tests. */
  readonly sql: string;
}

/** Wraps a prepared select (built from `selection`) so `all` reads arrays and shapes them once. */
export function preparedRows<R, P extends Record<string, unknown> = Record<string, unknown>>(
  prepared: PreparedValues,
  selection: Selection,
): PreparedRows<R, P> {
  const shape = rowMapper<R>(selection);
  return { all: (placeholders) => shape(prepared.values(placeholders) as unknown[][]), sql: prepared.getQuery().sql };
}
