/**
 * A response cache for GraphQL GETs and POSTs, in front of Apollo, with ETags.
 *
 * The dataset cannot change while a process serves it, so a successful query answer stays right
 * for as long as the cache policy allows: answers are pure functions of (dataset, operation,
 * variables, day). GET is the transport HTTP caches understand, and with automatic persisted
 * queries a GET URL is just a hash and the variables. CI tools POST the same plans again and
 * again, so POST answers are kept too, keyed by a hash of the canonical body (operation text or
 * persisted-query hash, operation name, and variables and extensions with their keys sorted, so
 * `{"a":1,"b":2}` and `{"b":2,"a":1}` share an entry). A client repeating a POST sends the same
 * bytes, so the hash of the body's text is remembered as an alias of its canonical key: a repeat
 * is found without re-serialising its parsed body (about a tenth of a hit's time went to that). A request that sends
 * `Cache-Control: no-store` bypasses the cache both ways: it is computed by Apollo and not
 * stored (the benchmark measures uncached answers so). `no-cache` does not: fetch adds it to
 * every conditional request, and a revalidation should still get its 304 from here. A hit is answered before Apollo runs at all: no parsing, validation,
 * context or JSON serialisation, which is what lets repeated GETs run at twice the speed of
 * stock Apollo answering a constant (BENCHMARKS.md). Apollo's own response-cache plugin answers
 * hits inside its request pipeline and re-parses the stored JSON; measured in
 * ../shared/research/perf-security-anchors.md A2, it gains little on small queries.
 *
 * Keyed by the day (compatibility findings depend on today's date), the Accept header (it picks
 * the content type) and the exact query string: operation or persisted-query hash, operation
 * name and variables. The dataset version is part of every ETag. Only answers Apollo marked
 * cacheable (200 with `Cache-Control: public`, which cache-policy.ts gives to error-free
 * queries) are stored, so errors, refusals and unknown persisted queries never are.
 */
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CACHE_BYTES, textBytes } from './bounded-caches.js';
import { datasetEtag, ifNoneMatchHas } from './etag.js';
import { addVary } from './vary.js';

export interface ResponseCacheOptions {
  datasetVersion: string;
  /** Total bytes of keys and bodies kept; least recently used entries go first. */
  maxBytes: number;
  /** Answers larger than this are not stored. */
  maxEntryBytes: number;
  today: () => string;
  /** Apollo's CSRF prevention is on, so hits must be refused as Apollo would refuse misses. */
  csrfPrevention: boolean;
}

export interface Entry {
  /** The answer's bytes, encoded once when stored. */
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
}

/** With CSRF prevention on, Apollo refuses GETs without one of these (or a non-simple content type); hits must too. */
function passesCsrfPrevention(headers: IncomingHttpHeaders): boolean {
  if (headers['apollo-require-preflight'] !== undefined || headers['x-apollo-operation-name'] !== undefined) return true;
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && !['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(type);
}

/** Deepest nesting of arrays and objects in a request's variables and extensions: far past any input type of the schema (3 levels). */
export const MAX_VALUE_DEPTH = 32;

/** Variables or extensions nested deeper than MAX_VALUE_DEPTH: a client mistake, answered 400. */
export class TooDeepError extends Error {}

/**
 * Sorted-key JSON: the same value gives the same text whatever its keys' order. The walk is
 * bounded: a value nested deeper than MAX_VALUE_DEPTH throws TooDeepError rather than overflowing
 * the stack (3,000 levels fit in 6 KB of JSON).
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_VALUE_DEPTH) throw new TooDeepError(`variables and extensions may nest ${MAX_VALUE_DEPTH} levels deep at most`);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .filter((k) => object[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k], depth + 1)}`)
    .join(',')}}`;
}

/** The cache key of a POST body, or undefined when the body is not a single GraphQL request. Throws TooDeepError. */
function postKey(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  if (query !== undefined && typeof query !== 'string') return undefined;
  const canonical = canonicalJson([query ?? null, operationName ?? null, variables ?? null, extensions ?? null], -1);
  // A fixed-size key: the text of a large operation is not kept twice.
  return hash('sha256', canonical, 'base64url');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body's text as it arrived (null for other bodies), for the response cache's alias key. */
    jsonText: string | null;
  }
}

/** The client asked that nothing of this exchange be stored. */
const bypasses = (headers: IncomingHttpHeaders) => {
  const header = headers['cache-control'];
  return header !== undefined && /\bno-store\b/i.test(header);
};

export interface ResponseCache {
  /**
   * The key of a GET of the GraphQL path (its URL and headers), and the entry kept under it;
   * undefined when the request may not use the cache (`no-store`, or refused by CSRF prevention).
   */
  lookupGet(url: string, headers: IncomingHttpHeaders): { key: string; entry: Entry | undefined } | undefined;
}

export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): ResponseCache {
  // Keys count at two bytes a character: they hold the Accept header and a GET's whole query string.
  const entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (entry, key) => textBytes(key) + entry.body.byteLength + 200 });
  /**
   * The hash of a POST body's exact text (with day and Accept) -> its canonical key in `entries`.
   * Bounded by bytes, not count: both hold the Accept header, which a client can make 16 KB long.
   */
  const aliases = new LRUCache<string, string>({
    maxSize: CACHE_BYTES.responseAliases,
    maxEntrySize: CACHE_BYTES.responseAliases / 8,
    sizeCalculation: (canonical, alias) => textBytes(alias) + textBytes(canonical) + 64,
  });
  const keys = new WeakMap<FastifyRequest, { key: string; alias?: string }>();

  // Fastify's own JSON parser, with the app's poisoning settings, behind one that keeps the text.
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.decorateRequest('jsonText', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    request.jsonText = text as string;
    // Callback style: it answers through done and returns nothing.
    void parseJson(request, text as string, done);
  });
  const mayUse = (headers: IncomingHttpHeaders) => !bypasses(headers) && (!options.csrfPrevention || passesCsrfPrevention(headers));
  const onGraphql = (request: FastifyRequest, method: 'GET' | 'POST') => request.method === method && request.routeOptions.url === '/graphql';
  const lookupGet: ResponseCache['lookupGet'] = (url, headers) => {
    if (!mayUse(headers)) return undefined;
    const key = `${options.today()}\n${headers.accept ?? ''}\nGET\n${url.slice(url.indexOf('?') + 1)}`;
    return { key, entry: entries.get(key) };
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry, state: 'HIT' | 'MISS') => {
    addVary(reply.header('etag', entry.etag).header('cache-control', entry.cacheControl), 'accept').header('x-cache', state);
    if (ifNoneMatchHas(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type(entry.contentType).send(entry.body);
  };

  // Callback style for the hook every request passes through (POSTs included): no promise, no microtask.
  app.addHook('onRequest', (request, reply, done) => {
    const found = onGraphql(request, 'GET') ? lookupGet(request.url, request.headers) : undefined;
    if (!found) return done();
    // A hit answers here; Fastify stops the lifecycle once the reply is sent, so done() is not called.
    if (found.entry) return void answer(request, reply, found.entry, 'HIT');
    keys.set(request, { key: found.key });
    done();
  });

  // POSTs: the key needs the parsed body, so after parsing and before Apollo's handler.
  app.addHook('preHandler', (request, reply, done) => {
    if (!onGraphql(request, 'POST') || !mayUse(request.headers)) return done();
    const prefix = `${options.today()}\n${request.headers.accept ?? ''}\nPOST\n`;
    const alias = request.jsonText === null ? undefined : prefix + hash('sha256', request.jsonText, 'base64url');
    const known = alias === undefined ? undefined : aliases.get(alias);
    const aliased = known === undefined ? undefined : entries.get(known);
    if (aliased) return void answer(request, reply, aliased, 'HIT');
    let body: string | undefined;
    try {
      body = postKey(request.body);
    } catch (error) {
      if (!(error instanceof TooDeepError)) throw error;
      return void reply.code(400).send({ errors: [{ message: error.message, extensions: { code: 'BAD_REQUEST' } }] });
    }
    if (body === undefined) return done();
    const key = prefix + body;
    const entry = entries.get(key);
    if (entry) {
      if (alias !== undefined) aliases.set(alias, key);
      return void answer(request, reply, entry, 'HIT');
    }
    keys.set(request, alias === undefined ? { key } : { key, alias });
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = keys.get(request);
    if (pending === undefined) return done(null, payload);
    reply.header('x-cache', 'MISS');
    if (reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > options.maxEntryBytes) return done(null, payload);
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (!/\bpublic\b/.test(cacheControl)) return done(null, payload);
    const entry: Entry = {
      body: Buffer.from(payload),
      contentType: String(reply.getHeader('content-type')),
      cacheControl,
      etag: datasetEtag(options.datasetVersion, payload),
    };
    entries.set(pending.key, entry);
    if (pending.alias !== undefined) aliases.set(pending.alias, pending.key);
    addVary(reply.header('etag', entry.etag), 'accept');
    if (ifNoneMatchHas(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
  return { lookupGet };
}
