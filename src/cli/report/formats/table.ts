/**
 * `--output table` (the default), for a terminal or a CI log. A check: the verdict, a table of
 * findings, then remediation, accepted findings and required settings. A scan: the verdict and
 * counts, then each object on its file and line with its warnings, errors and accepted findings
 * (`--show-all`: every finding and every inferred fact).
 */
import Table from 'cli-table3';
import {
  horizonText,
  plural,
  objectName,
  type CheckReport,
  type Printer,
  type PrintOptions,
  type ReportView,
  type ScanReport,
  type ScanView,
} from '../model.js';
import { outputWidth, settingText, wrap } from '../text.js';
import { applicabilityWord, dependsOnText, hiddenLine, listedByDefault } from '../applicability.js';

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

/**
 * A check: the verdict, then what applies and the may-apply warnings and errors (every finding
 * with --show-all, each with its applicability), one line counting what is hidden, the
 * remediation of what is listed, the accepted findings and the required settings.
 */
export function checkTable({ report: full, source }: CheckReport, width = outputWidth(), showAll = false): string {
  const out: string[] = [];
  out.push(`Verdict: ${full.verdict}${afterAccepted(full)}  (${source}: ${summaryOf(full)}; dataset ${full.datasetVersion}; ${horizonText(full.horizon)})`);
  const report = { ...full, findings: showAll ? full.findings : full.findings.filter(listedByDefault) };
  const hidden = hiddenLine(full.findings.filter((f) => !report.findings.includes(f)));
  if (report.findings.length > 0) {
    const longest = (values: string[], min: number) => Math.max(min, ...values.map((v) => v.length)) + 2;
    const number = longest([String(report.findings.length)], 1);
    const severity = longest(['SEVERITY', ...report.findings.map(applicabilityWord)], 0);
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
      const depends = dependsOnText(f, 'check');
      table.push([
        String(i + 1),
        [f.accepted ? `${f.severity} accepted` : f.severity, applicabilityWord(f)].filter(Boolean).join('\n'),
        f.code,
        { content: f.subject ?? '-', wrapOnWordBoundary: false },
        depends ? `${f.message}\n(${depends})` : f.message,
      ]);
    });
    out.push(table.toString());
  } else {
    out.push(full.findings.length > 0 ? 'Nothing that applies to this plan in particular.' : 'No findings.');
  }
  if (hidden) out.push(hidden);
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

/** Findings of the scan by severity, accepted ones included. */
export function scanCounts(scan: ScanView): { error: number; warning: number; info: number } {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const o of scan.objects) for (const f of o.findings) counts[f.severity.toLowerCase() as keyof typeof counts]++;
  return counts;
}

/** "12 objects read (1 object read): 3 reported (...), 9 ignored; 1 error, 2 warnings, 5 info; dataset ..." */
export function scanSummaryLine(scan: ScanView): string {
  const s = scan.summary;
  const n = scanCounts(scan);
  return (
    `${plural(s.objectsRead, 'object')} read: ${s.reported} reported (${s.judged} judged, ${s.notJudged} not judged), ${s.ignored} ignored; ` +
    `${plural(n.error, 'error')}, ${plural(n.warning, 'warning')}, ${n.info} info` +
    `${scan.accepted ? ` (${scan.accepted} accepted)` : ''}; dataset ${scan.datasetVersion}`
  );
}

/** ` -> COMPATIBLE after 2 accepted findings`, when findings are accepted. */
function scanAfterAccepted(r: { verdictAfterAccepted?: string | null }, accepted: number): string {
  return r.verdictAfterAccepted !== undefined ? `, ${r.verdictAfterAccepted ?? 'NOTHING TO JUDGE'} after ${plural(accepted, 'accepted finding')}` : '';
}

/** The findings the table shows without --show-all: what applies, may-apply warnings and errors, and what was not judged. */
const shown = (f: Parameters<typeof listedByDefault>[0] & { code: string }) => listedByDefault(f) || f.code === 'NOT_JUDGED';

export function scanTable({ scan }: ScanReport, { showAll }: Pick<PrintOptions, 'showAll'>): string {
  const lines = [`Verdict: ${scan.verdict ?? 'NOTHING TO JUDGE'}${scanAfterAccepted(scan, scan.accepted ?? 0)}  (${scanSummaryLine(scan)})`];
  const hidden: Parameters<typeof hiddenLine>[0][number][] = [];
  for (const r of scan.objects) {
    const accepted = r.findings.filter((f) => f.accepted).length;
    lines.push('', `${r.file}:${r.line}  ${objectName(r)}  ${r.verdict ?? 'NOT JUDGED'}${scanAfterAccepted(r, accepted)}`);
    const listed = showAll ? r.findings : r.findings.filter(shown);
    hidden.push(...r.findings.filter((f) => !listed.includes(f)));
    for (const f of listed) {
      const word = applicabilityWord(f);
      lines.push(
        `  ${f.severity.padEnd(7)} ${f.code}${f.subject ? ` (${f.subject})` : ''}  line ${f.line}${f.path ? ` ${f.path}` : ''}${word ? `  [${word}]` : ''}`,
      );
      if (f.accepted) lines.push(`          ACCEPTED (${f.accepted.by}): ${f.accepted.reason}`);
      lines.push(`          ${f.message}`);
      const depends = dependsOnText(f, 'scan');
      if (depends) lines.push(`          (${depends})`);
      if (f.remediation && f.severity !== 'INFO') lines.push(`          fix: ${f.remediation}`);
    }
    for (const m of r.missing) lines.push(`  missing: ${m}`);
    // Never silent about what the input leaves elsewhere: it is unknown, not missing.
    for (const u of r.unknown) lines.push(`  unknown: ${u.fact}  line ${u.line}`, `          not determinable from the input; settled by ${u.settledBy}`);
    // The cluster plan's findings are reported once; an object judged with that plan points to them.
    const here = `${r.file}:${r.line} `;
    const elsewhere = r.planFindingsOn.filter((where) => !where.startsWith(here));
    if (elsewhere.length > 0) lines.push(`  cluster plan findings: on ${elsewhere.join('; ')}`);
    if (showAll)
      for (const f of r.facts)
        lines.push(`  inferred: ${f.field} = ${f.value}  line ${f.line} ${f.path}${f.from ? ` (from ${f.from})` : ''}${f.detail ? `: ${f.detail}` : ''}`);
  }
  const hiddenText = hiddenLine(hidden, 'scan');
  if (hiddenText) lines.push('', hiddenText);
  const { clusters } = scan.summary;
  if (clusters.length > 1) {
    lines.push('', `Clusters (${clusters.length}, grouped by their facts; --one-cluster judges the input as one):`);
    for (const c of clusters)
      lines.push(`  ${c.name}: ${c.files.join(', ')}${c.facts.length ? `  (${c.facts.map((f) => `${f.field} ${f.value}`).join(', ')})` : ''}`);
  }
  for (const c of clusters) for (const conflict of c.conflicts) lines.push(`  conflict in ${c.name}: ${conflict}`);
  for (const c of clusters) for (const why of c.keptApart ?? []) lines.push(`  kept apart (${c.name}): ${why}`);
  // The same reason for many clusters (each unrelated file of a directory) is one line.
  const groupedBy = new Map<string, string[]>();
  for (const c of clusters) for (const why of c.groupedBecause ?? []) groupedBy.set(why, [...(groupedBy.get(why) ?? []), c.name]);
  for (const [why, names] of groupedBy) lines.push(`  grouped (${names.join(', ')}): ${why}`);
  const reasons = scan.summary.ignoredReasons;
  if (reasons.length > 0) {
    lines.push('', 'Ignored:');
    for (const { reason, count } of [...reasons].sort((a, b) => b.count - a.count)) lines.push(`  ${String(count).padStart(5)}  ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

export const printer: Printer = {
  description: 'a table for a terminal or a CI log (the default)',
  print: (report, options) => [report.kind === 'check' ? checkTable(report, options.width, options.showAll) : scanTable(report, options)],
};
