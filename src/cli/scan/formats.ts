/**
 * Outputs of `winnet-kb scan`: a text report, JSON, markdown for pull requests, SARIF 2.1.0 for
 * code-scanning tools (each finding on its file and line) and JUnit XML for CI dashboards.
 * Accepted findings (accept.ts) appear in every format, marked with their reason; in SARIF as a
 * result with an accepted external suppression.
 */
import { findingCodeEntry } from '../../domain/finding-codes.js';
import type { Severity } from '../../domain/knowledge.js';
import type { ObjectReport, ScanFinding, ScanResult } from '../../domain/scan/scan.js';
import type { Acceptance } from '../accept.js';
import { failsAt, gateVerdict, type FailOn, type Verdict } from '../../domain/outcome.js';
import { cell } from '../format/markdown.js';

import type { ScanOutputFormat } from '../options.js';

export type GateFinding = ScanFinding & { accepted?: Acceptance };
/** An object's report; `verdictAfterAccepted` is set when some of its findings are accepted. */
export type GateReport = Omit<ObjectReport, 'findings'> & { findings: GateFinding[]; verdictAfterAccepted?: Verdict | null };
export type GateResult = Omit<ScanResult, 'reports'> & { reports: GateReport[]; verdictAfterAccepted?: Verdict | null; accepted?: number };

export interface ScanOutput {
  result: GateResult;
  datasetVersion: string;
  toolVersion: string;
  failOn: FailOn;
  /** --show-all: the table lists every finding, INFO included, and what was inferred for each object. */
  showAll?: boolean;
}

/** A code's description (the registry's), or the code itself. */
const describeCode = (code: string) => findingCodeEntry(code)?.description ?? code;
const upper = (s: Severity) => s.toUpperCase();
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function objectName(r: GateReport): string {
  return `${r.ref.kind} ${r.ref.namespace ? `${r.ref.namespace}/` : ''}${r.ref.name}${r.ref.part ? ` (${r.ref.part})` : ''}`;
}

function summaryLine({ result, datasetVersion }: ScanOutput): string {
  const s = result.summary;
  return (
    `${s.objectsRead} objects read: ${s.reported} reported (${s.judged} judged, ${s.notJudged} not judged), ${s.ignored} ignored; ` +
    `${plural(s.findings.error, 'error')}, ${plural(s.findings.warning, 'warning')}, ${s.findings.info} info` +
    `${result.accepted ? ` (${result.accepted} accepted)` : ''}; dataset ${datasetVersion}`
  );
}

/** Does this object fail the job at this --fail-on level (its accepted findings aside)? */
export const fails = (r: GateReport, failOn: FailOn): boolean => failsAt(gateVerdict(r), failOn);

/** ` -> COMPATIBLE after 2 accepted findings`, when findings are accepted. */
function afterAccepted(r: { verdictAfterAccepted?: Verdict | null }, accepted: number): string {
  return r.verdictAfterAccepted !== undefined ? `, ${r.verdictAfterAccepted ?? 'NOTHING TO JUDGE'} after ${plural(accepted, 'accepted finding')}` : '';
}

const shown = (f: GateFinding) => f.severity !== 'info' || f.code === 'NOT_JUDGED' || f.code === 'POD_CAPACITY' || f.accepted !== undefined;

export function formatScanTable(out: ScanOutput): string {
  const { result } = out;
  const lines = [`Verdict: ${result.summary.verdict ?? 'NOTHING TO JUDGE'}${afterAccepted(result, result.accepted ?? 0)}  (${summaryLine(out)})`];
  for (const r of result.reports) {
    const accepted = r.findings.filter((f) => f.accepted).length;
    lines.push('', `${r.file}:${r.line}  ${objectName(r)}  ${r.verdict ?? 'NOT JUDGED'}${afterAccepted(r, accepted)}`);
    const listed = out.showAll ? r.findings : r.findings.filter(shown);
    const hidden = r.findings.length - listed.length;
    for (const f of listed) {
      lines.push(`  ${upper(f.severity).padEnd(7)} ${f.code}${f.subject ? ` (${f.subject})` : ''}  line ${f.line}${f.path ? ` ${f.path}` : ''}`);
      if (f.accepted) lines.push(`          ACCEPTED (${f.accepted.by}): ${f.accepted.reason}`);
      lines.push(`          ${f.message}`);
      if (f.remediation && f.severity !== 'info') lines.push(`          fix: ${f.remediation}`);
    }
    if (hidden > 0) lines.push(`  (${hidden} more info finding${hidden === 1 ? '' : 's'}: --show-all or --output json lists them)`);
    for (const m of r.missing) lines.push(`  missing: ${m}`);
    if (out.showAll)
      for (const f of r.facts) lines.push(`  inferred: ${f.field} = ${String(f.value)}  line ${f.line} ${f.path}${f.from ? ` (from ${f.from})` : ''}`);
  }
  const reasons = Object.entries(result.summary.ignoredByReason);
  if (reasons.length > 0) {
    lines.push('', 'Ignored:');
    for (const [reason, n] of reasons.sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(5)}  ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

const indented = (value: unknown, by: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${by}`);

/**
 * JSON with the API's spelling of severities (ERROR, WARNING, INFO), as `check --output json` prints
 * them, in pieces: the same text as JSON.stringify(document, null, 2), one report at a time, so a
 * scan of thousands of objects never holds the whole document in memory.
 */
export function* scanJsonChunks({ result, datasetVersion }: ScanOutput): Generator<string> {
  yield (
    `{\n  "verdict": ${JSON.stringify(result.summary.verdict)},\n` +
    (result.verdictAfterAccepted !== undefined
      ? `  "verdictAfterAccepted": ${JSON.stringify(result.verdictAfterAccepted)},\n  "accepted": ${result.accepted ?? 0},\n`
      : '') +
    `  "datasetVersion": ${JSON.stringify(datasetVersion)},\n` +
    `  "summary": ${indented(result.summary, '  ')},\n  "reports": [`
  );
  let first = true;
  for (const r of result.reports) {
    yield `${first ? '' : ','}\n    ${indented({ ...r, findings: r.findings.map((f) => ({ ...f, severity: upper(f.severity) })) }, '    ')}`;
    first = false;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}

export function formatScanJson(out: ScanOutput): string {
  return [...scanJsonChunks(out)].join('');
}

const ICON = { COMPATIBLE: '✅', COMPATIBLE_WITH_WARNINGS: '⚠️', INCOMPATIBLE: '❌' } as const;

export function formatScanMarkdown(out: ScanOutput): string {
  const { result } = out;
  const verdict = result.summary.verdict;
  const lines = [`## ${verdict ? `${ICON[verdict]} ${verdict}` : 'Nothing to judge'}`, '', summaryLine(out), ''];
  if (result.verdictAfterAccepted !== undefined)
    lines.push(`Verdict after ${plural(result.accepted ?? 0, 'accepted finding')}: ${result.verdictAfterAccepted ?? 'nothing to judge'}.`, '');
  const rows = result.reports.flatMap((r) => r.findings.filter((f) => f.severity !== 'info' || f.code === 'NOT_JUDGED' || f.accepted).map((f) => ({ r, f })));
  if (rows.length > 0) {
    lines.push('| where | object | severity | code | message |', '| --- | --- | --- | --- | --- |');
    for (const { r, f } of rows)
      lines.push(
        `| \`${cell(r.file)}:${f.line}\` | ${cell(objectName(r))} | ${upper(f.severity)}${f.accepted ? ' (accepted)' : ''} | ` +
          `\`${f.code}\`${f.subject ? ` (${cell(f.subject)})` : ''} | ${cell(f.message)}${f.remediation ? `<br>**Fix:** ${cell(f.remediation)}` : ''}` +
          `${f.accepted ? `<br>**Accepted** (${cell(f.accepted.by)}): ${cell(f.accepted.reason)}` : ''} |`,
      );
  } else lines.push('No errors or warnings.');
  return `${lines.join('\n')}\n`;
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A file name as a relative URI reference (forward slashes, escaped). */
function artifactUri(file: string): string {
  if (file === '<stdin>') return 'stdin';
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

/**
 * SARIF 2.1.0: one rule per code, one result per error or warning finding (and per object not
 * judged, as a note), located on the finding's line with the object as its logical location.
 */
export function formatScanSarif({ result, toolVersion }: ScanOutput): string {
  const findings = result.reports.flatMap((r) => r.findings.filter((f) => f.severity !== 'info' || f.code === 'NOT_JUDGED').map((f) => ({ r, f })));
  const ruleIds = [...new Set(findings.map(({ f }) => f.code))].sort();
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'winnet-kb',
            version: toolVersion,
            rules: ruleIds.map((id) => ({ id, name: id, shortDescription: { text: describeCode(id) }, help: { text: describeCode(id) } })),
          },
        },
        results: findings.map(({ r, f }) => ({
          ruleId: f.code,
          ruleIndex: ruleIds.indexOf(f.code),
          level: SARIF_LEVEL[f.severity],
          message: { text: `${objectName(r)}: ${f.message}${f.remediation ? ` Fix: ${f.remediation}` : ''}` },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: artifactUri(r.file) }, region: { startLine: f.line } },
              logicalLocations: [
                {
                  fullyQualifiedName: `${r.ref.kind}/${r.ref.namespace ? `${r.ref.namespace}/` : ''}${r.ref.name}${r.ref.part ? `/${r.ref.part}` : ''}`,
                  kind: 'resource',
                },
              ],
            },
          ],
          partialFingerprints: { objectFinding: `${r.ref.kind}/${r.ref.namespace ?? ''}/${r.ref.name}/${r.ref.part ?? ''}/${f.code}/${f.subject ?? ''}` },
          // Accepted in a file outside the scanned one (.winnet-kb-ignore) or on the command line.
          ...(f.accepted ? { suppressions: [{ kind: 'external', status: 'accepted', justification: `${f.accepted.reason} (${f.accepted.by})` }] } : {}),
          properties: {
            ...(f.subject ? { subject: f.subject } : {}),
            ...(f.path ? { path: f.path } : {}),
            sources: f.sources.map((s) => `${s.doc}#${s.section}`),
          },
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

/** The control characters XML 1.0 does not allow. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export function xmlEscape(text: string): string {
  // Characters XML 1.0 does not allow are dropped; the five specials are escaped.
  return text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * JUnit XML: one test suite per file, one test case per reported object. An object that fails at
 * the --fail-on level is a failure listing its errors and warnings; one not judged is skipped.
 */
export function formatScanJunit({ result, failOn }: ScanOutput): string {
  const byFile = new Map<string, GateReport[]>();
  for (const r of result.reports) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const total = result.reports.length;
  const failures = result.reports.filter((r) => fails(r, failOn)).length;
  const skipped = result.reports.filter((r) => r.verdict === null).length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="winnet-kb scan" tests="${total}" failures="${failures}" errors="0" skipped="${skipped}">`,
  ];
  for (const [file, reports] of byFile) {
    const f = reports.filter((r) => fails(r, failOn)).length;
    const s = reports.filter((r) => r.verdict === null).length;
    out.push(`  <testsuite name="${xmlEscape(file)}" tests="${reports.length}" failures="${f}" errors="0" skipped="${s}">`);
    for (const r of reports) {
      const name = xmlEscape(objectName(r));
      out.push(`    <testcase name="${name}" classname="${xmlEscape(file)}" file="${xmlEscape(file)}" line="${r.line}">`);
      if (r.verdict === null) out.push(`      <skipped message="${xmlEscape(r.findings.find((x) => x.code === 'NOT_JUDGED')?.message ?? 'not judged')}"/>`);
      else if (fails(r, failOn)) {
        const listed = r.findings.filter((x) => x.severity !== 'info' && !x.accepted);
        const body = listed.map((x) => `${upper(x.severity)} ${x.code}${x.subject ? ` (${x.subject})` : ''} at ${file}:${x.line}: ${x.message}`).join('\n');
        const verdict = gateVerdict(r);
        out.push(`      <failure type="${verdict}" message="${xmlEscape(`${verdict}: ${listed.map((x) => x.code).join(', ')}`)}">${xmlEscape(body)}</failure>`);
      }
      const accepted = r.findings.filter((x) => x.accepted);
      if (accepted.length > 0) {
        const text = accepted.map(
          (x) => `ACCEPTED ${upper(x.severity)} ${x.code}${x.subject ? ` (${x.subject})` : ''} at ${file}:${x.line} (${x.accepted!.by}): ${x.accepted!.reason}`,
        );
        out.push(`      <system-out>${xmlEscape(text.join('\n'))}</system-out>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** The output in pieces to write one after another (JSON streams per report; the others are one piece). */
export function* renderScanChunks(format: ScanOutputFormat, out: ScanOutput): Generator<string> {
  if (format === 'json') yield* scanJsonChunks(out);
  else yield renderScan(format, out);
}

export function renderScan(format: ScanOutputFormat, out: ScanOutput): string {
  switch (format) {
    case 'json':
      return formatScanJson(out);
    case 'markdown':
      return formatScanMarkdown(out);
    case 'sarif':
      return formatScanSarif(out);
    case 'junit':
      return formatScanJunit(out);
    default:
      return formatScanTable(out);
  }
}
