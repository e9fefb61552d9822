/**
 * Transport-level failures (body too large, malformed JSON, unsupported media type, unknown
 * path, a malformed URL, oversized headers, a request that never finishes arriving) answered in
 * the same GraphQL error shape as everything else, `{"errors":[{"message","extensions":{"code"}}]}`,
 * with a documented code and an `x-request-id`, whichever layer refuses them: Fastify's error
 * and not-found handlers, Fastify's router (`frameworkErrors`) and Node's HTTP parser
 * (`clientError`, through Fastify's `clientErrorHandler`).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { discardRefusedBody } from './refused-body.js';
import { requestIdOf } from './request-log.js';

/** Fastify error code -> the extensions.code clients see. */
const TRANSPORT_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/** The one error body of the service. */
export const errorBody = (message: string, code: string, extensions: Record<string, unknown> = {}) => ({
  errors: [{ message, extensions: { code, ...extensions } }],
});

/** `discardBytes`: how much of a refused, still arriving body to read so the client sees the answer. */
export function registerErrorShapes(app: FastifyInstance, discardBytes: number): void {
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string; stack?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    discardRefusedBody(request, reply, discardBytes);
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected transport error');
      return reply.code(500).send(errorBody('Internal server error', 'INTERNAL_SERVER_ERROR', { requestId: request.id }));
    }
    const code = (error.code && TRANSPORT_CODES[error.code]) ?? 'BAD_REQUEST';
    return reply.code(status).send(errorBody(error.message, code));
  });
  app.setNotFoundHandler((request, reply) => {
    discardRefusedBody(request, reply, discardBytes);
    const message = `no route ${request.method} ${request.url.split('?')[0]}; the API is at /graphql, GraphiQL at /graphiql`;
    return reply.code(404).send(errorBody(message, 'NOT_FOUND'));
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/%ff`), a path parameter over its
 * length. They are answered before any hook runs, so the request id is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.debug({ code: error.code }, 'client error: %s', error.message);
  void reply
    .code(400)
    .header('x-request-id', request.id)
    .send(
      errorBody(error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: it does not decode (a malformed percent-escape).' : error.message, 'BAD_REQUEST'),
    );
}

/** Node's parser and timeout errors -> status, code and message. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts (16 KB in all).'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', 'The request did not arrive completely in time.'];
  return [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
}

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError'): the request never became a request
 * (headers too large, malformed, or still incomplete at the request timeout), so the answer is
 * written on the socket here, in the service's shape with a new request id, and the connection
 * is closed: after a parse error nothing more can be read from it. Fastify calls it bound to
 * the instance (`this.log`).
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = clientErrorAnswer(error.code);
  const id = requestIdOf({});
  this.log.debug({ reqId: id, code: error.code }, 'client error: %s', message);
  // Node's own rule: write only when no response of this connection has started.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const body = JSON.stringify(errorBody(message, code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
