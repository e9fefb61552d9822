/** Issue 35: node pools (Karpenter, Cluster API) read into Windows node groups, through manifest-signals.yaml. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects } from '../../src/domain/scan/scan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const PUBLIC = join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'public');
const capz = readFileSync(join(PUBLIC, 'capz-machine-deployment-windows.yaml'), 'utf8');
const karpenter = readFileSync(join(PUBLIC, 'karpenter-windows-2019.yaml'), 'utf8');
const scan = (texts: Record<string, string>) =>
  scanObjects(
    testKnowledge(),
    Object.entries(texts).flatMap(([file, text]) => [...objectsOf(text, file)]),
    { today: TEST_TODAY },
  );

describe('Cluster API', () => {
  it("a MachineDeployment whose machine template runs Windows is a Windows node group, with its machines' Kubernetes version", () => {
    const result = scan({ 'md.yaml': capz.replace('version: "${KUBERNETES_VERSION}"', 'version: "v1.31.4"') });
    expect(result.reports).toHaveLength(1);
    const [pool] = result.reports;
    expect(pool!.role).toBe('node-group');
    expect(pool!.plans[0]).toMatchObject({ kubernetesVersion: '1.31' });
    expect(pool!.facts).toContainEqual(expect.objectContaining({ field: 'kubernetesVersion', value: '1.31', line: 14 }));
    expect(result.summary.ignoredByReason).toMatchObject({ 'an AzureMachineTemplate read with the node pool that names it': 1 });
  });

  it('a Cluster whose only Windows marks are labels no source explains (CAPZ cni-windows: calico) names them as not read (trial scan35 08-F2)', () => {
    const cluster = 'apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  labels: {cni-windows: calico, app: x}\nspec: {}\n';
    const result = scan({ 'cluster.yaml': cluster });
    expect(result.reports).toEqual([]);
    expect(result.summary.ignoredByReason).toEqual({
      'a Cluster in which the scan reads nothing about Windows nodes: no source gives its label cni-windows a meaning': 1,
    });
    // Without such a label, the plain reason.
    expect(scan({ 'cluster.yaml': cluster.replace('cni-windows: calico, ', '') }).summary.ignoredByReason).toEqual({
      'a Cluster in which the scan reads nothing about Windows nodes (its other fields are not read)': 1,
    });
  });

  it("a KubeadmConfigTemplate joining through containerd's Windows named pipe makes the MachineDeployment naming it a Windows pool, its release open (trial scan38 B)", () => {
    const template = (socket: string) => `apiVersion: bootstrap.cluster.x-k8s.io/v1beta1
kind: KubeadmConfigTemplate
metadata:
  name: md-win
spec:
  template:
    spec:
      joinConfiguration:
        nodeRegistration:
          criSocket: ${socket}
---
apiVersion: cluster.x-k8s.io/v1beta1
kind: MachineDeployment
metadata:
  name: md-win
spec:
  template:
    spec:
      version: v1.31.4
      bootstrap:
        configRef: {kind: KubeadmConfigTemplate, name: md-win}
      infrastructureRef: {kind: OCIMachineTemplate, name: md-win}
`;
    const windows = scan({ 'md.yaml': template('npipe:////./pipe/containerd-containerd') });
    expect(windows.reports.map((r) => `${r.ref.kind} ${r.role}`)).toEqual(['MachineDeployment node-group']);
    expect(windows.reports[0]!.unknown.map((u) => u.fact)).toContain('the Windows release of its nodes');
    expect(windows.summary.ignoredByReason).toMatchObject({ 'a KubeadmConfigTemplate read with the node pool that names it': 1 });
    // containerd's Linux socket says nothing of Windows: neither object is reported.
    expect(scan({ 'md.yaml': template('unix:///var/run/containerd/containerd.sock') }).reports).toEqual([]);
  });

  it('a Cluster label naming the CNI (CAPI OCI cni: calico) is named as not read, not dropped (trial scan38 B)', () => {
    const cluster = 'apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  labels: {cni: calico, app: x}\nspec: {}\n';
    expect(scan({ 'cluster.yaml': cluster }).summary.ignoredByReason).toEqual({
      'a Cluster in which the scan reads nothing about Windows nodes: no source gives its label cni a meaning': 1,
    });
  });

  describe('a MachinePool with its AzureMachinePool and KubeadmConfig (trial scan54, file 01)', () => {
    const machinePool = (sku: string, osType = 'Windows') => `apiVersion: cluster.x-k8s.io/v1beta1
kind: MachinePool
metadata:
  name: mp-win
spec:
  clusterName: c
  template:
    spec:
      clusterName: c
      version: v1.31.4
      bootstrap:
        configRef: {apiVersion: bootstrap.cluster.x-k8s.io/v1beta1, kind: KubeadmConfig, name: mp-win}
      infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta1, kind: AzureMachinePool, name: mp-win}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: AzureMachinePool
metadata:
  name: mp-win
spec:
  template:
    image:
      marketplace: {publisher: cncf-upstream, offer: capi-windows, sku: "${sku}", version: latest}
    osDisk:
      osType: ${osType}
---
apiVersion: bootstrap.cluster.x-k8s.io/v1beta1
kind: KubeadmConfig
metadata:
  name: mp-win
spec:
  joinConfiguration:
    nodeRegistration:
      criSocket: npipe:////./pipe/containerd-containerd
`;

    it('is a Windows node group whose release is the one its capi-windows SKU names', () => {
      const result = scan({ 'mp.yaml': machinePool('windows-2022-containerd-gen1') });
      expect(result.reports.map((r) => `${r.ref.kind} ${r.role}`)).toEqual(['MachinePool node-group']);
      expect(result.reports[0]!.plans[0]).toMatchObject({ windowsVersion: 'windows-server-2022', kubernetesVersion: '1.31' });
      expect(result.summary.ignoredByReason).toMatchObject({
        'an AzureMachinePool read with the node pool that names it': 1,
        'a KubeadmConfig read with the node pool that names it': 1,
      });
    });

    it("leaves a templated SKU open, naming the release its variable's default gives, once", () => {
      const pool = scan({ 'mp.yaml': machinePool('${WINDOWS_SERVER_VERSION:=windows-2019}-containerd-gen1') }).reports[0]!;
      expect(pool.plans[0]!.windowsVersion).toBeUndefined();
      const release = pool.unknown.filter((u) => u.field === 'windowsVersion');
      expect(release).toHaveLength(1);
      expect(release[0]!.fact).toContain('where the template\'s variables are left unset it is "windows-2019-containerd-gen1", in AzureMachinePool mp-win');
    });

    it('does not call a pool Linux when its templates are not in the input or not read: it says whose OS it is', () => {
      const lone = machinePool('x').split('---')[0]!.replace('kind: AzureMachinePool', 'kind: AWSMachinePool');
      expect(scan({ 'mp.yaml': lone }).summary.ignoredByReason).toEqual({
        'a MachinePool whose OS is left to objects the scan does not read or the input lacks (AWSMachinePool, KubeadmConfig): not judged': 1,
      });
      // Templates that are in the input and read, and state nothing of Windows: the plain reason.
      const linux = machinePool('ubuntu-2204-gen1', 'Linux').replace('npipe:////./pipe/containerd-containerd', 'unix:///run/containerd/containerd.sock');
      expect(scan({ 'mp.yaml': linux }).summary.ignoredByReason).toMatchObject({ 'a MachinePool that nothing in the input shows to be for Windows nodes': 1 });
    });
  });

  it('a MachineDeployment of Linux machines is not reported', () => {
    const result = scan({ 'md.yaml': capz.replace('osType: "Windows"', 'osType: "Linux"') });
    expect(result.reports).toEqual([]);
    expect(result.summary.ignoredByReason).toMatchObject({ 'a MachineDeployment that nothing in the input shows to be for Windows nodes': 1 });
  });

  it("a KubeadmControlPlane's spec.version is its cluster's Kubernetes version", () => {
    const controlPlane = `kind: KubeadmControlPlane
apiVersion: controlplane.cluster.x-k8s.io/v1beta1
metadata:
  name: capz-win-control-plane
spec:
  replicas: 1
  version: "v1.32.1"
`;
    const result = scan({ 'cp.yaml': controlPlane, 'md.yaml': capz });
    expect(result.reports.find((r) => r.ref.kind === 'MachineDeployment')!.plans[0]).toMatchObject({ kubernetesVersion: '1.32' });
  });

  it("a Cluster's spec.topology.version is its cluster's Kubernetes version", () => {
    const cluster = `apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata:
  name: capz-win
spec:
  topology:
    class: default
    version: v1.30.2
`;
    const result = scan({ 'cluster.yaml': cluster, 'md.yaml': capz });
    expect(result.summary.clusters[0]!.facts).toContainEqual(expect.objectContaining({ field: 'kubernetesVersion', value: '1.30' }));
    const pool = result.reports.find((r) => r.ref.kind === 'MachineDeployment')!;
    expect(pool.plans[0]).toMatchObject({ kubernetesVersion: '1.30' });
    expect(pool.unknown.map((u) => u.fact)).not.toContain('the Kubernetes version of its nodes');
  });
});

describe('Karpenter', () => {
  it('a NodePool that names a Windows EC2NodeClass is one Windows node group on EKS', () => {
    const result = scan({ 'k.yaml': karpenter });
    expect(result.reports.map((r) => r.ref.kind)).toEqual(['NodePool']);
    expect(result.reports[0]!.plans[0]).toMatchObject({ windowsVersion: 'windows-server-2019', environment: 'eks' });
  });

  it('an EC2NodeClass with the v1beta1 amiFamily, on its own, is a node group of that release', () => {
    const nodeClass = karpenter
      .slice(karpenter.indexOf('apiVersion: karpenter.k8s.aws/v1'))
      .replace('  amiSelectorTerms:\n    - alias: windows2019@latest #Windows does not support pinning\n', '  amiFamily: Windows2022\n');
    const [pool] = scan({ 'nc.yaml': nodeClass }).reports;
    expect(pool!.plans[0]).toMatchObject({ windowsVersion: 'windows-server-2022', environment: 'eks' });
  });

  it('a NodePool that requires one instance type states it: the pods per node follow', () => {
    const one = karpenter.replace(
      '        - key: kubernetes.io/arch',
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m5.large"]\n        - key: kubernetes.io/arch',
    );
    const [pool] = scan({ 'k.yaml': one }).reports;
    expect(pool!.plans[0]).toMatchObject({ instanceType: 'm5.large' });
    expect(pool!.findings.map((f) => f.code)).toContain('POD_CAPACITY');
  });
});

describe('AKS', () => {
  it("a workload that selects kubernetes.azure.com/os-sku names its nodes' release and the AKS environment; the Service selecting it shares the build", () => {
    const text = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'constructed', 'windows-build-selector-session-affinity.yaml'), 'utf8').replace(
      'node.kubernetes.io/windows-build: 10.0.17763',
      'kubernetes.azure.com/os-sku: Windows2022',
    );
    const result = scan({ 'app.yaml': text });
    const deployment = result.reports.find((r) => r.ref.kind === 'Deployment')!;
    expect(deployment.facts).toContainEqual(expect.objectContaining({ field: 'windowsVersion', value: 'windows-server-2022' }));
    expect(result.summary.clusters[0]!.facts).toContainEqual(expect.objectContaining({ field: 'environment', value: 'aks' }));
    // Session affinity runs on Windows Server 2022: no error, where build 17763 gave one.
    const service = result.reports.find((r) => r.ref.kind === 'Service')!;
    expect(service.findings.filter((f) => f.code === 'FEATURE_REQUIRES_NEWER_WINDOWS')).toEqual([]);
    expect(service.plans[0]).toMatchObject({ windowsBuild: 20348 });
  });
});

describe('OpenShift MachineSets name their image (openshift-wmco docs/machineset-azure.md and docs/machineset-gcp.md)', () => {
  const machineSet = (provider: string) => `apiVersion: machine.openshift.io/v1beta1
kind: MachineSet
metadata:
  name: winworker
  namespace: openshift-machine-api
spec:
  template:
    metadata:
      labels:
        machine.openshift.io/os-id: Windows
    spec:
      providerSpec:
        value:
${provider}`;
  const releaseOf = (provider: string) => scan({ 'ms.yaml': machineSet(provider) }).reports[0]!.facts.find((f) => f.field === 'windowsVersion')?.value;

  it('Azure SKU 2022-datacenter and the GCP family windows-2022-core are Windows Server 2022', () => {
    expect(releaseOf('          image: {offer: WindowsServer, publisher: MicrosoftWindowsServer, sku: 2022-datacenter}\n')).toBe('windows-server-2022');
    expect(releaseOf('          disks:\n          - image: projects/windows-cloud/global/images/family/windows-2022-core\n')).toBe('windows-server-2022');
    // The SKUs the WMCO's earlier workload guide paired with the 1809 and ltsc2022 base images (trial scan46, 18-F1).
    expect(releaseOf('          image: {sku: 2019-Datacenter-with-Containers}\n')).toBe('windows-server-2019');
    expect(releaseOf('          image: {sku: 2022-datacenter-smalldisk}\n')).toBe('windows-server-2022');
  });

  it('an image no source ties to a release leaves the release open, and named', () => {
    const result = scan({
      'ms.yaml': machineSet('          image: {offer: WindowsServer, publisher: MicrosoftWindowsServer, sku: 2019-datacenter-smalldisk}\n'),
    });
    expect(result.reports[0]!.facts.some((f) => f.field === 'windowsVersion')).toBe(false);
    expect(result.reports[0]!.unknown.map((u) => u.fact)).toContain('the Windows release of its nodes');
  });
});

describe('an AKS Engine cluster definition (apimodel, no kind; aks-engine-cluster-definitions)', () => {
  const apimodel = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      apiVersion: 'vlabs',
      properties: {
        orchestratorProfile: { orchestratorType: 'Kubernetes', ...extra },
        masterProfile: { count: 1, dnsPrefix: 'win', vmSize: 'Standard_D2_v3' },
        agentPoolProfiles: [{ name: 'winpool', count: 2, vmSize: 'Standard_D2_v3', osType: 'Windows' }],
        windowsProfile: { adminUsername: 'azureuser', windowsSku: '2019-Datacenter-Core-with-Containers-smalldisk' },
      },
    });

  it('its Windows pool, Kubernetes version, network plugin and Windows SKU are read', () => {
    const [r] = scan({ 'kubernetes-windows.json': apimodel({ orchestratorRelease: '1.18', kubernetesConfig: { networkPlugin: 'azure' } }) }).reports;
    expect(r!.ref).toMatchObject({ kind: 'AKS Engine cluster definition', name: 'win' });
    expect(r!.facts.map((f) => [f.field, f.value])).toEqual(
      expect.arrayContaining([
        ['kubernetesVersion', '1.18'],
        ['cniPlugin', 'azure-cni'],
        ['windowsVersion', 'windows-server-2019'],
      ]),
    );
  });

  it('what it leaves out stays open and named; a vlabs document without an orchestratorProfile is not one', () => {
    const [r] = scan({ 'kubernetes-windows.json': apimodel() }).reports;
    expect(r!.facts.some((f) => f.field === 'kubernetesVersion' || f.field === 'cniPlugin')).toBe(false);
    // Judged with its release, so the version is named where it decides: the notes that may apply on it.
    expect(r!.findings.some((f) => f.applicability === 'may-apply' && f.dependsOn.includes('kubernetesVersion'))).toBe(true);
    expect(scan({ 'other.json': JSON.stringify({ apiVersion: 'vlabs', properties: {} }) }).reports).toEqual([]);
  });
});

describe("Karpenter's instance family and size requirements (karpenter-aws labels.go; trial scan50, file 08)", () => {
  const pool = (families: string[], sizes: string[]) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: {name: win}
spec:
  template:
    spec:
      requirements:
        - {key: kubernetes.io/os, operator: In, values: [windows]}
        - {key: karpenter.k8s.aws/instance-family, operator: In, values: [${families.join(', ')}]}
        - {key: karpenter.k8s.aws/instance-size, operator: In, values: [${sizes.join(', ')}]}
`;
  const typeOf = (text: string) => scan({ 'pool.yaml': text }).reports[0]!.facts.find((f) => f.field === 'instanceType')?.value;

  it('one family and one size are one type; types of one network size stand for each other; types that differ stay open', () => {
    expect(typeOf(pool(['m5'], ['2xlarge']))).toBe('m5.2xlarge');
    expect(typeOf(pool(['m5', 'm5a'], ['xlarge']))).toBe('m5.xlarge');
    const mixed = scan({ 'pool.yaml': pool(['m5'], ['large', '2xlarge']) }).reports[0]!;
    expect(mixed.facts.some((f) => f.field === 'instanceType')).toBe(false);
    expect(mixed.unknown.map((u) => u.fact)).toContainEqual(expect.stringMatching(/^which of the instance types m5\.large, m5\.2xlarge/));
  });
});
