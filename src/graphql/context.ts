/**
 * What every resolver can reach for one request. Codegen's resolver types import it (their
 * contextType), so it imports types only, and none that lead back to them.
 */
import type { OpenDatabase } from '../db/open.js';
import type { Knowledge } from '../domain/knowledge.js';
import type { Loaders } from './loaders.js';
import type { ScanReportParent } from './mappers.js';
import type { ScanTask } from './scan-task.js';

export interface RequestContext {
  database: OpenDatabase;
  knowledge: Knowledge;
  /** This request's DataLoaders (created per request: their cache lives as long as the request). */
  loaders: Loaders;
  /** YYYY-MM-DD, for support-lifecycle checks when the input gives no asOf. */
  today: string;
  /** The HTTP request id (x-request-id), for logs; absent outside HTTP (CLI, tests). */
  requestId?: string;
  /** Runs a scan away from the request's thread (the server's worker pool); absent, the resolver scans in place. */
  scan?: (task: ScanTask) => Promise<ScanReportParent>;
}
