/**
 * patches/@apollo+server+5.5.1.patch is applied (`prepare` runs patch-package), to both of Apollo's
 * builds, and keeps Apollo's behaviour: the gateway executor still sets the HTTP status through
 * `response.http`. Its header names the upstream issue or PR it tracks.
 *
 * Why the patch exists: Apollo built `response.http` as an object literal with `status`
 * accessors on every request, and each such literal cost V8 a new hidden class holding that
 * request's closures, which kept recent requests' data alive through young-generation
 * collections (docs/operations.md, "The patched dependency"). With the patch the accessors sit on
 * one class's prototype, which is what this test checks, besides the behaviour.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The CommonJS build, which a `require('@apollo/server')` gets: the patch changes both builds. */
const { ApolloServer: ApolloServerCjs } = createRequire(import.meta.url)('@apollo/server') as { ApolloServer: typeof ApolloServer };

describe('the @apollo/server patch (response.http of gateway requests)', () => {
  it.each([
    ['ESM', ApolloServer],
    ['CommonJS', ApolloServerCjs],
  ])('keeps the status accessors working and declares them once, on a shared prototype (%s build)', async (_build, Server) => {
    const seen: object[] = [];
    const apollo = new Server({ gateway: capturingGateway(seen) });
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

  it('names, in its header, the upstream issue or PR it tracks', () => {
    const patches = readdirSync(new URL('../../patches/', import.meta.url)).filter((name) => name.startsWith('@apollo+server+'));
    expect(patches).toHaveLength(1);
    const text = readFileSync(new URL(`../../patches/${patches[0]!}`, import.meta.url), 'utf8');
    const header = text.slice(0, text.indexOf('diff --git'));
    expect(header).toMatch(/^# /);
    expect(header).toMatch(/Upstream:/);
    expect(header).toMatch(/https:\/\/github\.com\/apollographql\/apollo-server\/(issues|pull)\/\d+/);
    // The header speaks of the version the file name patches.
    expect(header).toContain(patches[0]!.replace(/^@apollo\+server\+|\.patch$/g, ''));
  });
});
