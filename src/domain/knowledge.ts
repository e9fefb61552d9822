/**
 * The knowledge base as plain, immutable data: what the pure rules in this folder reason over.
 * src/db/knowledge.ts builds it from the database once per opened database.
 */
import type { KubernetesRange } from './kubernetes-version.js';
import type { InstanceTypeLimits } from './instance-types.js';

export interface Citation {
  doc: string;
  section: string;
  note?: string;
}

export type SettingKind = 'KUBE_PROXY_FLAG' | 'SERVICE_SPEC_FIELD' | 'SERVICE_ANNOTATION' | 'CONFIG_MAP_KEY' | 'POWERSHELL_PARAMETER' | 'OS_UPDATE';

export interface SettingFact {
  kind: SettingKind;
  key: string;
  value: string;
  target?: string;
  kubernetes?: KubernetesRange;
  note?: string;
  sources: Citation[];
}

export interface ReleaseFact {
  slug: string;
  name: string;
  build: number;
  channel: 'LTSC' | 'SAC' | 'AC';
  released: string;
  mainstreamSupportEnds?: string;
  supportEnds?: string;
  updates: { kb: string; revision: number; sources: Citation[] }[];
  sources: Citation[];
}

export type Stability = 'stable' | 'beta' | 'experimental' | 'unspecified';

export interface ModeFact {
  slug: string;
  name: string;
  usedByKubernetes: boolean;
  stability: Stability;
  settings: SettingFact[];
  sources: Citation[];
}

export interface PluginModeFact {
  mode: string;
  backend?: string;
  delegatesTo?: string;
  stability: Stability;
  sources: Citation[];
}

export interface PluginFact {
  slug: string;
  name: string;
  modes: PluginModeFact[];
  networkPolicy: { support: 'supported' | 'not-supported' | 'unknown'; note?: string; sources: Citation[] };
  environments: { environment: string; status: 'default' | 'supported' | 'alternative' | 'retired'; since?: string; note?: string; sources: Citation[] }[];
  sources: Citation[];
}

export interface FeatureFact {
  slug: string;
  name: string;
  minimumWindows: string;
  minimumBuild?: string;
  minimumWindowsSources: Citation[];
  minimumKubernetes?: string;
  minimumKubernetesSources: Citation[];
  requires: string[];
  settings: SettingFact[];
  sources: Citation[];
}

export type Severity = 'error' | 'warning' | 'info';
export type LimitationKind = 'unsupported' | 'known-issue' | 'requirement' | 'caveat';
export type ThresholdMetric = 'backends-per-service' | 'services-per-node';

export interface LimitationFact {
  slug: string;
  title: string;
  kind: LimitationKind;
  description: string;
  severity: Severity;
  scope: {
    environments?: string[];
    plugins?: string[];
    modes?: string[];
    windowsBuilds?: { from?: string; before?: string };
    kubernetes?: KubernetesRange;
    features?: string[];
    serviceTypes?: string[];
  };
  threshold?: { metric: ThresholdMetric; max: number; approximate: boolean };
  mitigatedBy: string[];
  workaround?: string;
  workaroundSettings: SettingFact[];
  sources: Citation[];
}

export interface Knowledge {
  datasetVersion: string;
  releases: ReadonlyMap<string, ReleaseFact>;
  modes: ReadonlyMap<string, ModeFact>;
  plugins: ReadonlyMap<string, PluginFact>;
  features: ReadonlyMap<string, FeatureFact>;
  limitations: readonly LimitationFact[];
  environments: ReadonlyMap<string, { slug: string; name: string }>;
  serviceTypes: ReadonlyMap<string, { slug: string; name: string }>;
  /** The largest IPv4-per-interface figure of any known EC2 instance type. */
  maxIpv4PerInterface: number;
  /** EC2 instance types by name (for capacity checks in compatibility reports). */
  instanceTypes: ReadonlyMap<string, InstanceTypeLimits>;
}
