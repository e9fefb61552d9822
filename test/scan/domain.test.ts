/** The pure scan: object extraction with lines, the readers, plan inference and judging. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import {
  jsonItemOffsets,
  kubectlListItems,
  objectsOf,
  objectsOfChunks,
  ScanParseError,
  type SkippedDocument,
  type SourceObject,
} from '../../src/domain/scan/documents.js';
import { MAX_EMBEDDED_DOCUMENTS } from '../../src/domain/scan/embedded-manifests.js';
import { kubernetesMinorOf, parseWindowsKernel, releaseByBuild, releaseOfAmiFamily } from '../../src/domain/scan/readers.js';
import { scanObjects, type ScanResult } from '../../src/domain/scan/scan.js';
import { valuesAt, withShellDefaults } from '../../src/domain/scan/signals.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'scan');
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
function scan(texts: Record<string, string>, plan?: Parameters<typeof scanObjects>[2]['plan']): ScanResult {
  const objects = Object.entries(texts).flatMap(([file, text]) => [...objectsOf(text, file)]);
  return scanObjects(testKnowledge(), objects, { today: TEST_TODAY, ...(plan ? { plan } : {}) });
}

describe('documents', () => {
  it('flattens a kubectl List from JSON with each item on its line', () => {
    const objects = [...objectsOf(read('constructed/eks-cluster.json'), 'eks-cluster.json')];
    expect(objects).toHaveLength(12);
    const lines = read('constructed/eks-cluster.json').split('\n');
    for (const o of objects) expect(lines[o.line - 1]!.trim()).toBe('{');
    expect(objects[0]!.path).toBe('items[0]');
  });

  it('finds item offsets past strings with braces and escaped quotes', () => {
    const text = '{"kind":"List","x":"[{\\"","items":[{"a":"}{"},  {"b":[1,2]}, "s"]}';
    const offsets = jsonItemOffsets(text);
    expect(offsets.map((o) => text[o])).toEqual(['{', '{', '"']);
  });

  it('reads multi-document YAML, YAML flow mappings and typed lists', () => {
    const objects = [...objectsOf(read('real/k8s-website-simple-pod.yaml'), 'pod.yaml')];
    expect(objects.map((o) => [o.data.kind, o.line])).toEqual([['Pod', 2]]);
    const typed = [...objectsOf('{"kind":"NodeList","apiVersion":"v1","items":[{"metadata":{"name":"n"}}]}', 'nodes.json')];
    expect(typed[0]!.data.kind).toBe('Node');
  });

  it('gives file, line and column for YAML that does not parse, and JSON too', () => {
    expect(() => [...objectsOf(read('bad/bad-indent.yaml'), 'bad-indent.yaml')]).toThrow(
      /^bad-indent\.yaml:5:1: All mapping items must start at the same column/,
    );
    try {
      Array.from(objectsOf(read('bad/bad.json'), 'bad.json'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScanParseError);
      expect((error as ScanParseError).line).toBe(5);
      expect((error as ScanParseError).message).toMatch(/^bad\.json:5:\d+: /);
    }
  });
});

describe("manifests a ConfigMap keeps as text (a ClusterResourceSet's, trial scan54 files 01 and 02)", () => {
  const configMap = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: cni-windows',
    'data:',
    '  proxy: |',
    '    apiVersion: apps/v1',
    '    kind: DaemonSet',
    '    metadata:',
    '      name: kube-proxy-windows',
    '    spec:',
    '      template:',
    '        spec:',
    '          nodeSelector: {kubernetes.io/os: windows}',
    '          containers: [{name: p, image: x}]',
    '    ---',
    '    apiVersion: v1',
    '    kind: ConfigMap',
    '    metadata: {name: inner}',
    '    data: {a: b}',
    '  config.conf: |',
    '    apiVersion: kubeproxy.config.k8s.io/v1alpha1',
    '    kind: KubeProxyConfiguration',
    '    mode: kernelspace',
    '  quoted: "apiVersion: v1\\nkind: Service\\nmetadata: {name: s}\\nspec: {type: NodePort}\\n"',
    '',
  ].join('\n');

  it('reads the named objects of a block value on their own lines, and a quoted value on its key line', () => {
    const objects = [...objectsOf(configMap, 'crs.yaml')];
    expect(objects.map((o) => [o.data.kind, o.line, o.path])).toEqual([
      ['ConfigMap', 1, ''],
      ['DaemonSet', 7, 'data.proxy'],
      ['ConfigMap', 17, 'data.proxy'],
      ['Service', 25, 'data.quoted'],
    ]);
    expect(objects[1]!.lineOf(['spec', 'template', 'spec', 'nodeSelector'])).toBe(14);
    // The Service's fields are on its key's line: a quoted value's lines are not the file's.
    expect(objects[3]!.lineOf(['spec', 'type'])).toBe(25);
  });

  it("leaves a configuration without metadata (kube-proxy's) to the ConfigMap's reader, and reads nothing from a value that does not parse or holds too many documents", () => {
    expect([...objectsOf(configMap, 'crs.yaml')].map((o) => o.data.kind)).not.toContain('KubeProxyConfiguration');
    const broken = configMap.replace('      name: kube-proxy-windows', '      name: [unclosed');
    const skipped: SkippedDocument[] = [];
    const kinds = [...objectsOf(broken, 'crs.yaml', skipped)].map((o) => o.data.kind);
    expect(kinds).toEqual(['ConfigMap', 'Service']);
    expect(skipped).toEqual([
      expect.objectContaining({ file: 'crs.yaml', reason: expect.stringMatching(/^data key proxy holds text that is not valid YAML/) }),
    ]);
    const many = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: m}',
      'data:',
      '  all: |',
      '    apiVersion: v1',
      '    kind: Pod',
      ...Array(MAX_EMBEDDED_DOCUMENTS + 1).fill('    ---'),
      '',
    ].join('\n');
    const tooMany: SkippedDocument[] = [];
    expect([...objectsOf(many, 'm.yaml', tooMany)].map((o) => o.data.kind)).toEqual(['ConfigMap']);
    expect(tooMany[0]!.reason).toContain(`more than ${MAX_EMBEDDED_DOCUMENTS} documents`);
  });

  it('judges the embedded kube-proxy as a Windows workload of the file', () => {
    const reports = scan({ 'crs.yaml': configMap }).reports;
    expect(reports.map((r) => `${r.ref.kind} ${r.ref.name} ${r.line}`)).toContain('DaemonSet kube-proxy-windows 7');
  });
});

describe('readers', () => {
  it('expands a template value whose variables all have shell defaults, and no other', () => {
    expect(withShellDefaults('${WINDOWS_SERVER_VERSION:=windows-2019}-containerd-gen1')).toBe('windows-2019-containerd-gen1');
    expect(withShellDefaults('${A:-"x"}-${B=y}')).toBe('x-y');
    expect(withShellDefaults('${A:-x}-${KUBERNETES_VERSION}')).toBeUndefined();
    expect(withShellDefaults('plain')).toBeUndefined();
  });

  it('maps builds to releases, LTSC before SAC', () => {
    expect(releaseByBuild(testKnowledge(), 17763)?.slug).toBe('windows-server-2019');
    expect(releaseByBuild(testKnowledge(), 20348)?.slug).toBe('windows-server-2022');
    expect(releaseByBuild(testKnowledge(), 26100)?.slug).toBe('windows-server-2025');
    expect(parseWindowsKernel('10.0.17763.1432')).toEqual({ build: 17763, revision: 1432 });
    expect(kubernetesMinorOf('v1.29.3-eks-adc7111')).toBe('1.29');
    expect(releaseOfAmiFamily(testKnowledge(), 'WindowsServer2022CoreContainer')).toBe('windows-server-2022');
  });
});

describe('the constructed EKS dump', () => {
  const result = scan({ 'eks-cluster.json': read('constructed/eks-cluster.json') });
  const report = (kind: string, name: string) => result.reports.find((r) => r.ref.kind === kind && r.ref.name === name)!;

  it('infers each Windows node plan from nodeInfo, labels and the amazon-vpc-cni ConfigMap', () => {
    expect(report('Node', 'ip-10-0-1-23.us-west-2.compute.internal').plans).toEqual([
      {
        windowsVersion: 'windows-server-2019',
        windowsBuildRevision: 5329,
        kubernetesVersion: '1.29',
        environment: 'eks',
        instanceType: 'm5.large',
        kubeletMaxPods: 110,
        cniPlugin: 'amazon-vpc-cni',
        ipAddressMode: 'PREFIX_DELEGATION',
      },
    ]);
  });

  it('reports a node whose advertised addresses do not match its instance type in the cluster mode', () => {
    const node = report('Node', 'ip-10-0-2-87.us-west-2.compute.internal');
    const mismatch = node.findings.find((f) => f.code === 'NODE_CAPACITY_MISMATCH')!;
    expect(mismatch.message).toContain('advertises 14 pod addresses, but m5.xlarge in prefix-delegation mode gives 224');
    expect(mismatch.path).toBe('status.capacity["vpc.amazonaws.com/PrivateIPv4Address"]');
    expect(report('Node', 'ip-10-0-1-23.us-west-2.compute.internal').findings.map((f) => f.code)).not.toContain('NODE_CAPACITY_MISMATCH');
  });

  it('judges the Service against every Windows node: session affinity needs 2022', () => {
    const svc = report('Service', 'iis');
    expect(svc.verdict).toBe('INCOMPATIBLE');
    expect(svc.plans.map((p) => p.features)).toEqual([
      ['session-affinity', 'client-ip-preservation'],
      ['session-affinity', 'client-ip-preservation'],
    ]);
    const f = svc.findings.find((x) => x.code === 'FEATURE_REQUIRES_NEWER_WINDOWS')!;
    expect(f.subject).toBe('session-affinity');
    expect(f.path).toBe('spec.sessionAffinity');
  });

  it('flags hostNetwork without HostProcess, not with it', () => {
    expect(report('Pod', 'legacy-agent-7d9f').findings[0]).toMatchObject({
      severity: 'error',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      subject: 'host-network-mode',
      path: 'spec.hostNetwork',
    });
    expect(report('DaemonSet', 'windows-exporter').verdict).toBe('COMPATIBLE');
  });

  it('ignores Linux objects and unknown kinds, and counts them', () => {
    expect(result.reports.map((r) => r.ref.name)).not.toContain('web');
    expect(result.summary).toMatchObject({ objectsRead: 12, reported: 8, ignored: 4, verdict: 'INCOMPATIBLE' });
    expect(result.summary.ignoredByReason['kind Ingress is not read']).toBe(1);
  });

  it('says when a kind it does not read pins pods to Windows (an Argo Workflow, trial scan54 file 17)', () => {
    // argoproj/argo-workflows examples/hello-windows.yaml (f016ad89), in short.
    const workflow = [
      'apiVersion: argoproj.io/v1alpha1',
      'kind: Workflow',
      'metadata: {generateName: hello-windows-}',
      'spec:',
      '  entrypoint: hello-win',
      '  templates:',
      '    - name: hello-win',
      '      nodeSelector:',
      '        kubernetes.io/os: windows',
      '      container: {image: "mcr.microsoft.com/windows/nanoserver:1809", command: [cmd, /c]}',
      '',
    ].join('\n');
    const argo = scan({ 'wf.yaml': workflow });
    expect(argo.summary.ignoredByReason).toEqual({
      'kind Workflow is not read, though it pins pods to Windows nodes (a kubernetes.io/os: windows node selector): those pods are not judged': 1,
    });
    const linux = scan({ 'wf.yaml': workflow.replace('kubernetes.io/os: windows', 'kubernetes.io/os: linux') });
    expect(linux.summary.ignoredByReason).toEqual({ 'kind Workflow is not read': 1 });
  });
});

describe('real manifests', () => {
  it('eksctl: the Windows node group with the eksctl default instance type and its capacity', () => {
    const { reports } = scan({ 'eksctl.yaml': read('real/eksctl-14-windows-nodes.yaml') });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.ref.part).toBe('nodeGroups/windows-ng');
    expect(reports[0]!.line).toBe(12);
    expect(reports[0]!.findings.find((f) => f.code === 'POD_CAPACITY')!.message).toContain('m5.large gives 9 Windows pods');
    // eksctl's default is a fact, not a gap; the version and the IP address mode are unknown (set elsewhere), not missing.
    expect(reports[0]!.missing).toEqual([]);
    expect(reports[0]!.facts.find((f) => f.field === 'instanceType')).toMatchObject({
      value: 'm5.large',
      detail: expect.stringContaining("eksctl's default instance type (eksctl#pkg/apis/eksctl.io/v1alpha5)"),
    });
    expect(reports[0]!.unknown.map((u) => u.field)).toEqual(expect.arrayContaining(['kubernetesVersion', 'ipAddressMode']));
  });

  it('flannel host-gw (wins, not HostProcess) uses hostNetwork on Windows: an error, and the mode is l2bridge', () => {
    const { reports } = scan({ 'host-gw.yml': read('real/sig-windows-tools-flannel-host-gw.yml') }, { windowsVersion: 'windows-server-2019' });
    const ds = reports.find((r) => r.ref.kind === 'DaemonSet')!;
    expect(ds.findings.find((f) => f.severity === 'error')).toMatchObject({
      code: 'UNSUPPORTED_FUNCTIONALITY',
      subject: 'host-network-mode',
      path: 'spec.template.spec.hostNetwork',
      line: 175,
    });
    const cm = reports.find((r) => r.ref.kind === 'ConfigMap')!;
    expect(cm.plans[0]).toMatchObject({ cniPlugin: 'flannel', networkMode: 'l2bridge' });
  });

  it('without Windows nodes or a plan, an object is judged with what it states; one that states nothing is not judged', () => {
    // The image without its tag: nothing in the file states a Windows build (issue 35 reads the tag).
    const untagged = read('real/k8s-website-win-webserver.yaml').replace('servercore:ltsc2019', 'servercore');
    const { reports } = scan({ 'web.yaml': untagged });
    const [service, deployment] = reports;
    // The NodePort Service selects a Windows Deployment: judged for node-port, the Windows release left open.
    expect(service!.plans).toEqual([{ serviceTypes: ['node-port'] }]);
    expect(service!.verdict).not.toBeNull();
    expect(service!.findings.map((f) => f.code)).not.toContain('NOT_JUDGED');
    // The Deployment states no networking fact, and nothing else in the input does: nothing can be said.
    expect(deployment!.verdict).toBeNull();
    expect(deployment!.findings).toEqual([
      expect.objectContaining({ code: 'NOT_JUDGED', message: expect.stringMatching(/^Nothing can be said about Deployment/) }),
    ]);
  });

  it("a Windows base image's tag states the build of the nodes: the app is judged on that build's releases", () => {
    // servercore:ltsc2019 (manifest-signals.yaml windows-base-image): build 17763, Windows Server 2019 and version 1809.
    const { reports } = scan({ 'web.yaml': read('real/k8s-website-win-webserver.yaml') });
    const [service, deployment] = reports;
    expect(service!.plans).toEqual([{ serviceTypes: ['node-port'], windowsBuild: 17763 }]);
    expect(deployment!.facts).toContainEqual(expect.objectContaining({ field: 'windowsBuild', value: 17763, line: 36 }));
    expect(deployment!.verdict).not.toBeNull();
    // What holds only on Windows Server 2022 is ruled out by the build.
    expect(service!.findings.map((f) => f.subject)).not.toContain('ws2022-nodeport-on-overlay');
    // A .NET Framework image's tag ends with its Server Core base (manifest-signals.yaml dotnet-framework-image).
    const dotnet = read('real/k8s-website-win-webserver.yaml').replace('windows/servercore:ltsc2019', 'dotnet/framework/aspnet:4.8-windowsservercore-ltsc2022');
    expect(scan({ 'web.yaml': dotnet }).reports[1]!.facts).toContainEqual(expect.objectContaining({ field: 'windowsBuild', value: 20348 }));
    expect(service!.findings.find((f) => f.code === 'NODE_OS_UNSUPPORTED' && f.severity === 'warning')?.message).toMatch(
      /of build 17763 \(Windows Server, version 1809 \/ Windows Server 2019/,
    );
  });

  it("a base image of another build than the nodes' release is the engine's image mismatch (issue 35)", () => {
    const web = read('real/k8s-website-win-webserver.yaml');
    const on2022 = scan({ 'web.yaml': web }, { windowsVersion: 'windows-server-2022' });
    const deployment = on2022.reports.find((r) => r.ref.kind === 'Deployment')!;
    expect(deployment.plans[0]).toMatchObject({ windowsVersion: 'windows-server-2022', containerImageWindowsVersion: 'windows-server-2019' });
    expect(deployment.findings).toContainEqual(expect.objectContaining({ code: 'CONTAINER_IMAGE_OS_MISMATCH', severity: 'error' }));
    // On the image's own release, nothing is said of it.
    const on2019 = scan({ 'web.yaml': web }, { windowsVersion: 'windows-server-2019' });
    expect(on2019.reports.flatMap((r) => r.findings).map((f) => f.code)).not.toContain('CONTAINER_IMAGE_OS_MISMATCH');
  });

  it("without a plan, flannel's VXLAN net-conf.json is judged for the overlay mode, whatever the release", () => {
    const { reports, summary } = scan({ 'flannel.yml': read('real/flannel-kube-flannel-excerpt.yml') });
    const [configMap] = reports;
    expect(configMap!.plans).toEqual([{ cniPlugin: 'flannel', networkMode: 'overlay' }]);
    expect(configMap!.verdict).not.toBeNull();
    expect(configMap!.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['PLUGIN_MODE_PRERELEASE', 'REQUIREMENT_NOT_MET']));
    expect(configMap!.findings.find((f) => f.subject === 'overlay-requires-kb4489899')!.applicability).toBe('may-apply');
    expect(summary.verdict).not.toBeNull();
  });

  it('kube-proxy: the WinOverlay gate inside a script sets the overlay mode', () => {
    const { reports } = scan({ 'kp.yml': read('real/sig-windows-tools-kube-proxy-kubeadm.yml') }, { windowsVersion: 'windows-server-2019' });
    expect(reports.find((r) => r.ref.kind === 'ConfigMap')!.plans[0]).toMatchObject({ networkMode: 'overlay' });
  });

  it('a Windows node without nodeInfo is reported with what is missing, judged on the plan', () => {
    const { reports } = scan({ 'partial.yaml': read('bad/partial.yaml') });
    expect(reports[0]!.verdict).toBeNull();
    expect(reports[0]!.missing.join('\n')).toContain('kubeletVersion');
    const withPlan = scan({ 'partial.yaml': read('bad/partial.yaml') }, { windowsVersion: 'windows-server-2022', kubernetesVersion: '1.31' });
    expect(withPlan.reports[0]!.verdict).not.toBeNull();
  });

  it('a node whose plan has several refused fields: all dropped at once, listed as missing, the rest judged', () => {
    const node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'odd',
        labels: { 'kubernetes.io/os': 'windows', 'eks.amazonaws.com/nodegroup': 'win', 'node.kubernetes.io/instance-type': 'x9.nonexistent' },
      },
      status: { nodeInfo: { kernelVersion: '10.0.99999.5', kubeletVersion: 'v1.31.2-eks-1' }, capacity: { pods: '29' } },
    };
    const [report] = scan({ 'odd.json': JSON.stringify(node) }).reports;
    // An unknown build gives no release, so its revision is refused with it; the instance type is unknown.
    expect(report!.missing.filter((m) => m.endsWith('(not used)')).map((m) => m.split(':')[0])).toEqual(['windowsBuildRevision', 'instanceType']);
    expect(report!.verdict).not.toBeNull();
    expect(report!.findings.map((f) => f.code)).not.toContain('NOT_JUDGED');
  });

  it('caches judgments of identical plans', () => {
    const node = (JSON.parse(read('constructed/eks-cluster.json')) as { items: { metadata: object }[] }).items[0]!;
    const list = { kind: 'List', apiVersion: 'v1', items: Array.from({ length: 200 }, (_, i) => ({ ...node, metadata: { ...node.metadata, name: `n${i}` } })) };
    const result = scan({ 'many.json': JSON.stringify(list) });
    expect(result.reports).toHaveLength(200);
    expect(result.summary.distinctPlans).toBe(1);
  });
});

describe('kubectl-layout Lists, one item at a time', () => {
  const list = (items: unknown[]) => `${JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 4)}\n`;
  const items = [
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'a', labels: { 'kubernetes.io/os': 'windows' } }, status: { note: 'a "quoted" }\n        { brace' } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'b' }, spec: { ports: [{ port: 80 }] } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} },
  ];

  it('finds the items of kubectl output by their lines, with the same objects and lines as the whole parse', () => {
    const text = list(items);
    const found = kubectlListItems(text)!;
    expect(found.spans).toHaveLength(3);
    expect(JSON.parse(found.shell)).toEqual({ apiVersion: 'v1', items: [], kind: 'List', metadata: { resourceVersion: '' } });
    const lines = text.split('\n');
    for (const span of found.spans) expect(lines[span.line - 1]).toBe('        {');
    const skipped: { reason: string }[] = [];
    const objects = [...objectsOf(text, 'dump.json', skipped as never)];
    expect(objects.map((o) => [o.data.kind, o.path])).toEqual([
      ['Node', 'items[0]'],
      ['Service', 'items[1]'],
      ['ConfigMap', 'items[2]'],
    ]);
    expect(objects.map((o) => o.data)).toEqual(items);
    // The general reader gives the same lines.
    const minified = JSON.stringify(JSON.parse(text));
    expect(kubectlListItems(minified)).toBeUndefined();
    expect(objects.map((o) => o.line)).toEqual(
      jsonItemOffsets(text)
        .filter((o) => text[o] === '{')
        .map((o) => text.slice(0, o).split('\n').length),
    );
    expect(skipped).toEqual([]);
    // An item that is not an object is not kubectl's layout: read whole, and skipped.
    const odd = list([items[0], 'not an object']);
    expect(kubectlListItems(odd)).toBeUndefined();
    const oddSkipped: { reason: string }[] = [];
    expect([...objectsOf(odd, 'odd.json', oddSkipped as never)]).toHaveLength(1);
    expect(oddSkipped.map((s) => s.reason)).toEqual(['items[1] is not an object']);
  });

  it("jq's 2-space layout takes the same path, with the same objects and lines", () => {
    const text = `${JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 2)}\n`;
    const found = kubectlListItems(text)!;
    expect(found.spans).toHaveLength(3);
    const objects = [...objectsOf(text, 'jq.json')];
    expect(objects.map((o) => o.data)).toEqual(items);
    expect(objects.map((o) => o.line)).toEqual(jsonItemOffsets(text).map((o) => text.slice(0, o).split('\n').length));
    // Tabs, CRLF or one line: not this layout, read whole.
    expect(kubectlListItems(JSON.stringify(JSON.parse(text), null, '\t'))).toBeUndefined();
    expect(kubectlListItems(text.replace(/\n/g, '\r\n'))).toBeUndefined();
  });

  it('the real constructed dump takes the per-item path', () => {
    expect(kubectlListItems(read('constructed/eks-cluster.json'))?.spans).toHaveLength(12);
  });

  it('an item that is not JSON: the error says where, like the whole parse', () => {
    const text = list(items).replace('"kind": "ConfigMap",', '"kind": "ConfigMap"');
    expect(kubectlListItems(text)).toBeDefined();
    try {
      Array.from(objectsOf(text, 'dump.json'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScanParseError);
      const line = text.split('\n').findIndex((l) => l.includes('"kind": "ConfigMap"')) + 1;
      expect((error as ScanParseError).line).toBe(line + 1);
    }
  });
});

describe('objectsOfChunks: text that arrives in pieces', () => {
  const list = (items: unknown[], indent = 4) =>
    `${JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, indent)}\n`;
  const items = [
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'a' }, status: { note: 'a "quoted" }\n        { brace é' } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'b' }, spec: { ports: [{ port: 80 }] } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} },
  ];
  const pieces = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
  const same = (text: string) => {
    const want = [...objectsOf(text, 'f.json')].map((o) => [o.line, o.path, o.data]);
    for (const size of [1, 7, 64, 1000, text.length]) {
      const got = [...objectsOfChunks(pieces(text, size), () => text, 'f.json')].map((o) => [o.line, o.path, o.data]);
      expect(got, `pieces of ${size}`).toEqual(want);
    }
    return want;
  };

  it('gives the objects and lines of objectsOf, whatever the size of the pieces', () => {
    expect(same(list(items))).toHaveLength(3);
    expect(same(list(items, 2))).toHaveLength(3);
    expect(same(read('constructed/eks-cluster.json'))).toHaveLength(12);
  });

  it('other layouts, typed lists and YAML take the whole text', () => {
    same(JSON.stringify(JSON.parse(list(items))));
    same(list(items, 0));
    const typed = list([{ metadata: { name: 'n' } }]).replace('"kind": "List"', '"kind": "NodeList"');
    expect(same(typed).map((o) => (o[2] as { kind: string }).kind)).toEqual(['Node']);
    same(read('real/sig-windows-tools-calico-hostprocess.yml'));
  });

  it('an item or a list end that is not JSON: the same outcome as objectsOf (its error, or YAML), nothing twice', () => {
    const outcome = (objects: () => Iterable<SourceObject>) => {
      const paths: string[] = [];
      try {
        for (const o of objects()) paths.push(`${o.path}@${o.line}`);
        return { paths, error: '' };
      } catch (error) {
        expect(error).toBeInstanceOf(ScanParseError);
        return { paths: [], error: (error as Error).message };
      }
    };
    const badItem = list(items).replace('"kind": "Service",', '"kind": "Service"');
    const badEnd = list(items).replace('"kind": "List"', '"kind": "List",,');
    const yamlEnd = list(items).replace('"kind": "List"', '"kind": List'); // not JSON, but YAML
    for (const text of [badItem, badEnd, yamlEnd]) {
      const want = outcome(() => objectsOf(text, 'f.json'));
      const got = outcome(() => objectsOfChunks(pieces(text, 50), () => text, 'f.json'));
      expect(got.error).toBe(want.error);
      if (!got.error) expect(got.paths).toEqual(want.paths);
    }
    expect(outcome(() => objectsOf(badItem, 'f.json')).error).toMatch(/^f\.json:\d+:\d+: /);
    expect(outcome(() => objectsOf(badEnd, 'f.json')).error).toMatch(/^f\.json:\d+:\d+: /);
    expect(outcome(() => objectsOf(yamlEnd, 'f.json')).paths).toHaveLength(3);
  });
});

describe('pods with no OS marker', () => {
  const pod = (name: string, spec: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels: {app: ${name}}\nspec:\n${spec}  containers: [{name: c, image: busybox}]\n`;
  const policy = (app: string) =>
    `apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: p-${app}\nspec:\n  podSelector: {matchLabels: {app: ${app}}}\n  policyTypes: [Ingress]\n`;

  it('an OS-less pod is one whose OS is unknown, not one "not scheduled on Windows"; a pod pinned to Linux is (trial scan35 12-U1)', () => {
    const result = scan({ 'pods.yaml': [pod('free', ''), pod('linux', '  nodeSelector: {kubernetes.io/os: linux}\n')].join('---\n') });
    const reasons = Object.keys(result.summary.ignoredByReason);
    expect(reasons.find((x) => x.includes('whose OS the input does not state'))).toBeDefined();
    expect(reasons.find((x) => x.includes('not scheduled on Windows (its OS selector or affinity names another OS)'))).toBeDefined();
    expect(result.summary.ignoredByReason).toMatchObject({ [reasons.find((x) => x.includes('whose OS'))!]: 1 });
  });

  it('a NetworkPolicy over OS-less pods (or none in the input) is judged "may apply" on the CNI, not dismissed; over Linux pods it is (trial scan35 11-F1)', () => {
    const free = scan({ 'a.yaml': [pod('free', ''), policy('free')].join('---\n') });
    const alone = scan({ 'c.yaml': policy('absent') });
    for (const [name, result] of [
      ['p-free', free],
      ['p-absent', alone],
    ] as const) {
      const report = result.reports.find((r) => r.ref.name === name)!;
      expect(report, name).toBeDefined();
      expect(report.unknown.map((u) => u.fact).join('\n')).toContain('whether the pods it selects run on Windows');
      expect(report.findings.find((f) => f.code === 'NETWORK_POLICY_UNSUPPORTED')?.applicability).toBe('may-apply');
    }
    // Beside a Windows node too: the pods' OS is still open, and said.
    const node =
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: win\n  labels: {kubernetes.io/os: windows}\nstatus:\n  nodeInfo: {kernelVersion: "10.0.20348.2582"}\n';
    const beside = scan({ 'd.yaml': [node, pod('free', ''), policy('free')].join('---\n') }).reports.find((r) => r.ref.name === 'p-free');
    expect(beside?.unknown.map((u) => u.fact).join('\n')).toContain('whether the pods it selects run on Windows');
    const linux = scan({ 'b.yaml': [pod('linux', '  nodeSelector: {kubernetes.io/os: linux}\n'), policy('linux')].join('---\n') });
    expect(linux.reports).toHaveLength(0);
    expect(linux.summary.ignoredByReason['a NetworkPolicy that selects no workload scheduled on Windows']).toBe(1);
  });
});

describe('probed features', () => {
  // The scanner judges open plans with every feature to say what a feature would meet; nothing in
  // the files asks for them, so no finding may say the plan asks for one by name (the engine's
  // explicit-ask wording), on any fixture scanned alone without a plan.
  const files = ['trial', 'real', 'public', 'constructed'].flatMap((dir) =>
    readdirSync(join(FIXTURES, dir))
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .map((f) => `${dir}/${f}`),
  );
  it.each(files)('%s: no finding says the files ask for a feature by name', (file) => {
    const result = scan({ [file]: read(file) });
    const said = result.reports.flatMap((r) => r.findings.map((f) => f.message)).filter((m) => /asks for .* by name/.test(m));
    expect(said).toEqual([]);
  });
});

describe('YAML the scan reads quietly', () => {
  it('a template key that parses as a map (Helm {{ .Values.x }}) prints no Node warning on stderr (trial scan40, file 12)', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const objects = [...objectsOf('kind: NetworkPolicy\nmetadata:\n  namespace: {{ .Values.namespace }}\n  name: p\n', 'netpol.yaml')];
      expect(objects).toHaveLength(1);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("flannel's net-conf.json as a file of its own", () => {
  it('is read as the ConfigMap key is, its keys in any case (trial scan40, files 05 and 06)', () => {
    const facts = (file: string) => scan({ [file]: read(file) }).reports.flatMap((r) => r.facts.map((f) => [f.field, String(f.value)]));
    expect(facts('trial/40-06-flannel-hostgw-net-conf.yaml')).toEqual(
      expect.arrayContaining([
        ['cniPlugin', 'flannel'],
        ['networkMode', 'l2bridge'],
      ]),
    );
    expect(facts('trial/40-05-flannel-vxlan-net-conf.yaml')).toEqual(
      expect.arrayContaining([
        ['cniPlugin', 'flannel'],
        ['networkMode', 'overlay'],
      ]),
    );
    // A document without a kind that is not a net-conf.json (Helm values) stays ignored.
    expect(scan({ 'values.yaml': 'image:\n  tag: ltsc2022\nBackend: {}\n' }).reports).toEqual([]);
  });
});

describe('valuesAt', () => {
  it('steps into a key that holds dots when the path quotes it (a label: labels["machine.openshift.io/os-id"])', () => {
    const obj = { spec: { template: { metadata: { labels: { 'machine.openshift.io/os-id': 'Windows' } } } }, items: [{ a: 'x' }, { a: 'y' }] };
    expect(valuesAt(obj, 'spec.template.metadata.labels["machine.openshift.io/os-id"]')).toEqual([
      { value: 'Windows', path: 'spec.template.metadata.labels["machine.openshift.io/os-id"]' },
    ]);
    expect(valuesAt(obj, 'items[].a').map((v) => v.path)).toEqual(['items[0].a', 'items[1].a']);
  });
});

describe('YAML merge keys, as Kubernetes and eksctl resolve them (trial scan45, file 20)', () => {
  const eksctl = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata: {name: spot, region: us-east-1, version: "1.23"}
nodeGroups:
  - name: linux
    instanceType: m5.large
  - name: win-a
    <<: &windows
      amiFamily: WindowsServer2019FullContainer
      instancesDistribution:
        instanceTypes: [t3.xlarge, t3a.xlarge, m5a.xlarge, m6a.xlarge]
  - name: win-b
    <<: *windows
`;

  it('a node group that takes its amiFamily through <<: is a Windows node group', () => {
    const [object] = [...objectsOf(eksctl, 'spot.yaml')];
    expect((object!.data.nodeGroups as { amiFamily?: string }[]).map((g) => g.amiFamily)).toEqual([
      undefined,
      'WindowsServer2019FullContainer',
      'WindowsServer2019FullContainer',
    ]);
    const result = scan({ 'spot.yaml': eksctl });
    expect(result.reports.map((r) => r.ref.part)).toEqual(['nodeGroups/win-a', 'nodeGroups/win-b']);
  });

  it('types of the same network limits stand for each other (the pods per node are the same); types that differ leave the type open', () => {
    const pool = scan({ 'spot.yaml': eksctl }).reports[0]!;
    expect(pool.facts.find((f) => f.field === 'instanceType')).toMatchObject({ value: 't3.xlarge', path: 'nodeGroups[1].instancesDistribution.instanceTypes' });
    expect(pool.findings.find((f) => f.code === 'POD_CAPACITY')?.message).toMatch(/gives 14 Windows pods/);
    const mixed = scan({ 'spot.yaml': eksctl.replace('m6a.xlarge]', 'm5.large]') }).reports[0]!;
    expect(mixed.facts.some((f) => f.field === 'instanceType')).toBe(false);
    expect(mixed.unknown.map((u) => u.fact)).toContain('the instance type');
  });
});
