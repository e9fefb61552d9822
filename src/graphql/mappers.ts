/**
 * What each GraphQL type's resolvers receive as their parent: database rows for catalogue
 * types, domain values for verdicts. GraphQL Code Generator reads these names (see
 * tools/codegen.ts) so resolvers are typed against them.
 */
import type { IpAddressMode } from '../domain/vocabulary.js';
import type * as t from '../db/tables.js';
import type { NodeType } from './global-id.js';
import type { FindingCodeEntry } from '../domain/finding-codes.js';
import type { CompatibilityReportModel, FindingModel } from '../domain/compatibility/report-model.js';
import type { ApiReportTypes } from './report-spelling.js';
import type {
  InferredFactDocument,
  ScanClusterDocument,
  ScanDocument,
  ScanFindingDocument,
  ScannedObjectDocument,
  ScanSummaryDocument,
} from '../domain/scan/document.js';
import type { PodCapacityResult } from '../domain/capacity.js';
import type { Citation, SettingFact } from '../domain/knowledge.js';
import type { KubernetesRange } from '../domain/kubernetes-version.js';

export type WindowsVersionParent = typeof t.windowsVersions.$inferSelect;
export type WindowsUpdateParent = typeof t.windowsUpdates.$inferSelect;
export type NetworkModeParent = typeof t.networkModes.$inferSelect;
export type CniPluginParent = typeof t.cniPlugins.$inferSelect;
export type PluginModeParent = typeof t.pluginModes.$inferSelect;
export type PluginEnvironmentParent = typeof t.pluginEnvironments.$inferSelect;
/** citationOwner: the plugin's general answer or one environment's (owners.ts). */
export type NetworkPolicyParent = { citationOwner: string; support: CniPluginParent['networkPolicySupport']; note: string | null };
export type FeatureParent = typeof t.features.$inferSelect;
export type LimitationParent = typeof t.limitations.$inferSelect;
export type IpamOptionParent = typeof t.ipamOptions.$inferSelect;
export type ServiceTypeParent = typeof t.serviceTypes.$inferSelect;
export type EnvironmentParent = typeof t.environments.$inferSelect;
export type SourceDocumentParent = typeof t.sourceDocuments.$inferSelect;
export type NoteParent = typeof t.notes.$inferSelect;
export type NetworkFlowParent = typeof t.networkFlows.$inferSelect;
export type GlossaryTermParent = typeof t.glossaryTerms.$inferSelect;
export type PluginComparisonParent = typeof t.pluginComparisons.$inferSelect;
export type ComparisonRowParent = typeof t.comparisonRows.$inferSelect;
export type ComparisonValueParent = typeof t.comparisonValues.$inferSelect;
/** Settings come from the database (with an id whose citations are loaded) or from a verdict (sources inline). */
export type SettingParent = SettingFact & { id?: number };
export type SourceReferenceParent = Citation;
export type KubernetesVersionRangeParent = KubernetesRange;
export type BuildRangeParent = { from?: string | null; before?: string | null };
/** The one report model's finding, with the API's references (report-spelling.ts). */
export type FindingParent = FindingModel<ApiReportTypes>;
// The scan's document (src/domain/scan/document.ts) is the answer field for field: no resolvers of its own.
export type ScanReportParent = ScanDocument;
export type ScanSummaryParent = ScanSummaryDocument;
export type ScannedObjectParent = ScannedObjectDocument;
export type ScanFindingParent = ScanFindingDocument;
export type InferredFactParent = InferredFactDocument;
export type ScanClusterParent = ScanClusterDocument;
export type ClusterFactParent = ScanClusterDocument['facts'][number];
/** The one report model (src/domain/compatibility/report-model.ts), with the API's references. */
export type CompatibilityReportParent = CompatibilityReportModel<ApiReportTypes>;
export type PodCapacityParent = PodCapacityResult & { instanceType?: string };
export type DatasetInfoParent = {
  datasetVersion: string;
  builtAt: string;
  schemaVersion: string;
  kubernetesHorizon: string;
  windowsHorizon: string;
  knowledgeDate: string;
};
/** The domain's horizon: the release as a slug, resolved by the loader. */
export type DatasetHorizonParent = import('../domain/knowledge.js').DatasetHorizon;
/** A limitation's requires scope (JSON in its row). */
export type LimitationRequirementParent = NonNullable<LimitationParent['requires']>;
export type ThresholdParent = { metric: NonNullable<LimitationParent['thresholdMetric']>; max: number; approximate: boolean };
export type NodeOsSupportParent = typeof t.nodeOsSupport.$inferSelect;
export type FeatureDefaultParent = typeof t.featureDefaults.$inferSelect;
export type PluginVersionRangeParent = { from: string | null; before: string | null };
export type InstanceTypeParent = typeof t.instanceTypes.$inferSelect;
export type InstanceTypeConnectionParent = {
  rows: InstanceTypeParent[];
  totalCount: () => number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  podsMode: IpAddressMode;
};
export type InstanceTypeEdgeParent = { row: InstanceTypeParent; podsMode: IpAddressMode };
export type SearchHitParent = { type: NodeType; slug: string; field: string; snippet: string; score: number };
export type FindingCodeInfoParent = FindingCodeEntry & { code: string };
