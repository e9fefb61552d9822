/**
 * The ETags of the response cache and of the pages: `"<dataset version>-<hash of the body>"`, so a
 * tag names the data it was computed from and is the same on every replica serving that data.
 *
 * Kept by hand rather than @fastify/etag (docs/architecture.md, "Other choices"): that plugin
 * compares If-None-Match to the tag by string equality only (no lists, no `*`), answers 304
 * whatever the status, and tags every answer of its scope that has none.
 */
import { hash } from 'node:crypto';

/** The strong ETag of a body served from this dataset. */
export function datasetEtag(datasetVersion: string, body: string): string {
  return `"${datasetVersion}-${hash('sha256', body, 'base64url').slice(0, 22)}"`;
}

/** If-None-Match holds this ETag: `*`, or a list of tags compared weakly (RFC 9110, 13.1.2). */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
