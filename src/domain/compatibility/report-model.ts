/**
 * The compatibility report as it is answered: the `compatibility` query's CompatibilityReport and
 * `winnet-kb check`'s report (offline), built here once from the engine's report. Which fields
 * there are, how an absent one reads (null), the horizon, the order of findings, settings and
 * features: all decided here, for both.
 *
 * Only two things differ between them, and each caller gives them (its ReportSpelling): how a
 * reference is resolved, since each has its own store (the API hands a citation, a setting, the
 * horizon's release slug and a feature slug on to its graph's type resolvers and loaders; the CLI
 * reads them from the knowledge snapshot), and how an enum value is spelt (GraphQL spells the
 * domain's values itself, through enum-values.ts; the CLI spells them as the API serialises them).
 * The scan has its own answer built once too (scan/document.ts); its findings take the same shape
 * (findingModel).
 */
import type { Citation, FeatureFact, SettingFact } from '../knowledge.js';
import type { Applicability, Severity } from '../vocabulary.js';
import type { CompatibilityReport } from './judge.js';
import type { Verdict } from '../outcome.js';

/** The types a caller's references and enum values come out as. */
export interface ReportTypes {
  source: unknown;
  setting: unknown;
  release: unknown;
  feature: unknown;
  severity: unknown;
  applicability: unknown;
}

/** How a caller resolves the report's references and spells its enum values. */
export interface ReportSpelling<T extends ReportTypes> {
  source(c: Citation): T['source'];
  setting(s: SettingFact): T['setting'];
  /** The horizon's Windows release, by slug. */
  release(slug: string): T['release'];
  feature(f: FeatureFact): T['feature'];
  severity(s: Severity): T['severity'];
  applicability(a: Applicability): T['applicability'];
}

/** A finding as answered (the API's Finding). */
export interface FindingModel<T extends ReportTypes> {
  severity: T['severity'];
  code: string;
  subject: string | null;
  message: string;
  remediation: string | null;
  sources: T['source'][];
  applicability: T['applicability'];
  /** The plan fields that would settle a finding that may apply. */
  dependsOn: string[];
}

/** The report as answered (the API's CompatibilityReport). */
export interface CompatibilityReportModel<T extends ReportTypes> {
  verdict: Verdict;
  datasetVersion: string;
  horizon: { kubernetesVersion: string; windowsVersion: T['release']; knowledgeDate: string };
  findings: FindingModel<T>[];
  requiredSettings: T['setting'][];
  enabledFeatures: T['feature'][];
}

/** What a finding of the engine or of a scan carries that the answer reads. */
type FindingFacts = {
  severity: Severity;
  code: string;
  subject?: string | null;
  message: string;
  remediation?: string | null;
  sources: readonly Citation[];
  applicability: Applicability;
  dependsOn: readonly string[];
};

/** A finding as answered, the engine's or a scan's. */
export function findingModel<T extends ReportTypes>(f: FindingFacts, spell: ReportSpelling<T>): FindingModel<T> {
  return {
    severity: spell.severity(f.severity),
    code: f.code,
    subject: f.subject ?? null,
    message: f.message,
    remediation: f.remediation ?? null,
    sources: f.sources.map((c) => spell.source(c)),
    applicability: spell.applicability(f.applicability),
    dependsOn: [...f.dependsOn],
  };
}

/** The engine's report as answered, with the caller's references and spelling. */
export function compatibilityReportModel<T extends ReportTypes>(report: CompatibilityReport, spell: ReportSpelling<T>): CompatibilityReportModel<T> {
  const { horizon } = report;
  return {
    verdict: report.verdict,
    datasetVersion: report.datasetVersion,
    horizon: { kubernetesVersion: horizon.kubernetesVersion, windowsVersion: spell.release(horizon.windowsVersion), knowledgeDate: horizon.knowledgeDate },
    findings: report.findings.map((f) => findingModel(f, spell)),
    requiredSettings: report.requiredSettings.map((s) => spell.setting(s)),
    enabledFeatures: report.enabledFeatures.map((f) => spell.feature(f)),
  };
}
