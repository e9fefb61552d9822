/** A Service: its type, and the fields and annotations that switch a feature on, as the knowledge base names them. */
import type { KnownFacts } from '../known-facts.js';
import { at, isTrue, key, list, record, stringMap, text, type Json } from '../kube.js';
import { reading, type ReadResult } from './types.js';
import { SERVICE_SETTING_INFO } from '../../service-settings.js';
import { SERVICE_SETTINGS } from '../../vocabulary.js';

/** What a Service says: its type, and the fields and annotations that switch a feature on, as the knowledge base names them. */
export function readService(known: KnownFacts, obj: Json): ReadResult {
  const r = reading(obj, 'service', 'if-cluster-has-windows');
  const spec = record(obj.spec) ?? {};
  const type = text(spec.type);
  // Kubernetes gives a Service without spec.type the type ClusterIP.
  const slug = known.serviceType(type ?? 'ClusterIP');
  if (slug) r.facts.push({ field: 'serviceTypes', value: slug, path: type === undefined ? 'spec' : 'spec.type' });
  else if (type !== undefined) r.missing.push(`spec.type "${type}" is not a Service type`);
  for (const s of known.serviceFields) if (text(at(obj, s.key)) === s.value) r.facts.push({ field: 'features', value: s.feature, path: s.key });
  const policy = text(spec.ipFamilyPolicy);
  const families = list(spec.ipFamilies).map(text);
  if (policy === 'PreferDualStack' || policy === 'RequireDualStack') r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilyPolicy' });
  else if (families.length > 1) r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilies' });
  else if (families[0] === 'IPv6') r.facts.push({ field: 'features', value: 'dual-stack', path: 'spec.ipFamilies[0]' });
  const annotations = stringMap(at(obj, 'metadata.annotations'));
  // The Service settings whose effect on Windows nodes a source qualifies (trafficDistribution ...).
  for (const setting of SERVICE_SETTINGS)
    for (const source of SERVICE_SETTING_INFO[setting].setBy) {
      const path = source.annotation ? key('metadata.annotations', source.path) : source.path;
      const raw = source.annotation ? annotations[source.path] : at(obj, source.path);
      const values = Array.isArray(raw) ? raw.map(text).filter(Boolean) : [text(raw)].filter(Boolean);
      if (values.length > 0 && (!source.values || values.some((v) => source.values!.includes(v!)))) {
        r.facts.push({ field: 'serviceSettings', value: setting, path });
        break;
      }
    }
  for (const [name, value] of Object.entries(annotations))
    for (const s of known.serviceAnnotations)
      if ((name === s.key || name.endsWith(`/${s.key}`)) && (s.value === 'true' ? isTrue(value) : value === s.value))
        r.facts.push({ field: 'features', value: s.feature, path: key('metadata.annotations', name) });
  // A feature that needs one kube-proxy runs with (client IP preservation needs DSR): the Service
  // cannot show it; kube-proxy's settings settle it.
  for (const fact of r.facts)
    if (fact.field === 'features')
      for (const need of known.requiredKubeProxyFlags(String(fact.value)))
        r.unknown.push({
          fact: `whether kube-proxy runs with ${need.feature} (${need.flag}=${need.value}), which ${need.requiredBy} needs`,
          settledBy: "the Windows kube-proxy's flags or its KubeProxyConfiguration (winkernel), which are not part of this Service",
          path: fact.path,
          settles: { kind: 'kube-proxy-flag', flag: need.flag, value: need.value, feature: need.featureSlug },
        });
  // The switches it leaves off: what their defaults decide is said by scan/defaults.ts.
  const fieldsOff = known.serviceFields
    .filter((s) => text(at(obj, s.key)) !== s.value)
    .map((s) => ({ key: s.key, feature: s.feature, ...(text(at(obj, s.key)) !== undefined ? { value: text(at(obj, s.key))! } : {}) }));
  r.service = { selector: stringMap(spec.selector), fieldsOff };
  return { readings: [r] };
}
