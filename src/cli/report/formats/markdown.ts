/**
 * `--output markdown`, for pull-request comments. A check: a heading with the verdict, a table of
 * findings whose sources are numbered links, the required settings, and the source list with each
 * document's URL. A scan: the verdict, the counts and a table of the errors, warnings, objects not
 * judged and accepted findings, each on its file and line.
 */
import { horizonText, objectName, plural, type CheckReport, type Printer, type ScanReport, type SourceRef } from '../model.js';
import { SourceList, settingParts } from '../text.js';
import { afterAccepted, scanSummaryLine, summaryOf } from './table.js';
import { applicabilityWord, dependsOnText, hiddenLine, listedByDefault } from '../applicability.js';

/** The severity cell, with the applicability of a finding that does not simply apply, as the table shows it. */
const severityCell = (f: Parameters<typeof applicabilityWord>[0] & { severity: string; accepted?: unknown }) =>
  `${f.severity}${f.accepted ? ' (accepted)' : ''}${applicabilityWord(f) ? ` (${applicabilityWord(f)})` : ''}`;

const ICON = { COMPATIBLE: '✅', COMPATIBLE_WITH_WARNINGS: '⚠️', INCOMPATIBLE: '❌' } as const;

/** Text safe inside a table cell: no pipes or line breaks, no stray HTML. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/** Inline code that survives backticks in the text. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence.length > 1 ? ' ' : ''}${text}${fence.length > 1 ? ' ' : ''}${fence}`;
}

function links(sources: SourceList, refs: readonly SourceRef[]): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const ref of refs) {
    const n = sources.number(ref);
    if (seen.has(n)) continue;
    seen.add(n);
    parts.push(`[${n}](${ref.document.url})`);
  }
  return parts.join(' ');
}

export function checkMarkdown({ report: full, source }: CheckReport, showAll = false): string {
  // As the table: what applies and the may-apply warnings and errors, the rest counted (every finding with --show-all).
  const report = { ...full, findings: showAll ? full.findings : full.findings.filter(listedByDefault) };
  const hidden = hiddenLine(full.findings.filter((f) => !report.findings.includes(f)));
  const sources = new SourceList();
  const out: string[] = [];
  out.push(`## ${ICON[report.verdict]} winnet-kb: ${report.verdict}`, '');
  out.push(`Plan ${code(source)}: ${summaryOf(full)}. Dataset ${code(report.datasetVersion)} (${horizonText(report.horizon)}).`, '');
  if (report.verdictAfterAccepted !== undefined) out.push(`Verdict${afterAccepted(report).replace(/^, /, ': ')}.`, '');
  if (report.findings.length > 0) {
    out.push('| # | Severity | Code | Subject | Finding | Sources |', '| ---: | --- | --- | --- | --- | --- |');
    report.findings.forEach((f, i) => {
      const depends = dependsOnText(f, 'check');
      const text =
        `${cell(f.message)}${depends ? `<br>(${cell(depends)})` : ''}${f.remediation ? `<br>**Fix:** ${cell(f.remediation)}` : ''}` +
        `${f.accepted ? `<br>**Accepted** (${cell(f.accepted.by)}): ${cell(f.accepted.reason)}` : ''}`;
      out.push(`| ${i + 1} | ${severityCell(f)} | ${code(f.code)} | ${f.subject ? code(f.subject) : ''} | ${text} | ${links(sources, f.sources)} |`);
    });
  } else {
    out.push(full.findings.length > 0 ? 'Nothing that applies to this plan in particular.' : 'No findings.');
  }
  if (hidden) out.push('', hidden);
  if (report.requiredSettings.length > 0) {
    out.push('', '### Required settings', '');
    for (const s of report.requiredSettings) {
      const refs = links(sources, s.sources);
      const { assignment, details } = settingParts(s);
      out.push(`- ${code(assignment)} ${details}${refs ? ` ${refs}` : ''}`);
    }
  }
  if (report.enabledFeatures.length > 0) out.push('', `Enabled features: ${report.enabledFeatures.map((f) => code(f.slug)).join(', ')}`);
  if (sources.entries.length > 0) {
    out.push('', '### Sources', '');
    sources.entries.forEach((r, i) => {
      out.push(`${i + 1}. [${r.document.title.replace(/[[\]]/g, '\\$&')}](${r.document.url}), section "${r.section}"${r.note ? `: ${r.note}` : ''}`);
    });
  }
  return `${out.join('\n')}\n`;
}

export function scanMarkdown({ scan }: ScanReport, showAll = false): string {
  const verdict = scan.verdict;
  const lines = [`## ${verdict ? `${ICON[verdict]} ${verdict}` : 'Nothing to judge'}`, '', scanSummaryLine(scan), ''];
  if (scan.verdictAfterAccepted !== undefined)
    lines.push(`Verdict after ${plural(scan.accepted ?? 0, 'accepted finding')}: ${scan.verdictAfterAccepted ?? 'nothing to judge'}.`, '');
  const all = scan.objects.flatMap((r) => r.findings.map((f) => ({ r, f })));
  const rows = showAll ? all : all.filter(({ f }) => listedByDefault(f) || f.code === 'NOT_JUDGED');
  const hidden = hiddenLine(all.filter((row) => !rows.includes(row)).map(({ f }) => f));
  if (rows.length > 0) {
    lines.push('| where | object | severity | code | message |', '| --- | --- | --- | --- | --- |');
    for (const { r, f } of rows)
      lines.push(
        `| \`${cell(r.file)}:${f.line}\` | ${cell(objectName(r))} | ${severityCell(f)} | ` +
          `\`${f.code}\`${f.subject ? ` (${cell(f.subject)})` : ''} | ${cell(f.message)}${dependsOnText(f, 'scan') ? `<br>(${cell(dependsOnText(f, 'scan'))})` : ''}${f.remediation ? `<br>**Fix:** ${cell(f.remediation)}` : ''}` +
          `${f.accepted ? `<br>**Accepted** (${cell(f.accepted.by)}): ${cell(f.accepted.reason)}` : ''} |`,
      );
  } else lines.push('No errors or warnings.');
  if (hidden) lines.push('', hidden);
  return `${lines.join('\n')}\n`;
}

export const printer: Printer = {
  description: 'markdown for pull-request comments, sources as links',
  print: (report, options) => [report.kind === 'check' ? checkMarkdown(report, options.showAll) : scanMarkdown(report, options.showAll)],
};
