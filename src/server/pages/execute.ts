/**
 * Runs the pages' operations in-process against the service's own executable schema and
 * resolvers, with a context built as the server builds it for a request. The pages therefore
 * show exactly what the API answers: there is no second query path.
 */
import { execute, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../../graphql/context.js';
import { requestLoaders } from '../../graphql/loaders.js';
import { executableSchema } from '../../graphql/schema.js';

/** What a page render needs beyond the day: each render gets fresh DataLoaders, as a request does. */
export type PageContext = Pick<RequestContext, 'database' | 'knowledge'>;

export interface PageQueries {
  /** Runs `query` for `today`; throws on any GraphQL error (the pages' operations are fixed, so an error is a bug). */
  run<T>(query: string, variables: Record<string, unknown>, today: string): Promise<T>;
}

export function pageQueries(context: PageContext, schema: GraphQLSchema = executableSchema()): PageQueries {
  const documents = new Map<string, DocumentNode>();
  return {
    async run<T>(query: string, variables: Record<string, unknown>, today: string): Promise<T> {
      let document = documents.get(query);
      if (!document) documents.set(query, (document = parse(query)));
      const result = await execute({
        schema,
        document,
        variableValues: variables,
        contextValue: { ...context, loaders: requestLoaders(context.database.db), today } satisfies RequestContext,
      });
      if (result.errors?.length) throw new Error(`page query failed: ${result.errors.map((e) => e.message).join('; ')}`);
      return result.data as T;
    },
  };
}
