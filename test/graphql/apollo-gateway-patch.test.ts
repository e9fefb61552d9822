/**
 * patches/@apollo+server+5.5.1.patch is applied (npm's postinstall runs patch-package) and keeps
 * Apollo's behaviour: the gateway executor still sets the HTTP status through `response.http`.
 *
 * Why the patch exists: Apollo built `response.http` as an object literal with `status`
 * accessors on every request, and each such literal cost V8 a new hidden class holding that
 * request's closures, which kept recent requests' data alive through young-generation
 * collections (docs/operations.md, "The patched dependency"). With the patch the accessors sit on
 * one class's prototype, which is what this test checks, besides the behaviour.
 */
import { ApolloServer } from '@apollo/server';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { buildSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';

const schema = buildSchema('type Query { hello: String }');

function capturingGateway(seen: object[]): GatewayInterface {
  const executor: GatewayExecutor = async ({ response }) => {
    const http = response!.http!;
    seen.push(http);
    http.status = 203;
    return { data: { hello: 'world' } };
  };
  return {
    load: async () => ({ executor }),
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    stop: async () => {},
  };
}

describe('the @apollo/server patch (response.http of gateway requests)', () => {
  it('keeps the status accessors working and declares them once, on a shared prototype', async () => {
    const seen: object[] = [];
    const apollo = new ApolloServer({ gateway: capturingGateway(seen) });
    await apollo.start();
    try {
      const first = await apollo.executeOperation({ query: '{ hello }' });
      const second = await apollo.executeOperation({ query: '{ hello }' });
      for (const response of [first, second]) {
        expect(response.http.status).toBe(203);
        expect(response.body.kind === 'single' && response.body.singleResult.data).toEqual({ hello: 'world' });
      }
      expect(seen).toHaveLength(2);
      const [a, b] = seen as [object, object];
      // Unpatched, `status` is an own accessor of a fresh literal each time.
      expect(Object.getOwnPropertyDescriptor(a, 'status')).toBeUndefined();
      expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
      expect(typeof Object.getOwnPropertyDescriptor(Object.getPrototypeOf(a), 'status')?.get).toBe('function');
    } finally {
      await apollo.stop();
    }
  });
});
