/**
 * A per-request deadline: a request still unanswered after the limit gets 503 with a GraphQL
 * error (code TIMEOUT) instead of holding its connection. Execution here is short and bounded
 * by the query limits, so this guards against the unforeseen rather than the expected.
 */
import type { FastifyInstance } from 'fastify';

export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ timeoutMs }, 'request exceeded its deadline');
      void reply
        .code(503)
        .header('retry-after', '1')
        .type('application/json; charset=utf-8')
        .send({ errors: [{ message: `The request took longer than ${timeoutMs} ms and was abandoned.`, extensions: { code: 'TIMEOUT' } }] });
    }, timeoutMs);
    timer.unref();
    timers.set(request, timer);
  });
  app.addHook('onResponse', async (request) => clearTimeout(timers.get(request)));
}
