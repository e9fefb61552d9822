/**
 * GET /matrix and GET /capacity: server-rendered pages built from the API's own answers, plus
 * their stylesheet and script under /pages/.
 *
 * The data cannot change while a process serves it, so a rendered page is kept per day (the
 * support marks depend on today) and per canonical query string, and answered with the API's
 * cache policy and an ETag `"<dataset version>-<hash of the page>"`; If-None-Match gets 304.
 * Headers are GraphiQL's, with a CSP that is stricter for styles (no inline style at all) and
 * lets the capacity filter form submit to this origin.
 */
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PAGES_CSS, PAGES_JS } from './assets.js';
import { canonicalQuery, fetchCapacity, parseCapacityParams, renderCapacityBody, type CapacityData, type CapacityPage } from './capacity.js';
import { pageQueries, type PageContext } from './execute.js';
import { layout } from './layout.js';
import { MATRIX_QUERY, renderMatrixBody, type MatrixData } from './matrix.js';
import { datasetEtag, ifNoneMatchHas } from '../etag.js';
import { securityHeaders, type CspDirectives } from '../security-headers.js';
import { addVary } from '../vary.js';

/** GraphiQL's policy without inline styles, and with the capacity filter form submitting to this origin. */
export const PAGES_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

const SECURITY_HEADERS = securityHeaders(PAGES_CSP_DIRECTIVES);

export interface PagesOptions {
  context: PageContext;
  datasetVersion: string;
  today: () => string;
  /** The API's cache lifetime (CACHE_MAX_AGE_SECONDS); 0 means no-store. */
  maxAgeSeconds: number;
}

/** Rendered pages kept in memory (both encodings). */
const RENDERED_CACHE_BYTES = 16 * 1024 * 1024;

interface Rendered {
  body: string;
  /** The body gzipped once, for clients that accept it (the capacity table is half a megabyte of HTML, a tenth of that gzipped). */
  gzipped: Buffer;
  etag: string;
}

/** Accept-Encoding allows gzip: the negotiator @fastify/compress uses (codings are case-insensitive, it compares as written). */
const acceptsGzip = (acceptEncoding: string | undefined) =>
  acceptEncoding !== undefined && negotiate(acceptEncoding.toLowerCase(), ['gzip', 'identity']) === 'gzip';

export function registerPages(app: FastifyInstance, options: PagesOptions): void {
  const queries = pageQueries(options.context);
  const cacheControl = options.maxAgeSeconds > 0 ? `max-age=${options.maxAgeSeconds}, public` : 'no-store';
  // Bounded by bytes, not entries: each capacity variant (filter, sort) is ~400 KB, and a client can ask for many.
  const rendered = new LRUCache<string, Rendered>({
    maxSize: RENDERED_CACHE_BYTES,
    sizeCalculation: (entry, key) => key.length + entry.body.length + entry.gzipped.length + 200,
  });
  const inFlight = new Map<string, Promise<Rendered>>();
  let capacityData: Promise<CapacityData> | undefined;
  // Every usable type, read once: the data cannot change while the process serves it (a failure is retried next time).
  const capacity = (today: string) =>
    (capacityData ??= fetchCapacity((query, variables) => queries.run<CapacityPage>(query, variables, today)).catch((error: unknown) => {
      capacityData = undefined;
      throw error;
    }));

  /** Answers from the cache, rendering on a miss. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, key: string, contentType: string, render: () => Promise<string>) => {
    let entry = rendered.get(key);
    if (!entry) {
      let pending = inFlight.get(key);
      if (!pending) {
        // Concurrent requests for one page render it once; a failed render is not kept.
        pending = render()
          .then((body) => {
            const done = { body, gzipped: gzipSync(body), etag: datasetEtag(options.datasetVersion, body) };
            rendered.set(key, done);
            return done;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      entry = await pending;
    }
    const { body, gzipped, etag } = entry;
    // The gzipped representation gets its own strong ETag; a revalidation with either still matches.
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const gzipEtag = etag.replace(/"$/, '-gz"');
    void addVary(
      reply
        .headers(SECURITY_HEADERS)
        .header('cache-control', cacheControl)
        .header('etag', gzip ? gzipEtag : etag),
      'accept-encoding',
    );
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatchHas(ifNoneMatch, etag) || ifNoneMatchHas(ifNoneMatch, gzipEtag)) return reply.code(304).send();
    if (gzip) return reply.type(contentType).header('content-encoding', 'gzip').send(gzipped);
    return reply.type(contentType).send(body);
  };

  const frame = { datasetVersion: options.datasetVersion };
  app.get('/matrix', (request, reply) => {
    const today = options.today();
    return answer(request, reply, `matrix\n${today}`, 'text/html; charset=utf-8', async () => {
      const data = await queries.run<MatrixData>(MATRIX_QUERY, {}, today);
      return layout({ ...frame, title: 'Compatibility matrix', path: '/matrix', today, body: renderMatrixBody(data, today) }).value;
    });
  });
  app.get('/capacity', (request, reply) => {
    const today = options.today();
    const params = parseCapacityParams(request.query as Record<string, unknown>);
    return answer(request, reply, `capacity\n${today}\n${canonicalQuery(params)}`, 'text/html; charset=utf-8', async () => {
      const data = await capacity(today);
      return layout({
        ...frame,
        title: 'EC2 pod capacity for Windows nodes',
        path: '/capacity',
        today,
        body: renderCapacityBody(data, params),
        scripts: ['/pages/pages.js'],
      }).value;
    });
  });
  app.get('/pages/pages.css', (request, reply) => answer(request, reply, 'pages.css', 'text/css; charset=utf-8', async () => PAGES_CSS));
  app.get('/pages/pages.js', (request, reply) => answer(request, reply, 'pages.js', 'text/javascript; charset=utf-8', async () => PAGES_JS));
}
