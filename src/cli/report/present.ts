/**
 * The domain's answers in the report model's spelling, which is the API's. A check's report is the
 * one model the `compatibility` query answers too (src/domain/compatibility/report-model.ts); what
 * is the CLI's own is how it resolves the model's references, from the knowledge snapshot and the
 * source documents (a document's title and URL, a release's and a feature's name, a setting's
 * range description), and that it spells enum values as the API serialises them. A scan's answer is
 * the scan document (src/domain/scan/document.ts), its findings in the same model's shape.
 */
import type { SourceDocuments } from '../../db/knowledge-snapshot.js';
import type { CompatibilityReport } from '../../domain/compatibility/judge.js';
import { compatibilityReportModel, findingModel, type ReportSpelling } from '../../domain/compatibility/report-model.js';
import type { Citation, Knowledge, SettingFact } from '../../domain/knowledge.js';
import { describeKubernetesRange } from '../../domain/kubernetes-version.js';
import { graphqlName } from '../../domain/vocabulary.js';
import type { ScanDocument, ScanFindingDocument } from '../../domain/scan/document.js';
import type { ApplicabilityView, ReportView, ScanFindingView, ScanView, Severity, SettingView, SourceRef } from './model.js';

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

/** How the CLI resolves the model's references and spells its enums: as the API answers the CLI's selection. */
interface CliReportTypes {
  source: SourceRef;
  setting: SettingView;
  release: { slug: string; name: string };
  feature: { slug: string; name: string };
  severity: Severity;
  applicability: ApplicabilityView;
}

/** The CLI's spelling; without the knowledge (a scan's findings, whose references are citations only) a release is named by its slug. */
function cliSpelling(documents: SourceDocuments, knowledge?: Knowledge): ReportSpelling<CliReportTypes> {
  return {
    source: (c) => sourceRef(documents, c),
    setting: (s) => settingView(documents, s),
    release: (slug) => ({ slug, name: knowledge?.releases.get(slug)?.name ?? slug }),
    feature: (f) => ({ slug: f.slug, name: f.name }),
    severity,
    applicability: (a) => graphqlName(a) as ApplicabilityView,
  };
}

/** The engine's report as the `compatibility` query answers it (the CLI's COMPATIBILITY_QUERY selection). */
export function presentCompatibility({ knowledge, documents }: Presenter, report: CompatibilityReport): ReportView {
  return compatibilityReportModel(report, cliSpelling(documents, knowledge));
}

/** The scan's document as the `scan` query answers it (every field, sources as `document { slug title url } section note`). */
export function presentScan({ documents }: Pick<Presenter, 'documents'>, doc: ScanDocument): ScanView {
  const spell = cliSpelling(documents);
  const scanFinding = (f: ScanFindingDocument): ScanFindingView => ({ ...findingModel(f, spell), path: f.path, line: f.line });
  return {
    verdict: doc.verdict,
    summary: { ...doc.summary, grouping: graphqlName(doc.summary.grouping) },
    objects: doc.objects.map((o) => ({ ...o, findings: o.findings.map(scanFinding) })),
    datasetVersion: doc.datasetVersion,
  };
}
