/**
 * Adds a field to the `Vary` header instead of replacing it. Several parts of a response vary
 * it: CORS (`Origin`, set on every request when the allowed origins are a list), the GraphQL
 * endpoint (`Accept`: a page for a browser, JSON for a client) and the pages (`Accept-Encoding`).
 * Setting the header outright dropped `Vary: Origin`, and a shared cache could then serve one
 * origin's answer, with its `Access-Control-Allow-Origin`, to another.
 */
import type { FastifyReply } from 'fastify';

export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') return reply.header('vary', field);
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  if (text.trim() === '*' || text.split(',').some((f) => f.trim().toLowerCase() === field.toLowerCase())) return reply;
  return reply.header('vary', `${text}, ${field}`);
}
