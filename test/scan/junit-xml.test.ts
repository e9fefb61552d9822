/**
 * `winnet-kb scan --output junit` read back with a real XML parser (fast-xml-parser): well formed,
 * and its structure agrees with the JSON report of the same scan: one suite per file, one case per
 * reported object, a failure for each object that fails at --fail-on, skipped when not judged, and
 * the counts on <testsuites> and every <testsuite> are those of their cases.
 */
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const F = 'test/fixtures/scan';

interface TestCase {
  '@_name': string;
  '@_classname': string;
  '@_file': string;
  '@_line': string;
  failure?: { '@_type': string; '@_message': string; '#text'?: string };
  skipped?: { '@_message': string };
}
interface TestSuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  testcase: TestCase[];
}
interface JUnit {
  testsuites: { '@_name': string; '@_tests': string; '@_failures': string; '@_errors': string; '@_skipped': string; testsuite: TestSuite[] };
}
interface JsonReport {
  objects: {
    kind: string;
    name: string;
    namespace: string | null;
    part: string | null;
    file: string;
    line: number;
    verdict: string | null;
    findings: { severity: string; code: string }[];
  }[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseAttributeValue: false,
  processEntities: true,
  // Always arrays, even for one suite or one case.
  isArray: (name) => name === 'testsuite' || name === 'testcase',
});

function parseJunit(xml: string): JUnit {
  const valid = XMLValidator.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(xml) as JUnit;
}

const nameOf = (r: JsonReport['objects'][number]) => `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}${r.part ? ` (${r.part})` : ''}`;

async function scanBoth(args: string[], failOn: 'error' | 'warning', input?: string): Promise<{ junit: JUnit; json: JsonReport; code: number | null }> {
  const options = input === undefined ? {} : { input };
  const junit = await runCli(['scan', ...args, '--output', 'junit', '--fail-on', failOn], options);
  const json = await runCli(['scan', ...args, '--output', 'json', '--fail-on', 'none'], options);
  expect(json.code, json.stderr).toBe(0);
  return { junit: parseJunit(junit.stdout), json: JSON.parse(json.stdout) as JsonReport, code: junit.code };
}

/** The JUnit document says what the JSON report says, at this --fail-on level. */
function expectAgrees({ junit, json }: { junit: JUnit; json: JsonReport }, failOn: 'error' | 'warning'): void {
  const fails = (v: string | null) => v === 'INCOMPATIBLE' || (failOn === 'warning' && v === 'COMPATIBLE_WITH_WARNINGS');
  const root = junit.testsuites;
  expect(root['@_name']).toBe('winnet-kb scan');
  const cases = root.testsuite.flatMap((s) => s.testcase);
  expect(Number(root['@_tests'])).toBe(json.objects.length);
  expect(cases).toHaveLength(json.objects.length);
  expect(Number(root['@_failures'])).toBe(json.objects.filter((r) => fails(r.verdict)).length);
  expect(Number(root['@_skipped'])).toBe(json.objects.filter((r) => r.verdict === null).length);
  expect(root['@_errors']).toBe('0');
  expect(root.testsuite.map((s) => s['@_name'])).toEqual([...new Set(json.objects.map((r) => r.file))]);
  for (const suite of root.testsuite) {
    const reports = json.objects.filter((r) => r.file === suite['@_name']);
    expect(Number(suite['@_tests'])).toBe(suite.testcase.length);
    expect(suite.testcase).toHaveLength(reports.length);
    expect(Number(suite['@_failures'])).toBe(suite.testcase.filter((c) => c.failure).length);
    expect(Number(suite['@_skipped'])).toBe(suite.testcase.filter((c) => c.skipped !== undefined).length);
    reports.forEach((r, i) => {
      const c = suite.testcase[i]!;
      expect(c['@_name']).toBe(nameOf(r));
      expect(c['@_file']).toBe(r.file);
      expect(Number(c['@_line'])).toBe(r.line);
      expect(c.skipped !== undefined).toBe(r.verdict === null);
      expect(c.failure !== undefined).toBe(fails(r.verdict));
      if (c.failure) {
        expect(c.failure['@_type']).toBe(r.verdict);
        const listed = r.findings.filter((f) => f.severity !== 'INFO');
        expect(c.failure['@_message']).toBe(`${r.verdict}: ${listed.map((f) => f.code).join(', ')}`);
        for (const f of listed) expect(c.failure['#text']).toContain(`${f.severity} ${f.code}`);
      }
    });
  }
}

describe('JUnit output parsed as XML', () => {
  it.concurrent('the constructed EKS dump: 8 cases, 4 failures, structure matches the JSON report', async () => {
    const both = await scanBoth([`${F}/constructed/eks-cluster.json`], 'error');
    expect(both.code).toBe(3);
    expectAgrees(both, 'error');
    const suite = both.junit.testsuites.testsuite;
    expect(suite).toHaveLength(1);
    expect(suite[0]!.testcase).toHaveLength(8);
    // The Service (session affinity on 2019), the IIS Deployment (its ltsc2019 image on the 2022 node), the host-network Pod, the NetworkPolicy.
    expect(suite[0]!['@_failures']).toBe('4');
    const iis = suite[0]!.testcase.find((c) => c['@_name'] === 'Service default/iis')!;
    expect(iis['@_line']).toBe('271');
    expect(iis.failure!['#text']).toContain('ERROR FEATURE_REQUIRES_NEWER_WINDOWS (session-affinity)');
  });

  it.concurrent('a directory with a plan at --fail-on warning: a suite per file, warnings fail too', async () => {
    const both = await scanBoth([`${F}/real`, '--plan', `${F}/plan-2019.yaml`], 'warning');
    expectAgrees(both, 'warning');
    expect(both.junit.testsuites.testsuite.length).toBeGreaterThan(3);
    expect(Number(both.junit.testsuites['@_failures'])).toBeGreaterThan(1);
  });

  it.concurrent('objects not judged are skipped; names with XML specials survive the round trip', async () => {
    const both = await scanBoth([`${F}/public/calico-windows-policy-demo.yaml`], 'error');
    expect(both.code).toBe(0);
    expectAgrees(both, 'error');
    // pwsh is judged on its image's build, the policy for the open CNI; porter states nothing: skipped.
    expect(both.junit.testsuites['@_skipped']).toBe('1');

    const yaml = readFileSync(`${F}/real/k8s-website-simple-pod.yaml`, 'utf8').replace('name: "iis"', 'name: "a<b>&\'c\\""');
    const special = await scanBoth(['-'], 'error', yaml);
    expectAgrees(special, 'error');
    expect(special.junit.testsuites.testsuite[0]!.testcase[0]!['@_name']).toBe('Pod a<b>&\'c"');
  });
});
