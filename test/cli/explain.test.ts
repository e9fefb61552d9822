/** `winnet-kb explain <slug>` end to end: every kind of entity, facts with sources, unknown slugs. */
import { describe, expect, it, vi } from 'vitest';
import type { ExplainViews } from '../../src/cli/queries.js';
import { testKnowledge } from '../support/fixtures.js';
import { runCli, sourceDocumentUrls } from './cli-helpers.js';

// Each test starts the CLI in a child process; on a busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

/** Printed source lines: "[n] title, section "s": url". */
function printedUrls(out: string): string[] {
  return [...out.matchAll(/section "[^"]+":\s+(https?:\/\/\S+)/g)].map((m) => m[1]!);
}

describe('explain', () => {
  it('prints a feature with its facts, settings and sources (title, section, URL)', async () => {
    const result = await runCli(['explain', 'direct-server-return']);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^Feature: Direct Server Return \(DSR\) \(direct-server-return\) \[1\]/);
    expect(out).toMatch(/minimum Windows: +Windows Server 2019 \(windows-server-2019, build 17763\.1432\) \[\d+\]/);
    expect(out).toMatch(/--feature-gates=WinDSR=true \[kube-proxy flag\] \(Kubernetes 1\.14 to 1\.32\)/);
    expect(out).toMatch(/--enable-dsr=true \[kube-proxy flag\]/);
    expect(out).toContain('Sources:\n  [1] Kubernetes documentation, "Networking on Windows" (Ukrainian localization), section "dsr":');
    const urls = new Set(sourceDocumentUrls().values());
    const printed = printedUrls(out);
    expect(printed.length).toBeGreaterThanOrEqual(testKnowledge().features.get('direct-server-return')!.sources.length);
    for (const url of printed) expect(urls).toContain(url);
    expect(result.stderr).toBe('');
  });

  it.concurrent.each([
    ['windows-server-2022', /^Windows version: Windows Server 2022 \(windows-server-2022\)/m, /build: +20348/],
    ['overlay', /^Network mode: Overlay \(overlay\)/m, /used by Kubernetes: +yes/],
    ['win-overlay', /^CNI plugin: win-overlay \[/m, /network policy: /],
    ['session-affinity', /^Feature: Session affinity \(session-affinity\)/m, /service\.spec\.sessionAffinity=ClientIP/],
    ['backends-per-service-64', /^Limitation: .* \(backends-per-service-64\)/m, /threshold: +64 backends per service/],
    ['host-local', /^IPAM option: host-local \[/m, /fallback: +(yes|no)/],
    ['eks', /^Environment: .* \(eks\)/m, /Sources:/],
    ['m5.large', /^EC2 instance type: m5\.large/m, /secondary-IP capacity: +9 pods, 9 schedulable \(limited by IP addresses\)/],
  ])('explains %s', async (slug, header, fact) => {
    const result = await runCli(['explain', slug]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(header);
    expect(result.stdout).toMatch(fact);
    expect(printedUrls(result.stdout).length).toBeGreaterThan(0);
  });

  it('prints every kind a slug names, and --kind narrows it (nat is a mode and a plugin)', async () => {
    const [both, plugin] = await Promise.all([runCli(['explain', 'nat']), runCli(['explain', 'nat', '--kind', 'cni-plugin'])]);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toMatch(/^Network mode: NAT \(nat\)/m);
    expect(both.stdout).toMatch(/^CNI plugin: nat/m);
    expect(plugin.code, plugin.stderr).toBe(0);
    expect(plugin.stdout).toMatch(/^CNI plugin: nat/m);
    expect(plugin.stdout).not.toMatch(/^Network mode:/m);
  });

  it('prints the entity as JSON with --output json', async () => {
    const result = await runCli(['explain', 'flannel', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const data = JSON.parse(result.stdout) as Partial<ExplainViews>;
    expect(Object.keys(data)).toEqual(['cni-plugin']);
    const plugin = data['cni-plugin']!;
    expect(plugin.slug).toBe('flannel');
    expect(plugin.modes.map((m) => `${m.mode.slug}:${m.backend}`)).toEqual(['overlay:vxlan', 'l2bridge:host-gw']);
    expect(plugin.sources[0]!.document.url).toMatch(/^https:\/\//);
  });

  it('an unknown slug exits 1 with the closest slugs', async () => {
    const result = await runCli(['explain', 'flanel']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^winnet-kb: unknown entity "flanel"\n\s+closest known: flannel, /);
  });

  it('an unknown slug of a --kind suggests slugs of that kind', async () => {
    const result = await runCli(['explain', 'flannel', '--kind', 'feature']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unknown feature "flannel"\n\s+closest known: /);
    const suggested = result.stderr.split('closest known: ')[1]!.trim().split(', ');
    for (const s of suggested) expect(testKnowledge().features.has(s)).toBe(true);
  });

  it('a mistyped instance type suggests instance types', async () => {
    const result = await runCli(['explain', 'c5.xlarg']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/closest known: c5\.xlarge/);
  });

  it('an unknown --kind is a usage error', async () => {
    const result = await runCli(['explain', 'flannel', '--kind', 'plugin']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/argument 'plugin' is invalid/);
  });
});
