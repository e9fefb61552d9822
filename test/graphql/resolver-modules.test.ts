/**
 * One resolver module per schema file: src/graphql/resolvers/<name>.ts resolves exactly the types
 * schema/<name>.graphql defines or extends (its Query fields included), so a reader finds a
 * field's resolver beside the SDL that declares it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR } from '../../src/graphql/sdl.js';
import { RESOLVER_MODULES as MODULES } from '../../src/graphql/schema.js';

/** Type name -> field names the file declares for it (definitions and extensions alike). */
function declared(file: string): Map<string, Set<string>> {
  const types = new Map<string, Set<string>>();
  for (const definition of parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')).definitions) {
    if (!('name' in definition) || !definition.name) continue;
    const fields = types.get(definition.name.value) ?? new Set<string>();
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.INTERFACE_TYPE_DEFINITION)
      for (const field of definition.fields ?? []) fields.add(field.name.value);
    types.set(definition.name.value, fields);
  }
  return types;
}

const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.graphql'));

describe('resolver modules follow the schema files', () => {
  it('has one module per schema file and no other', () => {
    expect(Object.keys(MODULES).sort()).toEqual(files.map((f) => f.replace(/\.graphql$/, '')).sort());
  });

  it.each(files)('%s: its module resolves only what the file declares, and every Query field it declares', (file) => {
    const types = declared(file);
    const resolvers = MODULES[file.replace(/\.graphql$/, '')]! as Record<string, Record<string, unknown>>;
    for (const [type, fields] of Object.entries(resolvers)) {
      expect(types.has(type), `${type} is resolved in the module of ${file}, which does not declare it`).toBe(true);
      for (const field of Object.keys(fields).filter((f) => !f.startsWith('__')))
        expect(types.get(type)!.has(field), `${type}.${field} is resolved for ${file}, which does not declare it`).toBe(true);
    }
    const queryFields = [...(types.get('Query') ?? [])].sort();
    expect(Object.keys(resolvers.Query ?? {}).sort()).toEqual(queryFields);
  });
});
