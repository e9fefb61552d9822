/**
 * Plan files take exactly the fields of CompatibilityInput: the test reads the input type from
 * the served schema (schema/verdicts.graphql) and sends every field through the plan-file reader,
 * so a field the schema gains cannot be refused by the CLI as an "unknown key".
 */
import { buildASTSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, parse, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parsePlan, PLAN_FIELDS } from '../../src/cli/check/plan-file.js';
import { loadSdl } from '../../src/graphql/sdl.js';

function inputFields() {
  const schema = buildASTSchema(parse(loadSdl()), { assumeValidSDL: true });
  const type = schema.getType('CompatibilityInput');
  if (!isInputObjectType(type)) throw new Error('the schema has no CompatibilityInput');
  return Object.values(type.getFields());
}

/** A value of the field's GraphQL type, for a shape check (not a meaningful plan). */
function sample(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [sample(inner.ofType)];
  const named = getNamedType(inner);
  if (isEnumType(named)) return named.getValues()[0]!.value;
  switch (named.name) {
    case 'Int':
      return 7;
    case 'Boolean':
      return true;
    case 'String':
      return 'some-value';
    default:
      throw new Error(`no sample for ${named.name}`);
  }
}

describe('plan-file fields follow CompatibilityInput', () => {
  const fields = inputFields();

  it('the schema declares the fields the trial found refused (cniPluginVersion, containerImageWindowsVersion)', () => {
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['cniPluginVersion', 'containerImageWindowsVersion']));
  });

  it.each(fields.map((f) => [f.name, f] as const))('accepts %s and passes it on unchanged', (name, field) => {
    const value = sample(field.type);
    const plan = { windowsVersion: 'windows-server-2022', [name]: value };
    const parsed = parsePlan(JSON.stringify(plan), 'plan.json');
    expect((parsed.input as unknown as Record<string, unknown>)[name]).toEqual(value);
  });

  it('lists exactly the schema fields as allowed keys, in the schema order', () => {
    expect(PLAN_FIELDS).toEqual(fields.map((f) => f.name));
  });
});
