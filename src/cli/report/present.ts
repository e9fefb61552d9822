/**
 * The domain's answers in the report model's spelling, which is the API's: what the resolvers
 * add to the engine's report (the source documents' titles and URLs, the names of the horizon's
 * release and of the enabled features, severities in capitals, the range descriptions), done
 * here from the knowledge snapshot and the source documents, so an offline `check` or `scan`
 * prints what the `compatibility` and `scan` queries answer without running GraphQL.
 * test/cli/check-url.test.ts and test/scan/cli.test.ts compare both paths.
 */
import { sourceDocuments } from '../../db/tables.js';
import type { OpenDatabase } from '../../db/open.js';
import type { CompatibilityReport } from '../../domain/compatibility/judge.js';
import type { Finding } from '../../domain/compatibility/findings.js';
import type { Citation, Knowledge, SettingFact } from '../../domain/knowledge.js';
import { describeKubernetesRange } from '../../domain/kubernetes-version.js';
import { graphqlName } from '../../domain/vocabulary.js';
import type { ScanDocument, ScanFindingDocument } from '../../domain/scan/document.js';
import type { ApplicabilityView, FindingView, ReportView, ScanFindingView, ScanView, Severity, SettingView, SourceRef } from './model.js';

/** The source documents by slug: what a citation's `document` resolves to. */
export type SourceDocuments = ReadonlyMap<string, SourceRef['document']>;

export function loadSourceDocuments(database: OpenDatabase): SourceDocuments {
  const rows = database.db.select({ slug: sourceDocuments.slug, title: sourceDocuments.title, url: sourceDocuments.url }).from(sourceDocuments).all();
  return new Map(rows.map((r) => [r.slug, r]));
}

/** The CLI's view of the knowledge it presents with. */
export interface Presenter {
  knowledge: Knowledge;
  documents: SourceDocuments;
}

function sourceRef(documents: SourceDocuments, c: Citation): SourceRef {
  const document = documents.get(c.doc);
  // The build refuses a citation of an unknown document, so this is a broken database.
  if (!document) throw new Error(`the database has no source document "${c.doc}"`);
  return { document, section: c.section, note: c.note ?? null };
}

const severity = (s: string) => s.toUpperCase() as Severity;

function findingView(documents: SourceDocuments, f: Finding): FindingView {
  return {
    severity: severity(f.severity),
    code: f.code,
    subject: f.subject ?? null,
    message: f.message,
    remediation: f.remediation ?? null,
    sources: f.sources.map((c) => sourceRef(documents, c)),
    applicability: graphqlName(f.applicability) as ApplicabilityView,
    dependsOn: [...f.dependsOn],
  };
}

function settingView(documents: SourceDocuments, s: SettingFact): SettingView {
  const range = s.kubernetes;
  return {
    kind: s.kind,
    key: s.key,
    value: s.value,
    target: s.target ?? null,
    note: s.note ?? null,
    kubernetesVersions: range ? { min: range.min ?? null, max: range.max ?? null, description: describeKubernetesRange(range) } : null,
    sources: s.sources.map((c) => sourceRef(documents, c)),
  };
}

/** The engine's report as the `compatibility` query answers it (CLI's COMPATIBILITY_QUERY selection). */
export function presentCompatibility({ knowledge, documents }: Presenter, report: CompatibilityReport): ReportView {
  const release = knowledge.releases.get(report.horizon.windowsVersion);
  return {
    verdict: report.verdict,
    datasetVersion: report.datasetVersion,
    horizon: {
      kubernetesVersion: report.horizon.kubernetesVersion,
      windowsVersion: { slug: report.horizon.windowsVersion, name: release?.name ?? report.horizon.windowsVersion },
      knowledgeDate: report.horizon.knowledgeDate,
    },
    findings: report.findings.map((f) => findingView(documents, f)),
    requiredSettings: report.requiredSettings.map((s) => settingView(documents, s)),
    enabledFeatures: report.enabledFeatures.map((f) => ({ slug: f.slug, name: f.name })),
  };
}

function scanFindingView(documents: SourceDocuments, f: ScanFindingDocument): ScanFindingView {
  const { severity: s, code, message, subject, remediation, sources, applicability, dependsOn, path, line } = f;
  return {
    severity: severity(s),
    code,
    message,
    subject,
    remediation,
    sources: sources.map((c) => sourceRef(documents, c)),
    applicability: graphqlName(applicability) as ApplicabilityView,
    dependsOn: [...dependsOn],
    path,
    line,
  };
}

/** The scan's document as the `scan` query answers it (every field, sources as `document { slug title url } section note`). */
export function presentScan({ documents }: Pick<Presenter, 'documents'>, doc: ScanDocument): ScanView {
  return {
    verdict: doc.verdict,
    summary: { ...doc.summary, grouping: graphqlName(doc.summary.grouping) },
    objects: doc.objects.map((o) => ({ ...o, findings: o.findings.map((f) => scanFindingView(documents, f)) })),
    datasetVersion: doc.datasetVersion,
  };
}
