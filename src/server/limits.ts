/**
 * Request limits: one documented, configurable set. Every limit refuses a request before
 * execution (or before parsing) with a GraphQL error and extensions.code, never a 5xx.
 * The "Limits" table of docs/operations.md lists these names, defaults and variables
 * (test/readme.test.ts checks every variable and default).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { costPlugin, operationLimitsRule } from './operation-limits.js';

export interface Limits {
  /** Deepest selection nesting (introspection excepted). */
  maxDepth: number;
  /** Aliases per operation, every one (`__typename` too), fragments expanded. */
  maxAliases: number;
  /** Directives per operation, every one (on spreads, fragments, operations too), fragments expanded. */
  maxDirectives: number;
  /** Lexical tokens per document, enforced by the parser. */
  maxTokens: number;
  /** Selections (fields, fragment spreads, inline fragments) per document, counted by a lexer pass before Apollo parses or validates. */
  maxSelections: number;
  /** Cost budget: objects 2, scalars 1, x1.5 per depth level, x first/last list sizes; introspection counts. */
  maxCost: number;
  /** Largest request body in bytes (413 above). */
  bodyLimitBytes: number;
  /** Bytes of a refused request's unread body (a 413, say) read and dropped so the client can read the refusal; past them the connection is closed. */
  discardBytes: number;
  /** Time a request may take from arrival to response before a 503 TIMEOUT. */
  requestTimeoutMs: number;
  /** max-age of successful responses (Cache-Control: public); the data changes only with a new dataset. */
  cacheMaxAgeSeconds: number;
  /** Bytes the in-process cache of GET answers may hold (response-cache.ts); 0 turns it off. */
  responseCacheBytes: number;
  /** Ceiling of a `scan` report, as JSON; a larger one is refused with SCAN_TOO_LARGE. */
  scanAnswerBytes: number;
  /** Worker threads that run `scan` queries (scan-pool.ts); 0 runs them on the event loop. */
  scanWorkers: number;
  /** Scans that may wait for a worker; one more is refused with 503 SCAN_BUSY. */
  scanQueue: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxDepth: 10,
  maxAliases: 30,
  maxDirectives: 20,
  maxTokens: 5000,
  maxSelections: 250,
  maxCost: 20000,
  bodyLimitBytes: 100 * 1024,
  discardBytes: 16 * 1024 * 1024,
  requestTimeoutMs: 10000,
  cacheMaxAgeSeconds: 300,
  responseCacheBytes: 32 * 1024 * 1024,
  scanAnswerBytes: 1024 * 1024,
  scanWorkers: 1,
  scanQueue: 8,
};

/** Environment variable per limit. */
export const LIMIT_VARIABLES: Record<keyof Limits, string> = {
  maxDepth: 'LIMIT_MAX_DEPTH',
  maxAliases: 'LIMIT_MAX_ALIASES',
  maxDirectives: 'LIMIT_MAX_DIRECTIVES',
  maxTokens: 'LIMIT_MAX_TOKENS',
  maxSelections: 'LIMIT_MAX_SELECTIONS',
  maxCost: 'LIMIT_MAX_COST',
  bodyLimitBytes: 'LIMIT_BODY_BYTES',
  discardBytes: 'LIMIT_DISCARD_BYTES',
  requestTimeoutMs: 'LIMIT_REQUEST_TIMEOUT_MS',
  cacheMaxAgeSeconds: 'CACHE_MAX_AGE_SECONDS',
  responseCacheBytes: 'RESPONSE_CACHE_BYTES',
  scanAnswerBytes: 'LIMIT_SCAN_ANSWER_BYTES',
  scanWorkers: 'SCAN_WORKERS',
  scanQueue: 'LIMIT_SCAN_QUEUE',
};

/** Limits that may be 0 (switched off); all others start at 1. */
const MAY_BE_ZERO: ReadonlySet<keyof Limits> = new Set(['responseCacheBytes', 'discardBytes', 'scanWorkers', 'scanQueue']);

export function readLimits(env: NodeJS.ProcessEnv): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, variable] of Object.entries(LIMIT_VARIABLES) as [keyof Limits, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    const minimum = MAY_BE_ZERO.has(key) ? 0 : 1;
    if (!Number.isInteger(value) || value < minimum || value > 1e9)
      throw new Error(`${variable} must be a whole number from ${minimum} to 1000000000, got "${raw}"`);
    limits[key] = value;
  }
  return limits;
}

/**
 * The validation rules and plugins of the limits: graphql-armor's depth rule, and our own
 * counting of aliases, directives and cost (operation-limits.ts). Armor's alias, directive and
 * cost rules are off: they let `__typename` aliases, directives on repeated fragment spreads and
 * introspection through uncounted, and word their refusals as syntax errors.
 */
export function limitProtection<T extends object>(limits: Limits) {
  const armor = armorProtection(limits);
  return {
    validationRules: [...armor.validationRules, operationLimitsRule(limits)],
    plugins: [...(armor.plugins as unknown as ApolloServerPlugin<T>[]), costPlugin<T>(limits.maxCost)],
  };
}

function armorProtection(limits: Limits) {
  return new ApolloArmor({
    // Introspection's type references nest deeper than any query of ours; its cost is counted instead.
    maxDepth: { n: limits.maxDepth, ignoreIntrospection: true, exposeLimits: true },
    maxAliases: { enabled: false },
    maxDirectives: { enabled: false },
    costLimit: { enabled: false },
    // Apollo's parser enforces the token limit instead: armor's plugin turns syntax errors into 500s.
    maxTokens: { enabled: false },
    // Introspection is on (GraphiQL, codegen), so hiding "did you mean" suggestions would hide nothing.
    blockFieldSuggestion: { enabled: false },
  }).protect();
}
