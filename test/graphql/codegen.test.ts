/** The committed resolver types match what GraphQL Code Generator makes from schema/ now. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATED_PATH, generate } from '../../tools/codegen.js';

it('src/graphql/generated/resolvers.ts is up to date (run `npm run codegen`)', async () => {
  expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(await generate());
});
