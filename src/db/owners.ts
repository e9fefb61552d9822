/**
 * Owner keys for rows that attach to many kinds of record (citations, settings, notes).
 * One function per owner kind keeps the spelling in one place for the loader and the resolvers.
 */
export const owner = {
  windowsVersion: (slug: string) => `windows-version:${slug}`,
  windowsUpdate: (id: number) => `windows-update:${id}`,
  environment: (slug: string) => `environment:${slug}`,
  environmentPluginsListed: (slug: string) => `environment-plugins-listed:${slug}`,
  environmentEksctl: (slug: string) => `environment-eksctl:${slug}`,
  networkMode: (slug: string) => `network-mode:${slug}`,
  cniPlugin: (slug: string) => `cni-plugin:${slug}`,
  pluginMode: (id: number) => `plugin-mode:${id}`,
  pluginEnvironment: (id: number) => `plugin-environment:${id}`,
  pluginNetworkPolicy: (slug: string) => `plugin-network-policy:${slug}`,
  pluginEnvironmentNetworkPolicy: (id: number) => `plugin-environment-network-policy:${id}`,
  pluginOnlyIn: (slug: string) => `plugin-only-in:${slug}`,
  featureDefault: (slug: string) => `feature-default:${slug}`,
  nodeOsSupport: (slug: string) => `node-os-support:${slug}`,
  featureGate: (slug: string) => `feature-gate:${slug}`,
  featureGateStages: (slug: string) => `feature-gate-stages:${slug}`,
  featureGateLockedOverride: (slug: string) => `feature-gate-locked-override:${slug}`,
  featureGateRemoval: (slug: string) => `feature-gate-removal:${slug}`,
  ipamOption: (slug: string) => `ipam-option:${slug}`,
  feature: (slug: string) => `feature:${slug}`,
  featureMinimumWindows: (slug: string) => `feature-minimum-windows:${slug}`,
  featureMinimumKubernetes: (slug: string) => `feature-minimum-kubernetes:${slug}`,
  limitation: (slug: string) => `limitation:${slug}`,
  limitationWorkaround: (slug: string) => `limitation-workaround:${slug}`,
  /** Sources of one scope dimension of a limitation or feature default (the seed's scopeSources). */
  scopeSource: (record: 'limitation' | 'feature-default', slug: string, dimension: string) => `${record}-scope:${slug}:${dimension}`,
  networkModeGraduation: (slug: string) => `network-mode-graduation:${slug}`,
  setting: (id: number) => `setting:${id}`,
  note: (id: number) => `note:${id}`,
  serviceType: (slug: string) => `service-type:${slug}`,
  networkFlow: (slug: string) => `network-flow:${slug}`,
  glossaryTerm: (slug: string) => `glossary-term:${slug}`,
  pluginComparison: (slug: string) => `plugin-comparison:${slug}`,
  manifestSignal: (slug: string) => `manifest-signal:${slug}`,
  /** The EC2 catalogue is cited once, as a whole: every row comes from the same upstream file. */
  instanceTypes: 'instance-types',
} as const;
