/**
 * `--output junit`: JUnit XML for CI dashboards. One test suite per file, one test case per
 * object (a check: its plan). An object that fails at the --fail-on level (its accepted findings
 * aside) is a failure listing its errors and warnings; one not judged is skipped; accepted
 * findings are listed in <system-out>.
 */
import { failsAt, gateVerdict, type FailOn } from '../../../domain/outcome.js';
import { locatedObjects, objectName, type LocatedFinding, type LocatedObject, type Printer } from '../model.js';

/** The control characters XML 1.0 does not allow. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export function xmlEscape(text: string): string {
  // Characters XML 1.0 does not allow are dropped; the five specials are escaped.
  return text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Does this object fail the job at this --fail-on level (its accepted findings aside)? */
const fails = (r: LocatedObject, failOn: FailOn): boolean => failsAt(gateVerdict(r), failOn);

export function junit(suite: string, objects: readonly LocatedObject[], failOn: FailOn): string {
  const byFile = new Map<string, LocatedObject[]>();
  for (const r of objects) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const failures = objects.filter((r) => fails(r, failOn)).length;
  const skipped = objects.filter((r) => r.verdict === null).length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(suite)}" tests="${objects.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
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
        const listed = r.findings.filter((x) => x.severity !== 'INFO' && !x.accepted);
        const body = listed
          .map((x) => `${x.severity} ${x.code}${x.subject ? ` (${x.subject})` : ''} at ${file}:${x.line}: ${x.message}${applicabilityNote(x)}`)
          .join('\n');
        const verdict = gateVerdict(r);
        out.push(`      <failure type="${verdict}" message="${xmlEscape(`${verdict}: ${listed.map((x) => x.code).join(', ')}`)}">${xmlEscape(body)}</failure>`);
      }
      const accepted = r.findings.filter((x) => x.accepted);
      if (accepted.length > 0) {
        const text = accepted.map(
          (x) => `ACCEPTED ${x.severity} ${x.code}${x.subject ? ` (${x.subject})` : ''} at ${file}:${x.line} (${x.accepted!.by}): ${x.accepted!.reason}`,
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

/** " [MAY_APPLY on environment]" for a finding that does not simply apply (JUnit has no field for it). */
const applicabilityNote = (x: Pick<LocatedFinding, 'applicability' | 'dependsOn'>) =>
  x.applicability === 'APPLIES' ? '' : ` [${x.applicability}${x.dependsOn.length > 0 ? ` on ${x.dependsOn.join(', ')}` : ''}]`;

export const printer: Printer = {
  description: 'JUnit XML for CI dashboards: one test case per object (a check: its plan)',
  print: (report, { failOn }) => [junit(`winnet-kb ${report.kind}`, locatedObjects(report), failOn)],
};
