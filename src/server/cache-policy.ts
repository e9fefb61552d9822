/**
 * One cache policy for every answer, instead of Apollo's per-field cache-control plugin.
 *
 * The data only changes with a new dataset (a new deployment), so every successful query answer
 * is publicly cacheable for the same time; answers with errors are not. Apollo's plugin reaches
 * the same result by wrapping every resolver call (`willResolveField`), which cost about 1.4x on
 * nested queries (../shared/research/perf-security-anchors.md, A1); this decides once per request.
 */
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import { OperationTypeNode } from 'graphql';

export function singleCachePolicyPlugin(maxAgeSeconds: number): ApolloServerPlugin {
  // One listener for all requests: it keeps no per-request state, so nothing is allocated per request.
  const listener: GraphQLRequestListener<BaseContext> = {
    async willSendResponse({ response, operation, overallCachePolicy }) {
      if (response.body.kind !== 'single') return;
      const cacheable = maxAgeSeconds > 0 && operation?.operation === OperationTypeNode.QUERY && !response.body.singleResult.errors;
      if (cacheable) {
        // Kept in Apollo's own record too, for any plugin that reads it.
        overallCachePolicy.replace({ maxAge: maxAgeSeconds, scope: 'PUBLIC' });
        response.http.headers.set('cache-control', `max-age=${maxAgeSeconds}, public`);
      } else response.http.headers.set('cache-control', 'no-store');
    },
  };
  return { requestDidStart: async () => listener };
}
