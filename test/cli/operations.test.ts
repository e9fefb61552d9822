/**
 * explain, capacity and search read the API's answers through types generated from their
 * operations (src/cli/queries.ts -> src/cli/generated/operations.ts), never hand-written ones:
 * the generated file is what the operations give now, the operations are valid against the
 * schema, no request in src/cli names its answer's type by hand, and (checked by `npm run
 * typecheck`) what each command prints is typed as its operation's answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { renderCapacity } from '../../src/cli/capacity.js';
import { renderEntity, type Entity } from '../../src/cli/explain.js';
import type { CapacityQuery, CompatibilityQuery, ExplainQuery, SearchQuery, SlugsQuery } from '../../src/cli/generated/operations.js';
import type { GraphqlClient } from '../../src/cli/graphql-client.js';
import {
  CAPACITY_QUERY,
  CLI_OPERATIONS,
  COMPATIBILITY_QUERY,
  ENTITY_KINDS,
  EXPLAIN_QUERY,
  SEARCH_QUERY,
  SLUGS_QUERY,
  type EntityKind,
} from '../../src/cli/queries.js';
import type { ReportView } from '../../src/cli/report/model.js';
import { renderSearch } from '../../src/cli/search.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { loadSdl } from '../../src/graphql/sdl.js';
import { CLI_GENERATED_PATH, generateCliOperations } from '../../tools/codegen.js';

describe("the CLI's operation types", () => {
  it('src/cli/generated/operations.ts is what the operations of src/cli/queries.ts give (run `npm run codegen`)', async () => {
    expect(readFileSync(CLI_GENERATED_PATH, 'utf8')).toBe(await generateCliOperations());
  });

  it.each(Object.entries(CLI_OPERATIONS))('%s is valid against the served schema', (_, text) => {
    expect(validate(buildSchema(loadSdl()), parse(text)).map((e) => e.message)).toEqual([]);
  });

  it('no request in src/cli names its answer type by hand (the operation carries it)', () => {
    const dir = join(PROJECT_ROOT, 'src/cli');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('generated'));
    const offenders = files.flatMap((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      // queries.ts alone makes operations (`operation<...>`), from the generated types (next test).
      const pattern = f === 'queries.ts' ? /\.request<|\brequest\(\s*`/ : /\.request<|\brequest\(\s*`|as Operation</;
      return pattern.test(text) ? [relative(PROJECT_ROOT, join(dir, f))] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('every operation of src/cli/queries.ts carries the types generated from it', () => {
    const source = readFileSync(join(PROJECT_ROOT, 'src/cli/queries.ts'), 'utf8');
    const made = [...source.matchAll(/export const (\w+) = operation<(\w+), (\w+)>\(`query (\w+)/g)].map(([, name, result, variables, op]) => ({
      name,
      result,
      variables,
      op,
    }));
    expect(made.map((m) => m.name).sort()).toEqual(Object.keys(CLI_OPERATIONS).sort());
    for (const m of made) expect([m.result, m.variables]).toEqual([`${m.op}Query`, `${m.op}QueryVariables`]);
    const generated = readFileSync(CLI_GENERATED_PATH, 'utf8');
    for (const m of made) for (const type of [m.result, m.variables]) expect(generated).toContain(`export type ${type} = `);
  });

  // The rest are compile-time checks (npm run typecheck): a request's answer is the generated type
  // of its operation, and what each command prints takes exactly that answer. The request calls
  // are type-checked, never run.
  it('capacity: renders the podCapacity answer generated from CAPACITY_QUERY', () => {
    const answer = (client: GraphqlClient) => expectTypeOf(client.request(CAPACITY_QUERY)).resolves.toEqualTypeOf<CapacityQuery>();
    expectTypeOf(answer).toBeFunction();
    expectTypeOf(renderCapacity).parameter(0).toEqualTypeOf<CapacityQuery['podCapacity']>();
    expect(CLI_OPERATIONS).toHaveProperty('CAPACITY_QUERY');
  });

  it('explain: renders, for each kind, the field of the answer generated from EXPLAIN_QUERY', () => {
    const answers = (client: GraphqlClient) => {
      expectTypeOf(client.request(EXPLAIN_QUERY)).resolves.toEqualTypeOf<ExplainQuery>();
      expectTypeOf(client.request(SLUGS_QUERY)).resolves.toEqualTypeOf<SlugsQuery>();
    };
    expectTypeOf(answers).toBeFunction();
    type ViewOf<K extends EntityKind> = Extract<Entity, { kind: K }>['view'];
    expectTypeOf<{ [K in EntityKind]: ViewOf<K> }>().toEqualTypeOf<{ [K in EntityKind]: NonNullable<ExplainQuery[(typeof ENTITY_KINDS)[K]]> }>();
    expectTypeOf(renderEntity).parameter(0).toHaveProperty('view').toEqualTypeOf<NonNullable<ExplainQuery[(typeof ENTITY_KINDS)[EntityKind]]>>();
    expect(Object.values(ENTITY_KINDS).every((field) => EXPLAIN_QUERY.includes(`  ${field}(`))).toBe(true);
  });

  it('search: renders the hits generated from SEARCH_QUERY', () => {
    const answer = (client: GraphqlClient) => expectTypeOf(client.request(SEARCH_QUERY)).resolves.toEqualTypeOf<SearchQuery>();
    expectTypeOf(answer).toBeFunction();
    expectTypeOf(renderSearch).parameter(1).toEqualTypeOf<SearchQuery['search']>();
    expect(CLI_OPERATIONS).toHaveProperty('SEARCH_QUERY');
  });

  it('check --url: the compatibility answer generated from COMPATIBILITY_QUERY fits the report model check prints', () => {
    const answer = (client: GraphqlClient) => expectTypeOf(client.request(COMPATIBILITY_QUERY)).resolves.toEqualTypeOf<CompatibilityQuery>();
    expectTypeOf(answer).toBeFunction();
    expectTypeOf<CompatibilityQuery['compatibility']>().toMatchTypeOf<ReportView>();
    expect(CLI_OPERATIONS).toHaveProperty('COMPATIBILITY_QUERY');
  });
});
