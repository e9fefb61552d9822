/**
 * What the readers read, one fact per test, each from the knowledge base (issue 25): the overlay
 * network a name implies, settings a start script writes, the beta OS selector, an eksctl node
 * group's pods per node in both IP address modes and what its release rules out, client-IP
 * preservation's need for DSR, NetworkPolicies, and what the input leaves to other objects
 * ("unknown", never "missing").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import type { Knowledge } from '../../src/domain/knowledge.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects, type ObjectReport } from '../../src/domain/scan/scan.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'scan');
const PLAN_2019: PlanInput = { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.31', environment: 'self-managed' };
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

function reports(files: Record<string, string>, plan?: PlanInput, k: Knowledge = testKnowledge()): ObjectReport[] {
  const objects = Object.entries(files).flatMap(([file, text]) => [...objectsOf(text, file)]);
  return scanObjects(k, objects, { today: TEST_TODAY, ...(plan ? { plan } : {}) }).reports;
}
const one = (rs: ObjectReport[], kind: string) => rs.find((r) => r.ref.kind === kind)!;

/** The hostprocess kube-proxy of sig-windows-tools with its KUBE_NETWORK replaced. */
const kubeProxyWithNetwork = (network: string) => read('real/sig-windows-tools-kube-proxy-hostprocess.yml').replace('"flannel.4096"', `"${network}"`);

describe('the overlay network a name implies (KUBE_NETWORK, --network-name, a CNI config name)', () => {
  it('KUBE_NETWORK flannel.4096: flannel in overlay mode, VNI 4096, which Windows accepts', () => {
    const proxy = one(reports({ 'kube-proxy.yml': read('real/sig-windows-tools-kube-proxy-hostprocess.yml') }, PLAN_2019), 'DaemonSet');
    const facts = proxy.facts.filter((f) => f.path === 'spec.template.spec.containers[0].env[0].value');
    expect(facts.map((f) => [f.field, f.value, f.line])).toEqual([
      ['cniPlugin', 'flannel', 31],
      ['networkMode', 'overlay', 31],
    ]);
    expect(facts[0]!.detail).toContain('VNI 4096');
    expect(proxy.plans[0]).toMatchObject({ cniPlugin: 'flannel', networkMode: 'overlay' });
    expect(proxy.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
  });

  it('KUBE_NETWORK flannel.1: a VNI below what Windows needs, citing the VNI limitation and the one that names the network', () => {
    const k = testKnowledge();
    const proxy = one(reports({ 'kube-proxy.yml': kubeProxyWithNetwork('flannel.1') }, PLAN_2019, k), 'DaemonSet');
    const finding = proxy.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING')!;
    expect(finding).toMatchObject({ severity: 'warning', subject: 'flannel-vxlan-vni-and-port', line: 31 });
    expect(finding.message).toContain('VNI 1');
    const cited = (slug: string) => k.limitations.find((l) => l.slug === slug)!.sources;
    expect(finding.sources).toEqual(expect.arrayContaining([...cited('flannel-vxlan-vni-and-port'), ...cited('flannel-vxlan-windows-options')]));
  });

  it('the name is read through the knowledge base: without the limitation that names the network, no fact', () => {
    const k = testKnowledge();
    const without: Knowledge = { ...k, limitations: k.limitations.filter((l) => l.slug !== 'flannel-vxlan-windows-options') };
    const proxy = one(reports({ 'kube-proxy.yml': read('real/sig-windows-tools-kube-proxy-hostprocess.yml') }, PLAN_2019, without), 'DaemonSet');
    expect(proxy.facts.filter((f) => f.field === 'networkMode')).toEqual([]);
  });

  it("a flannel CNI config's name flannel.1 is checked too; its missing net-conf.json is unknown, not missing", () => {
    const text = read('public/sig-windows-tools-flannel-overlay-kubeadm.yml');
    const cm = one(reports({ 'flannel.yml': text }, PLAN_2019), 'ConfigMap');
    expect(cm.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
    // The file has no kube-proxy: what the overlay mode needs of it is unknown too, and whether it
    // runs DSR, asked of the data plane when no other object asks (settle.ts).
    expect(cm.unknown.map((u) => u.fact)).toEqual([
      expect.stringContaining("flannel's VXLAN VNI and UDP port"),
      'kube-proxy --source-vip, which the Overlay mode needs',
      expect.stringContaining('whether kube-proxy runs with Direct Server Return (DSR)'),
    ]);
    expect(cm.missing).toEqual([]);
    const low = one(reports({ 'flannel.yml': text.replace('"name": "flannel.4096"', '"name": "flannel.7"') }, PLAN_2019), 'ConfigMap');
    expect(low.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING')).toMatchObject({ subject: 'flannel-vxlan-vni-and-port', line: 57 });
  });
});

describe('settings made by a script in the manifest count as set', () => {
  it('winkernel.sourceVip written by yq in the kube-proxy start script: no "needs --source-vip"', () => {
    const rs = reports({ 'kube-proxy.yml': read('real/sig-windows-tools-kube-proxy-kubeadm.yml') }, PLAN_2019);
    const cm = one(rs, 'ConfigMap');
    expect(cm.plans[0]!.networkMode).toBe('overlay');
    expect(cm.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
  });

  it('a script that does not write it still lacks it', () => {
    const text = read('real/sig-windows-tools-kube-proxy-kubeadm.yml').replace(/^.*winkernel\.sourceVip.*\n/m, '');
    const cm = one(reports({ 'kube-proxy.yml': text }, PLAN_2019), 'ConfigMap');
    expect(cm.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING')).toMatchObject({ subject: '--source-vip' });
  });
});

describe('what the rest of the input settles (settle.ts)', () => {
  it("the kubeadm kube-proxy: --source-vip is set by the ConfigMap's script it runs; DSR is left to the kube-proxy ConfigMap it lacks, at that volume's line", () => {
    const ds = one(reports({ 'kube-proxy.yml': read('real/sig-windows-tools-kube-proxy-kubeadm.yml') }), 'DaemonSet');
    expect(ds.unknown.map((u) => u.fact).join('\n')).not.toContain('--source-vip');
    const dsr = ds.unknown.find((u) => u.fact.startsWith('kube-proxy --enable-dsr'))!;
    expect(dsr).toMatchObject({ path: 'spec.template.spec.volumes[1]', line: 83 });
    expect(dsr.settledBy).toBe('the ConfigMap kube-proxy (mounted at /var/lib/kube-proxy), which the input lacks');
  });

  it("a Windows DaemonSet's flannel image names the plugin's release: nothing that holds before it 'may apply'", () => {
    const rs = reports({ 'flannel.yml': read('public/sig-windows-tools-flannel-overlay-kubeadm.yml') });
    const ds = one(rs, 'DaemonSet');
    expect(ds.facts).toContainEqual(expect.objectContaining({ field: 'cniPluginVersion', value: '0.13.0', path: 'spec.template.spec.containers[0].image' }));
    const subjects = rs.flatMap((r) => r.findings.map((f) => f.subject));
    expect(subjects).not.toContain('flannel-vxlan-no-local-pod-access-before-0-12');
    // A tag that names no release (a template's VERSION) leaves the version open.
    const open = reports({
      'flannel.yml': read('public/sig-windows-tools-flannel-overlay-kubeadm.yml').replace('flannel:v0.13.0-nanoserver', 'flannel:VERSION'),
    });
    expect(one(open, 'DaemonSet').facts.map((f) => f.field)).not.toContain('cniPluginVersion');
    expect(open.flatMap((r) => r.findings.map((f) => f.subject))).toContain('flannel-vxlan-no-local-pod-access-before-0-12');
  });
});

describe('the amazon-vpc-cni ConfigMap', () => {
  it('alone: the IP address mode, and the pods per node left to the instance type, which an eksctl node group beside it settles', () => {
    const cm = one(reports({ 'cm.yaml': read('public/awsdocs-eks-amazon-vpc-cni-configmap.yaml') }), 'ConfigMap');
    expect(cm.facts).toContainEqual(expect.objectContaining({ field: 'ipAddressMode', value: 'SECONDARY_IP' }));
    expect(cm.unknown.map((u) => u.fact)).toContainEqual(expect.stringMatching(/^the pods per Windows node, which the instance type/));
    const both = reports({
      'eksctl.yaml': read('public/aws-vpc-resource-controller-eksctl-cluster.yaml'),
      'cm.yaml': read('public/awsdocs-eks-amazon-vpc-cni-configmap.yaml'),
    });
    expect(
      one(both, 'ConfigMap')
        .unknown.map((u) => u.fact)
        .join('\n'),
    ).not.toContain('pods per Windows node');
  });

  it('with Windows IPAM switched off: the warning, and no IP address mode (the third trial of issue 25)', () => {
    const text = read('public/awsdocs-eks-amazon-vpc-cni-configmap.yaml').replace(/enable-windows-ipam: "true"/, 'enable-windows-ipam: "false"');
    const cm = one(reports({ 'cm.yaml': text }), 'ConfigMap');
    expect(cm.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING')).toMatchObject({ subject: 'enable-windows-ipam' });
    expect(cm.facts.map((f) => f.field)).not.toContain('ipAddressMode');
  });
});

describe('an eksctl ClusterConfig without a Linux node', () => {
  it('is told it needs a Linux node group or a Fargate profile (eks-needs-linux-node; eks-user-guide-windows#windows-support.adoc)', () => {
    const text = read('real/eksctl-14-windows-nodes.yaml');
    const windowsOnly = text.slice(0, text.indexOf('  - name: linux-ng'));
    const group = one(reports({ 'eksctl.yaml': windowsOnly }), 'ClusterConfig');
    const f = group.findings.find((x) => x.subject === 'eks-needs-linux-node' && x.code === 'REQUIRED_SETTING_MISSING');
    expect(f).toMatchObject({ severity: 'warning', line: 12 });
    expect(f!.sources).toContainEqual({ doc: 'eks-user-guide-windows', section: 'windows-support.adoc' });
    // With its Linux node group, or with a Fargate profile instead, nothing is missing.
    const withLinux = one(reports({ 'eksctl.yaml': text }), 'ClusterConfig');
    expect(withLinux.findings.filter((x) => x.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
    // ...and the engine's general note that EKS needs one is not repeated for a file that has one (the fourth trial).
    expect(withLinux.findings.filter((x) => x.subject === 'eks-needs-linux-node')).toEqual([]);
    const fargate = one(
      reports({ 'eksctl.yaml': `${windowsOnly}fargateProfiles:\n  - name: fp-default\n    selectors:\n      - namespace: kube-system\n` }),
      'ClusterConfig',
    );
    expect(fargate.findings.filter((x) => x.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
  });
});

describe('kube-proxy flags set inside the image are unknown, not missing', () => {
  it('the hostprocess kube-proxy shows no flag: each flag a mode or feature needs is unknown, naming the image and the mounted ConfigMap', () => {
    const proxy = one(reports({ 'kube-proxy.yml': read('real/sig-windows-tools-kube-proxy-hostprocess.yml') }, PLAN_2019), 'DaemonSet');
    expect(proxy.missing).toEqual([]);
    expect(proxy.unknown.map((u) => u.fact)).toEqual(
      expect.arrayContaining([expect.stringContaining('--source-vip'), expect.stringContaining('--enable-dsr')]),
    );
    for (const u of proxy.unknown) expect(u.settledBy).toMatch(/image sigwindowstools\/kube-proxy:.*ConfigMap kube-proxy/);
    expect(proxy.findings.filter((f) => f.code === 'REQUIRED_SETTING_MISSING')).toEqual([]);
  });
});

/** A Pod whose required node affinity holds one expression: the label, In, the values. */
const affinityPod = (key: string, values: string[]) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: {
      affinity: {
        nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'In', values }] }] } },
      },
      containers: [{ name: 'c', image: 'x' }],
    },
  });

describe('the beta.kubernetes.io/os selector', () => {
  it("is reported (info, citing the glossary's kubernetes.io/os: the well-known labels page deprecates the beta label) and still read as Windows", () => {
    const rs = reports({ 'simpleweb.yml': read('public/microsoft-sdn-simpleweb.yml') }, PLAN_2019);
    const deployment = one(rs, 'Deployment');
    expect(deployment.verdict).not.toBeNull();
    const finding = deployment.findings.find((f) => f.code === 'OS_SELECTOR_BETA_LABEL');
    expect(finding).toMatchObject({ severity: 'info', line: 38, path: 'spec.template.spec.nodeSelector["beta.kubernetes.io/os"]' });
    expect(finding!.sources).toContainEqual({ doc: 'k8s-well-known-labels', section: 'beta.kubernetes.io/os (deprecated)' });
    expect(finding!.message).not.toContain('cites none');
    // Without that glossary entry the note says it cites nothing, rather than cite something else.
    const k = testKnowledge();
    const without = reports({ 'simpleweb.yml': read('public/microsoft-sdn-simpleweb.yml') }, PLAN_2019, { ...k, glossary: new Map() });
    const bare = one(without, 'Deployment').findings.find((f) => f.code === 'OS_SELECTOR_BETA_LABEL')!;
    expect(bare.sources).toEqual([]);
    expect(bare.message).toContain('cites none');
    // The Service selects it, so it concerns Windows too.
    expect(one(rs, 'Service').verdict).not.toBeNull();
  });

  it('an affinity that allows Windows among other OSes does not pin the pod: whether it runs on Windows is open (trial scan57, file 09)', () => {
    const pod = (values: string[]) => affinityPod('kubernetes.io/os', values);
    const either = one(reports({ 'pod.json': pod(['linux', 'windows']) }), 'Pod');
    expect(either.unknown.map((u) => u.fact)).toContainEqual(
      expect.stringMatching(/^whether its pods run on Windows: its node affinity allows Windows and another OS/),
    );
    expect(either.findings.find((f) => f.code === 'NOT_JUDGED')!.message).not.toContain('it is scheduled on Windows');
    const only = one(reports({ 'pod.json': pod(['windows']) }), 'Pod');
    expect(only.unknown.map((u) => u.fact).join('\n')).not.toContain('whether its pods run on Windows');
    expect(only.findings.find((f) => f.code === 'NOT_JUDGED')!.message).toContain('it is scheduled on Windows');
  });

  it('in a required node-affinity term as well; kubernetes.io/os raises nothing', () => {
    const pod = (key: string) => affinityPod(key, ['windows']);
    const codes = (key: string) => one(reports({ 'pod.json': pod(key) }, PLAN_2019), 'Pod').findings.map((f) => f.code);
    expect(codes('beta.kubernetes.io/os')).toContain('OS_SELECTOR_BETA_LABEL');
    expect(codes('kubernetes.io/os')).not.toContain('OS_SELECTOR_BETA_LABEL');
  });
});

describe('an image that pins a Windows build, with nothing keeping its pods on that build (trial scan54, files 08, 12, 19, 20)', () => {
  const pod = (spec: Record<string, unknown>, container: Record<string, unknown> = {}) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: {
        nodeSelector: { 'kubernetes.io/os': 'windows' },
        containers: [{ name: 'c', image: 'mcr.microsoft.com/windows/servercore:ltsc2019', ...container }],
        ...spec,
      },
    });
  const finding = (text: string) => one(reports({ 'pod.json': text }), 'Pod').findings.find((f) => f.code === 'IMAGE_BUILD_NOT_SELECTED');

  it('says the pods start only on nodes of its build (process isolation) and names the selector that keeps them there', () => {
    const f = finding(pod({}));
    expect(f).toMatchObject({ severity: 'info', path: 'spec.containers[0].image' });
    expect(f!.message).toContain('mcr.microsoft.com/windows/servercore:ltsc2019 is built for build 17763 (Windows Server, version 1809 / Windows Server 2019)');
    expect(f!.remediation).toContain('node.kubernetes.io/windows-build: "10.0.17763"');
    expect(f!.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-windows-intro', section: 'windows-os-version-support' }));
    expect(f!.sources).toContainEqual(expect.objectContaining({ doc: 'k8s-well-known-labels', section: 'node.kubernetes.io/windows-build' }));
  });

  it('is not raised when the pod selects the build, names a RuntimeClass, or is HostProcess, or when no image names a build', () => {
    expect(finding(pod({ nodeSelector: { 'kubernetes.io/os': 'windows', 'node.kubernetes.io/windows-build': '10.0.17763' } }))).toBeUndefined();
    expect(finding(pod({ runtimeClassName: 'windows-2019' }))).toBeUndefined();
    expect(finding(pod({}, { securityContext: { windowsOptions: { hostProcess: true } } }))).toBeUndefined();
    expect(finding(pod({}, { image: 'contoso/app:1.0' }))).toBeUndefined();
  });

  it('is left to the engine where the nodes state their build: the image fits them, or CONTAINER_IMAGE_OS_MISMATCH says it does not', () => {
    const node = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'win', labels: { 'kubernetes.io/os': 'windows' } },
      status: { nodeInfo: { operatingSystem: 'windows', kernelVersion: '10.0.20348.2340', kubeletVersion: 'v1.31.4' } },
    });
    const codes = one(reports({ 'cluster.yaml': `${node}\n---\n${pod({})}` }), 'Pod').findings.map((f) => `${f.severity} ${f.code}`);
    expect(codes).toContain('error CONTAINER_IMAGE_OS_MISMATCH');
    expect(codes).not.toContain('info IMAGE_BUILD_NOT_SELECTED');
  });

  it("says what a third-party image's release tag would mean, as may apply: its base is not known (trial scan55, files 01, 02, 08)", () => {
    const f = finding(pod({}, { image: 'sixeyed/petshop-web:1809' }));
    expect(f).toMatchObject({ severity: 'info', applicability: 'may-apply', dependsOn: ['windowsVersion'], path: 'spec.containers[0].image' });
    expect(f!.message).toContain('names 1809 (Windows Server, version 1809 / Windows Server 2019, build 17763), but no source ties');
    // Its nodes selected by build: nothing to say.
    expect(
      finding(
        pod({ nodeSelector: { 'kubernetes.io/os': 'windows', 'node.kubernetes.io/windows-build': '10.0.17763' } }, { image: 'sixeyed/petshop-web:1809' }),
      ),
    ).toBeUndefined();
  });

  it('.NET and PowerShell images name their Windows base in the tag (dotnet-docker, PowerShell-Docker): a Linux tag names none (trial scan54, files 07 and 16)', () => {
    const build = (image: string) => /built for build (\d+)/.exec(finding(pod({}, { image }))?.message ?? '')?.[1];
    expect(build('mcr.microsoft.com/dotnet/samples:aspnetapp-8.0-nanoserver-ltsc2022')).toBe('20348');
    expect(build('mcr.microsoft.com/dotnet/aspnet:9.0-windowsservercore-ltsc2019')).toBe('17763');
    expect(build('mcr.microsoft.com/dotnet/core/aspnet:3.1-nanoserver-1909')).toBe('18363');
    expect(build('mcr.microsoft.com/powershell:preview-windowsservercore-1809')).toBe('17763');
    expect(build('mcr.microsoft.com/dotnet/aspnet:8.0-bookworm-slim')).toBeUndefined();
  });
});

describe('HostProcess pods that are not admitted (k8s-hostprocess; trial scan55, files 12, 13 and 15)', () => {
  const pod = (spec: Record<string, unknown>, containers: Record<string, unknown>[]) =>
    JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { ...spec, containers } });
  const hp = (on: boolean) => ({ securityContext: { windowsOptions: { hostProcess: on } } });
  const c = (name: string, extra: Record<string, unknown> = {}) => ({ name, image: 'mcr.microsoft.com/oss/kubernetes/pause:3.9', ...extra });
  const rejections = (text: string) => {
    const report = one(reports({ 'pod.json': text }), 'Pod');
    return report
      ? report.findings.filter((f) => f.code === 'UNSUPPORTED_FUNCTIONALITY' && f.severity === 'error').map((f) => `${f.path}: ${f.message}`)
      : undefined;
  };

  it('a container marked HostProcess makes a pod with no OS selector a Windows pod, and one off the host network is not admitted', () => {
    const found = rejections(pod({}, [c('a', hp(true))]));
    expect(found).toEqual([
      expect.stringMatching(/^spec\.containers\[0\]\.securityContext\.windowsOptions\.hostProcess: This pod is not admitted: .*hostNetwork: true/),
    ]);
  });

  it('nor is one that mixes HostProcess containers with an ordinary one, with the pod-level flag or without', () => {
    expect(rejections(pod({ hostNetwork: true }, [c('a', hp(false)), c('b', hp(true))]))).toEqual([
      expect.stringMatching(/^spec\.containers\[0\]: This pod is not admitted: it mixes HostProcess containers/),
    ]);
    expect(rejections(pod({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }, [c('a'), c('b', hp(false))]))).toEqual([
      expect.stringMatching(/^spec\.containers\[1\]: This pod is not admitted: it mixes/),
    ]);
  });

  it('a HostProcess pod on the host network whose containers all are HostProcess is admitted', () => {
    expect(rejections(pod({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }, [c('a'), c('b')]))).toEqual([]);
    expect(rejections(pod({ hostNetwork: true }, [c('a', hp(true)), c('b', hp(true))]))).toEqual([]);
  });
});

describe('eksctl node groups', () => {
  it("pods per node in both IP address modes, from the EC2 data, with eksctl's default instance type (m5.large)", () => {
    const group = one(reports({ 'eksctl.yaml': read('real/eksctl-14-windows-nodes.yaml') }), 'ClusterConfig');
    const mode = group.unknown.find((u) => u.field === 'ipAddressMode')!;
    expect(mode.fact).toBe(
      "the IP address mode: m5.large gives 9 Windows pods per node with secondary IPs, 144 addresses, 110 pods under the kubelet's max-pods of 110 with prefix delegation",
    );
    expect(mode.settledBy).toContain('enable-windows-prefix-delegation key of the amazon-vpc-cni ConfigMap');
  });

  it('a named type (c5.4xlarge) in both modes; the amazon-vpc-cni ConfigMap in the input settles the mode', () => {
    const eksctl = read('public/aws-vpc-resource-controller-eksctl-cluster.yaml');
    const alone = one(reports({ 'eksctl.yaml': eksctl }), 'ClusterConfig');
    expect(alone.unknown.find((u) => u.field === 'ipAddressMode')!.fact).toContain(
      'c5.4xlarge gives 29 Windows pods per node with secondary IPs, 464 addresses',
    );
    // A template's placeholder version is not a version: unknown, naming it.
    expect(alone.unknown.find((u) => u.field === 'kubernetesVersion')!.settledBy).toContain('"K8S_VERSION"');
    const withConfigMap = one(reports({ 'eksctl.yaml': eksctl, 'cm.yaml': read('public/awsdocs-eks-amazon-vpc-cni-configmap.yaml') }), 'ClusterConfig');
    expect(withConfigMap.unknown.map((u) => u.field)).not.toContain('ipAddressMode');
  });

  it("eksctl's default applies only when nothing else picks the instances: an instance selector leaves the type unknown", () => {
    const config = (extra: Record<string, unknown>) =>
      JSON.stringify({
        apiVersion: 'eksctl.io/v1alpha5',
        kind: 'ClusterConfig',
        metadata: { name: 'c', region: 'us-west-2', version: '1.31' },
        nodeGroups: [{ name: 'win', amiFamily: 'WindowsServer2022CoreContainer', ...extra }],
      });
    const selected = one(reports({ 'c.json': config({ instanceSelector: { vCPUs: 4, memory: '16' } }) }), 'ClusterConfig');
    expect(selected.facts.map((f) => f.field)).not.toContain('instanceType');
    expect(selected.unknown.find((u) => u.field === 'instanceType')).toMatchObject({ path: 'nodeGroups[0].instanceSelector' });
    const plain = one(reports({ 'c.json': config({}) }), 'ClusterConfig');
    expect(plain.facts.find((f) => f.field === 'instanceType')).toMatchObject({ value: 'm5.large' });
  });

  it("what Server 2019 rules out: session affinity (a newer release), and DSR's build boundary, unknown unless the AMI says", () => {
    const group = one(reports({ 'eksctl.yaml': read('real/eksctl-14-windows-nodes.yaml') }), 'ClusterConfig');
    expect(group.facts.find((f) => f.field === 'windowsVersion')!.detail).toContain('Session affinity (needs Windows Server 2022)');
    const dsr = group.unknown.find((u) => u.field === 'windowsBuildRevision')!;
    expect(dsr).toMatchObject({ fact: 'whether the node image is build 17763.1432 or later, which Direct Server Return (DSR) needs', line: 13 });
    expect(dsr.settledBy).toContain('nodeGroups[0].ami');
    // A plan that gives the revision settles it.
    const settled = one(reports({ 'eksctl.yaml': read('real/eksctl-14-windows-nodes.yaml') }, { ...PLAN_2019, windowsBuildRevision: 5329 }), 'ClusterConfig');
    expect(settled.unknown.map((u) => u.field)).not.toContain('windowsBuildRevision');
  });
});

describe('client-IP preservation and NetworkPolicies', () => {
  it('externalTrafficPolicy Local needs DSR in kube-proxy, which a Service cannot show: unknown; Cluster asks nothing', () => {
    const service = (policy: string) =>
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 's' },
        spec: { type: 'LoadBalancer', externalTrafficPolicy: policy, selector: { app: 'a' } },
      });
    const local = one(reports({ 's.json': service('Local') }, PLAN_2019), 'Service');
    expect(local.facts.map((f) => f.value)).toContain('client-ip-preservation');
    expect(local.unknown.map((u) => u.fact)).toEqual([
      'whether kube-proxy runs with Direct Server Return (DSR) (--enable-dsr=true), which Client IP preservation needs',
    ]);
    const cluster = one(reports({ 's.json': service('Cluster') }, PLAN_2019), 'Service');
    expect(cluster.facts.map((f) => f.value)).not.toContain('client-ip-preservation');
    expect(cluster.unknown).toEqual([]);
  });

  it('a NetworkPolicy selecting Windows pods: "may apply" for each plugin when the CNI is unknown, and the CNI listed as unknown', () => {
    const policy = one(reports({ 'demo.yaml': read('public/calico-windows-policy-demo.yaml') }, PLAN_2019), 'NetworkPolicy');
    expect(policy.unknown.map((u) => u.field)).toEqual(['cniPlugin']);
    expect(policy.findings.find((f) => f.code === 'NETWORK_POLICY_UNSUPPORTED')!.message).toMatch(/^With /);
    const calico = one(reports({ 'demo.yaml': read('public/calico-windows-policy-demo.yaml') }, { ...PLAN_2019, cniPlugin: 'calico' }), 'NetworkPolicy');
    expect(calico.unknown).toEqual([]);
    expect(calico.findings.map((f) => f.code)).not.toContain('NETWORK_POLICY_UNSUPPORTED');
  });
});

describe('the amazon-vpc-cni ConfigMap states its IP address mode even with Windows IPAM off (trial scan35 17-F3)', () => {
  it('enable-windows-prefix-delegation: "false" is secondary-IP mode, at that key; enable-windows-ipam "false" is still a warning', () => {
    const cm = one(reports({ 'vpc-cni.yaml': read('trial/17-vpc-cni-aws-k8s-cni.yaml') }), 'ConfigMap');
    expect(cm.facts.filter((f) => f.field === 'ipAddressMode').map((f) => [f.value, f.path, f.line])).toEqual([
      ['SECONDARY_IP', 'data.enable-windows-prefix-delegation', 85],
    ]);
    expect(cm.findings.some((f) => f.code === 'REQUIRED_SETTING_MISSING' && f.subject === 'enable-windows-ipam')).toBe(true);
  });

  it('without the mode key, Windows IPAM off states no mode', () => {
    const text = read('trial/17-vpc-cni-aws-k8s-cni.yaml').replace(/^ {2}enable-windows-prefix-delegation: .*\n/m, '');
    const cm = one(reports({ 'vpc-cni.yaml': text }), 'ConfigMap');
    expect(cm.facts.filter((f) => f.field === 'ipAddressMode')).toEqual([]);
  });
});

describe('a CNI network configuration file on its own (no kind; trial scan44, file 04)', () => {
  const conf = (type: string) => JSON.stringify({ cniVersion: '0.2.0', name: 'l2bridge', type, master: 'Ethernet' });

  it('a type the knowledge base knows gives the plugin and its mode, as in a ConfigMap', () => {
    const [r] = reports({ 'l2bridge.conf.json': conf('win-bridge') });
    expect(r!.ref).toMatchObject({ kind: 'CNI network configuration', name: 'l2bridge' });
    expect(r!.facts.map((f) => [f.field, f.value, f.path])).toEqual([
      ['cniPlugin', 'win-bridge', 'type'],
      ['networkMode', 'l2bridge', 'type'],
    ]);
  });

  it('a type it does not know is named, and the plugin and mode stay open, not "no kind"', () => {
    const [r] = reports({ 'l2bridge.conf.json': conf('wincni.exe') });
    expect(r!.missing).toEqual([expect.stringMatching(/^type "wincni\.exe": not a CNI plugin the knowledge base knows/)]);
    expect(r!.unknown.map((u) => u.fact)).toContain('the CNI plugin and network mode of this configuration');
  });

  it('a document without cniVersion is no CNI configuration: still not read', () => {
    expect(reports({ 'values.json': JSON.stringify({ type: 'win-bridge' }) })).toEqual([]);
  });
});

describe("Calico's own NetworkPolicy (projectcalico.org/v3) selects with spec.selector (trial scan44, file 15)", () => {
  const trial = (name: string) => readFileSync(join(FIXTURES, 'trial', name), 'utf8');
  const policyOf = (policy: string) =>
    reports({ 'pods.yaml': trial('44-14-calico-policy-demo-pods.yaml'), 'policy.yaml': policy }).find((r) => r.ref.kind === 'NetworkPolicy');

  it("app == 'windows-server' selects that pod: its build, not another pod's", () => {
    const policy = policyOf(trial('44-15-calico-policy-demo-policy.yaml'))!;
    expect(policy.facts.find((f) => f.field === 'windowsBuild')).toMatchObject({ value: 18362, path: 'spec.selector' });
    expect(policy.facts.find((f) => f.field === 'windowsBuild')!.detail).toContain('calico-demo/windows-server');
  });

  it('an expression it cannot evaluate is named, and matches no workload (their OS stays open)', () => {
    const policy = policyOf(trial('44-15-calico-policy-demo-policy.yaml').replace("selector: app == 'windows-server'", "selector: has(app) || app in {'a'}"))!;
    expect(policy.missing).toEqual([expect.stringMatching(/^spec\.selector "has\(app\) \|\| app in \{'a'\}" \(not evaluated/)]);
    expect(policy.facts.some((f) => f.field === 'windowsBuild')).toBe(false);
    expect(policy.unknown.map((u) => u.fact)).toEqual(expect.arrayContaining([expect.stringMatching(/whether the pods it selects run on Windows/)]));
  });
});

describe('a CNI plugin sample without cniVersion (trial scan49, files 05 and 06)', () => {
  it('a name and a type the knowledge base knows make it a CNI configuration; neither alone does', () => {
    const [r] = reports({ 'win-bridge.json': JSON.stringify({ name: 'cbr0', type: 'win-bridge' }) });
    expect(r!.facts.map((f) => [f.field, f.value])).toEqual([
      ['cniPlugin', 'win-bridge'],
      ['networkMode', 'l2bridge'],
    ]);
    expect(reports({ 'x.json': JSON.stringify({ type: 'win-bridge' }) })).toEqual([]);
    expect(reports({ 'x.json': JSON.stringify({ name: 'cbr0', type: 'not-a-plugin' }) })).toEqual([]);
  });
});

describe('a HostProcess kube-proxy (trial scan49, file 18)', () => {
  const proxy = () => reports({ 'kube-proxy.yaml': read('trial/49-18-windows-kubeproxy-ds.yaml') }).find((r) => r.ref.kind === 'DaemonSet')!;

  it("takes its flags through $(VAR) from the container's env, as the kubelet expands them", () => {
    const facts = proxy().facts.map((f) => [f.field, f.value]);
    expect(facts).toContainEqual(['features', 'direct-server-return']);
  });

  it("reads no node build from its HostProcess init container's image (servercore:ltsc2022)", () => {
    expect(proxy().facts.some((f) => f.field === 'windowsBuild' || f.field === 'windowsVersion')).toBe(false);
  });
});
