/**
 * The `scan` query's work, from its input to its report, in one place: the resolver runs it in
 * the request's thread when no worker pool is given (in-process APIs, tests), and the server's
 * scan workers run the very same function (src/server/scan-worker.ts). Pure apart from the
 * knowledge snapshot it reads: no DataLoader, no SQL.
 */
import { GraphQLError } from 'graphql';
import { judgeCompatibility } from '../domain/compatibility/judge.js';
import type { Knowledge } from '../domain/knowledge.js';
import { hasMoreDocumentsThan, objectsOf, ScanParseError } from '../domain/scan/documents.js';
import { scanDocument } from '../domain/scan/document.js';
import { Scanner } from '../domain/scan/scan.js';
import { asUserInputError, badUserInput } from './errors.js';
import type { ScanReportParent } from './mappers.js';
import type { ScanTask } from './scan-task.js';

/** YAML documents one scan request may hold (docs/operations.md, Limits). */
export const MAX_SCAN_DOCUMENTS = 500;

/** The default ceiling of a scan's report, as JSON (`LIMIT_SCAN_ANSWER_BYTES`). */
export const DEFAULT_SCAN_ANSWER_BYTES = 1024 * 1024;

/**
 * The refusals that need no parsing: a bad plan, too many documents. Cheap, so the resolver makes
 * them in the request's thread before a scan waits for a worker; the scan makes them again.
 */
export function checkScanInput(knowledge: Knowledge, { documents, plan, today }: ScanTask): void {
  if (plan) {
    // A bad plan is refused as compatibility refuses it, under input.plan.
    try {
      judgeCompatibility(knowledge, plan, today);
    } catch (error) {
      asUserInputError(error, 'input.plan');
    }
  }
  // Refused before parsing: the request body limit bounds the bytes, not the documents.
  if (hasMoreDocumentsThan(documents, MAX_SCAN_DOCUMENTS))
    throw badUserInput('input.documents', `more than ${MAX_SCAN_DOCUMENTS} YAML documents in one request; send fewer, or use the CLI (winnet-kb scan)`);
}

/** The report of a scan, as the `ScanReport` type's resolvers read it. Throws BAD_USER_INPUT for bad input. */
export function scanReport(knowledge: Knowledge, task: ScanTask): ScanReportParent {
  checkScanInput(knowledge, task);
  const { documents, plan, today } = task;
  const scanner = new Scanner(knowledge, { today, ...(plan ? { plan } : {}) });
  try {
    for (const object of objectsOf(documents, 'documents', scanner.skippedDocuments)) scanner.add(object);
  } catch (error) {
    if (!(error instanceof ScanParseError)) throw error;
    throw new GraphQLError(`input.documents: line ${error.line}, column ${error.column}: ${error.reason}`, {
      extensions: { code: 'BAD_USER_INPUT', field: 'input.documents', line: error.line, column: error.column },
    });
  }
  // The same document as `winnet-kb scan --output json` prints (src/domain/scan/document.ts).
  return scanDocument(scanner.finish(), knowledge.datasetVersion);
}

/** A report over the ceiling: the API's answer would be larger still, so the scan is refused and the CLI named. */
export function scanTooLarge(bytes: number | undefined, limit: number, why = 'its report'): GraphQLError {
  return new GraphQLError(
    `The scan is too large for the API: ${why} ${bytes === undefined ? 'is' : `is ${bytes} bytes,`} over the limit of ${limit} bytes per answer. ` +
      'Send fewer objects per request, or scan the files with the CLI (winnet-kb scan), which has no such limit.',
    { extensions: { code: 'SCAN_TOO_LARGE', limit, ...(bytes === undefined ? {} : { bytes }), field: 'input.documents' } },
  );
}

/** The report as JSON, refused over `maxBytes` (the answer's ceiling: docs/operations.md, Limits). */
export function scanReportJson(knowledge: Knowledge, task: ScanTask, maxBytes: number): string {
  const json = JSON.stringify(scanReport(knowledge, task));
  if (json.length > maxBytes) throw scanTooLarge(json.length, maxBytes);
  return json;
}
