/**
 * How the API answers the one compatibility report model (src/domain/compatibility/report-model.ts):
 * each reference is handed on as the parent its GraphQL type resolves (a citation for
 * SourceReference, a setting for Setting, the release's slug for DatasetHorizon.windowsVersion, the
 * feature's slug for CompatibilityReport.enabledFeatures, which loads the rows), and enum values
 * stay the domain's, which GraphQL spells (enum-values.ts).
 */
import type { Citation, SettingFact } from '../domain/knowledge.js';
import type { ReportSpelling } from '../domain/compatibility/report-model.js';
import type { Applicability, Severity } from '../domain/vocabulary.js';

export interface ApiReportTypes {
  source: Citation;
  setting: SettingFact;
  release: string;
  feature: string;
  severity: Severity;
  applicability: Applicability;
}

export const API_SPELLING: ReportSpelling<ApiReportTypes> = {
  source: (c) => c,
  setting: (s) => s,
  release: (slug) => slug,
  feature: (f) => f.slug,
  severity: (s) => s,
  applicability: (a) => a,
};
