/** Every type, field, argument, input field and enum value of the served schema carries a description. */
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { expect, it } from 'vitest';
import { typeDefs } from '../../src/graphql/schema.js';

export function undescribed(sdl: string): string[] {
  const schema = buildSchema(sdl);
  const missing: string[] = [];
  const need = (where: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(where);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
    if (type.name !== 'Query') need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) need(`${type.name}.${field.name}`, field.description);
    if (isEnumType(type)) for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
  }
  return missing;
}

it('describes everything in the served schema', () => {
  expect(undescribed(typeDefs)).toEqual([]);
});

it('the description check notices a missing description', () => {
  expect(undescribed('type Query { "x" a: Int b: Int }')).toEqual(['Query.b']);
});
