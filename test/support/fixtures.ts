/** Shared test fixtures: the database built by global-setup, its knowledge snapshot, a running app. */
import { inject } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase, type OpenDatabase } from '../../src/db/open.js';
import type { Knowledge } from '../../src/domain/knowledge.js';
import { buildApp, type AppOptions } from '../../src/server/app.js';

export function testDatabasePath(): string {
  return inject('databasePath');
}

let shared: OpenDatabase | undefined;
export function testDatabase(): OpenDatabase {
  shared ??= openDatabase(testDatabasePath());
  return shared;
}

let knowledge: Knowledge | undefined;
/** The real knowledge base, as the compatibility engine sees it. */
export function testKnowledge(): Knowledge {
  knowledge ??= loadKnowledge(testDatabase());
  return knowledge;
}

/** A fixed date so lifecycle findings do not change with the calendar. */
export const TEST_TODAY = '2026-11-22';

/** A GraphQL answer over HTTP, as the tests read it. */
export interface GraphqlBody<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface RunningApp {
  url: string;
  database: OpenDatabase;
  close(): Promise<void>;
  /** POSTs a GraphQL operation and returns the parsed body and status. */
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: GraphqlBody<T> }>;
}

/** Starts the real service on 127.0.0.1 with an ephemeral port. */
export async function startApp(
  options: Partial<Pick<AppOptions, 'limits' | 'corsOrigins' | 'introspection' | 'csrfPrevention' | 'today' | 'logLevel' | 'logStream'>> & {
    databasePath?: string;
    /** Start the scan workers before the first request, as `npm start` does (for tests that time scans). */
    warmScanWorkers?: boolean;
  } = {},
): Promise<RunningApp> {
  const database = openDatabase(options.databasePath ?? testDatabasePath());
  const { databasePath: _, warmScanWorkers, ...appOptions } = options;
  const { fastify, scanPool } = await buildApp({ database, logLevel: 'silent', today: () => TEST_TODAY, ...appOptions });
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  if (warmScanWorkers) await scanPool?.warm();
  return {
    url,
    database,
    async close() {
      await fastify.close();
      database.close();
    },
    async graphql(query, variables) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
  };
}
