/**
 * What a scan gives (scan.ts builds it, document.ts spells it as the API's answer): each object's
 * report with its findings and inferred facts, and the summary. Types only, in a module of their
 * own so that object-judgement.ts, own-findings.ts and defaults.ts, which scan.ts calls, can name
 * them without importing scan.ts back (they closed a circle while they lived there).
 */
import type { Verdict } from '../outcome.js';
import type { Finding } from '../compatibility/findings.js';
import type { Citation, Severity } from '../knowledge.js';
import type { SkippedDocument } from './documents.js';
import type { ScanOnlyFindingCode } from '../finding-codes.js';
import type { Grouping } from './clusters.js';
import type { OpenPlan } from './implied-plan.js';
import type { Fact, ObjectRef, Role, UnknownFact } from './readers.js';

/** A finding of the engine or of the scan, with where in the file it rests. */
export interface ScanFinding {
  severity: Severity;
  code: Finding['code'] | ScanOnlyFindingCode;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
  /** How it applies (compatibility/findings.ts): decided by the facts, open on what the input leaves open, or a general caveat. */
  applicability: Finding['applicability'];
  /** The plan fields that would settle it, when it may apply. */
  dependsOn: Finding['dependsOn'];
  /** JSON path (inside the object) of the fact the finding rests on, where there is one. */
  path?: string;
  line: number;
}

export interface InferredFact extends Fact {
  line: number;
  /** Where the fact comes from when it is not the object's own: another object (the cluster's CNI) or the plan. */
  from?: string;
}

export interface ObjectReport {
  ref: ObjectRef;
  role: Role;
  file: string;
  line: number;
  /** null when the object could not be judged (see the NOT_JUDGED finding). */
  verdict: Verdict | null;
  findings: ScanFinding[];
  /** The plans the object was judged with (one per distinct Windows node configuration); open fields are absent. */
  plans: OpenPlan[];
  facts: InferredFact[];
  missing: string[];
  /** Facts the input does not show (they may be set elsewhere), each with what would settle it. */
  unknown: (UnknownFact & { line: number })[];
  /** The cluster the object was judged in (ScanSummary.clusters). */
  cluster: string;
  /**
   * Where the findings about its cluster's plan (a release's lifecycle, a mode in preview) are
   * reported: once per cluster plan, on the first object judged with it ("file:line object"),
   * this one included when it carries them; a finding that object's own facts rule out is on the
   * next object still open there, named too.
   */
  planFindingsOn: string[];
}

/** A group of objects judged as one cluster, and the facts it holds. */
export interface ClusterSummary {
  name: string;
  files: string[];
  /** The cluster-wide facts used, each with the object stating it. */
  facts: { field: string; value: string | number | boolean; from: string }[];
  /** Cluster facts that disagree with the ones used (with --one-cluster, or inside one file). */
  conflicts: string[];
  /** Why files of this cluster were not grouped with an earlier cluster (an environment and a plugin that cannot go together). */
  keptApart?: string[];
  /** Why files that state no cluster fact are in this cluster (the one the input states facts for, or none); absent when no file is. */
  groupedBecause?: string[];
}

export interface ScanSummary {
  objectsRead: number;
  /** Objects that concern Windows networking and got a report. */
  reported: number;
  judged: number;
  notJudged: number;
  ignored: number;
  readByKind: Record<string, number>;
  ignoredByReason: Record<string, number>;
  /** Documents without an object (empty, scalars). */
  skippedDocuments: number;
  distinctPlans: number;
  verdict: Verdict | null;
  /** Each finding counted once: a cluster's plan-level findings on the one object that carries them. */
  findings: Record<Severity, number>;
  /** How the input was split into clusters: by the cluster facts of its files, or one cluster as the user said (oneCluster). */
  grouping: Grouping;
  clusters: ClusterSummary[];
}

export interface ScanResult {
  reports: ObjectReport[];
  summary: ScanSummary;
  skipped: SkippedDocument[];
}
