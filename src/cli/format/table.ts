/** `--output table`: the verdict, a table of findings, then remediation and required settings. */
import Table from 'cli-table3';
import { horizonText, type ReportView } from '../queries.js';
import { outputWidth, settingText, wrap } from './text.js';

export function summaryOf(report: ReportView): string {
  const count = (s: string) => report.findings.filter((f) => f.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(count('ERROR'), 'error')}, ${plural(count('WARNING'), 'warning')}, ${count('INFO')} info`;
}

export function formatTable(report: ReportView, planName: string, width = outputWidth()): string {
  const out: string[] = [];
  out.push(`Verdict: ${report.verdict}  (${planName}: ${summaryOf(report)}; dataset ${report.datasetVersion}; ${horizonText(report.horizon)})`);
  if (report.findings.length > 0) {
    const longest = (values: string[], min: number) => Math.max(min, ...values.map((v) => v.length)) + 2;
    const number = longest([String(report.findings.length)], 1);
    const severity = longest(['SEVERITY'], 0);
    const code = longest(
      report.findings.map((f) => f.code),
      4,
    );
    const subject = Math.min(
      longest(
        report.findings.map((f) => f.subject ?? '-'),
        7,
      ),
      40,
    );
    const message = Math.max(30, width - number - severity - code - subject - 5);
    const table = new Table({
      head: ['#', 'SEVERITY', 'CODE', 'SUBJECT', 'MESSAGE'],
      colWidths: [number, severity, code, subject, message],
      wordWrap: true,
      style: { head: [], border: [] },
    });
    report.findings.forEach((f, i) => {
      table.push([String(i + 1), f.severity, f.code, { content: f.subject ?? '-', wrapOnWordBoundary: false }, f.message]);
    });
    out.push(table.toString());
  } else {
    out.push('No findings.');
  }
  const remedies = report.findings.map((f, i) => ({ f, i })).filter(({ f }) => f.remediation);
  if (remedies.length > 0) {
    out.push('', 'Remediation:');
    for (const { f, i } of remedies) {
      const label = `  #${i + 1} ${f.code}${f.subject ? ` (${f.subject})` : ''}: `;
      out.push(`${label}${wrap(f.remediation!, width, '      ', label.length)}`);
    }
  }
  if (report.requiredSettings.length > 0) {
    out.push('', 'Required settings:');
    for (const s of report.requiredSettings) out.push(`  - ${wrap(settingText(s), width, '    ')}`);
  }
  if (report.enabledFeatures.length > 0) out.push('', `Enabled features: ${report.enabledFeatures.map((f) => f.slug).join(', ')}`);
  return `${out.join('\n')}\n`;
}
