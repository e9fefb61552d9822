/** `--output table`: the verdict, a table of findings, then remediation and required settings. */
import Table from 'cli-table3';
import { horizonText, type ReportView } from '../queries.js';
import { outputWidth, settingText, wrap } from './text.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryOf(report: ReportView): string {
  const count = (s: string) => report.findings.filter((f) => f.severity === s).length;
  const accepted = report.findings.filter((f) => f.accepted).length;
  return `${plural(count('ERROR'), 'error')}, ${plural(count('WARNING'), 'warning')}, ${count('INFO')} info${accepted ? ` (${accepted} accepted)` : ''}`;
}

/** `, COMPATIBLE after 1 accepted finding` when findings are accepted. */
export function afterAccepted(report: ReportView): string {
  if (report.verdictAfterAccepted === undefined) return '';
  return `, ${report.verdictAfterAccepted} after ${plural(report.findings.filter((f) => f.accepted).length, 'accepted finding')}`;
}

export function formatTable(report: ReportView, planName: string, width = outputWidth()): string {
  const out: string[] = [];
  out.push(
    `Verdict: ${report.verdict}${afterAccepted(report)}  (${planName}: ${summaryOf(report)}; dataset ${report.datasetVersion}; ${horizonText(report.horizon)})`,
  );
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
      table.push([
        String(i + 1),
        f.accepted ? `${f.severity} accepted` : f.severity,
        f.code,
        { content: f.subject ?? '-', wrapOnWordBoundary: false },
        f.message,
      ]);
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
  const accepted = report.findings.map((f, i) => ({ f, i })).filter(({ f }) => f.accepted);
  if (accepted.length > 0) {
    out.push('', 'Accepted (reported, not counted by --fail-on):');
    for (const { f, i } of accepted) {
      const label = `  #${i + 1} ${f.code}${f.subject ? ` (${f.subject})` : ''}, ${f.accepted!.by}: `;
      out.push(`${label}${wrap(f.accepted!.reason, width, '      ', label.length)}`);
    }
  }
  if (report.requiredSettings.length > 0) {
    out.push('', 'Required settings:');
    for (const s of report.requiredSettings) out.push(`  - ${wrap(settingText(s), width, '    ')}`);
  }
  if (report.enabledFeatures.length > 0) out.push('', `Enabled features: ${report.enabledFeatures.map((f) => f.slug).join(', ')}`);
  return `${out.join('\n')}\n`;
}
