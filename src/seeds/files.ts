/**
 * The seed files under seeds/, by key, in the order the dataset version hashes them: the one list
 * that the seed schema (schema.ts) pairs with its record shapes and that dataset-version.ts reads.
 * Free of zod, so the CLI can tell a stale database without loading the seed schema.
 */
export const SEED_FILE_NAMES = {
  sources: 'sources.yaml',
  windowsVersions: 'windows-versions.yaml',
  environments: 'environments.yaml',
  networkModes: 'network-modes.yaml',
  ipamOptions: 'ipam-options.yaml',
  cniPlugins: 'cni-plugins.yaml',
  features: 'features.yaml',
  limitations: 'limitations.yaml',
  featureDefaults: 'feature-defaults.yaml',
  nodeOsSupport: 'node-os-support.yaml',
  featureGates: 'feature-gates.yaml',
  serviceTypes: 'service-types.yaml',
  networkFlows: 'network-flows.yaml',
  glossary: 'glossary.yaml',
  pluginComparisons: 'plugin-comparisons.yaml',
  manifestSignals: 'manifest-signals.yaml',
  instanceTypes: 'ec2-instance-types.yaml',
} as const;
