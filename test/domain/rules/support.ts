/**
 * What the golden cases of every rule share (test/domain/rules/<rule-name>.golden.test.ts): judging
 * a plan over the real knowledge base, and asserting one finding or its absence.
 *
 * Every finding a file's golden cases give through `judge` is checked against the registry's
 * severity range after the file's cases (src/domain/finding-codes.ts); all-rules.golden.test.ts
 * holds the checks that span the files.
 */
import { afterAll, expect } from 'vitest';
import type { Finding, FindingCode } from '../../../src/domain/compatibility/findings.js';
import { severityAllowed } from '../../../src/domain/finding-codes.js';
import { judgeCompatibility, type CompatibilityReport, type Verdict } from '../../../src/domain/compatibility/judge.js';
import type { PlanInput } from '../../../src/domain/compatibility/plan.js';
import type { Severity } from '../../../src/domain/knowledge.js';
import { testKnowledge, TEST_TODAY } from '../../support/fixtures.js';

/** Every finding the golden cases of this file give, checked against the registry's severity ranges at the end. */
const judged: Finding[] = [];

export const judge = (input: PlanInput): CompatibilityReport => {
  const report = judgeCompatibility(testKnowledge(), input, TEST_TODAY);
  judged.push(...report.findings);
  return report;
};

// Registered when a golden file imports this module, so it runs after that file's cases.
afterAll(() => {
  expect(judged.filter((f) => !severityAllowed(f.code, f.severity)).map((f) => `${f.code} as ${f.severity}: ${f.message}`)).toEqual([]);
});

export interface Expected {
  verdict: Verdict;
  code: FindingCode;
  severity: Severity;
  /** undefined: the finding has no subject. */
  subject: string | undefined;
  /** "doc#section" that the finding's sources must contain. */
  cites: string;
  /** How it applies (checked when given), and for 'may-apply' the plan fields it depends on. */
  applicability?: Finding['applicability'];
  dependsOn?: Finding['dependsOn'];
}

/** Asserts the report's verdict and exactly one finding with that code and subject; returns it. */
export function expectFinding(report: CompatibilityReport, e: Expected): Finding {
  expect(report.verdict).toBe(e.verdict);
  const matches = report.findings.filter((f) => f.code === e.code && f.subject === e.subject);
  expect(matches, `${e.code} ${e.subject ?? ''} in ${JSON.stringify(report.findings.map((f) => [f.code, f.subject]))}`).toHaveLength(1);
  const f = matches[0]!;
  expect(f.severity).toBe(e.severity);
  if (e.applicability) expect(f.applicability, `${e.code} ${e.subject ?? ''} applicability`).toBe(e.applicability);
  if (e.dependsOn) expect(f.dependsOn, `${e.code} ${e.subject ?? ''} dependsOn`).toEqual(e.dependsOn);
  // Everywhere: a general caveat is info, and only a finding that may apply depends on anything.
  if (f.applicability === 'general') expect(f.severity).toBe('info');
  if (f.applicability !== 'may-apply') expect(f.dependsOn).toEqual([]);
  // ...and one that may apply names what would settle it (findings.ts settleFinding).
  else expect(f.dependsOn.length, `${f.code} ${f.subject ?? ''} may apply on nothing named`).toBeGreaterThan(0);
  // Split at the first '#': sections may themselves start with one ("#19").
  const doc = e.cites.slice(0, e.cites.indexOf('#'));
  const section = e.cites.slice(e.cites.indexOf('#') + 1);
  expect(f.sources).toContainEqual(expect.objectContaining({ doc, section }));
  expect(f.message.length).toBeGreaterThan(0);
  return f;
}

export function expectNoFinding(report: CompatibilityReport, code: FindingCode, subject?: string): void {
  const hits = report.findings.filter((f) => f.code === code && (subject === undefined || f.subject === subject));
  expect(hits, `${code} ${subject ?? ''} should be absent`).toEqual([]);
}

export const settingTexts = (r: CompatibilityReport) => r.requiredSettings.map((s) => `${s.key}=${s.value}`);
