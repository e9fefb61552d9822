/**
 * Issue 35: where manifests state a plugin or a backend is seed data (manifest-signals.yaml), not
 * reader code. A scratch copy of the seeds, built into a scratch database, recognises a plugin the
 * real seeds lack (Antrea) and a new way of stating a backend, with no change to the scanner.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/db/knowledge.js';
import { openDatabase } from '../../src/db/open.js';
import { PROJECT_ROOT, SEEDS_DIR } from '../../src/db/paths.js';
import type { Knowledge } from '../../src/domain/knowledge.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects } from '../../src/domain/scan/scan.js';
import { buildDatabase } from '../../src/seeds/build.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const ANTREA = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', 'public', 'antrea-windows-excerpt.yml'), 'utf8');

/** A Windows DaemonSet whose environment states a Calico backend under a name no seed knows yet. */
const CUSTOM_BACKEND = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: calico-node-windows
  namespace: calico-system
spec:
  selector:
    matchLabels: {k8s-app: calico-node-windows}
  template:
    metadata:
      labels: {k8s-app: calico-node-windows}
    spec:
      nodeSelector:
        kubernetes.io/os: windows
      containers:
        - name: node
          image: registry.example/calico-node-windows:custom
          env:
            - name: SITE_NETWORK_BACKEND
              value: windows-bgp
`;

function scan(k: Knowledge, file: string, text: string) {
  return scanObjects(k, [...objectsOf(text, file)], { today: TEST_TODAY });
}

describe('the real seeds', () => {
  it("follow calico-node's configMapKeyRef: open without the ConfigMap, settled by it when it is in the input (trial scan37 C4)", () => {
    const text = readFileSync(join(PROJECT_ROOT, 'test/fixtures/scan/derived/calico-bgp-ipip-always.yaml'), 'utf8');
    const [configMap, daemonSet] = text.split(/^---\n/m);
    const alone = scan(testKnowledge(), 'node.yaml', daemonSet!);
    const unknown = alone.reports.flatMap((r) => r.unknown.map((u) => u.fact));
    expect(unknown).toContainEqual(
      expect.stringMatching(/^CALICO_NETWORKING_BACKEND \(calico-networking-backend\), taken from key calico_backend of the ConfigMap calico-config$/),
    );
    const both = scan(testKnowledge(), 'calico.yaml', `${configMap}---\n${daemonSet}`);
    expect(both.reports.flatMap((r) => r.unknown.map((u) => u.fact)).filter((f) => f.includes('calico_backend'))).toEqual([]);
    expect(both.reports[0]!.facts).toContainEqual(expect.objectContaining({ field: 'networkMode', value: 'l2bridge' }));
  });

  it('name only limitations that exist in what a signal keeps to, runs into or concerns, and backends their plugin offers', () => {
    const k = testKnowledge();
    const slugs = new Set(k.limitations.map((l) => l.slug));
    const named = k.manifestSignals.flatMap((s) => [
      ...(s.states.concerns ?? []),
      ...Object.values(s.values).flatMap((v) => [v.meets, v.breaks, ...(v.states?.concerns ?? [])].filter((x): x is string => x !== undefined)),
    ]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((slug) => !slugs.has(slug))).toEqual([]);
    for (const s of k.manifestSignals)
      for (const v of Object.values(s.values))
        if (v.backend)
          expect(
            k.plugins.get(s.states.cniPlugin!)?.modes.map((m) => m.backend),
            s.slug,
          ).toContain(v.backend);
  });

  it('say a ConfigMap none of whose keys they name is not read (unknown), never that it has no CNI settings (trial scan37 C3)', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: some-agent\ndata:\n  agent.json: |\n    {"Mode": "x"}\n';
    const reasons = Object.keys(scan(testKnowledge(), 'cm.yaml', text).summary.ignoredByReason);
    expect(reasons).toEqual([expect.stringMatching(/^a ConfigMap not read \(unknown\)/)]);
  });

  it('read a CNI configuration of a plugin the knowledge base does not hold as that plugin, reported as unknown, never as "no CNI settings"', () => {
    const result = scan(testKnowledge(), 'antrea.yml', ANTREA);
    expect(Object.keys(result.summary.ignoredByReason).join('\n')).not.toMatch(/ConfigMap/);
    const [configMap, daemonSet] = result.reports;
    expect(configMap!.ref.kind).toBe('ConfigMap');
    expect(configMap!.facts).toContainEqual(expect.objectContaining({ field: 'cniPlugin', value: 'antrea', line: 3 }));
    expect(configMap!.missing.join('\n')).toMatch(/CNI plugin antrea .* holds no record of: what depends on the plugin is judged without it/);
    // The DaemonSet's image states it too (antrea/antrea-windows), so it is not "an object that states no fact".
    expect(daemonSet!.facts).toContainEqual(expect.objectContaining({ field: 'cniPlugin', value: 'antrea' }));
    expect(daemonSet!.findings.map((f) => f.code)).not.toContain('NOT_JUDGED');
    expect(result.summary.clusters[0]!.facts).toContainEqual(expect.objectContaining({ field: 'cniPlugin', value: 'antrea' }));
  });

  it("read Calico's backend none as Calico not networking the pods: no plugin or mode, and the CNI left open", () => {
    const none = CUSTOM_BACKEND.replace('SITE_NETWORK_BACKEND', 'CALICO_NETWORKING_BACKEND').replace('value: windows-bgp', 'value: none');
    const [daemonSet] = scan(testKnowledge(), 'ds.yml', none).reports;
    expect(daemonSet!.facts.map((f) => f.field)).not.toContain('cniPlugin');
    expect(daemonSet!.unknown.map((u) => u.fact)).toContainEqual(expect.stringMatching(/^the CNI plugin that networks the pods: Calico's networking is off/));
    // windows-bgp there is Calico's l2bridge mode (cni-plugins.yaml calico, backend windows-bgp).
    const bgp = CUSTOM_BACKEND.replace('SITE_NETWORK_BACKEND', 'CALICO_NETWORKING_BACKEND');
    expect(scan(testKnowledge(), 'ds.yml', bgp).reports[0]!.facts).toContainEqual(expect.objectContaining({ field: 'networkMode', value: 'l2bridge' }));
  });

  it("list a template's placeholder as open, not as a wrong value", () => {
    const templated = CUSTOM_BACKEND.replace('SITE_NETWORK_BACKEND', 'CALICO_NETWORKING_BACKEND').replace(
      'value: windows-bgp',
      'value: "{{ .Values.backend }}"',
    );
    const [daemonSet] = scan(testKnowledge(), 'ds.yml', templated).reports;
    expect(daemonSet!.missing.join('\n')).not.toMatch(/is not a backend/);
    expect(daemonSet!.unknown.map((u) => u.settledBy)).toContain('the value the template is rendered with');
  });

  it("read the CNI plugin a kube-proxy image's tag names in one of its dash-separated parts, with its release (trial scan39 A2)", () => {
    const text = readFileSync(join(PROJECT_ROOT, 'test/fixtures/scan/trial/39-08-kube-proxy-calico-hp-v1.26.yaml'), 'utf8');
    const { reports, summary } = scan(testKnowledge(), 'kp.yml', text);
    const facts = summary.clusters.flatMap((c) => c.facts).map((f) => `${f.field}=${f.value}`);
    expect(facts).toEqual(expect.arrayContaining(['cniPlugin=calico', 'kubernetesVersion=1.26']));
    // The flannel build of the same image is flannel's; a tag without a plugin part states none.
    const flannel = scan(testKnowledge(), 'kp.yml', text.replace('-calico-hostprocess', '-flannel-hostprocess'));
    expect(flannel.summary.clusters.flatMap((c) => c.facts).map((f) => `${f.field}=${f.value}`)).toContain('cniPlugin=flannel');
    const bare = scan(testKnowledge(), 'kp.yml', text.replace('-calico-hostprocess', ''));
    expect(bare.summary.clusters.flatMap((c) => c.facts).map((f) => f.field)).not.toContain('cniPlugin');
    expect(reports.flatMap((r) => r.findings).map((f) => f.subject)).not.toContainEqual(expect.stringMatching(/^flannel-/));
  });

  it("read a Calico operator Installation's IP pool encapsulation: VXLAN is Calico's overlay, IPIP and cross-subnet run into the Windows limitation (trial scan39 D)", () => {
    const text = readFileSync(join(PROJECT_ROOT, 'test/fixtures/scan/trial/39-04-calico-installation-vxlan.yaml'), 'utf8');
    const vxlan = scan(testKnowledge(), 'install.yml', text);
    expect(Object.keys(vxlan.summary.ignoredByReason).join('\n')).not.toMatch(/Installation/);
    expect(vxlan.reports.map((r) => r.ref.kind)).toContain('Installation');
    expect(vxlan.summary.clusters.flatMap((c) => c.facts).map((f) => `${f.field}=${f.value}`)).toEqual(
      expect.arrayContaining(['cniPlugin=calico', 'networkMode=overlay']),
    );
    const subjects = (t: string) =>
      scan(testKnowledge(), 'install.yml', t).reports.flatMap((r) => r.findings.filter((f) => f.severity !== 'info').map((f) => f.subject));
    expect(subjects(text)).not.toContain('calico-windows-ipip-cross-subnet');
    for (const encapsulation of ['IPIP', 'IPIPCrossSubnet', 'VXLANCrossSubnet'])
      expect(subjects(text.replace('encapsulation: VXLAN', `encapsulation: ${encapsulation}`)), encapsulation).toContain('calico-windows-ipip-cross-subnet');
  });

  it('do not know a backend stated under a name no seed names', () => {
    const [daemonSet] = scan(testKnowledge(), 'ds.yml', CUSTOM_BACKEND).reports;
    expect(daemonSet!.facts.map((f) => f.field)).not.toContain('networkMode');
  });
});

describe('a scratch copy of the seeds with a new plugin and a new place', () => {
  let dir: string;
  let k: Knowledge;
  let close: () => void;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'winnet-kb-signals-'));
    const seeds = join(dir, 'seeds');
    cpSync(SEEDS_DIR, seeds, { recursive: true });
    const append = (file: string, text: string) => writeFileSync(join(seeds, file), `${readFileSync(join(seeds, file), 'utf8')}\n${text}`);
    // Antrea as a plugin of the knowledge base: one mode (its tunnel overlay), enforcing policy.
    append(
      'cni-plugins.yaml',
      `antrea:
  name: Antrea
  description: Antrea builds an overlay network of tunnels on Windows nodes and enforces NetworkPolicy there.
  modes:
    - mode: overlay
      stability: unspecified
      sources:
        - {doc: antrea-windows, section: Overview}
  networkPolicy:
    support: supported
    sources:
      - {doc: antrea-windows, section: Overview}
  sources:
    - {doc: antrea-windows, section: Overview}
`,
    );
    // A new place that states Calico's backend.
    append(
      'manifest-signals.yaml',
      `site-network-backend:
  component: calico
  description: A site's own variable for Calico's backend (a test record).
  where:
    - {kind: ENV_VAR, name: SITE_NETWORK_BACKEND}
  states: {cniPlugin: calico}
  reads: plugin-backend
  sources:
    - {doc: calico-windows-packaging, section: calico-windows-install.md}
`,
    );
    const target = join(dir, 'kb.sqlite');
    buildDatabase({ target, seedsDir: seeds });
    const db = openDatabase(target);
    k = loadKnowledge(db);
    close = () => db.close();
  }, 120_000);
  afterAll(() => {
    close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('recognise Antrea as a plugin: its only mode, no "holds no record of"', () => {
    const [configMap] = scan(k, 'antrea.yml', ANTREA).reports;
    expect(configMap!.plans[0]).toMatchObject({ cniPlugin: 'antrea', networkMode: 'overlay' });
    expect(configMap!.missing.join('\n')).not.toMatch(/holds no record of/);
  });

  it('read the backend stated in the new place: windows-bgp is Calico l2bridge', () => {
    const [daemonSet] = scan(k, 'ds.yml', CUSTOM_BACKEND).reports;
    expect(daemonSet!.facts).toContainEqual(expect.objectContaining({ field: 'cniPlugin', value: 'calico' }));
    expect(daemonSet!.facts).toContainEqual(expect.objectContaining({ field: 'networkMode', value: 'l2bridge', line: 20 }));
  });
});
