/**
 * EXPLAIN QUERY PLAN for every DataLoader batch statement (src/graphql/loaders.ts): each reads its
 * tables through an index (SEARCH), never by walking a whole table (SCAN); the only scan allowed is
 * of json_each, the batch's own list of keys. A new loader is covered as soon as it is declared.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { loaderStatements } from '../../src/graphql/loaders.js';
import { testDatabasePath } from '../support/fixtures.js';

const database = openDatabase(testDatabasePath());
afterAll(() => database.close());
const statements = loaderStatements(database.db);

describe('every loader batch searches an index', () => {
  it('covers the loaders', () => expect(Object.keys(statements).length).toBeGreaterThan(30));

  it.each(Object.entries(statements))('%s', (name, sql) => {
    const plan = (database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(JSON.stringify(['flannel', 'windows-server-2019'])) as { detail: string }[]).map(
      (r) => r.detail,
    );
    const detail = `${name}:\n${plan.join('\n')}`;
    expect(
      plan.some((line) => /^SEARCH /.test(line)),
      detail,
    ).toBe(true);
    expect(
      plan.filter((line) => /^SCAN /.test(line) && !/^SCAN json_each VIRTUAL TABLE/.test(line)),
      detail,
    ).toEqual([]);
  });
});
