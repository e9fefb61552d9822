/**
 * Internal values of GraphQL enums whose seed spelling differs from the enum name. Used by the
 * resolvers (Apollo maps them) and by codegen (so resolver types expect the seed spellings).
 */
export const ENUM_VALUES = {
  Stability: { STABLE: 'stable', BETA: 'beta', EXPERIMENTAL: 'experimental', UNSPECIFIED: 'unspecified' },
  SupportLevel: { SUPPORTED: 'supported', NOT_SUPPORTED: 'not-supported', UNKNOWN: 'unknown' },
  EnvironmentStatus: { DEFAULT: 'default', SUPPORTED: 'supported', ALTERNATIVE: 'alternative', RETIRED: 'retired' },
  LimitationKind: { UNSUPPORTED: 'unsupported', KNOWN_ISSUE: 'known-issue', REQUIREMENT: 'requirement', CAVEAT: 'caveat' },
  Severity: { ERROR: 'error', WARNING: 'warning', INFO: 'info' },
  ThresholdMetric: { BACKENDS_PER_SERVICE: 'backends-per-service', SERVICES_PER_NODE: 'services-per-node' },
  SourceKind: { SEED_DOCUMENT: 'seed-document', RESEARCH: 'research' },
  Architecture: { X86_64: 'x86_64', ARM64: 'arm64', UNKNOWN: 'unknown' },
  Hypervisor: { NITRO: 'nitro', XEN: 'xen' },
  NodeOsSupportStatus: { SUPPORTED: 'supported', PREVIEW: 'preview', DISPUTED: 'disputed', RETIRED: 'retired' },
} as const;
