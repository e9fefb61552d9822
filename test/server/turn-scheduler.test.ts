/**
 * The server behind Fastify (src/server/turn-scheduler.ts) starts queued requests for a bounded
 * time per event-loop turn. Its effect on accept latency is measured by `npm run soak` (a burst of 500 connections),
 * not here: timings make poor unit tests. Here: it carries Fastify's timeouts, it starts queued
 * requests one per turn in arrival order, and the app on it answers many simultaneous connections.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { turnScheduledServer } from '../../src/server/turn-scheduler.js';
import type { FastPath } from '../../src/server/fast-path.js';
import { buildApp } from '../../src/server/app.js';
import { startApp, testDatabase, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

describe('turnScheduledServer', () => {
  it('sets the timeouts Fastify would set on its own server', () => {
    const server = turnScheduledServer(() => undefined, { keepAliveTimeout: 1234, requestTimeout: 5678, connectionTimeout: 0, maxRequestsPerSocket: 7 });
    expect([server.keepAliveTimeout, server.requestTimeout, server.timeout, server.maxRequestsPerSocket]).toEqual([1234, 5678, 0, 7]);
  });

  /** Sends `paths` pipelined on one connection (so they arrive in one read and queue together) and waits for every answer. */
  async function pipelined(handler: (req: IncomingMessage, res: ServerResponse) => void, paths: string[], budgetMs?: number, fastPath?: { answer?: FastPath }) {
    const server = turnScheduledServer(handler, {}, budgetMs, fastPath);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(paths.map((p) => `GET ${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join('')));
        let answers = '';
        socket.on('data', (chunk: Buffer) => {
          answers += chunk.toString();
          if ((answers.match(/HTTP\/1\.1 200/g) ?? []).length === paths.length) {
            socket.destroy();
            resolve();
          }
        });
        socket.on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  const paths = ['/1', '/2', '/3', '/4', '/5', '/6'];
  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  /**
   * Sends `paths` pipelined to a handler that works `workMs` per request under a `budgetMs` budget;
   * returns the order requests started in and the event-loop turn (one setImmediate each) each started in.
   */
  async function startsByTurn(budgetMs: number, workMs: number) {
    const started: string[] = [];
    const turns: number[] = [];
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    tick();
    try {
      await pipelined(
        (req, res) => {
          started.push(req.url!);
          turns.push(turn);
          busy(workMs);
          res.end('ok');
        },
        paths,
        budgetMs,
      );
    } finally {
      ticking = false;
    }
    return { started, turns };
  }

  it('starts queued requests in arrival order, one after another in the same turn while the budget lasts', async () => {
    // Each answers at once, well within a generous budget (a cold first request may take over the default's 1 ms).
    const { started, turns } = await startsByTurn(1000, 0);
    expect(started).toEqual(paths);
    // The turn went on to the next.
    expect(new Set(turns).size, `turns: ${turns.join(', ')}`).toBe(1);
  });

  it('leaves the queue to later turns once a turn has used its budget', async () => {
    // Each request takes longer than the whole budget, so a turn has room for one only.
    const { started, turns } = await startsByTurn(1, 3);
    expect(started).toEqual(paths);
    for (let i = 1; i < turns.length; i++) expect(turns[i]!, `request ${i + 1} started in a later turn`).toBeGreaterThan(turns[i - 1]!);
  });

  it('does not let a request that answers later hold back the ones queued behind it', async () => {
    const events: string[] = [];
    await pipelined((req, res) => {
      events.push(`start ${req.url}`);
      // The first answers 50 ms later, as a request waiting for the rest of its body would.
      if (req.url === '/1')
        setTimeout(() => {
          events.push('answer /1');
          res.end('ok');
        }, 50);
      else res.end('ok');
    }, paths);
    expect(events.indexOf('answer /1'), events.join(', ')).toBe(paths.length);
  });

  it('lets the fast path answer a request on arrival when nothing is queued, and in its turn behind queued ones', async () => {
    const events: string[] = [];
    const fastPath: { answer?: FastPath } = {
      answer: (req, res) => {
        if (!req.url!.startsWith('/hit')) return false;
        events.push(`fast ${req.url}`);
        res.end('ok');
        return true;
      },
    };
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      events.push(`handler ${req.url}`);
      res.end('ok');
    };
    // Alone, a hit never reaches the handler, and is answered before the next turn's queue runs.
    await pipelined(handler, ['/hit1', '/hit2'], undefined, fastPath);
    expect(events).toEqual(['fast /hit1', 'fast /hit2']);
    events.length = 0;
    // Behind a queued request, the hit waits in the queue and is answered in arrival order.
    await pipelined(handler, ['/1', '/hit3', '/2'], undefined, fastPath);
    expect(events).toEqual(['handler /1', 'fast /hit3', 'handler /2']);
  });
});

describe('the app on the scheduled server', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('answers every request of 200 connections opened at once, each correctly', async () => {
    const slugs = ['flannel', 'calico', 'win-overlay', 'win-bridge', 'azure-cni'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const slug = slugs[i % slugs.length]!;
        const body = JSON.stringify({ query: 'query ($slug: String!) { cniPlugin(slug: $slug) { slug } }', variables: { slug } });
        return new Promise<string>((resolve, reject) => {
          const req = request(
            `${app.url}/graphql`,
            { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () =>
                resolve(`${res.statusCode} ${(JSON.parse(text) as GraphqlBody<{ cniPlugin: { slug: string } }>).data?.cniPlugin.slug === slug}`),
              );
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      }),
    );
    expect(answers).toEqual(Array.from({ length: 200 }, () => '200 true'));
  });

  it('runs with the deadline backstop as Node request timeout', async () => {
    const { fastify } = await buildApp({ database: testDatabase(), logLevel: 'silent' });
    try {
      expect(fastify.server.requestTimeout).toBe(DEFAULT_LIMITS.requestTimeoutMs * 2);
    } finally {
      await fastify.close();
    }
  });
});
