/**
 * The cached-GET fast path: a GET of the GraphQL path that the response cache holds is answered in
 * the server factory (turn-scheduler.ts), before Fastify builds its request and reply, routes,
 * parses the query string and runs its hooks.
 *
 * Why: a hit is a map lookup and one write, and Fastify's per-request machinery around it was most
 * of its cost (BENCHMARKS.md, "Side by side with stock Apollo and raw node:http").
 *
 * It answers what the Fastify path answers for a hit, and test/http/fast-path.test.ts holds it to
 * that, header by header: the status (304 when If-None-Match holds the ETag), ETag,
 * Cache-Control, `Vary: Accept`, `X-Cache: HIT`, the content type and the request id (the
 * client's `x-request-id`, or a new one); the same /metrics counter and duration; the same log
 * line. Anything else goes on to Fastify: another method or path, a browser that gets GraphiQL,
 * `no-store`, a GET that CSRF prevention refuses, a miss, and every request once the server is
 * closing. It is not installed when CORS is on (its headers depend on the request's Origin). It
 * needs no deadline timer: the answer is written before it returns.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { ifNoneMatchHas } from './etag.js';
import type { Metrics } from './metrics.js';
import { logCompleted, requestIdOf } from './request-log.js';
import type { ResponseCache } from './response-cache.js';

/** Answers the request and returns true, or returns false having written nothing. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export function cachedGetFastPath(path: string, cache: ResponseCache, metrics: Pick<Metrics, 'observe'>, log: FastifyBaseLogger): FastPath {
  const prefix = `${path}?`;
  return (request, response) => {
    const started = performance.now();
    const { url = '', headers } = request;
    // No entry is ever kept for a browser's Accept: GraphiQL answers those before the cache (app.ts).
    if (request.method !== 'GET' || !url.startsWith(prefix)) return false;
    const entry = cache.lookupGet(url, headers)?.entry;
    if (!entry) return false;
    const id = requestIdOf(headers);
    const head = ['x-request-id', id, 'vary', 'accept', 'etag', entry.etag, 'cache-control', entry.cacheControl, 'x-cache', 'HIT'];
    const status = ifNoneMatchHas(headers['if-none-match'], entry.etag) ? 304 : 200;
    if (status === 304) response.writeHead(304, head).end();
    else response.writeHead(200, [...head, 'content-type', entry.contentType, 'content-length', String(entry.body.byteLength)]).end(entry.body);
    const elapsed = performance.now() - started;
    metrics.observe('GET', path, status, elapsed);
    logCompleted(log, () => log.child({ reqId: id }), 'GET', url, status, elapsed);
    return true;
  };
}
