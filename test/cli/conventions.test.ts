/**
 * The CLI speaks its users' conventions (issue 37): v1.N wherever a Kubernetes version is read,
 * -t for --target-kubernetes-version, SARIF rules that link to their code's documentation, the
 * nearest known slug in an unknown-slug error, plural-aware counts, and an --ignore reason written
 * as an argument of its own named as such.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { runCli } from './cli-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-conventions-'));
const plan = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const KUBE_PROXY = 'test/fixtures/scan/derived/sig-windows-tools-kube-proxy-kubeadm-winoverlay-false.yml';
const EKSCTL = 'test/fixtures/scan/public/aws-vpc-resource-controller-eksctl-cluster.yaml';

describe('Kubernetes versions written v1.N', () => {
  it('a plan file may write kubernetesVersion and targetKubernetesVersion as v1.N: the same report as 1.N', async () => {
    const plain = await runCli([
      'check',
      plan('plain.yaml', 'windowsVersion: windows-server-2022\nkubernetesVersion: "1.31"\ntargetKubernetesVersion: "1.34"\n'),
      '-o',
      'json',
    ]);
    const prefixed = await runCli([
      'check',
      plan('v.yaml', 'windowsVersion: windows-server-2022\nkubernetesVersion: v1.31\ntargetKubernetesVersion: v1.34\n'),
      '-o',
      'json',
    ]);
    expect(prefixed.stderr).toBe('');
    expect(prefixed.code).toBe(plain.code);
    expect(prefixed.stdout).toBe(plain.stdout);
  });

  it('-t is --target-kubernetes-version, and takes v1.N too', async () => {
    const long = await runCli(['scan', KUBE_PROXY, '--target-kubernetes-version', '1.34', '-o', 'json']);
    const short = await runCli(['scan', KUBE_PROXY, '-t', 'v1.34', '-o', 'json']);
    expect(long.stdout).toContain('"code": "FEATURE_GATE_LOCKED"');
    expect(short.code).toBe(long.code);
    expect(short.stdout).toBe(long.stdout);
    const bad = await runCli(['scan', KUBE_PROXY, '-t', 'v1.34.2']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--target-kubernetes-version must be a Kubernetes minor version such as 1.34 or v1.34.');
  });
});

describe('SARIF rules link to their documentation', () => {
  const docs = readFileSync(join(PROJECT_ROOT, 'docs', 'api.md'), 'utf8');

  it("each rule's helpUri is its code's row in docs/api.md, this installation's copy by default", async () => {
    const result = await runCli(['scan', EKSCTL, '-o', 'sarif', '--fail-on', 'none']);
    const rules = (JSON.parse(result.stdout) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] }).runs[0]!.tool.driver.rules;
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const [page, anchor] = rule.helpUri.split('#');
      expect(page).toBe(pathToFileURL(join(PROJECT_ROOT, 'docs', 'api.md')).href);
      expect(docs).toContain(`<a id="${anchor}"></a>\`${rule.id}\``);
    }
  });

  it('--docs-url (WINNET_KB_DOCS_URL) names the published page', async () => {
    const result = await runCli(['check', 'examples/incompatible.yaml', '-o', 'sarif'], {
      env: { WINNET_KB_DOCS_URL: 'https://example.org/winnet-kb/docs/api.md' },
    });
    const rules = (JSON.parse(result.stdout) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] }).runs[0]!.tool.driver.rules;
    expect(rules.map((r) => r.helpUri)).toEqual(rules.map((r) => `https://example.org/winnet-kb/docs/api.md#code-${r.id.toLowerCase().replace(/_/g, '-')}`));
  });
});

describe('unknown slugs name the nearest known one', () => {
  it('a CNI plugin too far from any for a typo still gets the nearest, beside the valid choices', async () => {
    const result = await runCli(['check', plan('weave.yaml', 'windowsVersion: windows-server-2022\ncniPlugin: weave\n')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cniPlugin: unknown CNI plugin "weave"');
    expect(result.stderr).toMatch(/valid choices for cniPlugin: .*flannel/);
    expect(result.stderr).toContain('did you mean: nat?');
  });
});

describe('counts agree with their nouns', () => {
  it('one object read, one warning', async () => {
    const result = await runCli(['scan', EKSCTL, '--fail-on', 'none']);
    expect(result.stdout).toMatch(/\(1 object read: 1 reported \(1 judged, 0 not judged\), 0 ignored; 0 errors, 1 warning, \d+ info;/);
  });
});

describe('--ignore takes its reason inside the same argument', () => {
  it('the help says so', async () => {
    const help = await runCli(['scan', '--help']);
    expect(help.stdout).toContain('--ignore <"CODE[:subject] reason">');
    expect(help.stdout).toContain('the reason inside the same quoted argument');
    expect(help.stdout).not.toContain('pluto --show-all');
  });

  it('a reason given as an argument of its own is named as such, for scan and check', async () => {
    const scan = await runCli(['scan', EKSCTL, '--ignore', 'NOT_JUDGED:x', 'fixed in PR 12']);
    expect(scan.code).toBe(1);
    expect(scan.stderr).toBe(
      'winnet-kb: cannot read fixed in PR 12: no such file\n' +
        '  "fixed in PR 12" follows --ignore NOT_JUDGED:x: the reason goes inside the same argument, quoted: --ignore "NOT_JUDGED:x fixed in PR 12"\n',
    );
    const check = await runCli(['check', 'examples/compatible.yaml', '--ignore=NODE_OS_UNSUPPORTED', 'fixed in PR 12']);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('"fixed in PR 12" follows --ignore NODE_OS_UNSUPPORTED: the reason goes inside the same argument');
  });
});
