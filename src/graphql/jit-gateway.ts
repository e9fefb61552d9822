/**
 * Runs operations with graphql-jit through Apollo Server's gateway hook, the one executor
 * extension point Apollo 4 and 5 keep (the `executor` option is gone; an official custom
 * executor, apollo-server PR #7981, is unmerged). Apollo still parses, validates and caches
 * documents and runs every plugin; only execution is replaced. Compiled operations are cached by
 * Apollo's query hash and operation name, so each distinct operation compiles once (within a
 * byte budget: see CompiledCacheOptions).
 *
 * graphql-jit turns an operation into a specialised function (no per-field resolver lookup,
 * argument coercion or promise bookkeeping), which measured about 1.7x on nested queries
 * (../shared/research/perf-security-anchors.md, A1 and A2).
 */
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { GraphQLError, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

/**
 * How compiled operations are kept: bounded by estimated bytes, not by count (a compiled operation
 * holds its document, whose text and tokens can be 100 KB), least recently used out first.
 */
export interface CompiledCacheOptions {
  maxBytes: number;
  /** Estimated heap bytes of a document (a compiled operation counts twice that: the document and its generated code). */
  documentBytes: (document: DocumentNode) => number;
  /** Whether an operation of this document may be kept at all (the server keeps no long query texts). */
  keep: (document: DocumentNode) => boolean;
}

/** Without options: 16 MB of compiled operations, documents counted by their JSON (tests and tools). */
const DEFAULT_COMPILED_CACHE: CompiledCacheOptions = {
  maxBytes: 16 * 1024 * 1024,
  documentBytes: (document) => JSON.stringify(document).length * 4,
  keep: () => true,
};

export function jitGateway(schema: GraphQLSchema, cacheOptions: CompiledCacheOptions = DEFAULT_COMPILED_CACHE): GatewayInterface {
  const compiled = new LRUCache<string, { operation: CompiledQuery; bytes: number }>({
    maxSize: cacheOptions.maxBytes,
    maxEntrySize: cacheOptions.maxBytes / 8,
    sizeCalculation: (entry, key) => 2 * key.length + entry.bytes,
  });
  const executor: GatewayExecutor = async ({ document, operationName, queryHash, request, context }) => {
    const key = `${queryHash}\u0000${operationName ?? ''}`;
    let operation = compiled.get(key)?.operation;
    if (!operation) {
      const result = compileQuery(schema, document, operationName ?? undefined);
      // Not compiled: the errors say why (e.g. an unknown operation name), as graphql-js would.
      if (!isCompiledQuery(result)) return result;
      operation = result;
      if (cacheOptions.keep(document)) compiled.set(key, { operation, bytes: 2 * cacheOptions.documentBytes(document) });
    }
    const result = await operation.query(undefined, context, request.variables ?? {});
    // No data at all means the variables were refused before execution. graphql-js marks those
    // so Apollo answers 400 BAD_USER_INPUT; graphql-jit's errors lack the marks, so add the code.
    if (result.data === undefined && result.errors)
      return {
        errors: result.errors.map((e) =>
          e.extensions?.code ? e : new GraphQLError(e.message, { nodes: e.nodes ?? null, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } }),
        ),
      };
    return result;
  };
  return {
    async load() {
      return { executor };
    },
    // Apollo asks for the schema once; it must be given synchronously (apollo-server #7340).
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}
