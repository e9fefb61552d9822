/**
 * Prometheus metrics at /metrics (prom-client): HTTP requests by route and status, a latency
 * histogram, GraphQL errors by code, the dataset version, SQL statements run, the row cache's hits and
 * misses, and Node's process metrics. One
 * registry per app, so tests and several servers in one process do not share counters.
 */
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  graphqlErrors: Counter<'code'>;
  /** Counts one HTTP answer and its duration: what every request's onResponse hook records (and the cached-GET fast path, fast-path.ts). */
  observe(method: string, route: string, status: number, elapsedMs: number): void;
}

export function registerMetrics(
  app: FastifyInstance,
  datasetVersion: string,
  sqlStatements: () => number,
  rowCache: () => { hits: number; misses: number } = () => ({ hits: 0, misses: 0 }),
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'winnet_kb_' });
  const requests = new Counter({
    name: 'winnet_kb_http_requests_total',
    help: 'HTTP requests by method, route and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'winnet_kb_http_request_duration_seconds',
    help: 'HTTP request duration by route.',
    labelNames: ['route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const graphqlErrors = new Counter({
    name: 'winnet_kb_graphql_errors_total',
    help: 'GraphQL errors returned, by extensions.code.',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  new Counter({
    name: 'winnet_kb_sql_statements_total',
    help: 'SQL statements run against the database since start (the benchmark divides it by requests).',
    registers: [registry],
    // The database counts its own statements; the counter mirrors that count when scraped.
    collect() {
      this.reset();
      this.inc(sqlStatements());
    },
  });
  // The loaders' row cache (src/graphql/loaders.ts) counts a hit or a miss per key a batch asks for.
  for (const [which, help] of [
    ['hits', 'Keys the GraphQL loaders found in the process-wide row cache.'],
    ['misses', 'Keys the GraphQL loaders read from SQLite (then kept in the row cache).'],
  ] as const)
    new Counter({
      name: `winnet_kb_row_cache_${which}_total`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(rowCache()[which]);
      },
    });
  new Gauge({
    name: 'winnet_kb_dataset_info',
    help: 'The dataset being served (value is always 1).',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version: datasetVersion }, 1);

  // Labelled children, looked up once per label set: prom-client would otherwise hash the labels on every request.
  const requestCounters = new Map<string, { inc(): void }>();
  const latencyHistograms = new Map<string, { observe(value: number): void }>();
  const observe: Metrics['observe'] = (method, route, status, elapsedMs) => {
    const key = `${method} ${route} ${status}`;
    let counter = requestCounters.get(key);
    if (!counter) requestCounters.set(key, (counter = requests.labels({ method, route, status: String(status) })));
    counter.inc();
    let histogram = latencyHistograms.get(route);
    if (!histogram) latencyHistograms.set(route, (histogram = latency.labels({ route })));
    histogram.observe(elapsedMs / 1000);
  };
  // Callback style: an async hook would cost a promise and a microtask on every request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, so query strings and unknown paths cannot explode label cardinality.
    observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get('/metrics', async (_, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return { registry, graphqlErrors, observe };
}

/** Counts every GraphQL error the API returns, by code (parse and validation failures included). */
export function errorCountingPlugin(metrics: () => Metrics | undefined): ApolloServerPlugin {
  // Shared by all requests (no per-request state).
  const listener: GraphQLRequestListener<BaseContext> = {
    async willSendResponse({ response }) {
      if (response.body.kind !== 'single') return;
      for (const error of response.body.singleResult.errors ?? []) {
        const code = error.extensions?.code;
        metrics()?.graphqlErrors.inc({ code: typeof code === 'string' ? code : 'UNKNOWN' });
      }
    },
  };
  return { requestDidStart: async () => listener };
}
