/**
 * Where a Service sets each of the Service settings the knowledge base qualifies for Windows nodes
 * (the vocabulary is SERVICE_SETTINGS in vocabulary.ts): the field or annotation, and which values
 * count. The plan validator names the choices from here, and the scanner reads Services with it.
 */
import { SERVICE_SETTINGS, type ServiceSetting } from './vocabulary.js';

export interface ServiceSettingSource {
  /** A path under the Service object (spec.internalTrafficPolicy), or an annotation name. */
  readonly path: string;
  readonly annotation?: true;
  /** The values that turn the setting on; absent: any non-empty value does. */
  readonly values?: readonly string[];
}

export interface ServiceSettingInfo {
  readonly name: string;
  readonly setBy: readonly ServiceSettingSource[];
}

export const SERVICE_SETTING_INFO: Record<ServiceSetting, ServiceSettingInfo> = {
  'traffic-distribution': { name: 'Service trafficDistribution (PreferClose, PreferSameZone, PreferSameNode)', setBy: [{ path: 'spec.trafficDistribution' }] },
  'topology-aware-routing': {
    name: 'Topology Aware Routing (topology hints)',
    // topology-mode since Kubernetes 1.27; topology-aware-hints is the older annotation.
    setBy: [
      { path: 'service.kubernetes.io/topology-mode', annotation: true, values: ['Auto'] },
      { path: 'service.kubernetes.io/topology-aware-hints', annotation: true, values: ['Auto', 'auto'] },
    ],
  },
  'internal-traffic-policy-local': { name: 'internalTrafficPolicy: Local', setBy: [{ path: 'spec.internalTrafficPolicy', values: ['Local'] }] },
  'external-ips': { name: 'Service externalIPs', setBy: [{ path: 'spec.externalIPs' }] },
};

/** The vocabulary as a map, for the plan validator's slug checks. */
export const SERVICE_SETTING_CHOICES: ReadonlyMap<string, ServiceSettingInfo> = new Map(SERVICE_SETTINGS.map((s) => [s, SERVICE_SETTING_INFO[s]]));
