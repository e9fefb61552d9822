/**
 * Internal values of GraphQL enums whose seed spelling differs from the enum name, derived from
 * the vocabularies in src/domain/vocabulary.ts (their one home). Used by the resolvers (Apollo
 * maps them) and by codegen (so resolver types expect the seed spellings).
 */
import {
  APPLICABILITIES,
  ARCHITECTURES,
  ENVIRONMENT_STATUSES,
  graphqlName,
  HYPERVISORS,
  LIMITATION_KINDS,
  NODE_OS_STATUSES,
  SCAN_GROUPINGS,
  SEVERITIES,
  SOURCE_KINDS,
  STABILITY_LEVELS,
  SUPPORT_LEVELS,
  THRESHOLD_METRICS,
} from '../domain/vocabulary.js';

/** { NOT_SUPPORTED: 'not-supported', ... } for one vocabulary. */
function enumValues<const T extends readonly string[]>(values: T): { [V in T[number] as Uppercase<V> extends `${infer U}` ? ReplaceDashes<U> : never]: V } {
  return Object.fromEntries(values.map((v) => [graphqlName(v), v])) as never;
}
type ReplaceDashes<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${ReplaceDashes<B>}` : S;

export const ENUM_VALUES = {
  Stability: enumValues(STABILITY_LEVELS),
  SupportLevel: enumValues(SUPPORT_LEVELS),
  EnvironmentStatus: enumValues(ENVIRONMENT_STATUSES),
  LimitationKind: enumValues(LIMITATION_KINDS),
  Severity: enumValues(SEVERITIES),
  ThresholdMetric: enumValues(THRESHOLD_METRICS),
  SourceKind: enumValues(SOURCE_KINDS),
  Architecture: enumValues(ARCHITECTURES),
  Hypervisor: enumValues(HYPERVISORS),
  NodeOsSupportStatus: enumValues(NODE_OS_STATUSES),
  ScanGrouping: enumValues(SCAN_GROUPINGS),
  FindingApplicability: enumValues(APPLICABILITIES),
} as const;
