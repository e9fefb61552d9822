/**
 * Starts queued requests for a bounded time per event-loop turn, so the server keeps accepting
 * connections while it is busy.
 *
 * Why: since libuv 1.45 (Node 20), a listening socket accepts one connection per event-loop
 * turn (libuv PR #3696). Node runs every request whose bytes arrived in a turn within that
 * turn, so with hundreds of busy keep-alive connections a turn lasts as long as hundreds of
 * requests, and a connection waiting in the kernel's accept queue waits that long per place in
 * the queue. Measured with 500 connections opened at once: connections accepted over 5 s, first
 * answers up to 8 s, and where the accept queue is short (somaxconn 128) SYN retransmits at
 * 1, 3 and 7 s. Bounding the time a turn spends on requests keeps turns short, so the accept
 * queue drains at once (docs/operations.md, "Many connections at once"; `npm run soak`).
 *
 * Why a time budget rather than one request per turn: a turn has a fixed cost (the poll, the
 * timers, the check phase), and answers written in separate turns reach the client in separate
 * wake-ups. Starting one request per turn cost the cheapest answers (cached GETs, about 60 us of
 * work) a third of their throughput. So a turn starts the next queued request as soon as the one
 * before it has sent its answer, while the turn has spent less than `budgetMs` on requests;
 * whatever is left waits for the next turn, in arrival order.
 *
 * A request's work is synchronous apart from promise continuations (the data is local), so it
 * normally sends its answer inside the turn that started it. One that does not (a body still
 * arriving, a client gone) ends the turn's chain; the next turn carries on with the queue, so a
 * slow client never holds the others back. The queue holds at most one request per connection
 * (HTTP/1.1 without pipelining), and the request deadline starts when a request starts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastPath } from './fast-path.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How long one turn may keep starting requests. About three lookups or twenty cached answers; a
 * turn lasts at most this plus the last request it started, so 500 waiting connections are
 * accepted within about half a second of work (BENCHMARKS.md, docs/operations.md).
 */
export const TURN_BUDGET_MS = 1;

/**
 * A Fastify `serverFactory`: Node's HTTP server, with Fastify's timeouts, starting requests for at
 * most `budgetMs` per turn. A request that `fastPath.answer` answers (a response-cache hit,
 * fast-path.ts) never reaches Fastify; the app sets it once the response cache exists.
 */
export function turnScheduledServer(
  handler: Handler,
  options: Record<string, unknown>,
  budgetMs = TURN_BUDGET_MS,
  fastPath: { answer?: FastPath } = {},
): Server {
  // A FIFO of two arrays: requests are taken from `draining` and added to `arriving`, which takes
  // its place once `draining` is used up, so neither grows without end under sustained load.
  let draining: ([IncomingMessage, ServerResponse] | undefined)[] = [];
  let next = 0;
  let arriving: [IncomingMessage, ServerResponse][] = [];
  let scheduled = false;
  /** The current turn, and when it started its first request. */
  let turn = 0;
  let turnStarted = 0;

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
  const queued = () => next < draining.length || arriving.length > 0;

  /** Starts the next live request of the queue; when it has answered, the turn may start another. */
  const startNext = (startedIn: number) => {
    let entry = take();
    // A client that went away while its request waited needs no answer.
    while (entry?.[0].socket?.destroyed) entry = take();
    if (!entry) return;
    entry[1].once('finish', () => {
      if (turn === startedIn && performance.now() - turnStarted < budgetMs) startNext(startedIn);
    });
    if (!fastPath.answer?.(entry[0], entry[1])) handler(entry[0], entry[1]);
  };

  const runTurn = () => {
    turn++;
    turnStarted = performance.now();
    startNext(turn);
    // Whatever this turn's chain does not reach waits for the next turn (queued from the check
    // phase, the callback runs in the next turn, after that turn's accept).
    if (queued()) setImmediate(runTurn);
    else scheduled = false;
  };

  // How often Node looks for requests past their timeout: its default (30 s) would leave a request
  // that never finishes arriving open up to 30 s past the limit before its 408 (errors.ts).
  const requestTimeout = typeof options.requestTimeout === 'number' ? options.requestTimeout : 0;
  const connectionsCheckingInterval = requestTimeout > 0 ? Math.min(30_000, Math.max(250, Math.round(requestTimeout / 4))) : 30_000;
  const server = createServer({ connectionsCheckingInterval }, (request, response) => {
    // HEAD answers as GET does, without a body (RFC 9110, 9.3.2), on every route, the GraphQL
    // endpoint included (Apollo refuses HEAD with 405). Node built this response for a HEAD
    // request, so it writes the headers (Content-Length too) and drops the body.
    if (request.method === 'HEAD') request.method = 'GET';
    // A cache hit costs little more than queueing it would, so with nothing queued ahead of it it
    // is answered at once; behind queued requests it waits its turn like any other.
    if (!queued() && fastPath.answer?.(request, response)) return;
    arriving.push([request, response]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(runTurn);
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
