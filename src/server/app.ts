/**
 * Builds the HTTP service: Fastify, Apollo Server through its Fastify integration, GraphiQL,
 * health and readiness. Nothing here knows SQL or rules; it wires the layers together.
 */
import { ApolloServer, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { singleCachePolicyPlugin } from './cache-policy.js';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { loadKnowledge } from '../db/knowledge.js';
import type { OpenDatabase } from '../db/open.js';
import type { RequestContext } from '../graphql/context.js';
import { prepareLoaders, requestLoaders, rowCacheStats } from '../graphql/loaders.js';
import { executableSchema } from '../graphql/schema.js';
import { jitGateway } from '../graphql/jit-gateway.js';
import { registerGraphiql, registerGraphiqlOnEndpoint } from './graphiql.js';
import { registerPages } from './pages/routes.js';
import cors from '@fastify/cors';
import { DEFAULT_LIMITS, limitProtection, type Limits } from './limits.js';
import { registerRequestDeadline } from './deadline.js';
import { registerRequestLog, requestIdOf } from './request-log.js';
import { registerResponseCache } from './response-cache.js';
import { registerSelectionLimit } from './selection-count.js';
import { clientErrorHandler, frameworkErrors, registerErrorShapes } from './errors.js';
import { errorCountingPlugin, registerMetrics } from './metrics.js';
import { TURN_BUDGET_MS, turnScheduledServer } from './turn-scheduler.js';
import { cachedGetFastPath, type FastPath } from './fast-path.js';
import { createScanPool, type ScanPool } from './scan-pool.js';
import { scanReportJson } from '../graphql/scan-report.js';
import type { ScanTask } from '../graphql/scan-task.js';
import type { ScanReportParent } from '../graphql/mappers.js';

/** Old-generation heap of each scan worker (MB): a scan that needs more is refused, and the worker replaced. */
export const SCAN_WORKER_HEAP_MB = 96;
import { CACHE_BYTES, documentBytes, documentStore, documentTextLength, MAX_CACHED_TEXT_CHARS, persistedQueryStore } from './bounded-caches.js';

export interface AppOptions {
  database: OpenDatabase;
  /** pino log level; 'silent' in tests. */
  logLevel?: string;
  /** Where log lines go (standard output when omitted); tests read them. */
  logStream?: { write(line: string): void };
  /** Request limits; DEFAULT_LIMITS when omitted. */
  limits?: Limits;
  /** Origins allowed by CORS ('*' for any); none when empty. */
  corsOrigins?: string[];
  /** Schema introspection (GraphiQL and codegen need it); on unless set false. */
  introspection?: boolean;
  /** Apollo's CSRF prevention; off unless set true (docs/operations.md, "CSRF prevention"). */
  csrfPrevention?: boolean;
  /** Fixed "today" for lifecycle checks (tests); defaults to the real date per request. */
  today?: () => string;
  /** Answer response-cache hits of GETs before Fastify (fast-path.ts); on unless set false (tests compare both paths). */
  fastPath?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  apollo: ApolloServer<RequestContext>;
  /** The scan workers, when scans run on them (limits.scanWorkers > 0 and a database file). */
  scanPool: ScanPool | undefined;
}

/**
 * Unexpected errors are logged at error with the request id and the stack, and returned without
 * internals. A client's mistake is logged at debug, with its code and message, no stack: Apollo's
 * own refusals that carry an HTTP 4xx but no code (an unsupported persisted-query version, a hash
 * that does not match the query) are given BAD_REQUEST first, so they are not masked as internal.
 */
function maskingPlugin(): ApolloServerPlugin<RequestContext> {
  // Shared by all requests (no per-request state).
  const listener: GraphQLRequestListener<RequestContext> = {
    async didEncounterErrors({ errors, request, contextValue, logger }) {
      for (const error of errors) {
        const extensions = error.extensions as Record<string, unknown> | undefined;
        const status = (extensions?.http as { status?: number } | undefined)?.status;
        if (extensions && extensions.code === undefined && status !== undefined && status >= 400 && status < 500) extensions.code = 'BAD_REQUEST';
        const original = unwrapResolverError(error);
        if (!extensions?.code || extensions.code === 'INTERNAL_SERVER_ERROR')
          logger.error(
            `request ${contextValue.requestId ?? '-'}: unexpected error in ${request.operationName ?? 'anonymous operation'}: ` +
              `${(original as Error)?.stack ?? String(original)}`,
          );
        else logger.debug(`request ${contextValue.requestId ?? '-'}: client error ${JSON.stringify(extensions.code)}: ${error.message}`);
      }
    },
  };
  return { requestDidStart: async () => listener };
}

/** Today's date (UTC), recomputed at most once a second rather than for every request. */
function currentDay(): () => string {
  let day = '';
  let until = 0;
  return () => {
    const now = Date.now();
    if (now >= until) {
      day = new Date(now).toISOString().slice(0, 10);
      until = now + 1000;
    }
    return day;
  };
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { database } = options;
  const knowledge = loadKnowledge(database);
  // Statements are prepared once per database; each request gets its own DataLoaders.
  prepareLoaders(database.db);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const protection = limitProtection<RequestContext>(limits);
  const csrfPrevention = options.csrfPrevention ?? false;
  const fastPath: { answer?: FastPath } = {};
  const fastify = Fastify({
    logger: { level: options.logLevel ?? 'info', ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: limits.bodyLimitBytes,
    // Backstop behind the deadline hook (which answers first, with a GraphQL error).
    requestTimeout: limits.requestTimeoutMs * 2,
    // Off: Fastify would take any x-request-id verbatim; genReqId keeps only a safe one (request-log.ts).
    requestIdHeader: false,
    // request-log.ts writes one line per request instead, at a level fitting what happened.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => requestIdOf(request.headers),
    // Errors keep one shape everywhere, with a request id (errors.ts), including those Fastify's router and Node's parser answer.
    frameworkErrors,
    clientErrorHandler,
    // Keeps accepting connections while busy: one request starts per event-loop turn (turn-scheduler.ts).
    serverFactory: (handler, serverOptions) => turnScheduledServer(handler, serverOptions, TURN_BUDGET_MS, fastPath),
  });
  registerRequestDeadline(fastify, limits.requestTimeoutMs);
  registerRequestLog(fastify);
  registerErrorShapes(fastify, limits.discardBytes);
  // GraphQL comes as JSON (POST) or in the URL (GET); a text/plain body is an unsupported media type (415), not a malformed request.
  fastify.removeContentTypeParser('text/plain');
  const metrics = registerMetrics(fastify, database.meta.datasetVersion, database.statementCount, rowCacheStats);
  if (options.corsOrigins && options.corsOrigins.length > 0)
    await fastify.register(cors, { origin: options.corsOrigins.includes('*') ? true : options.corsOrigins, methods: ['GET', 'POST', 'OPTIONS'] });

  const apollo = new ApolloServer<RequestContext>({
    // Execution by graphql-jit (see jit-gateway.ts); Apollo's own pipeline does everything else.
    gateway: jitGateway(executableSchema(), {
      maxBytes: CACHE_BYTES.compiled,
      documentBytes,
      keep: (document) => documentTextLength(document) <= MAX_CACHED_TEXT_CHARS,
    }),
    // Both bounded by the bytes they keep, texts and tokens included (bounded-caches.ts).
    documentStore: documentStore(),
    persistedQueries: { cache: persistedQueryStore() },
    // Explicit, because NODE_ENV=production would otherwise switch it off (breaking GraphiQL and two MUST audits).
    introspection: options.introspection ?? true,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: protection.validationRules,
    // Off by default: no cookies, credentials or mutations to protect, and it refuses standard clients' GETs.
    csrfPrevention,
    // main.ts owns shutdown; Apollo's own handler would re-raise SIGTERM and exit 143.
    stopOnTerminationSignals: false,
    logger: {
      debug: (m) => fastify.log.debug(m),
      info: (m) => fastify.log.info(m),
      warn: (m) => fastify.log.warn(m),
      error: (m) => fastify.log.error(m),
    },
    formatError(formatted: GraphQLFormattedError): GraphQLFormattedError {
      const code = formatted.extensions?.code;
      if (code === undefined || code === 'INTERNAL_SERVER_ERROR')
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' }, ...(formatted.path ? { path: formatted.path } : {}) };
      return formatted;
    },
    plugins: [
      fastifyApolloDrainPlugin(fastify),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      singleCachePolicyPlugin(limits.cacheMaxAgeSeconds),
      maskingPlugin(),
      errorCountingPlugin(() => metrics),
      ...protection.plugins,
    ],
  });
  await apollo.start();

  const today = options.today ?? currentDay();
  // Before the response cache: a browser's GET /graphql gets GraphiQL and never reaches the cache.
  registerGraphiqlOnEndpoint(fastify, '/graphql');
  if (limits.responseCacheBytes > 0) {
    const cache = registerResponseCache(fastify, {
      datasetVersion: database.meta.datasetVersion,
      maxBytes: limits.responseCacheBytes,
      maxEntryBytes: Math.min(limits.responseCacheBytes, 1024 * 1024),
      today,
      csrfPrevention,
    });
    // Not with CORS, whose headers depend on the request. Closing, every request goes to Fastify, which refuses it with 503.
    if ((options.fastPath ?? true) && !(options.corsOrigins && options.corsOrigins.length > 0)) {
      fastPath.answer = cachedGetFastPath('/graphql', cache, metrics, fastify.log);
      fastify.addHook('preClose', (done) => {
        fastPath.answer = undefined;
        done();
      });
    }
  }
  // After the response cache: a hit was counted when it was first answered.
  registerSelectionLimit(fastify, limits.maxSelections, limits.maxTokens);
  // Scans run on worker threads, so a large one does not hold up everything else (scan-pool.ts).
  const scanPool =
    limits.scanWorkers > 0 && database.sqlite.name && !database.sqlite.memory
      ? createScanPool({
          databasePath: database.sqlite.name,
          workers: limits.scanWorkers,
          maxQueue: limits.scanQueue,
          maxAnswerBytes: limits.scanAnswerBytes,
          taskTimeoutMs: limits.requestTimeoutMs,
          workerHeapMb: SCAN_WORKER_HEAP_MB,
          log: fastify.log,
        })
      : undefined;
  if (scanPool) fastify.addHook('onClose', (_, done) => void scanPool.close().then(() => done(), done));
  const scan = scanPool
    ? scanPool.run
    : (task: ScanTask) => Promise.resolve(JSON.parse(scanReportJson(knowledge, task, limits.scanAnswerBytes)) as ScanReportParent);
  await fastify.register(fastifyApollo(apollo), {
    context: async (request): Promise<RequestContext> => {
      return { database, knowledge, loaders: requestLoaders(database.db), today: today(), requestId: request.id, scan };
    },
  });
  registerGraphiql(fastify);
  registerPages(fastify, { context: { database, knowledge }, datasetVersion: database.meta.datasetVersion, today, maxAgeSeconds: limits.cacheMaxAgeSeconds });

  fastify.get('/healthz', () => ({ status: 'ok' }));
  fastify.get('/readyz', (_, reply) => {
    try {
      database.sqlite.prepare('SELECT 1 FROM dataset_meta LIMIT 1').get();
      return { status: 'ready', datasetVersion: database.meta.datasetVersion };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', reason: (error as Error).message });
    }
  });
  return { fastify, apollo, scanPool };
}
