/**
 * The server behind Fastify (src/server/turn-scheduler.ts) starts one request per event-loop
 * turn. Its effect on accept latency is measured by `npm run soak` (a burst of 500 connections),
 * not here: timings make poor unit tests. Here: it carries Fastify's timeouts, it starts queued
 * requests one per turn in arrival order, and the app on it answers many simultaneous connections.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { turnScheduledServer } from '../../src/server/turn-scheduler.js';
import { buildApp } from '../../src/server/app.js';
import { startApp, testDatabase, type GraphqlBody, type RunningApp } from '../support/fixtures.js';

describe('turnScheduledServer', () => {
  it('sets the timeouts Fastify would set on its own server', () => {
    const server = turnScheduledServer(() => undefined, { keepAliveTimeout: 1234, requestTimeout: 5678, connectionTimeout: 0, maxRequestsPerSocket: 7 });
    expect([server.keepAliveTimeout, server.requestTimeout, server.timeout, server.maxRequestsPerSocket]).toEqual([1234, 5678, 0, 7]);
  });

  it('starts queued requests one per turn, in arrival order', async () => {
    const started: string[] = [];
    const turns: number[] = [];
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    tick();
    const server = turnScheduledServer((req, res) => {
      started.push(req.url!);
      turns.push(turn);
      res.end('ok');
    }, {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      // Pipelined on one connection: all six arrive in one read, so they queue together.
      const paths = ['/1', '/2', '/3', '/4', '/5', '/6'];
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
      expect(started).toEqual(paths);
      // Each request started in a later turn than the one before it.
      for (let i = 1; i < turns.length; i++) expect(turns[i]!, `request ${i + 1} started in a later turn`).toBeGreaterThan(turns[i - 1]!);
    } finally {
      ticking = false;
      server.close();
    }
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
