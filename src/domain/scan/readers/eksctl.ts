/** An eksctl ClusterConfig: each Windows node group, judged on its own. */
import type { Knowledge } from '../../knowledge.js';
import { at, isRecord, list, text, type Json } from '../kube.js';
import { ignore, reading, type Reading, type ReadResult } from './types.js';
import { kubernetesMinorOf } from './windows-release.js';

/** eksctl's default instance type for a node group that names none. */
export const EKSCTL_DEFAULT_INSTANCE_TYPE = 'm5.large';

export function releaseOfAmiFamily(k: Knowledge, amiFamily: string): string | undefined {
  const m = /^WindowsServer(\d{4}|\d{2}H\d)(?:Full|Core)Container$/i.exec(amiFamily);
  if (!m) return undefined;
  const slug = `windows-server-${m[1]!.toLowerCase()}`;
  return k.releases.has(slug) ? slug : undefined;
}

export function readClusterConfig(k: Knowledge, obj: Json): ReadResult {
  const readings: Reading[] = [];
  const version = text(at(obj, 'metadata.version'));
  for (const field of ['nodeGroups', 'managedNodeGroups'] as const) {
    list(obj[field]).forEach((group, i) => {
      if (!isRecord(group)) return;
      const path = `${field}[${i}]`;
      const amiFamily = text(group.amiFamily);
      if (!amiFamily || !/^Windows/i.test(amiFamily)) return;
      const r = reading(obj, 'node-group', 'yes');
      r.ref.part = `${field}/${text(group.name) ?? i}`;
      r.partPath = path;
      const release = releaseOfAmiFamily(k, amiFamily);
      if (release) r.facts.push({ field: 'windowsVersion', value: release, path: `${path}.amiFamily` });
      else r.missing.push(`${path}.amiFamily "${amiFamily}" names no Windows Server release the knowledge base knows`);
      r.facts.push({ field: 'environment', value: 'eks', path: 'apiVersion' }, { field: 'cniPlugin', value: 'amazon-vpc-cni', path: 'apiVersion' });
      const minor = version ? kubernetesMinorOf(version) : undefined;
      if (minor) r.facts.push({ field: 'kubernetesVersion', value: minor, path: 'metadata.version' });
      else r.missing.push('metadata.version (the Kubernetes version; eksctl picks its default)');
      const instanceType = text(group.instanceType) ?? text(list(group.instanceTypes)[0]);
      if (instanceType)
        r.facts.push({
          field: 'instanceType',
          value: instanceType,
          path: group.instanceType !== undefined ? `${path}.instanceType` : `${path}.instanceTypes[0]`,
        });
      else {
        r.facts.push({ field: 'instanceType', value: EKSCTL_DEFAULT_INSTANCE_TYPE, path });
        r.missing.push(`${path}.instanceType (eksctl's default ${EKSCTL_DEFAULT_INSTANCE_TYPE} assumed)`);
      }
      const maxPods = group.maxPodsPerNode ?? at(group, 'kubeletExtraConfig.maxPods');
      if (typeof maxPods === 'number' && Number.isInteger(maxPods) && maxPods >= 1)
        r.facts.push({
          field: 'kubeletMaxPods',
          value: maxPods,
          path: group.maxPodsPerNode !== undefined ? `${path}.maxPodsPerNode` : `${path}.kubeletExtraConfig.maxPods`,
        });
      readings.push(r);
    });
  }
  if (readings.length === 0) return ignore('an eksctl ClusterConfig without Windows node groups');
  return { readings };
}
