/**
 * `npm run schema:snapshot`: writes the full served schema, sorted, to
 * test/contract/served-schema.graphql. The committed snapshot is the contract consumers code
 * against: test/graphql/snapshot.test.ts fails on any breaking change against it, and on any
 * drift (so additions are recorded deliberately, with a CHANGELOG entry).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { typeDefs } from '../src/graphql/schema.js';

export const SNAPSHOT_PATH = join(PROJECT_ROOT, 'test/contract/served-schema.graphql');

export function servedSchemaText(): string {
  return `${printSchema(lexicographicSortSchema(buildSchema(typeDefs)))}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(SNAPSHOT_PATH, servedSchemaText());
  console.log(`wrote ${SNAPSHOT_PATH}`);
}
