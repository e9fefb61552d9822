/**
 * Starts at most one request per event-loop turn, so the server keeps accepting connections
 * while it is busy.
 *
 * Why: since libuv 1.45 (Node 20), a listening socket accepts one connection per event-loop
 * turn (libuv PR #3696). Node runs every request whose bytes arrived in a turn within that
 * turn, so with hundreds of busy keep-alive connections a turn lasts as long as hundreds of
 * requests, and a connection waiting in the kernel's accept queue waits that long per place in
 * the queue. Measured with 500 connections opened at once: connections accepted over 5 s, first
 * answers up to 8 s, and where the accept queue is short (somaxconn 128) SYN retransmits at
 * 1, 3 and 7 s. Starting one request per turn keeps a turn at one request's length, so the
 * accept queue drains at once (docs/operations.md, "Many connections at once"; `npm run soak`).
 *
 * A request's work is synchronous apart from promise continuations (the data is in memory), so
 * it runs to its answer inside its turn; nothing is held back but the start of the next one.
 * The queue holds at most one request per connection (HTTP/1.1 without pipelining), and the
 * request deadline starts when a request starts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A Fastify `serverFactory`: Node's HTTP server, with Fastify's timeouts, starting one request per turn. */
export function turnScheduledServer(handler: Handler, options: Record<string, unknown>): Server {
  // A FIFO of two arrays: requests are taken from `draining` and added to `arriving`, which takes
  // its place once `draining` is used up, so neither grows without end under sustained load.
  let draining: ([IncomingMessage, ServerResponse] | undefined)[] = [];
  let next = 0;
  let arriving: [IncomingMessage, ServerResponse][] = [];
  let scheduled = false;

  const take = () => {
    if (next === draining.length) {
      draining = arriving;
      arriving = [];
      next = 0;
    }
    const entry = draining[next];
    draining[next++] = undefined;
    return entry;
  };

  const runOne = () => {
    scheduled = false;
    const entry = take();
    // A client that went away while its request waited needs no answer.
    if (entry && !entry[0].socket?.destroyed) handler(entry[0], entry[1]);
    if (next < draining.length || arriving.length > 0) {
      scheduled = true;
      // Queued from the check phase, this runs in the next turn, after that turn's accept.
      setImmediate(runOne);
    }
  };

  const server = createServer((request, response) => {
    arriving.push([request, response]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(runOne);
    }
  });
  // What Fastify sets on the server it creates itself (fastify/lib/server.js), from its resolved options.
  const number = (name: string) => (typeof options[name] === 'number' ? options[name] : undefined);
  server.keepAliveTimeout = number('keepAliveTimeout') ?? 72_000;
  server.requestTimeout = number('requestTimeout') ?? 0;
  server.setTimeout(number('connectionTimeout') ?? 0);
  if (number('maxRequestsPerSocket')) server.maxRequestsPerSocket = number('maxRequestsPerSocket')!;
  return server;
}
