/**
 * The scan fixtures' expected findings, end to end: the real `winnet-kb scan --output json` on each
 * file listed in test/fixtures/scan/expectations.yaml, without a plan and with plan-2019.yaml, and
 * every expectation checked: what is found (code, subject, severity, line, object), what is
 * unknown (not determinable from the input) and what must not be (the input settles it), what must not be raised, where an object's cluster
 * plan findings are (planFindingsOn), how many clusters the file makes, and that no cluster plan
 * finding is reported twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { runCli } from '../cli/cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const DIR = 'test/fixtures/scan';
const PLAN = `${DIR}/plan-2019.yaml`;

interface Found {
  code: string;
  subject?: string;
  severity?: string;
  line?: number;
  /** "Kind name" (name without namespace) of the object the finding is on. */
  object?: string;
}
interface Expectation {
  found?: Found[];
  /** Substrings of an `unknown[].fact` of the file's objects. */
  unknown?: string[];
  /** Substrings no `unknown[].fact` may contain: a fact the input settles, listed as unknown, is a false alarm. */
  notUnknown?: string[];
  /** Same matching as found: a finding that matches every given field is a false alarm. */
  mustNotRaise?: Found[];
  /** The object ("Kind name") whose cluster plan findings are on another object (`on`, "Kind name"). */
  planFindingsOn?: { object: string; on: string }[];
}
interface FileExpectations {
  /** How many clusters the file alone is grouped into, with and without the plan. */
  clusters: number;
  noPlan?: Expectation;
  withPlan?: Expectation;
}
interface ExpectationsFile {
  files: Record<string, FileExpectations>;
}

interface JsonReport {
  summary: { grouping: string; clusters: { name: string }[] };
  objects: {
    kind: string;
    name: string;
    namespace: string | null;
    part: string | null;
    file: string;
    line: number;
    cluster: string;
    planFindingsOn: string[];
    findings: { severity: string; code: string; subject: string | null; message: string; line: number; path?: string | null }[];
    unknown?: { fact: string }[];
  }[];
}

type Report = JsonReport['objects'][number];
/** How planFindingsOn names an object: "file:line Kind namespace/name (part)". */
const whereIs = (r: Report) => `${r.file}:${r.line} ${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}${r.part ? ` (${r.part})` : ''}`;

const EXPECTATIONS = parse(readFileSync(join(PROJECT_ROOT, DIR, 'expectations.yaml'), 'utf8')) as ExpectationsFile;

/** Every fixture that parses (bad/ holds the parse-error ones). */
function fixtureFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'bad') walk(path);
      else if (entry.isFile() && /\.(ya?ml|json)$/.test(entry.name) && !['plan-2019.yaml', 'expectations.yaml', 'sarif-schema-2.1.0.json'].includes(entry.name))
        out.push(relative(DIR, path));
    }
  };
  walk(DIR);
  return out.sort();
}

async function scan(file: string, plan: boolean): Promise<JsonReport> {
  const result = await runCli(['scan', `${DIR}/${file}`, ...(plan ? ['--plan', PLAN] : []), '--output', 'json', '--fail-on', 'none']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as JsonReport;
}

function check(report: JsonReport, e: Expectation, where: string): void {
  const findings = report.objects.flatMap((r) => r.findings.map((f) => ({ ...f, object: `${r.kind} ${r.name}` })));
  const listed = findings.map((f) => `${f.object}: ${f.severity} ${f.code} ${f.subject ?? ''} line ${f.line}`).join('\n');
  const matching = (want: Found) =>
    findings.filter(
      (f) =>
        f.code === want.code &&
        (want.subject === undefined || f.subject === want.subject) &&
        (want.severity === undefined || f.severity === want.severity.toUpperCase()) &&
        (want.line === undefined || f.line === want.line) &&
        (want.object === undefined || f.object === want.object),
    );
  for (const want of e.found ?? []) expect(matching(want).length > 0, `${where}: expected ${JSON.stringify(want)} among\n${listed}`).toBe(true);
  const unknown = report.objects.flatMap((r) => (r.unknown ?? []).map((u) => u.fact));
  for (const fact of e.unknown ?? [])
    expect(
      unknown.some((u) => u.includes(fact)),
      `${where}: expected unknown "${fact}" among ${JSON.stringify(unknown)}`,
    ).toBe(true);
  for (const fact of e.notUnknown ?? [])
    expect(
      unknown.filter((u) => u.includes(fact)),
      `${where}: "${fact}" is settled by the input, yet listed as unknown`,
    ).toEqual([]);
  for (const bad of e.mustNotRaise ?? []) expect(matching(bad), `${where}: must not raise ${JSON.stringify(bad)}`).toEqual([]);
  const objectOf = (r: Report) => `${r.kind} ${r.name}`;
  for (const { object, on } of e.planFindingsOn ?? []) {
    const from = report.objects.find((r) => objectOf(r) === object);
    const carrier = report.objects.find((r) => objectOf(r) === on);
    expect(from, `${where}: no report for ${object}`).toBeDefined();
    expect(carrier, `${where}: no report for ${on}`).toBeDefined();
    expect(from!.planFindingsOn, `${where}: ${object}'s planFindingsOn`).toEqual([whereIs(carrier!)]);
    expect(carrier!.planFindingsOn, `${where}: ${on} carries its own cluster plan findings`).toContain(whereIs(carrier!));
  }
  noFindingTwice(report, where);
}

/**
 * A cluster plan's findings are reported once, on the object carrying them: an object that points
 * at other objects through planFindingsOn repeats none of their findings (same code, subject and
 * message, and no fact of its own under it), and every planFindingsOn entry names an object of the report.
 */
function noFindingTwice(report: JsonReport, where: string): void {
  const byPlace = new Map(report.objects.map((r) => [whereIs(r), r]));
  const id = (f: { code: string; subject: string | null; message: string }) => `${f.code} ${f.subject ?? ''} ${f.message}`;
  for (const r of report.objects)
    for (const place of r.planFindingsOn) {
      const carrier = byPlace.get(place);
      expect(carrier, `${where}: planFindingsOn ${place} names no object of the report`).toBeDefined();
      if (!carrier || carrier === r) continue;
      // Two node groups of one eksctl file are two node pools: what each one's nodes are (a release's limits) is said of each.
      if (carrier.file === r.file && carrier.kind === r.kind && carrier.name === r.name && carrier.part !== r.part) continue;
      const carried = new Set(carrier.findings.map(id));
      // A finding that rests on a fact of the object itself (it has a path: two pods' same image) is its own, not the carrier's.
      const repeated = r.findings.filter((f) => !f.path && carried.has(id(f))).map((f) => `${f.code} ${f.subject ?? ''}`);
      expect(repeated, `${where}: ${r.kind} ${r.name} repeats the cluster plan findings on ${place}`).toEqual([]);
    }
}

function checkClusters(report: JsonReport, clusters: number, where: string): void {
  expect(report.summary.grouping, where).toBe('BY_CLUSTER_FACTS');
  expect(report.summary.clusters.length, `${where}: clusters`).toBe(clusters);
  const names = new Set(report.summary.clusters.map((c) => c.name));
  for (const r of report.objects) expect(names, `${where}: ${r.kind} ${r.name}'s cluster`).toContain(r.cluster);
}

describe('expectations.yaml', () => {
  it('lists every scan fixture, each with both modes, and only fixtures that exist', () => {
    const files = fixtureFiles();
    expect(Object.keys(EXPECTATIONS.files).sort()).toEqual(files);
    for (const [file, e] of Object.entries(EXPECTATIONS.files)) {
      expect(e.noPlan, `${file}: noPlan`).toBeDefined();
      expect(e.withPlan, `${file}: withPlan`).toBeDefined();
      expect(e.clusters, `${file}: clusters`).toBeGreaterThan(0);
    }
    expect(Object.keys(EXPECTATIONS), 'only files: the no-plan expectations are in each file').toEqual(['files']);
  });

  describe.each(Object.entries(EXPECTATIONS.files))('%s', (file, e) => {
    it.concurrent('without a plan', async () => {
      const report = await scan(file, false);
      checkClusters(report, e.clusters, `${file} (no plan)`);
      check(report, e.noPlan ?? {}, `${file} (no plan)`);
    });
    it.concurrent('with plan-2019.yaml', async () => {
      const report = await scan(file, true);
      checkClusters(report, e.clusters, `${file} (plan-2019.yaml)`);
      check(report, e.withPlan ?? {}, `${file} (plan-2019.yaml)`);
    });
  });
});
