/**
 * A per-request deadline: a request still unanswered after the limit gets 503 with a GraphQL
 * error (code TIMEOUT) instead of holding its connection. Execution here is short and bounded
 * by the query limits, so this guards against the unforeseen rather than the expected. After
 * the 503 the connection is closed, so a client that trickles its body cannot pin the socket.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pending deadline timer, cleared once the response is sent. */
    deadlineTimer: NodeJS.Timeout | null;
  }
}

export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  // A request decoration rather than a WeakMap: same object shape on every request, no ephemeron for the GC.
  app.decorateRequest('deadlineTimer', null);
  // Callback-style hooks: these run on every request, and an async hook costs a promise and a microtask each.
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ timeoutMs }, 'request exceeded its deadline');
      // The connection is closed once the 503 is written: a client still trickling its body
      // would otherwise keep the socket (and its parser) for as long as it kept sending.
      reply.raw.once('finish', () => request.raw.socket?.destroy());
      void reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '1')
        .type('application/json; charset=utf-8')
        .send({ errors: [{ message: `The request took longer than ${timeoutMs} ms and was abandoned.`, extensions: { code: 'TIMEOUT' } }] });
    }, timeoutMs);
    timer.unref();
    request.deadlineTimer = timer;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.deadlineTimer) clearTimeout(request.deadlineTimer);
    done();
  });
}
