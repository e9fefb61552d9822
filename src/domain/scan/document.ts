/**
 * The scan's answer as one document: what the API's `scan` query returns (its `ScanReport` type,
 * field for field) and what `winnet-kb scan --output json` prints. Both take it from here, so
 * they cannot drift apart. Pure: values keep the domain's spelling (severities in lower case,
 * sources as citations); each surface only spells them its own way (GraphQL's enums and
 * `SourceReference`, which the CLI writes as the API serialises them).
 */
import type { Citation, Severity } from '../knowledge.js';
import type { Verdict } from '../outcome.js';
import type { ScanGrouping } from '../vocabulary.js';
import type { ClusterSummary, ObjectReport, ScanFinding, ScanResult } from './results.js';

/** A finding on a scanned object (`ScanFinding` of schema/verdicts.graphql). */
export interface ScanFindingDocument {
  severity: Severity;
  code: ScanFinding['code'];
  message: string;
  subject: string | null;
  remediation: string | null;
  sources: Citation[];
  applicability: ScanFinding['applicability'];
  dependsOn: ScanFinding['dependsOn'];
  path: string | null;
  line: number;
}

/** One plan fact a scan inferred (`InferredFact`). */
export interface InferredFactDocument {
  field: string;
  value: string;
  path: string;
  line: number;
  from: string | null;
  /** What else the value says (a default's origin, what a release rules out). */
  detail: string | null;
}

/** A fact the input does not show (`UnknownFact`). */
export interface UnknownFactDocument {
  fact: string;
  settledBy: string;
  path: string | null;
  field: string | null;
  line: number;
}

/** The report on one object (`ScannedObject`). */
export interface ScannedObjectDocument {
  file: string;
  kind: string;
  apiVersion: string | null;
  namespace: string | null;
  name: string;
  part: string | null;
  line: number;
  verdict: Verdict | null;
  findings: ScanFindingDocument[];
  missing: string[];
  facts: InferredFactDocument[];
  unknown: UnknownFactDocument[];
  cluster: string;
  planFindingsOn: string[];
}

/** A cluster the objects were judged in (`ScanCluster`). */
export interface ScanClusterDocument {
  name: string;
  files: string[];
  facts: { field: string; value: string; from: string }[];
  conflicts: string[];
  /** Why files of this cluster were not grouped with an earlier cluster; absent when none were kept apart. */
  keptApart?: string[];
  /** Why files that state no cluster fact are in this cluster; absent when no file is. */
  groupedBecause?: string[];
}

/** Counts of what a scan read (`ScanSummary`). */
export interface ScanSummaryDocument {
  objectsRead: number;
  reported: number;
  judged: number;
  notJudged: number;
  ignored: number;
  ignoredReasons: { reason: string; count: number }[];
  distinctPlans: number;
  grouping: ScanGrouping;
  clusters: ScanClusterDocument[];
}

/** The answer to a scan (`ScanReport`). */
export interface ScanDocument {
  verdict: Verdict | null;
  summary: ScanSummaryDocument;
  objects: ScannedObjectDocument[];
  datasetVersion: string;
}

export function scanFindingDocument(f: ScanFinding): ScanFindingDocument {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    subject: f.subject ?? null,
    remediation: f.remediation ?? null,
    sources: f.sources,
    applicability: f.applicability,
    dependsOn: f.dependsOn,
    path: f.path ?? null,
    line: f.line,
  };
}

export function scannedObjectDocument(r: ObjectReport): ScannedObjectDocument {
  return {
    file: r.file,
    kind: r.ref.kind,
    apiVersion: r.ref.apiVersion ?? null,
    namespace: r.ref.namespace ?? null,
    name: r.ref.name,
    part: r.ref.part ?? null,
    line: r.line,
    verdict: r.verdict,
    findings: r.findings.map(scanFindingDocument),
    missing: r.missing,
    facts: r.facts.map((f) => ({ field: f.field, value: String(f.value), path: f.path, line: f.line, from: f.from ?? null, detail: f.detail ?? null })),
    unknown: r.unknown.map((u) => ({ fact: u.fact, settledBy: u.settledBy, path: u.path ?? null, field: u.field ?? null, line: u.line })),
    cluster: r.cluster,
    planFindingsOn: r.planFindingsOn,
  };
}

function clusterDocument(c: ClusterSummary): ScanClusterDocument {
  return {
    name: c.name,
    files: c.files,
    facts: c.facts.map((f) => ({ field: f.field, value: String(f.value), from: f.from })),
    conflicts: c.conflicts,
    ...(c.keptApart ? { keptApart: c.keptApart } : {}),
    ...(c.groupedBecause ? { groupedBecause: c.groupedBecause } : {}),
  };
}

/** The document of a scan's result: the summary, then one entry per reported object, in order. */
export function scanDocument(result: ScanResult, datasetVersion: string): ScanDocument {
  const s = result.summary;
  return {
    verdict: s.verdict,
    summary: {
      objectsRead: s.objectsRead,
      reported: s.reported,
      judged: s.judged,
      notJudged: s.notJudged,
      ignored: s.ignored,
      ignoredReasons: Object.entries(s.ignoredByReason).map(([reason, count]) => ({ reason, count })),
      distinctPlans: s.distinctPlans,
      grouping: s.grouping,
      clusters: s.clusters.map(clusterDocument),
    },
    objects: result.reports.map(scannedObjectDocument),
    datasetVersion,
  };
}
