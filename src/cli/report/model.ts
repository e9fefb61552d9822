/**
 * The one report model of `check` and `scan`, which every output format prints.
 *
 * Values are spelt as the API serialises them (severities ERROR/WARNING/INFO, sources as
 * `{ document { slug title url } section note }`), so `--output json` prints the API's answer:
 * the `compatibility` query's for a check, the `scan` query's for a scan
 * (src/domain/scan/document.ts), plus the CLI's acceptance marks where a finding is accepted.
 *
 * A check is one plan; a scan, objects on lines. The formats that place findings on lines
 * (SARIF, JUnit) see both as `LocatedObject`s, a check as one object: its plan file.
 */
import type { Verdict } from '../../domain/outcome.js';
import type { FailOn } from '../../domain/outcome.js';
import type { Acceptance } from '../accept.js';
import type { ScannedObjectDocument, ScanSummaryDocument } from '../../domain/scan/document.js';

export interface SourceRef {
  document: { slug: string; title: string; url: string };
  section: string;
  note: string | null;
}

export interface SettingView {
  kind: string;
  key: string;
  value: string;
  target: string | null;
  note: string | null;
  kubernetesVersions: { min: string | null; max: string | null; description: string } | null;
  sources: SourceRef[];
}

export type Severity = 'ERROR' | 'WARNING' | 'INFO';

/** How a finding applies (the API's FindingApplicability). */
export type ApplicabilityView = 'APPLIES' | 'MAY_APPLY' | 'GENERAL';

export interface FindingView {
  severity: Severity;
  code: string;
  subject: string | null;
  message: string;
  remediation: string | null;
  sources: SourceRef[];
  applicability: ApplicabilityView;
  /** The plan fields that would settle a MAY_APPLY finding. */
  dependsOn: string[];
  /** Set by the CLI when a .winnet-kb-ignore entry or --ignore accepts the finding. */
  accepted?: Acceptance;
}

/** Where the dataset's knowledge ends. */
export interface HorizonView {
  kubernetesVersion: string;
  windowsVersion: { slug: string; name: string };
  knowledgeDate: string;
}

/** "knowledge to Kubernetes 1.36, Windows Server 2025, sources read to 2026-08-22" */
export function horizonText(h: HorizonView): string {
  return `knowledge to Kubernetes ${h.kubernetesVersion}, ${h.windowsVersion.name}, sources read to ${h.knowledgeDate}`;
}

/** The compatibility report as the API returns it (and as `check --output json` prints it). */
export interface ReportView {
  verdict: Verdict;
  /** Set by the CLI when findings are accepted: the verdict of the findings not accepted, which --fail-on judges. */
  verdictAfterAccepted?: Verdict;
  datasetVersion: string;
  horizon: HorizonView;
  findings: FindingView[];
  requiredSettings: SettingView[];
  enabledFeatures: { slug: string; name: string }[];
}

/** A finding on a scanned object, as the `scan` query returns it. */
export interface ScanFindingView extends FindingView {
  path: string | null;
  line: number;
}

/**
 * One object's report (`ScannedObject`): the scan document's object with its findings spelt the
 * API's way; `verdictAfterAccepted` is set when some of its findings are accepted.
 */
export type ScannedObjectView = Omit<ScannedObjectDocument, 'findings'> & {
  findings: ScanFindingView[];
  verdictAfterAccepted?: Verdict | null;
};

/** The scan's answer (`ScanReport`), with the CLI's acceptance marks when something is accepted. */
export interface ScanView {
  verdict: Verdict | null;
  verdictAfterAccepted?: Verdict | null;
  accepted?: number;
  /** The document's summary, with the grouping spelt as the API's `ScanGrouping` enum (BY_CLUSTER_FACTS, ONE_CLUSTER). */
  summary: Omit<ScanSummaryDocument, 'grouping'> & { grouping: string };
  objects: ScannedObjectView[];
  datasetVersion: string;
}

/** What `check` prints: one plan's report. */
export interface CheckReport {
  kind: 'check';
  /** The plan file ("<stdin>" for -). */
  source: string;
  report: ReportView;
}

/** What `scan` prints: the report of every object read. */
export interface ScanReport {
  kind: 'scan';
  scan: ScanView;
}

export type Report = CheckReport | ScanReport;

export interface PrintOptions {
  failOn: FailOn;
  toolVersion: string;
  /** --show-all: the table (and markdown) list every finding with its applicability, and a scan's table what was inferred for each object. */
  showAll?: boolean;
  /** Columns of the table (check's); the terminal's by default. */
  width?: number;
}

/**
 * One output format: its text, in pieces to write one after another (a large scan's JSON is
 * written an object at a time). Every format prints both kinds of report.
 */
export interface Printer {
  /** One line for --help. */
  description: string;
  print(report: Report, options: PrintOptions): Iterable<string>;
}

/** A finding placed on a line of a file. */
export type LocatedFinding = Omit<ScanFindingView, 'path'> & { path?: string | null };

/** What a line-oriented format (SARIF, JUnit) reports on: a scanned object, or a check's plan file. */
export interface LocatedObject {
  file: string;
  line: number;
  kind: string;
  namespace: string | null;
  name: string;
  part: string | null;
  verdict: Verdict | null;
  verdictAfterAccepted?: Verdict | null;
  findings: LocatedFinding[];
}

/** The objects of a report: a scan's, or a check's plan as one object at the top of its file. */
export function locatedObjects(report: Report): LocatedObject[] {
  if (report.kind === 'scan') return report.scan.objects;
  const { source, report: r } = report;
  return [
    {
      file: source,
      line: 1,
      kind: 'Plan',
      namespace: null,
      name: source,
      part: null,
      verdict: r.verdict,
      ...(r.verdictAfterAccepted !== undefined ? { verdictAfterAccepted: r.verdictAfterAccepted } : {}),
      findings: r.findings.map((f) => ({ ...f, line: 1 })),
    },
  ];
}

/** "DaemonSet kube-system/flannel (part)" */
export function objectName(r: Pick<LocatedObject, 'kind' | 'namespace' | 'name' | 'part'>): string {
  return `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}${r.part ? ` (${r.part})` : ''}`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
