/**
 * Where the CLI's GraphQL operations run: in-process on the embedded database (the server's own
 * schema and resolvers, so the answers are the API's answers), or over HTTP against a running
 * server (`--url`). Both give the same data; errors become CLI errors.
 */
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { loadKnowledge } from '../db/knowledge.js';
import type { OpenDatabase } from '../db/open.js';
import type { Knowledge } from '../domain/knowledge.js';
import type { RequestContext } from '../graphql/context.js';
import { requestLoaders } from '../graphql/loaders.js';
import { resolvers, typeDefs } from '../graphql/schema.js';
import { CliError, InputRefusedError, type PlanProblem } from './errors.js';
import { openCheckedDatabase } from './knowledge-base.js';
import type { Operation } from './queries.js';

export interface GraphqlError {
  message: string;
  extensions?: { code?: string; field?: string; validChoices?: string[]; suggestions?: string[]; [key: string]: unknown };
}

export interface GraphqlClient {
  /**
   * Runs an operation and returns its data, typed as the operation's answer (types generated
   * from the operation, src/cli/queries.ts); GraphQL errors are thrown as CLI errors.
   */
  request<TResult, TVariables>(operation: Operation<TResult, TVariables>, variables?: TVariables): Promise<TResult>;
  close(): Promise<void>;
  /** Where the answers come from, for messages. */
  readonly origin: string;
}

/** A refused field as the API's extensions give it (`problems` entries, or the error's own). */
interface ProblemExtension {
  field?: unknown;
  reason?: unknown;
  validChoices?: unknown;
  suggestions?: unknown;
}

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined);

/** A problem from the extensions, or undefined when they do not name a field. The reason is `reason`, else the whole message. */
function problemOf(ext: ProblemExtension, message: string): PlanProblem | undefined {
  if (typeof ext.field !== 'string') return undefined;
  const validChoices = strings(ext.validChoices);
  const suggestions = strings(ext.suggestions);
  return {
    field: ext.field.replace(/^input\./, ''),
    reason: typeof ext.reason === 'string' ? ext.reason : message,
    ...(validChoices ? { validChoices } : {}),
    ...(suggestions ? { suggestions } : {}),
  };
}

/**
 * Turns GraphQL errors into a CLI error. A BAD_USER_INPUT that names its field keeps its fields
 * (every problem of `extensions.problems`, else the error's own field, reason, valid choices and
 * suggestions): nothing is read back from the message. `input` is what was sent.
 */
export function graphqlErrorToCli(errors: readonly GraphqlError[], origin: string, input?: Record<string, unknown>): CliError {
  const [first] = errors;
  if (!first) return new CliError(`${origin} answered with an empty error list`);
  const ext = first.extensions ?? {};
  if (ext.code === 'BAD_USER_INPUT') {
    const listed = Array.isArray(ext.problems) ? (ext.problems as ProblemExtension[]).map((p) => problemOf(p, first.message)) : [];
    const problems = listed.every((p) => p !== undefined) && listed.length > 0 ? listed : [problemOf(ext, first.message)].filter((p) => p !== undefined);
    if (problems.length > 0) return new InputRefusedError(problems, input);
  }
  const more = errors.length > 1 ? [`and ${errors.length - 1} more error(s)`] : [];
  return new CliError(`${origin}: ${first.message}${ext.code ? ` (${ext.code})` : ''}`, more);
}

/** Runs operations in-process against the embedded database through the API's own schema. */
export async function localClient(
  databasePath: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<GraphqlClient & { knowledge: Knowledge; database: OpenDatabase }> {
  const database = await openCheckedDatabase(databasePath);
  const knowledge = loadKnowledge(database);
  const apollo = new ApolloServer<RequestContext>({
    typeDefs,
    resolvers: resolvers as never,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled()],
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: (m) => process.stderr.write(`${String(m)}\n`) },
  });
  await apollo.start();
  const origin = `database ${databasePath}`;
  return {
    origin,
    knowledge,
    database,
    async request<TResult, TVariables>(query: Operation<TResult, TVariables>, vars?: TVariables): Promise<TResult> {
      const variables = vars as Record<string, unknown> | undefined;
      const response = await apollo.executeOperation(
        { query, ...(variables ? { variables } : {}) },
        { contextValue: { database, knowledge, loaders: requestLoaders(database.db), today } },
      );
      if (response.body.kind !== 'single') throw new CliError(`${origin}: unexpected incremental response`);
      const { data, errors } = response.body.singleResult;
      if (errors?.length) throw graphqlErrorToCli(errors, origin, variables?.input as Record<string, unknown> | undefined);
      return data as TResult;
    },
    async close() {
      await apollo.stop();
      database.close();
    },
  };
}

/** Asks a running winnet-kb server (its /graphql endpoint). */
export function httpClient(url: string, timeoutMs: number): GraphqlClient {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new CliError(`--url ${url} is not a URL`, ['give the GraphQL endpoint, e.g. http://localhost:4000/graphql']);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new CliError(`--url ${url} must be an http or https URL`);
  const origin = `server ${endpoint.href}`;
  return {
    origin,
    async request<TResult, TVariables>(query: Operation<TResult, TVariables>, vars?: TVariables): Promise<TResult> {
      const variables = vars as Record<string, unknown> | undefined;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason =
          (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
        throw new CliError(`cannot reach ${origin}: ${reason}`, ['start the server (npm start) or check --url']);
      }
      const body = await response.text();
      let parsed: { data?: TResult | null; errors?: GraphqlError[] };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        throw new CliError(`${origin} answered HTTP ${response.status} without a GraphQL response`, [body.slice(0, 200)]);
      }
      const errors = parsed.errors ?? [];
      const input = variables?.input as Record<string, unknown> | undefined;
      if (errors[0]?.extensions?.code === 'BAD_USER_INPUT') throw graphqlErrorToCli(errors, origin, input);
      if (!response.ok) throw graphqlErrorToCli(errors.length ? errors : [{ message: 'no data' }], `${origin} answered HTTP ${response.status}`, input);
      if (errors.length) throw graphqlErrorToCli(errors, origin, input);
      if (parsed.data == null) throw new CliError(`${origin} answered without data`);
      return parsed.data;
    },
    async close() {},
  };
}
