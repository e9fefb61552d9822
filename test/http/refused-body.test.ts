/**
 * A client that is still sending a large body reads the refusal, as Node's fetch (undici) meets
 * it: from a separate server process, the way `npm start` runs. The server used to close the
 * socket right after its 413; the client, still writing, got EPIPE instead of the answer in about
 * half of the attempts (in-process the timing hides it, hence the child process here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { testDatabasePath } from '../support/fixtures.js';

let child: ChildProcess;
let url: string;
beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/server/main.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: testDatabasePath(), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /GraphQL (http:\/\/[^ ]+)\/graphql/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${log}`)));
  });
});
afterAll(() => {
  child.kill('SIGTERM');
});

type Outcome = string;
/** POSTs `body` with Node's fetch, whole or as a stream, and says what the client got. */
async function post(body: string, contentType: string, streamed: boolean): Promise<Outcome> {
  try {
    const init = streamed ? { body: new Blob([body]).stream(), duplex: 'half' } : { body };
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, ...init } as RequestInit);
    const json = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return `${response.status} ${json.errors?.[0]?.extensions?.code}`;
  } catch (error) {
    return `failed: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;
  }
}

describe.each([
  ['8 MiB over the body limit', JSON.stringify({ query: `{ __typename } #${'x'.repeat(8 * 1024 * 1024)}` }), 'application/json', '413 PAYLOAD_TOO_LARGE'],
  ['4 MiB of an unsupported media type', 'x'.repeat(4 * 1024 * 1024), 'application/octet-stream', '415 UNSUPPORTED_MEDIA_TYPE'],
])('%s', (_name, body, contentType, expected) => {
  it.each([
    ['sent whole (Content-Length)', false],
    ['streamed (chunked)', true],
  ])(`is answered ${expected} every time, %s`, async (_how, streamed) => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 8; i++) outcomes.push(await post(body, contentType, streamed));
    expect(outcomes).toEqual(Array.from({ length: 8 }, () => expected));
  });
});

it('goes on serving afterwards', async () => {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
  expect(await response.json()).toMatchObject({ data: { __typename: 'Query' } });
});
