/** What every resolver can reach for one request. */
import type { OpenDatabase } from '../db/open.js';
import type { Knowledge } from '../domain/knowledge.js';
import type { Loaders } from './loaders.js';

export interface RequestContext {
  database: OpenDatabase;
  knowledge: Knowledge;
  /** This request's DataLoaders (created per request: their cache lives as long as the request). */
  loaders: Loaders;
  /** YYYY-MM-DD, for support-lifecycle checks when the input gives no asOf. */
  today: string;
  /** The HTTP request id (x-request-id), for logs; absent outside HTTP (CLI, tests). */
  requestId?: string;
}
