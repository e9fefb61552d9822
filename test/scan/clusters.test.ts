/**
 * Clusters and plan-level findings (issue 25): files whose cluster facts disagree are judged as
 * separate clusters, not merged silently; --one-cluster merges them and reports the conflict; the
 * findings about a cluster's plan are reported once per cluster, not on every object.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects, type ScanOptions, type ScanResult } from '../../src/domain/scan/scan.js';
import type { ScanDocument } from '../../src/domain/scan/document.js';
import { clusterClash } from '../../src/domain/scan/cluster-clash.js';
import type { PlanField } from '../../src/domain/scan/readers.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const REAL = join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'real');
const EKSCTL = readFileSync(join(REAL, 'eksctl-14-windows-nodes.yaml'), 'utf8');

/** A Calico cluster's files: its backend, a Windows Deployment and the NetworkPolicy that selects it. */
const CALICO_POLICY = `apiVersion: v1
kind: ConfigMap
metadata:
  name: calico-config-windows
  namespace: kube-system
data:
  CALICO_NETWORKING_BACKEND: vxlan
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: iis
  namespace: web
spec:
  selector:
    matchLabels: {app: iis}
  template:
    metadata:
      labels: {app: iis}
    spec:
      nodeSelector:
        kubernetes.io/os: windows
      containers:
        - name: iis
          image: mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: iis-allow-frontend
  namespace: web
spec:
  podSelector:
    matchLabels: {app: iis}
  ingress:
    - from:
        - podSelector:
            matchLabels: {role: frontend}
`;

/** A RuntimeClass for build 17763 nodes of the OS given. */
const RUNTIME_CLASS = (os: string) => `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: windows-2019
handler: runhcs-wcow-process
scheduling:
  nodeSelector:
    kubernetes.io/os: ${os}
    node.kubernetes.io/windows-build: '10.0.17763'
`;

function scan(files: Record<string, string>, options: Omit<ScanOptions, 'today'> = {}): ScanResult {
  const objects = Object.entries(files).flatMap(([file, text]) => [...objectsOf(text, file)]);
  return scanObjects(testKnowledge(), objects, { today: TEST_TODAY, ...options });
}

const policyOf = (result: ScanResult) => result.reports.find((r) => r.ref.kind === 'NetworkPolicy')!;

describe('clusters', () => {
  it('an eksctl file and a Calico cluster file are two clusters: no amazon-vpc-cni finding on the Calico policy', () => {
    const result = scan({ 'eksctl.yaml': EKSCTL, 'calico.yaml': CALICO_POLICY });
    expect(result.summary.grouping).toBe('by-cluster-facts');
    expect(result.summary.clusters.map((c) => [c.name, c.files])).toEqual([
      ['cluster 1', ['eksctl.yaml']],
      ['cluster 2', ['calico.yaml']],
    ]);
    const policy = policyOf(result);
    expect(policy.cluster).toBe('cluster 2');
    expect(policy.findings.filter((f) => f.subject === 'amazon-vpc-cni')).toEqual([]);
    expect(policy.plans.every((p) => p.cniPlugin === 'calico' && p.environment === undefined)).toBe(true);
    // The eksctl node group keeps its own cluster's facts.
    const group = result.reports.find((r) => r.ref.kind === 'ClusterConfig')!;
    expect(group.cluster).toBe('cluster 1');
    expect(result.summary.clusters[0]!.facts.map((f) => [f.field, f.value])).toEqual([
      ['environment', 'eks'],
      ['cniPlugin', 'amazon-vpc-cni'],
    ]);
  });

  it('oneCluster: everything is one cluster, and the disagreeing CNI is reported, not merged silently', () => {
    const result = scan({ 'eksctl.yaml': EKSCTL, 'calico.yaml': CALICO_POLICY }, { oneCluster: true });
    expect(result.summary.grouping).toBe('one-cluster');
    expect(result.summary.clusters).toHaveLength(1);
    const [cluster] = result.summary.clusters;
    expect(cluster!.files).toEqual(['eksctl.yaml', 'calico.yaml']);
    expect(cluster!.conflicts).toEqual([
      expect.stringMatching(/^cniPlugin "calico" \(data\.CALICO_NETWORKING_BACKEND\) disagrees with "amazon-vpc-cni" from ClusterConfig/),
    ]);
    const configMap = result.reports.find((r) => r.ref.kind === 'ConfigMap')!;
    expect(configMap.missing.join('\n')).toContain('disagrees with "amazon-vpc-cni"');
    // As one cluster, the policy is judged against the node group's amazon-vpc-cni: the user said so.
    expect(policyOf(result).findings.find((f) => f.code === 'NETWORK_POLICY_UNSUPPORTED')).toMatchObject({ severity: 'error', subject: 'amazon-vpc-cni' });
  });

  it('files that agree are one cluster; files that state no cluster fact join the only cluster', () => {
    const deployment = CALICO_POLICY.split('---\n')[1]!;
    const result = scan({ 'eksctl.yaml': EKSCTL, 'app.yaml': deployment });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([['eksctl.yaml', 'app.yaml']]);
    expect(result.summary.clusters[0]!.name).toBe('the input');
    // Two files of one flannel overlay cluster (its ConfigMap and the kube-proxy that sets WinOverlay) agree.
    const flannel = readFileSync(join(REAL, 'flannel-kube-flannel-excerpt.yml'), 'utf8');
    const proxy = readFileSync(join(REAL, 'sig-windows-tools-kube-proxy-kubeadm.yml'), 'utf8');
    expect(scan({ 'flannel.yml': flannel, 'kube-proxy.yml': proxy }).summary.clusters.map((c) => c.files)).toEqual([['flannel.yml', 'kube-proxy.yml']]);
  });

  it('files with no cluster fact are tied by what their Services and policies select: unrelated ones are clusters of their own', () => {
    // Two unrelated examples (the trial of issue 25: sdn-simpleweb's Service findings landed on the
    // policy demo's NetworkPolicy), and an app split into a Service file and a Deployment file.
    const web = readFileSync(join(REAL, 'k8s-website-win-webserver.yaml'), 'utf8');
    const [service, deployment] = web.split(/^---\n/m).filter((d) => d.trim() && !d.trim().startsWith('#'));
    const pod = readFileSync(join(REAL, 'k8s-website-simple-pod.yaml'), 'utf8');
    const result = scan({ 'eksctl.yaml': EKSCTL, 'calico.yaml': CALICO_POLICY, 'svc.yaml': service!, 'pod.yaml': pod, 'deploy.yaml': deployment! });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([['eksctl.yaml'], ['calico.yaml'], ['svc.yaml', 'deploy.yaml'], ['pod.yaml']]);
    const svc = result.reports.find((r) => r.ref.kind === 'Service')!;
    // The Service's cluster plan findings stay in its own cluster: on itself, not on the Pod of another file.
    expect(svc.planFindingsOn.every((where) => where.startsWith('svc.yaml') || where.startsWith('deploy.yaml'))).toBe(true);
  });

  it('files that define the same object are never tied, and a selector matching several of them ties none (trial scan46)', () => {
    const web = readFileSync(join(REAL, 'k8s-website-win-webserver.yaml'), 'utf8');
    const [, service, deployment] = web.split(/^---\n/m);
    // Two repositories' copies of the win-webserver Deployment, and a third one's Service selecting app: win-webserver.
    const other = deployment!.replace('replicas: 2', 'replicas: 3');
    expect(other).not.toBe(deployment);
    const two = scan({ 'a.yaml': `---\n${deployment!}`, 'b.yaml': `---\n${other}`, 'svc.yaml': `---\n${service!}` });
    expect(two.summary.clusters.map((c) => c.files)).not.toContainEqual(expect.arrayContaining(['svc.yaml', 'a.yaml']));
    expect(two.summary.clusters.map((c) => c.files)).not.toContainEqual(expect.arrayContaining(['a.yaml', 'b.yaml']));
    // The same Deployment twice (a copy) is one object: one application with the Service.
    expect(
      scan({ 'a.yaml': `---\n${deployment!}`, 'b.yaml': `---\n${deployment!}`, 'svc.yaml': `---\n${service!}` }).summary.clusters.map((c) => c.files),
    ).toEqual([['a.yaml', 'b.yaml', 'svc.yaml']]);
    // One copy: the Service and its Deployment are one application, as before.
    const one = scan({ 'a.yaml': `---\n${deployment!}`, 'svc.yaml': `---\n${service!}` });
    expect(one.summary.clusters.map((c) => c.files)).toEqual([['a.yaml', 'svc.yaml']]);
  });

  it('a file whose cluster facts share none with a cluster they do not contradict is a cluster of its own, and says why (trials scan49, scan51)', () => {
    const flannel = JSON.stringify({ Network: '10.244.0.0/16', Backend: { Type: 'vxlan', VNI: 4096, Port: 4789 } });
    const kubeadm = 'apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nkubernetesVersion: v1.31.2\n';
    const result = scan({ 'net-conf.json': flannel, 'kubeadm.yaml': kubeadm });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([['net-conf.json'], ['kubeadm.yaml']]);
    expect(result.summary.clusters[1]!.keptApart).toEqual([
      expect.stringMatching(/^kubeadm\.yaml not grouped with net-conf\.json: its cluster facts \(kubernetesVersion\) share none with it/),
    ]);
    // One fact in common (the same network mode) is enough to be one cluster.
    const kubeProxy =
      'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: kernelspace\nwinkernel:\n  networkName: flannel.4096\n';
    expect(scan({ 'net-conf.json': flannel, 'kube-proxy.yaml': kubeProxy }).summary.clusters.map((c) => c.files)).toEqual([
      ['net-conf.json', 'kube-proxy.yaml'],
    ]);
  });

  it('a file that joins the only cluster says it is a guess; with several clusters it stays apart, and says why (trial scan37 C7)', () => {
    const trial = (name: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial', name), 'utf8');
    const hostProcess = trial('07-aksplay-hostprocess-debug.yaml');
    const one = scan({ 'calico.yaml': trial('09-swdt-calico.yaml'), 'debug.yaml': hostProcess });
    expect(one.summary.clusters.map((c) => c.files)).toEqual([['calico.yaml', 'debug.yaml']]);
    expect(one.summary.clusters[0]!.groupedBecause).toEqual([
      expect.stringMatching(/^debug\.yaml: no cluster fact .* one cluster the input states facts for \(calico\.yaml\), which is a guess/),
    ]);
    // The Azure CNI installer (C2) is a cluster of its own beside Calico's: the Deployment joins neither.
    const two = scan({ 'azure-cni.yaml': trial('01-acn-cni-installer-windows.yaml'), 'calico.yaml': trial('09-swdt-calico.yaml'), 'debug.yaml': hostProcess });
    expect(two.summary.clusters.map((c) => c.files)).toEqual([['azure-cni.yaml'], ['calico.yaml'], ['debug.yaml']]);
    expect(two.summary.clusters.map((c) => c.facts.find((f) => f.field === 'cniPlugin')?.value)).toEqual(['azure-cni', 'calico', undefined]);
    expect(two.summary.clusters[2]!.groupedBecause).toEqual([expect.stringMatching(/states facts for 2 clusters: nothing says which one it belongs to/)]);
    expect(two.summary.clusters[0]!.groupedBecause).toBeUndefined();
  });

  it('files that name different clusters are not one, however alike their facts (eksctl metadata.name; trial scan42 04/05)', () => {
    const other = EKSCTL.replace(/^(\s+)name: cluster-14$/m, '$1name: windows-cluster');
    expect(other).not.toBe(EKSCTL);
    const two = scan({ 'a.yaml': EKSCTL, 'b.yaml': other });
    expect(two.summary.clusters.map((c) => c.files)).toEqual([['a.yaml'], ['b.yaml']]);
    expect(two.summary.clusters[1]!.keptApart).toEqual([
      expect.stringMatching(
        /^b\.yaml not grouped with a\.yaml: it names the cluster "windows-cluster" \(metadata\.name, line \d+\), and a\.yaml names "cluster-14"/,
      ),
    ]);
    // The same name, or no name at all, is one cluster as before.
    expect(scan({ 'a.yaml': EKSCTL, 'b.yaml': EKSCTL }).summary.clusters).toHaveLength(1);
  });

  it('the same plugin configuration installed in two namespaces is two clusters, and so is one defined otherwise in the same namespace; the same file twice is one (trials scan43 X-M1, scan48)', () => {
    const trial = (name: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial', name), 'utf8');
    const old = trial('43-05-kube-flannel-mod.yaml');
    const two = scan({ 'a.yaml': old, 'b.yaml': trial('43-17-kube-flannel-windows-nodes.yaml') });
    expect(two.summary.clusters.map((c) => c.files)).toEqual([['a.yaml'], ['b.yaml']]);
    expect(two.summary.clusters[1]!.keptApart).toEqual([
      expect.stringMatching(
        /^b\.yaml not grouped with a\.yaml: it installs flannel's ConfigMap kube-flannel-cfg in the namespace kube-flannel \(line \d+\), and a\.yaml in kube-system/,
      ),
    ]);
    // The same file twice (one installation), or the second moved into kube-system: one cluster.
    expect(scan({ 'a.yaml': old, 'b.yaml': old }).summary.clusters).toHaveLength(1);
    // Moved into kube-system, it defines kube-flannel-cfg there otherwise than a.yaml: still two, for that reason (trial scan48).
    const moved = trial('43-17-kube-flannel-windows-nodes.yaml').replaceAll('namespace: kube-flannel', 'namespace: kube-system');
    const movedScan = scan({ 'a.yaml': old, 'b.yaml': moved });
    expect(movedScan.summary.clusters).toHaveLength(2);
    expect(movedScan.summary.clusters[1]!.keptApart).toEqual([expect.stringMatching(/it and a\.yaml each define .+, differently: one cluster holds it once/)]);
  });

  it("two repositories' kube-proxy and flannel files group as the repositories do: neither lends its Kubernetes version to the other's (trial scan48)", () => {
    const trial = (name: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial', name), 'utf8');
    const result = scan({
      'bp-proxy.yaml': trial('48-09-bp-kube-proxy.yaml'),
      'bp-flannel.yaml': trial('48-11-bp-kube-flannel.yaml'),
      'yp-proxy.yaml': trial('48-13-yp-kube-proxy.yaml'),
      'yp-flannel.yaml': trial('48-14-yp-kube-flannel.yaml'),
    });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([
      ['bp-proxy.yaml', 'bp-flannel.yaml'],
      ['yp-proxy.yaml', 'yp-flannel.yaml'],
    ]);
    expect(result.summary.clusters.map((c) => c.facts.find((f) => f.field === 'kubernetesVersion')?.value)).toEqual(['1.28', '1.29']);
  });

  it('a file stating no cluster fact joins the group naming its cluster, and never the only cluster when it names another (Cluster API spec.clusterName)', () => {
    const pool = (cluster: string) => `apiVersion: cluster.x-k8s.io/v1beta1
kind: MachineDeployment
metadata:
  name: win-md
spec:
  clusterName: ${cluster}
  template:
    spec:
      clusterName: ${cluster}
      version: v1.31.2
      infrastructureRef: {kind: AzureMachineTemplate, name: win-mt}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: AzureMachineTemplate
metadata:
  name: win-mt
spec:
  template:
    spec:
      osDisk: {osType: Windows}
`;
    const named = (cluster: string) => CALICO_POLICY.split('---\n')[0]! + `---\n${pool(cluster)}`;
    // The calico file names "capz" through its pool; a pool of "capz" alone in another file joins it.
    const same = scan({ 'calico.yaml': named('capz'), 'pool.yaml': pool('capz') });
    expect(same.summary.clusters.map((c) => c.files)).toEqual([['calico.yaml', 'pool.yaml']]);
    expect(same.summary.clusters[0]!.groupedBecause).toEqual([
      expect.stringMatching(/^pool\.yaml: names the cluster "capz" \(spec\.clusterName\), as calico\.yaml does/),
    ]);
    // A pool of another cluster is not given Calico as a guess: it stays apart, and says why.
    const other = scan({ 'calico.yaml': named('capz'), 'pool.yaml': pool('other') });
    expect(other.summary.clusters.map((c) => c.files)).toEqual([['calico.yaml'], ['pool.yaml']]);
    expect(other.summary.clusters[1]!.keptApart).toEqual([expect.stringMatching(/^pool\.yaml not grouped with calico\.yaml: it names the cluster "other"/)]);
    // A template's placeholder names no cluster: the guess stands.
    // (its own pool: the same MachineDeployment defined otherwise in two files would be two clusters)
    const placeholder = scan({ 'calico.yaml': named('capz'), 'pool.yaml': pool('${CLUSTER_NAME}').replaceAll('win-m', 'other-win-m') });
    expect(placeholder.summary.clusters.map((c) => c.files)).toEqual([['calico.yaml', 'pool.yaml']]);
  });

  it("what only a guessed grouping decides may apply, and says so; with --one-cluster (the user's word) it applies (trial scan44)", () => {
    // The stating file: Calico, and a RuntimeClass for Windows Server 2019 nodes (build 17763).
    const cluster = `${CALICO_POLICY.split('---\n')[0]!}---\n${RUNTIME_CLASS('windows')}`;
    // A file of its own: a Deployment of a Windows Server 2022 image (build 20348), no cluster fact.
    const app = CALICO_POLICY.split('---\n')[1]!;
    const mismatch = (result: ScanResult) =>
      result.reports.find((r) => r.ref.kind === 'Deployment')!.findings.find((f) => f.code === 'CONTAINER_IMAGE_OS_MISMATCH');
    const guessed = scan({ 'cluster.yaml': cluster, 'app.yaml': app });
    expect(guessed.summary.clusters[0]!.groupedBecause).toEqual([expect.stringMatching(/which is a guess/)]);
    expect(mismatch(guessed)).toMatchObject({ severity: 'warning', applicability: 'may-apply', dependsOn: ['windowsVersion', 'cniPlugin', 'networkMode'] });
    expect(mismatch(guessed)!.message).toMatch(
      /Only the grouping says so: its file states no cluster fact and was judged with the facts of cluster\.yaml as a guess\.$/,
    );
    expect(guessed.summary.verdict).not.toBe('INCOMPATIBLE');
    // The app alone raises no mismatch (no node says 17763); the user's word makes it one cluster, and the error applies.
    expect(mismatch(scan({ 'app.yaml': app }))).toBeUndefined();
    expect(mismatch(scan({ 'cluster.yaml': cluster, 'app.yaml': app }, { oneCluster: true }))).toMatchObject({ severity: 'error', applicability: 'applies' });
    // What the app leaves open on its own stays named, as taken from the cluster by guess.
    const deployment = guessed.reports.find((r) => r.ref.kind === 'Deployment')!;
    expect(deployment.unknown.map((u) => u.fact)).toContainEqual(
      'the CNI plugin, which its files do not say: this run takes it from cluster.yaml, with which they were grouped as a guess',
    );
    // Past the objects a scan keeps (a large input), nothing is compared: the guessed file's error still only may apply.
    const filler = Array.from({ length: 1_001 }, (_, i) => `apiVersion: v1\nkind: Secret\nmetadata: {name: s${i}}\n`).join('---\n');
    const large = scan({ 'cluster.yaml': cluster, 'filler.yaml': filler, 'app.yaml': app });
    expect(mismatch(large)).toMatchObject({ severity: 'warning', applicability: 'may-apply' });
    // In one file, the two are one cluster by what the file says: the error applies.
    expect(mismatch(scan({ 'all.yaml': `${cluster}---\n${app}` }))).toMatchObject({ severity: 'error', applicability: 'applies' });
  });

  it("a component's general notes that only a guessed grouping gives (EKS on an OpenShift pool) may apply (trial scan45, 03 with 21)", () => {
    const trial = (name: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial', name), 'utf8');
    // The ConfigMap names no cluster, so nothing keeps the MachineSet apart from it: it joins as a guess.
    const pool = trial('45-03-ocp-win-machineset.yaml');
    const result = scan({ 'vpc-cni.yaml': trial('45-21-vpc-cni-win-cm.yaml'), 'pool.yaml': pool });
    const eksNotes = result.reports.find((r) => r.ref.kind === 'MachineSet')!.findings.filter((f) => f.subject?.startsWith('eks-'));
    expect(eksNotes.map((f) => f.subject)).toContain('eks-single-eni');
    for (const f of eksNotes) expect(f).toMatchObject({ applicability: 'may-apply', dependsOn: expect.arrayContaining(['environment']) });
  });

  it('a may-apply note whose open dimension only the grouping settled names it again (trial scan47, 14 with 07)', () => {
    const trial = (name: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial', name), 'utf8');
    const result = scan({ 'aks.yaml': trial('47-07-wcnspect-sample22-lb-local.yaml'), 'rc.yaml': trial('47-14-kubecon-win2019-runtimeclass.yaml') });
    const retired = result.reports.find((r) => r.ref.kind === 'RuntimeClass')!.findings.find((f) => f.code === 'NODE_OS_RETIRED');
    // AKS comes from the other file's os-sku label: the note depends on the environment still, and says why.
    expect(retired).toMatchObject({ applicability: 'may-apply', dependsOn: expect.arrayContaining(['environment']) });
    expect(retired!.message).toMatch(/Only the grouping says so/);
  });

  it('the real fixtures are split where they disagree: host-gw and overlay flannel, Calico and eksctl are not one cluster', () => {
    const files = [
      'eksctl-14-windows-nodes.yaml',
      'flannel-kube-flannel-excerpt.yml',
      'sig-windows-tools-calico-hostprocess.yml',
      'sig-windows-tools-flannel-host-gw.yml',
      'sig-windows-tools-flannel-overlay-hostprocess.yml',
    ];
    const result = scan(Object.fromEntries(files.map((f) => [f, readFileSync(join(REAL, f), 'utf8')])));
    expect(result.summary.clusters.map((c) => c.files)).toEqual([
      ['eksctl-14-windows-nodes.yaml'],
      ['flannel-kube-flannel-excerpt.yml', 'sig-windows-tools-flannel-overlay-hostprocess.yml'],
      ['sig-windows-tools-calico-hostprocess.yml'],
      ['sig-windows-tools-flannel-host-gw.yml'],
    ]);
    // Without one merged cluster, flannel is never judged against EKS.
    const all = result.reports.flatMap((r) => r.findings);
    expect(all.filter((f) => f.code === 'PLUGIN_NOT_DOCUMENTED_IN_ENVIRONMENT')).toEqual([]);
  });

  it('--one-cluster on the CLI (and WINNET_KB_ONE_CLUSTER): one cluster, the conflict listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-clusters-'));
    writeFileSync(join(dir, 'a-eksctl.yaml'), EKSCTL);
    writeFileSync(join(dir, 'b-calico.yaml'), CALICO_POLICY);
    const run = async (args: string[], env: Record<string, string> = {}) => {
      const result = await runCli(['scan', dir, '--output', 'json', '--fail-on', 'none', ...args], { env });
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as ScanDocument;
    };
    const [apart, one, viaEnv] = await Promise.all([run([]), run(['--one-cluster']), run([], { WINNET_KB_ONE_CLUSTER: 'true' })]);
    expect(apart.summary.clusters).toHaveLength(2);
    expect(apart.objects.find((o) => o.kind === 'NetworkPolicy')!.findings.map((f) => f.severity)).not.toContain('ERROR');
    for (const result of [one, viaEnv]) {
      expect(result.summary.grouping).toBe('ONE_CLUSTER');
      expect(result.summary.clusters[0]!.conflicts.join('\n')).toContain('cniPlugin "calico"');
    }
  });
});

describe('plan-level findings, once per cluster', () => {
  it('a cluster plan finding is on one object; the others name where it is', () => {
    const result = scan({ 'eksctl.yaml': EKSCTL, 'app.yaml': CALICO_POLICY.split('---\n')[1]! });
    const [group, deployment] = result.reports;
    expect(group!.ref.kind).toBe('ClusterConfig');
    // Windows Server 2019's node OS support is the node group's plan: on the node group only.
    expect(group!.findings.map((f) => f.code)).toContain('NODE_OS_UNSUPPORTED');
    expect(deployment!.findings.map((f) => f.code)).not.toContain('NODE_OS_UNSUPPORTED');
    expect(deployment!.planFindingsOn).toEqual(['eksctl.yaml:12 ClusterConfig cluster-14 (nodeGroups/windows-ng)']);
    expect(group!.planFindingsOn).toEqual(['eksctl.yaml:12 ClusterConfig cluster-14 (nodeGroups/windows-ng)']);
    // The summary counts each finding once.
    const counted = result.reports.flatMap((r) => r.findings).filter((f) => f.severity === 'warning').length;
    expect(result.summary.findings.warning).toBe(counted);
  });

  it("on the object that carries them, a plan finding gives way to the object's own on the same subject", () => {
    // A Windows DaemonSet with hostNetwork and no HostProcess, alone: it carries its cluster plan's
    // findings, and its hostNetwork error replaces the engine's general note on host networking.
    const daemonSet = CALICO_POLICY.split('---\n')[1]!
      .replace('kind: Deployment', 'kind: DaemonSet')
      .replace('    spec:\n', '    spec:\n      hostNetwork: true\n');
    const [report] = scan({ 'ds.yaml': daemonSet }, { plan: { windowsVersion: 'windows-server-2019' } }).reports;
    expect(report!.planFindingsOn).toEqual(['ds.yaml:1 DaemonSet web/iis']);
    expect(report!.findings.filter((f) => f.subject === 'host-network-mode').map((f) => [f.severity, f.code])).toEqual([
      ['error', 'UNSUPPORTED_FUNCTIONALITY'],
    ]);
  });

  it('a cluster plan finding about a fact of the cluster goes on the object that states it, whatever the input order (issue 35)', () => {
    // The app's Service comes first; the overlay mode is stated by the Calico ConfigMap, which carries the mode's finding.
    const web = readFileSync(join(REAL, 'k8s-website-win-webserver.yaml'), 'utf8');
    const calico = readFileSync(join(REAL, 'sig-windows-tools-calico-hostprocess.yml'), 'utf8');
    const result = scan({ 'web.yaml': web, 'calico.yml': calico }, { plan: { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.31' } });
    const onMode = result.reports.filter((r) => r.findings.some((f) => f.code === 'NETWORK_MODE_PRERELEASE' && f.subject === 'overlay'));
    expect(onMode.map((r) => `${r.ref.kind} ${r.ref.name}`)).toEqual(['ConfigMap calico-config-windows']);
  });

  it("a plan finding the carrier's own facts rule out goes on an object still open there, or nowhere", () => {
    // Two Services for a Windows Deployment, in a cluster that states no fact: the first (the
    // carrier of the cluster plan's findings) is ClusterIP, which rules out the NodePort known
    // issue of Server 2022 on overlay; that finding goes on the NodePort Service, still open there.
    // The image without its tag, so that the release stays open (the tag would state build 17763, issue 35).
    const web = readFileSync(join(REAL, 'k8s-website-win-webserver.yaml'), 'utf8').replace('servercore:ltsc2019', 'servercore');
    // The second Service alone in its file (a file of its own Deployment too would define the same Deployment twice: two clusters).
    const clusterIp = web
      .slice(0, web.indexOf('\n---', 1) + 1)
      .replace('type: NodePort', 'type: ClusterIP')
      .replace(/^ {2}name: win-webserver$/m, '  name: internal');
    const nodePortIssue = (r: ScanResult['reports'][number]) => r.findings.filter((f) => f.subject === 'ws2022-nodeport-on-overlay');
    const result = scan({ 'internal.yaml': clusterIp, 'web.yaml': web });
    const internal = result.reports.find((r) => r.file === 'internal.yaml' && r.ref.kind === 'Service')!;
    const nodePort = result.reports.find((r) => r.file === 'web.yaml' && r.ref.kind === 'Service')!;
    expect(nodePortIssue(internal)).toEqual([]);
    expect(nodePortIssue(nodePort).map((f) => f.severity)).toEqual(['info']);
    expect(internal.planFindingsOn).toEqual(['internal.yaml:2 Service internal', 'web.yaml:2 Service win-webserver']);
    // Alone, the ClusterIP Service carries no finding its facts rule out.
    expect(scan({ 'internal.yaml': clusterIp }).reports.flatMap(nodePortIssue)).toEqual([]);
  });

  it("a kube-proxy's network is its cluster's: a Service beside it is judged on that overlay network", () => {
    // KUBE_NETWORK flannel.4096: flannel's overlay, for every Windows node of the cluster; the
    // Service no longer gets the L2tunnel mode's "may apply" (issue 25's trial), and the cluster
    // plan's findings are on the kube-proxy.
    const proxy = readFileSync(join(REAL, 'sig-windows-tools-kube-proxy-hostprocess.yml'), 'utf8');
    const web = readFileSync(join(REAL, 'k8s-website-win-webserver.yaml'), 'utf8');
    const result = scan({ 'kube-proxy.yml': proxy, 'web.yaml': web });
    expect(result.summary.clusters.map((c) => c.facts.map((f) => `${f.field}=${String(f.value)}`))).toEqual([['cniPlugin=flannel', 'networkMode=overlay']]);
    const service = result.reports.find((r) => r.ref.kind === 'Service')!;
    expect(service.findings.filter((f) => f.subject === 'l2tunnel-outside-azure')).toEqual([]);
    expect(service.planFindingsOn).toEqual(['kube-proxy.yml:1 DaemonSet kube-system/kube-proxy-windows']);
  });

  it('the real fixtures with the 2019 plan: each plan-level finding at most once per cluster', () => {
    const files = readFileSyncAll();
    const result = scan(files, { plan: { windowsVersion: 'windows-server-2019' } });
    const seen = new Map<string, number>();
    for (const r of result.reports)
      for (const f of r.findings.filter((x) => x.code === 'NETWORK_MODE_PRERELEASE' || x.code === 'REQUIREMENT_NOT_MET')) {
        const id = `${r.cluster}\0${f.code}\0${f.subject}\0${f.message}`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    expect(seen.size).toBeGreaterThan(0);
    for (const [id, n] of seen) expect(n, id).toBe(1);
    // Before: every one of the 14 objects repeated the plan's warnings (38 in all).
    expect(result.summary.findings.warning).toBeLessThan(20);
  });
});

function readFileSyncAll(): Record<string, string> {
  const names = [
    'eksctl-14-windows-nodes.yaml',
    'flannel-kube-flannel-excerpt.yml',
    'k8s-website-simple-pod.yaml',
    'k8s-website-win-webserver.yaml',
    'sig-windows-tools-calico-hostprocess.yml',
    'sig-windows-tools-flannel-host-gw.yml',
    'sig-windows-tools-flannel-overlay-hostprocess.yml',
    'sig-windows-tools-kube-proxy-hostprocess.yml',
    'sig-windows-tools-kube-proxy-kubeadm.yml',
  ];
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(REAL, n), 'utf8')]));
}

describe('the table says what the JSON says', () => {
  it('lists the clusters, points an object to its cluster plan findings, and names what is unknown', async () => {
    const calico = join(REAL, 'sig-windows-tools-calico-hostprocess.yml');
    const flannel = join(REAL, 'flannel-kube-flannel-excerpt.yml');
    const kubeProxy = join(REAL, 'sig-windows-tools-kube-proxy-hostprocess.yml');
    const { stdout, code, stderr } = await runCli(['scan', calico, flannel, kubeProxy, '--fail-on', 'none']);
    expect(code, stderr).toBe(0);
    // The DaemonSet's cluster plan findings are on the ConfigMap: the table says where.
    expect(stdout).toContain(`cluster plan findings: on ${calico}:10 ConfigMap kube-system/calico-config-windows`);
    // The kube-proxy's flags live in its image: unknown, with what settles it, never "missing".
    expect(stdout).toMatch(/unknown: kube-proxy --source-vip.*\n\s+not determinable from the input; settled by .*sigwindowstools\/kube-proxy/);
    expect(stdout).not.toMatch(/missing: .*source-vip/);
    expect(stdout).toMatch(/Clusters \(\d+, grouped by their facts; --one-cluster judges the input as one\):/);
    // The kube-proxy's KUBE_NETWORK (flannel.4096) is the flannel overlay cluster's network: one cluster.
    expect(stdout).toContain(`${flannel}, ${kubeProxy}  (cniPlugin flannel, networkMode overlay)`);
  });
});

describe('an environment fact and a plugin fact are checked together when grouping (trial scan35)', () => {
  const TRIAL = join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial');
  const read = (f: string) => readFileSync(join(TRIAL, f), 'utf8');

  it('an EKS Karpenter pool is not grouped with an Antrea agent, but with the amazon-vpc-cni ConfigMap, and the reason is given', () => {
    const result = scan({
      'pool.yaml': read('01-karpenter-windows-2019.yaml'),
      'antrea.yml': read('04-antrea-windows.yml'),
      'vpc-cni.yaml': read('17-vpc-cni-aws-k8s-cni.yaml'),
    });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([['pool.yaml', 'vpc-cni.yaml'], ['antrea.yml']]);
    const pool = result.reports.find((r) => r.ref.kind === 'NodePool')!;
    expect(pool.plans.every((p) => p.cniPlugin !== 'antrea')).toBe(true);
    // ALL-F1: the pool's cluster's amazon-vpc-cni ConfigMap sets enable-windows-ipam "false": the pool says so.
    expect(pool.findings.find((f) => f.code === 'REQUIRED_SETTING_MISSING' && f.subject === 'enable-windows-ipam')).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('ConfigMap kube-system/amazon-vpc-cni (vpc-cni.yaml:83)'),
    });
    expect(pool.unknown.map((u) => u.fact).join('\n')).not.toContain('enable-windows-ipam');
    const antrea = result.summary.clusters.find((c) => c.files.includes('antrea.yml'))!;
    expect(antrea.keptApart).toEqual([
      expect.stringMatching(/^antrea\.yml not grouped with pool\.yaml: .*Amazon EKS.*"antrea" is not among them \(eks-best-practices-windows-networking/),
    ]);
  });

  it("Calico's IPAMConfig is not grouped with an EKS pool: on EKS Calico runs only beside the VPC CNI (calico-windows-docs), so the pool keeps the amazon-vpc-cni ConfigMap", () => {
    const result = scan({
      'pool.yaml': read('01-karpenter-windows-2019.yaml'),
      'ipam.yaml': read('06-capz-calico-windows.yaml'),
      'vpc-cni.yaml': read('17-vpc-cni-aws-k8s-cni.yaml'),
    });
    expect(result.summary.clusters.map((c) => c.files)).toEqual([['pool.yaml', 'vpc-cni.yaml'], ['ipam.yaml']]);
    expect(result.summary.clusters.find((c) => c.files.includes('ipam.yaml'))!.keptApart).toEqual([
      expect.stringMatching(
        /^ipam\.yaml not grouped with pool\.yaml: On EKS and AKS, Calico supports Windows nodes only beside the provider's CNI \(calico-windows-docs/,
      ),
    ]);
  });

  it('a plugin confined to another environment is not grouped with that environment (amazon-vpc-cni runs only on EKS)', () => {
    const k = testKnowledge();
    const clash = clusterClash(k);
    expect(
      clash(
        new Map<PlanField, unknown>([
          ['environment', 'aks'],
          ['cniPlugin', 'amazon-vpc-cni'],
        ]),
      ),
    ).toMatch(/runs only in eks/);
    expect(
      clash(
        new Map<PlanField, unknown>([
          ['environment', 'eks'],
          ['cniPlugin', 'amazon-vpc-cni'],
        ]),
      ),
    ).toBeUndefined();
    // EKS lists Calico, but calico-windows-managed-only-beside-provider-cni (Calico 3.32's Windows requirements) says it
    // networks no Windows pod there, only beside the VPC CNI: a file whose CNI plugin is Calico is no EKS file.
    // (A policy-only Calico, CALICO_NETWORKING_BACKEND none, states no CNI plugin.)
    expect(
      clash(
        new Map<PlanField, unknown>([
          ['environment', 'eks'],
          ['cniPlugin', 'calico'],
        ]),
      ),
    ).toMatch(/only beside the provider's CNI/);
    // Where Calico is listed and no source rules it out (AKS on Windows Server), no clash.
    expect(
      clash(
        new Map<PlanField, unknown>([
          ['environment', 'aks-windows-server'],
          ['cniPlugin', 'calico'],
        ]),
      ),
    ).toBeUndefined();
    expect(clash(new Map<PlanField, unknown>([['cniPlugin', 'antrea']]))).toBeUndefined();
  });
});

describe('a workload that names a RuntimeClass runs where the RuntimeClass schedules it (trial scan38 A, B, D)', () => {
  // An image no place of the seeds reads: only the RuntimeClass says where the pods run.
  const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
spec:
  selector:
    matchLabels: {app: app}
  template:
    metadata:
      labels: {app: app}
    spec:
      runtimeClassName: windows-2019
      containers:
        - name: app
          image: registry.example.com/team/app:1.0
---
apiVersion: v1
kind: Service
metadata:
  name: app
spec:
  type: LoadBalancer
  selector: {app: app}
  ports: [{port: 80}]
`;
  const report = (result: ScanResult, kind: string) => result.reports.find((r) => r.ref.kind === kind);

  it('with the RuntimeClass in another file: one group, and the workload and its Service take its build', () => {
    const result = scan({ 'rc.yaml': RUNTIME_CLASS('windows'), 'app.yaml': APP });
    expect(result.summary.clusters).toHaveLength(1);
    const app = report(result, 'Deployment')!;
    expect(app.facts.find((f) => f.field === 'windowsBuild')).toMatchObject({ value: 17763, path: 'spec.template.spec.runtimeClassName' });
    expect(app.unknown.map((u) => u.fact).join('\n')).not.toMatch(/RuntimeClass|the Windows release of its nodes/);
    expect(report(result, 'Service')?.facts.find((f) => f.field === 'windowsBuild')?.value).toBe(17763);
    expect(report(result, 'RuntimeClass')?.facts.find((f) => f.field === 'windowsBuild')?.value).toBe(17763);
  });

  it('without it: the OS and release are open, named as settled by that RuntimeClass, not "may run on any node"', () => {
    const result = scan({ 'app.yaml': APP });
    expect(Object.keys(result.summary.ignoredByReason)).toContain(
      'a Deployment whose OS only the RuntimeClass it names sets, in an input that holds neither that RuntimeClass nor a Windows node, node group or --plan',
    );
    const open = scan({ 'app.yaml': APP }, { plan: { windowsVersion: 'windows-server-2022' } });
    const unknown = report(open, 'Deployment')!.unknown;
    expect(unknown.map((u) => `${u.fact} / ${u.settledBy}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^the OS of its nodes: .*RuntimeClass windows-2019 \(its scheduling.nodeSelector\), which the input does not hold$/),
      ]),
    );
  });

  it('a RuntimeClass for Linux nodes makes nothing Windows', () => {
    const result = scan({ 'rc.yaml': RUNTIME_CLASS('linux'), 'app.yaml': APP });
    expect(result.reports.map((r) => r.ref.kind)).toEqual([]);
  });

  it('with no OS selector and no RuntimeClass, a Windows image makes a Windows workload; an OS selector naming Linux still wins', () => {
    const iis = (selector: string) =>
      APP.replace('      runtimeClassName: windows-2019\n', selector).replace(
        'registry.example.com/team/app:1.0',
        'mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2019',
      );
    const windows = scan({ 'app.yaml': iis('') });
    expect(report(windows, 'Deployment')?.facts.find((f) => f.field === 'windowsBuild')?.value).toBe(17763);
    expect(report(windows, 'Service')).toBeDefined();
    const linux = scan({ 'app.yaml': iis('      nodeSelector: {kubernetes.io/os: linux}\n') });
    expect(linux.reports).toEqual([]);
  });

  it("an image of another build than the nodes its RuntimeClass pins is a mismatch, not silently the nodes' build (trial scan38 ALL-F1)", () => {
    const iis = APP.replace('registry.example.com/team/app:1.0', 'mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2019');
    const mismatch = (build: string) =>
      scan({ 'rc.yaml': RUNTIME_CLASS('windows').replace('10.0.17763', build), 'app.yaml': iis })
        .reports.find((r) => r.ref.kind === 'Deployment')!
        .findings.filter((f) => f.code === 'CONTAINER_IMAGE_OS_MISMATCH');
    expect(mismatch('10.0.20348')).toEqual([expect.objectContaining({ severity: 'error', subject: 'windows-server-2019' })]);
    expect(mismatch('10.0.17763')).toEqual([]);
  });
});

describe('a Calico build of kube-proxy is not grouped with a Flannel cluster (trial scan39 ALL, wrong merge 01+02+03)', () => {
  const TRIAL = join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'trial');
  const files = ['39-01-flannel-hostgw-linux.yaml', '39-02-flannel-hostgw-windows-hp.yaml', '39-03-kube-proxy-calico-hp-v1.22.yaml'];

  it('puts the -calico-hostprocess kube-proxy in a cluster of its own, and keeps its Kubernetes version off the Flannel files', () => {
    const result = scan(Object.fromEntries(files.map((f) => [f, readFileSync(join(TRIAL, f), 'utf8')])));
    const clusterOf = (file: string) => result.summary.clusters.find((c) => c.files.includes(file))!;
    expect(clusterOf(files[0]!).name).toBe(clusterOf(files[1]!).name);
    expect(clusterOf(files[2]!).name).not.toBe(clusterOf(files[0]!).name);
    expect(clusterOf(files[2]!).facts).toContainEqual(expect.objectContaining({ field: 'cniPlugin', value: 'calico' }));
    expect(clusterOf(files[0]!).facts.map((f) => f.field)).not.toContain('kubernetesVersion');
  });
});
