/**
 * Transport-level failures (body too large, malformed JSON, unsupported media type, unknown
 * path) answered in the same GraphQL error shape as everything else, with a documented code.
 */
import type { FastifyInstance } from 'fastify';
import { discardRefusedBody } from './refused-body.js';

/** Fastify error code -> the extensions.code clients see. */
const TRANSPORT_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/** `discardBytes`: how much of a refused, still arriving body to read so the client sees the answer. */
export function registerErrorShapes(app: FastifyInstance, discardBytes: number): void {
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string; stack?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    discardRefusedBody(request, reply, discardBytes);
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected transport error');
      return reply.code(500).send({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: request.id } }] });
    }
    const code = (error.code && TRANSPORT_CODES[error.code]) ?? (error instanceof SyntaxError ? 'BAD_REQUEST' : 'BAD_REQUEST');
    return reply.code(status).send({ errors: [{ message: error.message, extensions: { code } }] });
  });
  app.setNotFoundHandler((request, reply) => {
    discardRefusedBody(request, reply, discardBytes);
    const message = `no route ${request.method} ${request.url.split('?')[0]}; the API is at /graphql, GraphiQL at /graphiql`;
    return reply.code(404).send({ errors: [{ message, extensions: { code: 'NOT_FOUND' } }] });
  });
}
