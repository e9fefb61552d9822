/**
 * Generates a `kubectl get nodes,all,cm,sa,ep,netpol -A -o json` dump of a large mixed cluster, in
 * the API's shape and kubectl's layout (4-space indentation): Windows (2019 and 2022, several
 * instance types) and Linux nodes, pods with status (kubectl hides managed fields by default),
 * Services, Deployments, ReplicaSets, ConfigMaps (one of them amazon-vpc-cni), ServiceAccounts,
 * Endpoints and NetworkPolicies. Per 20 objects: 1 node, 1 Service, 1 Deployment, 1 ReplicaSet,
 * 3 ConfigMaps, 1 NetworkPolicy, 3 ServiceAccounts, 1 Endpoints and 8 pods: about 2 KB an object
 * on average in kubectl's layout (pods about 3.2 KB, ServiceAccounts 0.3 KB), so 10,000 objects
 * make a dump of about 22 MB (21.6 MiB), near the 20 MB the scan is asked to handle. Real pods are often larger (projected token volumes,
 * env): this mix is on the small side for pods and does not claim more. Deterministic for a size.
 *
 *   npx tsx bench/scan/generate.ts 10000 > /tmp/dump.json
 */
import { pathToFileURL } from 'node:url';

const WINDOWS = [
  { build: '17763', revision: 5329, osImage: 'Windows Server 2019 Datacenter', type: 'm5.large', ips: 144 },
  { build: '20348', revision: 2227, osImage: 'Windows Server 2022 Datacenter', type: 'm5.xlarge', ips: 224 },
  { build: '20348', revision: 2227, osImage: 'Windows Server 2022 Datacenter', type: 'c5.2xlarge', ips: 224 },
];

function uid(i: number): string {
  const h = (i * 2654435761) >>> 0;
  return `${h.toString(16).padStart(8, '0')}-${(i & 0xffff).toString(16).padStart(4, '0')}-4${(i % 4096).toString(16).padStart(3, '0')}-8000-${String(i).padStart(12, '0')}`;
}

function meta(name: string, i: number, namespace?: string, labels?: Record<string, string>) {
  return {
    creationTimestamp: '2026-10-02T09:14:31Z',
    ...(labels ? { labels } : {}),
    name,
    ...(namespace ? { namespace } : {}),
    resourceVersion: String(100000 + i),
    uid: uid(i),
  };
}

function node(i: number, windows: boolean) {
  const w = WINDOWS[i % WINDOWS.length]!;
  const name = `ip-10-${(i >> 8) & 255}-${i & 255}-${windows ? 1 : 2}.us-west-2.compute.internal`;
  const labels: Record<string, string> = windows
    ? {
        'kubernetes.io/os': 'windows',
        'kubernetes.io/arch': 'amd64',
        'node.kubernetes.io/windows-build': `10.0.${w.build}`,
        'node.kubernetes.io/instance-type': w.type,
        'eks.amazonaws.com/nodegroup': `windows-${w.build}-${w.type}`,
        'topology.kubernetes.io/zone': 'us-west-2a',
      }
    : { 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'node.kubernetes.io/instance-type': 'm5.2xlarge', 'eks.amazonaws.com/nodegroup': 'linux' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: meta(name, i, undefined, labels),
    spec: { providerID: `aws:///us-west-2a/i-${uid(i).slice(0, 17)}` },
    status: {
      capacity: { cpu: '4', memory: '16069184Ki', pods: '110', ...(windows ? { 'vpc.amazonaws.com/PrivateIPv4Address': String(w.ips) } : {}) },
      allocatable: { cpu: '3920m', memory: '15054400Ki', pods: '110', ...(windows ? { 'vpc.amazonaws.com/PrivateIPv4Address': String(w.ips) } : {}) },
      conditions: ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((type) => ({
        lastHeartbeatTime: '2026-11-20T10:00:00Z',
        lastTransitionTime: '2026-10-02T09:14:31Z',
        message: `kubelet reports ${type}`,
        reason: `Kubelet${type}`,
        status: type === 'Ready' ? 'True' : 'False',
        type,
      })),
      nodeInfo: windows
        ? {
            architecture: 'amd64',
            containerRuntimeVersion: 'containerd://1.6.28',
            kernelVersion: `10.0.${w.build}.${w.revision}`,
            kubeProxyVersion: 'v1.29.0-eks-5e0fdde',
            kubeletVersion: 'v1.29.0-eks-5e0fdde',
            operatingSystem: 'windows',
            osImage: w.osImage,
          }
        : {
            architecture: 'amd64',
            containerRuntimeVersion: 'containerd://1.7.11',
            kernelVersion: '5.10.209-198.858.amzn2.x86_64',
            kubeProxyVersion: 'v1.29.0-eks-5e0fdde',
            kubeletVersion: 'v1.29.0-eks-5e0fdde',
            operatingSystem: 'linux',
            osImage: 'Amazon Linux 2',
          },
    },
  };
}

function podSpec(app: string, windows: boolean) {
  return {
    containers: [
      {
        name: app,
        image: windows ? 'mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022' : 'public.ecr.aws/nginx/nginx:1.25',
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        resources: { limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
      },
    ],
    dnsPolicy: 'ClusterFirst',
    nodeSelector: { 'kubernetes.io/os': windows ? 'windows' : 'linux' },
    restartPolicy: 'Always',
    serviceAccountName: 'default',
    tolerations: windows ? [{ effect: 'NoSchedule', key: 'os', operator: 'Equal', value: 'windows' }] : [],
  };
}

/** slot 1: the app's Service (every fourth a LoadBalancer with externalTrafficPolicy Local). */
function service(i: number, app: string, ns: string): unknown {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(app, i, ns, { app }),
    spec: {
      type: i % 4 === 0 ? 'LoadBalancer' : 'ClusterIP',
      selector: { app },
      ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }],
      sessionAffinity: i % 5 === 0 ? 'ClientIP' : 'None',
      ...(i % 4 === 0 ? { externalTrafficPolicy: 'Local' } : {}),
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
    },
  };
}

/** slot 2: the app's Deployment. */
function deployment(i: number, app: string, ns: string, windows: boolean): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(app, i, ns, { app }),
    spec: { replicas: 3, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: podSpec(app, windows) } },
    status: { availableReplicas: 3, readyReplicas: 3, replicas: 3 },
  };
}

/** slots 3, 10 and 11: the app's ConfigMaps. */
function appConfigMap(i: number, app: string, ns: string, slot: number): unknown {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta(`${app}-${slot === 3 ? 'config' : slot === 10 ? 'env' : 'flags'}`, i, ns),
    data: { 'settings.json': JSON.stringify({ app, level: 'info', features: ['a', 'b'] }) },
  };
}

/** slot 4: a NetworkPolicy for the app. */
function networkPolicy(i: number, app: string, ns: string): unknown {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta(`${app}-allow`, i, ns),
    spec: {
      podSelector: { matchLabels: { app } },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: { role: 'frontend' } } }] }],
    },
  };
}

/** slot 5: the Deployment's ReplicaSet. */
function replicaSet(i: number, app: string, ns: string, windows: boolean): unknown {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      ...meta(`${app}-${uid(i).slice(0, 10)}`, i, ns, { app, 'pod-template-hash': uid(i).slice(0, 10) }),
      annotations: {
        'deployment.kubernetes.io/desired-replicas': '3',
        'deployment.kubernetes.io/max-replicas': '4',
        'deployment.kubernetes.io/revision': '1',
      },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: app, uid: uid(i + 2), controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app, 'pod-template-hash': uid(i).slice(0, 10) } },
      template: { metadata: { labels: { app, 'pod-template-hash': uid(i).slice(0, 10) } }, spec: podSpec(app, windows) },
    },
    status: { availableReplicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1, readyReplicas: 3, replicas: 3 },
  };
}

/** slot 8: the Service's Endpoints, three addresses. */
function endpoints(i: number, app: string, ns: string): unknown {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { ...meta(app, i, ns, { app }), annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '2026-10-02T09:15:10Z' } },
    subsets: [
      {
        addresses: [0, 1, 2].map((k) => ({
          ip: `10.0.${(i >> 8) & 255}.${(i + k) & 255}`,
          nodeName: `ip-10-0-${(i + k) & 255}-1.us-west-2.compute.internal`,
          targetRef: { kind: 'Pod', name: `${app}-${uid(i + k).slice(0, 10)}`, namespace: ns, uid: uid(i + k) },
        })),
        ports: [{ port: 80, protocol: 'TCP' }],
      },
    ],
  };
}

/** every other slot: a running Pod of the ReplicaSet. */
function pod(i: number, app: string, ns: string, windows: boolean): unknown {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...meta(`${app}-${uid(i).slice(0, 10)}-${(i % 99999).toString(36)}`, i, ns, { app, 'pod-template-hash': uid(i).slice(0, 10) }),
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${app}-${uid(i).slice(0, 10)}`, uid: uid(i + 1), controller: true, blockOwnerDeletion: true },
      ],
    },
    spec: { ...podSpec(app, windows), nodeName: `ip-10-0-${i & 255}-1.us-west-2.compute.internal` },
    status: {
      phase: 'Running',
      podIP: `10.0.${(i >> 8) & 255}.${i & 255}`,
      hostIP: `10.0.${i & 255}.10`,
      qosClass: 'Burstable',
      startTime: '2026-10-02T09:15:02Z',
      conditions: ['Ready', 'PodScheduled'].map((type) => ({ lastTransitionTime: '2026-10-02T09:15:10Z', status: 'True', type })),
      containerStatuses: [
        {
          name: app,
          ready: true,
          restartCount: 0,
          started: true,
          image: 'img',
          imageID: `sha256:${uid(i).replace(/-/g, '')}`,
          containerID: `containerd://${uid(i).replace(/-/g, '')}`,
          state: { running: { startedAt: '2026-10-02T09:15:08Z' } },
        },
      ],
    },
  };
}

/** The object at position `i` (from 1): a node every 20 objects, then the app's objects by slot. */
function objectAt(i: number, apps: number): unknown {
  const slot = i % 20;
  const app = `app-${i % apps}`;
  const ns = `team-${i % 37}`;
  const windows = i % 3 === 0;
  if (slot === 0) return node(i, i % 40 === 0 ? false : windows);
  if (slot === 1) return service(i, app, ns);
  if (slot === 2) return deployment(i, app, ns, windows);
  if (slot === 3 || slot === 10 || slot === 11) return appConfigMap(i, app, ns, slot);
  if (slot === 4) return networkPolicy(i, app, ns);
  if (slot === 5) return replicaSet(i, app, ns, windows);
  if (slot === 6 || slot === 7 || slot === 9)
    return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(slot === 6 ? app : slot === 7 ? `${app}-deployer` : `${app}-monitor`, i, ns) };
  if (slot === 8) return endpoints(i, app, ns);
  return pod(i, app, ns, windows);
}

/** The dump with `count` objects. */
export function generateDump(count: number): { apiVersion: string; kind: string; items: unknown[]; metadata: { resourceVersion: string } } {
  const items: unknown[] = [];
  const apps = Math.max(1, Math.floor(count / 20));
  items.push({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('amazon-vpc-cni', 0, 'kube-system'),
    data: { 'enable-windows-ipam': 'true', 'enable-windows-prefix-delegation': 'true' },
  });
  for (let i = 1; items.length < count; i++) items.push(objectAt(i, apps));
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const count = Number(process.argv[2] ?? 10000);
  process.stdout.write(`${JSON.stringify(generateDump(count), null, 4)}\n`);
}
