/**
 * A response cache for GraphQL GETs, in front of Apollo, with ETags.
 *
 * The dataset cannot change while a process serves it, so a successful query answer stays right
 * for as long as the cache policy allows. GET is the cacheable transport (POST answers are
 * never stored, here or by HTTP caches), and with automatic persisted queries a GET URL is just
 * a hash and the variables. A hit is answered before Apollo runs at all: no parsing, validation,
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
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

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

interface Entry {
  body: string;
  contentType: string;
  cacheControl: string;
  etag: string;
}

/** With CSRF prevention on, Apollo refuses GETs without one of these (or a non-simple content type); hits must too. */
function passesCsrfPrevention(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['apollo-require-preflight'] !== undefined || headers['x-apollo-operation-name'] !== undefined) return true;
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && !['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(type);
}

/** If-None-Match holds this ETag (a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (entry, key) => key.length + entry.body.length + 200 });
  const keys = new WeakMap<FastifyRequest, string>();
  const cacheable = (request: FastifyRequest) => request.method === 'GET' && request.routeOptions.url === '/graphql' && (!options.csrfPrevention || passesCsrfPrevention(request));

  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry, state: 'HIT' | 'MISS') => {
    reply.header('etag', entry.etag).header('cache-control', entry.cacheControl).header('vary', 'accept').header('x-cache', state).header('x-request-id', request.id);
    if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type(entry.contentType).send(entry.body);
  };

  // Callback style for the hook every request passes through (POSTs included): no promise, no microtask.
  app.addHook('onRequest', (request, reply, done) => {
    if (!cacheable(request)) return done();
    const query = request.url.slice(request.url.indexOf('?') + 1);
    const key = `${options.today()}\n${request.headers.accept ?? ''}\n${query}`;
    const entry = entries.get(key);
    // A hit answers here; Fastify stops the lifecycle once the reply is sent, so done() is not called.
    if (entry) return void answer(request, reply, entry, 'HIT');
    keys.set(request, key);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const key = keys.get(request);
    if (key === undefined) return done(null, payload);
    reply.header('x-cache', 'MISS');
    if (reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > options.maxEntryBytes) return done(null, payload);
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (!/\bpublic\b/.test(cacheControl)) return done(null, payload);
    const hash = createHash('sha256').update(payload).digest('base64url').slice(0, 22);
    const entry: Entry = { body: payload, contentType: String(reply.getHeader('content-type')), cacheControl, etag: `"${options.datasetVersion}-${hash}"` };
    entries.set(key, entry);
    reply.header('etag', entry.etag).header('vary', 'accept');
    if (matches(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}
