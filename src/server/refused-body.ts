/**
 * Lets a client that is still sending its body read the refusal (413, 415, ...).
 *
 * Fastify refuses an oversized body on its Content-Length, before reading it, and marks the
 * answer `Connection: close`; Node then closes the socket as soon as the answer is written. The
 * client is still sending, so the kernel resets the connection (unread bytes), and a client that
 * sends its whole body before it reads (Node's fetch, undici) gets EPIPE instead of the 413 and
 * its coded error. curl reads early and was not affected.
 *
 * Instead, the rest of the body is read and thrown away, up to `maxBytes`; the connection then
 * stays usable, because Node's parser knows where the body ends. Past `maxBytes` the connection
 * is closed as before, so a client cannot make the server read without end. The request
 * timeout bounds the time it may take.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function discardRefusedBody(request: FastifyRequest, reply: FastifyReply, maxBytes: number): void {
  const raw: IncomingMessage = request.raw;
  if (raw.complete) return;
  // Keep the connection open until the body is through: closing now is what resets it.
  reply.removeHeader('connection');
  let discarded = 0;
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) {
      raw.off('data', onData);
      raw.socket.destroy();
    }
  };
  raw.on('data', onData);
  raw.resume();
}
