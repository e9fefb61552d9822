/**
 * The registry of finding codes (src/domain/finding-codes.ts) against the code that raises them:
 * every code a rule or the scan can raise is in it, with the place that raises it; every code in
 * it is raised by something; and no finding has a severity outside its code's declared range,
 * over generated plans and the real scan fixtures (the golden cases check it too:
 * test/domain/rules/support.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import { PlanError, type PlanInput } from '../../src/domain/compatibility/plan.js';
import {
  ALL_FINDING_CODES,
  ENGINE_FINDING_CODES,
  FINDING_CODE_REGISTRY,
  findingCodeEntry,
  type FindingCodeEntry,
  SCAN_ONLY_FINDING_CODES,
  severityAllowed,
} from '../../src/domain/finding-codes.js';
import { VERDICTS } from '../../src/domain/outcome.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { scanObjects } from '../../src/domain/scan/scan.js';
import { IP_ADDRESS_MODES, POD_LIMITS, SETTING_KINDS, SEVERITIES, SIGNAL_PLACES, type Severity } from '../../src/domain/vocabulary.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

const DOMAIN = join(PROJECT_ROOT, 'src', 'domain');
const REGISTRY_FILE = 'finding-codes.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [relative(DOMAIN, join(dir, e.name))] : [],
  );
}
const SOURCES = new Map(sourceFiles(DOMAIN).map((f) => [f, readFileSync(join(DOMAIN, f), 'utf8')]));

/** Literals shaped like a finding code (WORD_WORD) that name something else: vocabularies, verdicts, a manifest's env var. */
const NOT_CODES = new Set<string>([
  ...SETTING_KINDS,
  ...SIGNAL_PLACES,
  ...IP_ADDRESS_MODES,
  ...POD_LIMITS,
  ...VERDICTS,
  'CALICO_NETWORKING_BACKEND',
  'KUBE_NETWORK',
]);

/** A finding's severity against its code's range; the message says which finding broke it. */
function expectInRange(f: { code: string; severity: Severity; message: string }, where: string) {
  expect(
    severityAllowed(f.code, f.severity),
    `${where}: ${f.code} raised as ${f.severity}, outside its declared range ${JSON.stringify(findingCodeEntry(f.code)?.severities ?? 'unknown code')}: ${f.message}`,
  ).toBe(true);
}

describe('the registry', () => {
  it.each(Object.entries(FINDING_CODE_REGISTRY) as [string, FindingCodeEntry][])('%s has a description, an ordered severity range and a raiser', (_code, e) => {
    expect(e.description.length).toBeGreaterThan(20);
    expect(e.severities.length).toBeGreaterThan(0);
    // Most severe first, each once.
    expect([...e.severities]).toEqual(SEVERITIES.filter((s) => e.severities.includes(s)));
    expect(e.raisedBy.length).toBeGreaterThan(0);
  });

  it("splits into the engine's codes and the scan's own, which together are every code", () => {
    expect(Object.keys(ENGINE_FINDING_CODES).filter((c) => c in SCAN_ONLY_FINDING_CODES)).toEqual([]);
    expect([...Object.keys(ENGINE_FINDING_CODES), ...Object.keys(SCAN_ONLY_FINDING_CODES)].sort()).toEqual(Object.keys(ALL_FINDING_CODES).sort());
    expect(Object.keys(SCAN_ONLY_FINDING_CODES).sort()).toEqual([
      'DEFAULT_APPLIES',
      'IMAGE_BUILD_NOT_SELECTED',
      'NODE_CAPACITY_MISMATCH',
      'NOT_JUDGED',
      'OS_SELECTOR_BETA_LABEL',
      'REQUIRED_SETTING_MISSING',
    ]);
  });

  it('answers no entry, and no severity, for a string that is not a code', () => {
    expect(findingCodeEntry('NO_SUCH_CODE')).toBeUndefined();
    expect(findingCodeEntry('toString')).toBeUndefined();
    expect(severityAllowed('NO_SUCH_CODE', 'info')).toBe(false);
  });
});

describe('the registry against the source', () => {
  // Every code-shaped literal of src/domain, with the files that hold it.
  const literals = new Map<string, Set<string>>();
  for (const [file, text] of SOURCES) {
    if (file === REGISTRY_FILE) continue;
    for (const [, literal] of text.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g)) {
      if (NOT_CODES.has(literal!)) continue;
      if (!literals.has(literal!)) literals.set(literal!, new Set());
      literals.get(literal!)!.add(file);
    }
  }

  // Codes of one word (CAVEAT) do not have the shape above: look for each registered code too.
  for (const code of Object.keys(FINDING_CODE_REGISTRY))
    for (const [file, text] of SOURCES)
      if (file !== REGISTRY_FILE && text.includes(`'${code}'`)) {
        if (!literals.has(code)) literals.set(code, new Set());
        literals.get(code)!.add(file);
      }

  it('finds the codes in the source (the scan of literals works)', () => {
    expect(literals.get('NODE_OS_UNSUPPORTED')).toEqual(new Set(['compatibility/rules/node-os-supported.ts']));
    expect(literals.size).toBeGreaterThanOrEqual(40);
  });

  it('holds every code-shaped literal the domain names (a code raised anywhere is registered)', () => {
    expect([...literals.keys()].filter((c) => !(c in FINDING_CODE_REGISTRY))).toEqual([]);
  });

  it.each(Object.entries(FINDING_CODE_REGISTRY))('%s: raisedBy names exactly the files that raise it, and functions defined there', (code, e) => {
    const files = e.raisedBy.map((r) => r.split(' ')[0]!);
    expect(new Set(files), `files that name '${code}'`).toEqual(literals.get(code) ?? new Set());
    for (const raiser of e.raisedBy) {
      const [file, fn] = raiser.split(' ');
      const text = SOURCES.get(file!);
      expect(text, `src/domain/${file} exists`).toBeDefined();
      // A function, a const arrow function or a method of that name.
      expect(text, `${fn} is defined in src/domain/${file}`).toMatch(new RegExp(`(?:function\\s+|const\\s+|^\\s*(?:private\\s+)?)${fn}\\b\\s*[(:=<]`, 'm'));
    }
  });
});

/** The scan fixtures, without and with the plan the scan tests use, and with an upgrade target (the gate findings). */
function scanFixtureFindings() {
  const k = testKnowledge();
  const dir = join(PROJECT_ROOT, 'test', 'fixtures', 'scan');
  const files = ['real', 'public', 'constructed', 'derived', 'settings'].flatMap((d) => readdirSync(join(dir, d)).map((f) => join(d, f)));
  const objects = files.flatMap((f) => [...objectsOf(readFileSync(join(dir, f), 'utf8'), f)]);
  const plan = parse(readFileSync(join(dir, 'plan-2019.yaml'), 'utf8')) as PlanInput;
  const runs = [{}, { plan }, { plan: { ...plan, targetKubernetesVersion: '1.35' } }, { targetKubernetesVersion: '1.37' }];
  const findingsOf = (input: typeof objects, options: Omit<Parameters<typeof scanObjects>[2], 'today'>) =>
    scanObjects(k, input, { today: TEST_TODAY, ...options }).reports.flatMap((r) => r.findings.map((f) => ({ ...f, where: `${r.file}:${f.line}` })));
  // All files as one input, and each file alone (a file without a Windows node or node group is judged only with a plan).
  return [
    ...runs.flatMap((options) => findingsOf(objects, options)),
    ...files.flatMap((file) =>
      findingsOf(
        objects.filter((o) => o.file === file),
        {},
      ),
    ),
  ];
}

describe('every registered code is raised by something', () => {
  // The engine's codes: each has a golden case in its rule's file (test/domain/rules/all-rules.golden.test.ts checks it).
  it("the scan's own codes are raised on the scan fixtures", () => {
    const raised = new Set<string>(scanFixtureFindings().map((f) => f.code));
    expect(Object.keys(SCAN_ONLY_FINDING_CODES).filter((c) => !raised.has(c))).toEqual([]);
  });
});

describe('no finding has a severity outside its code’s range', () => {
  it('on the scan fixtures, judged with and without a plan and at an upgrade target', () => {
    const findings = scanFixtureFindings();
    expect(findings.length).toBeGreaterThan(50);
    for (const f of findings) expectInRange(f, f.where);
  });

  it('on generated plans over the real knowledge base', () => {
    const k = testKnowledge();
    const pick = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
    const versions = ['1.19', '1.23', '1.26', '1.29', '1.31', '1.33', '1.34', '1.35', '1.36', '1.40'];
    const instanceTypes = [...k.instanceTypes.keys()].filter((_, i) => i % 25 === 0);
    const gates = [...k.featureGates.keys()].flatMap((g) => [`${g}=true`, `${g}=false`]);
    // A list is left out or names something (the engine refuses an empty one).
    const some = <T>(values: readonly T[], maxLength: number) => fc.option(fc.subarray([...values], { minLength: 1, maxLength }), { nil: undefined });
    const plan = fc
      .record({
        // Left open sometimes, as the scanner leaves it for manifests that never name it.
        windowsVersion: pick([...k.releases.keys()]),
        windowsBuildRevision: fc.option(fc.integer({ min: 1, max: 9000 }), { nil: undefined }),
        cniPlugin: pick([...k.plugins.keys()]),
        networkMode: pick([...k.modes.keys()]),
        environment: pick([...k.environments.keys()]),
        kubernetesVersion: pick(versions),
        targetKubernetesVersion: pick(versions),
        features: some([...k.features.keys()], 4),
        serviceTypes: some([...k.serviceTypes.keys()], 2),
        networkPolicy: fc.boolean(),
        backendsPerService: pick([10, 70, 200, 20000]),
        servicesPerNode: pick([10, 600, 5000]),
        asOf: pick(['2019-06-01', '2023-12-15', '2025-06-01', TEST_TODAY, '2030-01-01']),
        instanceType: pick(instanceTypes),
        ipAddressMode: pick(['SECONDARY_IP', 'PREFIX_DELEGATION'] as const),
        podsPerNode: pick([8, 30, 110, 250]),
        containerImageWindowsVersion: pick([...k.releases.keys()]),
        kubeProxyFeatureGates: some(gates, 2),
      })
      // An update revision only with its release (the engine refuses one without).
      .map((p) => (p.windowsVersion ? p : { ...p, windowsBuildRevision: undefined }));
    let judged = 0;
    let openRelease = 0;
    fc.assert(
      fc.property(plan, (input) => {
        let report;
        try {
          report = judgeCompatibility(k, input, TEST_TODAY);
        } catch (error) {
          // A combination the engine refuses (a target older than the version, ...) is no finding.
          if (error instanceof PlanError) return;
          throw error;
        }
        judged++;
        if (!input.windowsVersion) openRelease++;
        for (const f of report.findings) expectInRange(f, JSON.stringify(input));
      }),
      { numRuns: 1000, seed: 25 },
    );
    // Most generated plans are judged, so the property says something.
    expect(judged).toBeGreaterThan(500);
    expect(openRelease).toBeGreaterThan(50);
  });
});
