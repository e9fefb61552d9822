/**
 * One log line per request, at a level that says whether anyone needs to read it: server errors
 * at error, slow requests at warn, the rest at debug. Fastify's default (two info lines per
 * request) cost about 15% of throughput on small queries (BENCHMARKS.md), and an ingress or load
 * balancer keeps access logs anyway. Every line carries the request id (`reqId`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A request slower than this is logged at warn. */
export const SLOW_REQUEST_MS = 500;

/** The header a client may name its request with; without it a request gets a new UUID. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The longest client-given request id kept; a longer one is replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;

/**
 * What a kept request id may hold: letters, digits and `-_.:/+=@;,~` (UUIDs, W3C trace ids, AWS
 * `Root=1-...;Parent=...` ids). Anything else (control characters, tabs, spaces, quotes, angle
 * brackets, non-ASCII) could forge log lines or reach a page: such an id is replaced, not echoed.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9\-_.:/+=@;,~]+$/;

/** The client's id when it is safe to echo and log, else undefined. */
export function safeRequestId(given: unknown): string | undefined {
  return typeof given === 'string' && given.length > 0 && given.length <= MAX_REQUEST_ID_LENGTH && SAFE_REQUEST_ID.test(given) ? given : undefined;
}

/**
 * A request's id: the client's `x-request-id` when it is safe (see `safeRequestId`), else a new
 * UUID. Fastify's `genReqId` (its own `requestIdHeader` is off, as it would echo any id verbatim)
 * and the cached-GET fast path, which answers before Fastify, both take it from here.
 */
export const requestIdOf = (headers: IncomingHttpHeaders): string => safeRequestId(headers[REQUEST_ID_HEADER]) ?? randomUUID();

export function registerRequestLog(app: FastifyInstance): void {
  // Every response carries its request id (the client's x-request-id, or a new UUID), whatever
  // the route: health, metrics, pages, GraphiQL, cache hits, errors and 404s alike.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Callback style: an async hook would cost a promise and a microtask on every request.
  app.addHook('onResponse', (request, reply, done) => {
    logCompleted(request.log, () => request.log, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/**
 * Writes a request's line, if its level is enabled in `log`. `requestLog` gives the logger bound to
 * the request id, asked for only then (the cached-GET fast path, fast-path.ts, makes it then).
 */
export function logCompleted(
  log: FastifyBaseLogger,
  requestLog: () => FastifyBaseLogger,
  method: string,
  url: string,
  statusCode: number,
  elapsedMs: number,
): void {
  const level = statusCode >= 500 ? 'error' : elapsedMs >= SLOW_REQUEST_MS ? 'warn' : 'debug';
  // Fastify's logger is pino; its level check avoids building lines nobody will write.
  if ((log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level))
    requestLog()[level]({ method, url: url.slice(0, 200), statusCode, responseTimeMs: Math.round(elapsedMs * 10) / 10 }, 'request completed');
}
