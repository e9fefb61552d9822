/**
 * The scan fixtures' expected findings, end to end: the real `winnet-kb scan --output json` on each
 * file listed in test/fixtures/scan/expectations.yaml, without a plan and with plan-2019.yaml, and
 * every expectation checked: what is found (code, subject, severity, line, object), what is
 * unknown (not determinable from the input), and what must not be raised. The file's
 * `noPlanAfterCore` section (what a scan without a plan should find once it judges without one)
 * is not read here yet.
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
  /** Substrings of an `unknown[].fact` of the file's reports. */
  unknown?: string[];
  /** Same matching as found: a finding that matches every given field is a false alarm. */
  mustNotRaise?: Found[];
}
interface FileExpectations {
  noPlan?: Expectation;
  withPlan?: Expectation;
}
interface ExpectationsFile {
  files: Record<string, FileExpectations>;
  noPlanAfterCore?: Record<string, Expectation>;
}

interface JsonReport {
  objects: {
    kind: string;
    name: string;
    findings: { severity: string; code: string; subject: string | null; line: number }[];
    unknown?: { fact: string }[];
  }[];
}

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
  for (const bad of e.mustNotRaise ?? []) expect(matching(bad), `${where}: must not raise ${JSON.stringify(bad)}`).toEqual([]);
}

describe('expectations.yaml', () => {
  it('lists every scan fixture, each with both modes, and only fixtures that exist', () => {
    const files = fixtureFiles();
    expect(Object.keys(EXPECTATIONS.files).sort()).toEqual(files);
    for (const [file, e] of Object.entries(EXPECTATIONS.files)) {
      expect(e.noPlan, `${file}: noPlan`).toBeDefined();
      expect(e.withPlan, `${file}: withPlan`).toBeDefined();
    }
    for (const file of Object.keys(EXPECTATIONS.noPlanAfterCore ?? {})) expect(files, 'noPlanAfterCore').toContain(file);
  });

  describe.each(Object.entries(EXPECTATIONS.files))('%s', (file, e) => {
    it.concurrent('without a plan', async () => check(await scan(file, false), e.noPlan ?? {}, `${file} (no plan)`));
    it.concurrent('with plan-2019.yaml', async () => check(await scan(file, true), e.withPlan ?? {}, `${file} (plan-2019.yaml)`));
  });
});
