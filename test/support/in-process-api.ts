/**
 * The schema served by an in-process ApolloServer over the test database, without HTTP: for tests
 * of what the API answers (errors, search) rather than how it is carried. Started before the
 * file's tests and stopped after them.
 */
import { ApolloServer } from '@apollo/server';
import { afterAll, beforeAll } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import type { RequestContext } from '../../src/graphql/context.js';
import { requestLoaders } from '../../src/graphql/loaders.js';
import { resolvers, typeDefs } from '../../src/graphql/schema.js';
import { TEST_TODAY, testDatabase } from './fixtures.js';

/** Registers the server's start and stop; returns how to run one operation and get its single result. */
export function inProcessApi() {
  let apollo: ApolloServer<RequestContext>;
  beforeAll(async () => {
    apollo = new ApolloServer<RequestContext>({ typeDefs, resolvers: resolvers as never });
    await apollo.start();
  });
  afterAll(() => apollo.stop());
  return async (query: string, variables: Record<string, unknown>) => {
    const database = testDatabase();
    const response = await apollo.executeOperation(
      { query, variables },
      { contextValue: { database, knowledge: loadKnowledge(database), loaders: requestLoaders(database.db), today: TEST_TODAY } },
    );
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult;
  };
}
