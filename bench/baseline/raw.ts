/**
 * The side-by-side comparison's ceilings (`npm run bench:compare`): raw node:http writing, for each
 * scenario, the bytes the service answers it with (RAW_ANSWERS names a JSON object of path ->
 * { body, headers }), read once at start; the request's body is read and dropped. Listens on PORT.
 *
 * - `/<scenario>`: the body with a content type and length only (the ceiling).
 * - `/with-headers/<scenario>`: the body with the headers the service sends with it (ETag,
 *   Cache-Control, Vary, X-Cache...), and a new `x-request-id` per request as the service makes
 *   one. What the service's contract costs a server that does nothing else: the ceiling any
 *   implementation of it can reach.
 * - `/spin/<scenario>`: the plain answer after spinning RAW_SPIN_MICROS microseconds, as long as
 *   the service works on one, so the client idles between answers as it does with the service:
 *   what the kernel then charges a server per answer (`bench:compare --spin`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RawAnswer {
  body: string;
  /** The service's response headers, minus those Node writes itself (date, connection, keep-alive) and x-request-id. */
  headers: Record<string, string>;
}

const WITH_HEADERS = '/with-headers';
const SPIN = '/spin';
const spinMillis = Number(process.env.RAW_SPIN_MICROS ?? 0) / 1000;
const plain = new Map<string, Buffer>();
const withHeaders = new Map<string, { bytes: Buffer; headers: string[] }>();
for (const [path, answer] of Object.entries(JSON.parse(readFileSync(process.env.RAW_ANSWERS!, 'utf8')) as Record<string, RawAnswer>)) {
  const bytes = Buffer.from(answer.body);
  plain.set(path, bytes);
  withHeaders.set(`${WITH_HEADERS}${path}`, { bytes, headers: Object.entries({ ...answer.headers, 'content-length': String(bytes.length) }).flat() });
}

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    let url = request.url ?? '';
    if (url.startsWith(SPIN)) {
      url = url.slice(SPIN.length);
      const until = performance.now() + spinMillis;
      while (performance.now() < until);
    }
    const bytes = plain.get(url);
    const answer = bytes ? undefined : withHeaders.get(url);
    if (bytes) {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      response.end(bytes);
    } else if (answer) {
      response.writeHead(200, [...answer.headers, 'x-request-id', randomUUID()]);
      response.end(answer.bytes);
    } else if (url === '/readyz') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"status":"ready"}');
    } else {
      response.writeHead(404).end();
    }
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log('raw node:http ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
