/** SIGTERM: the real process stops accepting, finishes the request in flight, and exits 0. */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { testDatabasePath, type GraphqlBody } from '../support/fixtures.js';

it('drains and exits 0 on SIGTERM', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/server/main.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: testDatabasePath(), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /GraphQL (http:\/\/[^ ]+)\/graphql/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${log}`)));
  });
  // A request the server has started reading: half the body now, the rest after the signal.
  const body = JSON.stringify({ query: '{ limitations { slug sources { document { title } } } }' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${url}/graphql`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 20));
    void sleep(300)
      .then(() => {
        child.kill('SIGTERM');
        return sleep(300);
      })
      .then(() => req.end(body.slice(20)));
  });
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect((JSON.parse(response.text) as GraphqlBody<{ limitations: unknown[] }>).data?.limitations.length).toBeGreaterThan(0);
  expect(await exited).toBe(0);
  expect(log).toContain('SIGTERM: draining');
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
});
