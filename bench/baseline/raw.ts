/**
 * The side-by-side comparison's ceiling (`npm run bench:compare`): raw node:http writing, for each
 * scenario, the bytes the service answers it with (RAW_ANSWERS names a JSON object of path ->
 * body), read once at start; the request's body is read and dropped. Listens on PORT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.RAW_ANSWERS!, 'utf8')) as Record<string, string>).map(([path, body]) => [path, Buffer.from(body)]),
);
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const body = answers.get(request.url ?? '');
    if (request.url === '/readyz' || body) {
      const bytes = body ?? Buffer.from('{"status":"ready"}');
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      response.end(bytes);
    } else {
      response.writeHead(404).end();
    }
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log('raw node:http ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
