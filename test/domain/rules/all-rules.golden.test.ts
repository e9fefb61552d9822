/**
 * The golden checks that span every rule: each rule has its golden file beside the others here,
 * named after it (rules/index.ts's order), every engine
 * finding code has a golden case (an expectFinding naming it, in the file of the rule that raises
 * it), and each rule declares exactly the codes the registry says it raises. Each golden file
 * checks its findings' severities against the registry (support.ts). Also here: the cases about
 * the Windows release left open that concern no one rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FindingCode } from '../../../src/domain/compatibility/findings.js';
import type { CompatibilityReport } from '../../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';
import { RULES } from '../../../src/domain/compatibility/rules/index.js';
import { ENGINE_FINDING_CODES, FINDING_CODE_REGISTRY } from '../../../src/domain/finding-codes.js';
import { parse } from 'yaml';
import { judge } from './support.js';

const DIR = dirname(fileURLToPath(import.meta.url));
const GOLDEN = new Map(
  readdirSync(DIR)
    .filter((f) => f.endsWith('.golden.test.ts'))
    .map((f) => [f.slice(0, -'.golden.test.ts'.length), readFileSync(join(DIR, f), 'utf8')]),
);
/** The codes a golden file asserts a finding of (`expectFinding(report, { ..., code: 'X', ... })`). */
const asserted = (text: string) => new Set([...text.matchAll(/expectFinding\([\s\S]*?code: '([A-Z_]+)'/g)].map((m) => m[1]!));
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The codes the registry says a rule raises: those raised in its file or by its function. */
const registeredCodes = (name: string) =>
  Object.entries(FINDING_CODE_REGISTRY)
    .filter(([, e]) => e.raisedBy.some((r) => r.startsWith(`compatibility/rules/${kebab(name)}.ts `) || r.endsWith(` ${name}`)))
    .map(([code]) => code)
    .sort();

describe('golden cases across the rules', () => {
  it('finds the golden files (the scan of the directory works)', () => {
    expect(GOLDEN.size).toBeGreaterThanOrEqual(RULES.length);
    expect(asserted(GOLDEN.get('windows-lifecycle')!)).toEqual(new Set(['WINDOWS_VERSION_OUT_OF_SUPPORT', 'WINDOWS_VERSION_MAINSTREAM_ENDED']));
  });

  it.each(RULES.map((r) => [r.name, r] as const))(
    "%s: declares the codes the registry says it raises, each with a golden case in the rule's file",
    (name, rule) => {
      expect([...rule.codes].sort()).toEqual(registeredCodes(name));
      const text = GOLDEN.get(kebab(name));
      expect(text, `test/domain/rules/${kebab(name)}.golden.test.ts exists`).toBeDefined();
      expect([...rule.codes].filter((c) => !asserted(text!).has(c))).toEqual([]);
    },
  );

  it("has a golden case for every engine finding code (the rules' CODES)", () => {
    const covered = new Set([...GOLDEN.values()].flatMap((text) => [...asserted(text)]));
    expect((Object.keys(ENGINE_FINDING_CODES) as FindingCode[]).filter((c) => !covered.has(c))).toEqual([]);
  });
});

/** The plans of the trials and the examples: every rule over plans written by people, not by its own golden cases. */
const CORPUS_DIRS = [join(DIR, '../../../docs/trials/2026-11-27-plans/plans'), join(DIR, '../../../examples')];
const CORPUS: [string, PlanInput][] = CORPUS_DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && f !== 'invalid.yaml')
    .map((f): [string, PlanInput] => [f, parse(readFileSync(join(dir, f), 'utf8')) as PlanInput]),
);
/** The plan file's keys, the user's own words (the compiler keeps the list whole). */
const PLAN_FIELDS: Record<keyof PlanInput, true> = {
  windowsVersion: true,
  windowsBuildRevision: true,
  windowsBuild: true,
  cniPlugin: true,
  cniPluginVersion: true,
  networkMode: true,
  features: true,
  kubernetesVersion: true,
  environment: true,
  serviceTypes: true,
  networkPolicy: true,
  servicesPerNode: true,
  backendsPerService: true,
  asOf: true,
  instanceType: true,
  ipAddressMode: true,
  podsPerNode: true,
  kubeletMaxPods: true,
  containerImageWindowsVersion: true,
  targetKubernetesVersion: true,
  kubeProxyFeatureGates: true,
  serviceSettings: true,
};
const PLAN_INPUT_FIELDS: ReadonlySet<string> = new Set(Object.keys(PLAN_FIELDS));
/**
 * camelCase words a user meets outside this tool, so a message may name them: the plan file's own
 * keys, and fields of Kubernetes objects and configurations, eksctl, AKS Arc and HNS.
 */
const USER_WORDS = new Set([
  'amiFamily',
  'externalTrafficPolicy',
  'featureGates',
  'hcnCreateLoadBalancer',
  'hostNetwork',
  'internalTrafficPolicy',
  'primaryNetworkPlugin',
  'trafficDistribution',
]);

describe('invariants over a corpus of plans (docs/trials plans, examples/)', () => {
  it('finds the corpus', () => expect(CORPUS.length).toBeGreaterThan(40));

  it.each(CORPUS)('%s: a finding that may apply names the plan fields that would settle it (findings.ts settleFinding)', (_, plan) => {
    const open = judge(plan).findings.filter((f) => f.applicability === 'may-apply' && f.dependsOn.length === 0);
    expect(open.map((f) => `${f.code} ${f.subject ?? ''}`)).toEqual([]);
  });

  it.each(CORPUS)('%s: messages and remediations name no internal field (camelCase words only from the plan file or the outside tools)', (_, plan) => {
    const planFields = new Set(Object.keys(plan));
    const words = judge(plan).findings.flatMap((f) => [...`${f.message} ${f.remediation ?? ''}`.matchAll(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)].map((m) => m[0]));
    expect(words.filter((w) => !USER_WORDS.has(w) && !planFields.has(w) && !PLAN_INPUT_FIELDS.has(w))).toEqual([]);
  });
});

describe('the Windows release left open (the scanner judges manifests that never say it)', () => {
  /** A plan that settles everything but the release, so that only the release stays open. */
  const settled: PlanInput = { environment: 'self-managed', cniPlugin: 'win-bridge', kubernetesVersion: '1.33' };
  /** The codes of the rules that read the release or the build. */
  const RELEASE_DEPENDENT = new Set<FindingCode>([
    'WINDOWS_VERSION_OUT_OF_SUPPORT',
    'WINDOWS_VERSION_MAINSTREAM_ENDED',
    'NODE_OS_UNSUPPORTED',
    'NODE_OS_PREVIEW',
    'NODE_OS_RETIRED',
    'NODE_OS_SUPPORT_DISPUTED',
    'CONTAINER_IMAGE_OS_MISMATCH',
    'FEATURE_REQUIRES_NEWER_WINDOWS',
    'FEATURE_REQUIRES_OS_UPDATE',
    'KNOWN_ISSUE',
    'CAVEAT',
    'REQUIREMENT_NOT_MET',
    'UNSUPPORTED_FUNCTIONALITY',
    'THRESHOLD_EXCEEDED',
    'FEATURE_DEFAULT',
  ]);

  it('facts that do not depend on the release are the same as with any named release: gates, capacity, the horizon (k8s-feature-gates#WinDSR)', () => {
    const plan: PlanInput = { ...settled, kubernetesVersion: '1.99', instanceType: 'm5.large', kubeProxyFeatureGates: ['WinDSR=true'] };
    const codes = (r: CompatibilityReport) => r.findings.filter((f) => !RELEASE_DEPENDENT.has(f.code)).map((f) => [f.code, f.severity, f.subject, f.message]);
    const open = judge(plan);
    expect(codes(open)).toEqual(codes(judge({ ...plan, windowsVersion: 'windows-server-2022' })));
    expect(open.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['KUBERNETES_VERSION_BEYOND_HORIZON', 'POD_CAPACITY', 'FEATURE_GATE_FLAG_UNNEEDED']),
    );
  });

  it('a revision without its release is refused, naming the field', () => {
    expect(() => judge({ windowsBuildRevision: 1432 })).toThrow(/windowsBuildRevision needs windowsVersion/);
  });
});
