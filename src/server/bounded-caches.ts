/**
 * Every cache of the server is bounded by the bytes it holds, keys and query texts included
 * (docs/operations.md, "Memory"): a stream of distinct queries cannot grow the process past the
 * sum of these budgets. Sizes are estimates of V8 heap bytes, counted when an entry is stored.
 *
 * Why: Apollo's default document store counts a parsed document by the length of its JSON, which
 * leaves out the query text a document keeps (its `loc.source`) and its token list. 3,000
 * distinct 90 KB-commented queries counted as a few hundred KB and held about 300 MB, past the
 * Deployment's 512Mi limit. Here a document counts its text and its tokens, and no text longer
 * than MAX_CACHED_TEXT_CHARS is kept by any cache: such a query is parsed again when it comes
 * again, which costs no more than its first time.
 */
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

/** Longest query text (in characters) any cache keeps, as a key or inside a value. */
export const MAX_CACHED_TEXT_CHARS = 32 * 1024;

/** The byte budgets of the caches (docs/operations.md, "Memory"). */
export const CACHE_BYTES = {
  /** Parsed and validated documents (Apollo's document store). */
  documents: 16 * 1024 * 1024,
  /** Operations compiled by graphql-jit (jit-gateway.ts). */
  compiled: 16 * 1024 * 1024,
  /** Query texts registered by automatic persisted queries. */
  persistedQueries: 4 * 1024 * 1024,
  /** Selection counts, keyed by query text (selection-count.ts). */
  selectionCounts: 2 * 1024 * 1024,
  /** POST body hashes -> response-cache keys (response-cache.ts). */
  responseAliases: 2 * 1024 * 1024,
} as const;

/** A JavaScript string's bytes at worst: two per UTF-16 code unit. */
export const textBytes = (text: string): number => 2 * text.length;

/** What a parsed document keeps besides its text, per token (measured: a parsed introspection query holds about 150 bytes a token). */
const BYTES_PER_TOKEN = 160;

const documentSizes = new WeakMap<DocumentNode, number>();
/**
 * Estimated heap bytes of a parsed document: its source text plus its tokens (a document's
 * locations keep the whole linked list of tokens, comments included).
 */
export function documentBytes(document: DocumentNode): number {
  let bytes = documentSizes.get(document);
  if (bytes === undefined) {
    let tokens = 0;
    for (let token = document.loc?.startToken ?? null; token !== null; token = token.next) tokens++;
    bytes = textBytes(document.loc?.source.body ?? '') + tokens * BYTES_PER_TOKEN + 256;
    documentSizes.set(document, bytes);
  }
  return bytes;
}

/** The length of the query text a document was parsed from. */
export const documentTextLength = (document: DocumentNode): number => document.loc?.source.body.length ?? 0;

/** Apollo's KeyValueCache interface (@apollo/utils.keyvaluecache), which its documentStore and persistedQueries.cache take. */
export interface KeyValueCache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean | void>;
}

/** An Apollo key-value cache over an lru-cache bounded by `maxBytes` as `sizeOf` counts; values `keep` refuses are not stored. */
function boundedStore<V extends object | string>(maxBytes: number, sizeOf: (value: V, key: string) => number, keep: (value: V) => boolean): KeyValueCache<V> {
  const cache = new LRUCache<string, V>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 8,
    sizeCalculation: (value, key) => Math.max(1, textBytes(key) + sizeOf(value, key)),
  });
  return {
    async get(key) {
      return cache.get(key);
    },
    async set(key, value) {
      if (keep(value)) cache.set(key, value);
    },
    async delete(key) {
      return cache.delete(key);
    },
  };
}

/** Apollo's document store: parsed, validated documents by query hash, bounded by their text and tokens. */
export function documentStore(maxBytes: number = CACHE_BYTES.documents): KeyValueCache<DocumentNode> {
  return boundedStore<DocumentNode>(maxBytes, documentBytes, (document) => documentTextLength(document) <= MAX_CACHED_TEXT_CHARS);
}

/** Apollo's persisted-query cache: query texts by hash, bounded by their bytes. */
export function persistedQueryStore(maxBytes: number = CACHE_BYTES.persistedQueries): KeyValueCache<string> {
  return boundedStore<string>(maxBytes, textBytes, (text) => text.length <= MAX_CACHED_TEXT_CHARS);
}
