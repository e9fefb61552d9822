/**
 * The one compatibility report model (src/domain/compatibility/report-model.ts), which the
 * `compatibility` resolver and the offline `winnet-kb check` both build: its shape is decided
 * here, and only the references and the enum spelling are the caller's. A spelling that tags what
 * it is given shows each reference and value going through it, in the engine's order.
 */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility } from '../../src/domain/compatibility/judge.js';
import { compatibilityReportModel, type ReportSpelling } from '../../src/domain/compatibility/report-model.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';

interface Tagged {
  source: string;
  setting: string;
  release: string;
  feature: string;
  severity: string;
  applicability: string;
}

const TAGS: ReportSpelling<Tagged> = {
  source: (c) => `doc:${c.doc}#${c.section}`,
  setting: (s) => `setting:${s.key}=${s.value}`,
  release: (slug) => `release:${slug}`,
  feature: (f) => `feature:${f.slug}`,
  severity: (s) => `severity:${s}`,
  applicability: (a) => `applicability:${a}`,
};

describe('compatibilityReportModel', () => {
  const k = testKnowledge();
  const report = judgeCompatibility(
    k,
    { windowsVersion: 'windows-server-2022', cniPlugin: 'flannel', networkMode: 'overlay', kubernetesVersion: '1.33', features: ['direct-server-return'] },
    TEST_TODAY,
  );
  const model = compatibilityReportModel(report, TAGS);

  it("keeps the engine's verdict, dataset and horizon, the release through the caller's reference", () => {
    expect(model.verdict).toBe(report.verdict);
    expect(model.datasetVersion).toBe(k.datasetVersion);
    expect(model.horizon).toEqual({
      kubernetesVersion: k.horizon.kubernetesVersion,
      windowsVersion: `release:${k.horizon.windowsVersion}`,
      knowledgeDate: k.horizon.knowledgeDate,
    });
  });

  it("gives every finding in the engine's order, absent fields as null, references and enums spelt by the caller", () => {
    expect(report.findings.length).toBeGreaterThan(0);
    expect(model.findings).toEqual(
      report.findings.map((f) => ({
        severity: `severity:${f.severity}`,
        code: f.code,
        subject: f.subject ?? null,
        message: f.message,
        remediation: f.remediation ?? null,
        sources: f.sources.map((c) => `doc:${c.doc}#${c.section}`),
        applicability: `applicability:${f.applicability}`,
        dependsOn: [...f.dependsOn],
      })),
    );
    expect(model.findings.some((f) => f.subject === null || f.remediation === null)).toBe(true);
  });

  it('gives the required settings and enabled features through the caller, in order', () => {
    expect(model.enabledFeatures).toEqual(report.enabledFeatures.map((f) => `feature:${f.slug}`));
    expect(model.enabledFeatures).toContain('feature:direct-server-return');
    expect(model.requiredSettings).toEqual(report.requiredSettings.map((s) => `setting:${s.key}=${s.value}`));
    expect(model.requiredSettings.length).toBeGreaterThan(0);
  });
});
