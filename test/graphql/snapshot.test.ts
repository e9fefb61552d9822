/** The committed snapshot of the full served schema: no breaking change, and no unrecorded drift. */
import { readFileSync } from 'node:fs';
import { buildSchema, findBreakingChanges } from 'graphql';
import { expect, it } from 'vitest';
import { typeDefs } from '../../src/graphql/schema.js';
import { SNAPSHOT_PATH, servedSchemaText } from '../../tools/schema-snapshot.js';

const snapshot = readFileSync(SNAPSHOT_PATH, 'utf8');

it('has no breaking change against the committed snapshot (deprecate first; see CHANGELOG.md)', () => {
  const changes = findBreakingChanges(buildSchema(snapshot), buildSchema(typeDefs)).map((c) => `${c.type}: ${c.description}`);
  expect(changes).toEqual([]);
});

it('matches the served schema exactly (after an additive change, run `npm run schema:snapshot` and note it in CHANGELOG.md)', () => {
  expect(servedSchemaText()).toBe(snapshot);
});
