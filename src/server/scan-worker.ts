/**
 * A scan worker thread (scan-pool.ts): loads the knowledge snapshot once, then runs each scan it
 * is sent with the same function the resolver uses (src/graphql/scan-report.ts) and answers with
 * the report as JSON, or with the error a client should see.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GraphQLError } from 'graphql';
import { loadKnowledge } from '../db/knowledge.js';
import { openDatabase } from '../db/open.js';
import { scanReportJson } from '../graphql/scan-report.js';
import type { ScanTask } from '../graphql/scan-task.js';

export interface ScanWorkerData {
  databasePath: string;
  maxAnswerBytes: number;
}

/** A task as the pool sends it. */
export interface ScanRequest extends ScanTask {
  id: number;
}

/** What a worker answers: the report's JSON, a client's error (message and extensions), or an unexpected failure's stack. */
export type ScanResponse =
  { id: number; json: string } | { id: number; error: { message: string; extensions: Record<string, unknown> } } | { id: number; failure: string };

const { databasePath, maxAnswerBytes } = workerData as ScanWorkerData;
const database = openDatabase(databasePath);
const knowledge = loadKnowledge(database);

const port = parentPort!;
port.on('message', (task: ScanRequest) => {
  let answer: ScanResponse;
  try {
    answer = { id: task.id, json: scanReportJson(knowledge, task, maxAnswerBytes) };
  } catch (error) {
    answer =
      error instanceof GraphQLError && typeof error.extensions.code === 'string'
        ? { id: task.id, error: { message: error.message, extensions: { ...error.extensions } } }
        : { id: task.id, failure: (error as Error)?.stack ?? String(error) };
  }
  port.postMessage(answer);
});
// The snapshot is loaded: the pool may count this worker as started (scan-pool.ts, `warm`).
port.postMessage({ ready: true });
