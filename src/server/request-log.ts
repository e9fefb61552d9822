/**
 * One log line per request, at a level that says whether anyone needs to read it: server errors
 * at error, slow requests at warn, the rest at debug. Fastify's default (two info lines per
 * request) cost about 15% of throughput on small queries (BENCHMARKS.md), and an ingress or load
 * balancer keeps access logs anyway. Every line carries the request id (`reqId`).
 */
import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged at warn. */
export const SLOW_REQUEST_MS = 500;

export function registerRequestLog(app: FastifyInstance): void {
  // Every response carries its request id (the client's x-request-id, or a new UUID), whatever
  // the route: health, metrics, pages, GraphiQL, cache hits, errors and 404s alike.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Callback style: an async hook would cost a promise and a microtask on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : reply.elapsedTime >= SLOW_REQUEST_MS ? 'warn' : 'debug';
    // Fastify's logger is pino; its level check avoids building lines nobody will write.
    if ((request.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level))
      request.log[level](
        { method: request.method, url: request.url.slice(0, 200), statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
    done();
  });
}
