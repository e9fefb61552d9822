/**
 * `--output sarif`: SARIF 2.1.0 for code-scanning tools. One rule per code (its text from the
 * finding-code registry), one result per error or warning finding (and per object not judged, as
 * a note), located on the finding's line with the object as its logical location: a scan's
 * objects on their lines, a check's findings at the top of its plan file. An accepted finding is
 * a result with an accepted external suppression.
 */
import { findingCodeEntry } from '../../../domain/finding-codes.js';
import { locatedObjects, objectName, type Printer } from '../model.js';

/** A code's description (the registry's), or the code itself. */
const describeCode = (code: string) => findingCodeEntry(code)?.description ?? code;

const SARIF_LEVEL = { ERROR: 'error', WARNING: 'warning', INFO: 'note' } as const;

/** A file name as a relative URI reference (forward slashes, escaped). */
function artifactUri(file: string): string {
  if (file === '<stdin>') return 'stdin';
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

export const printer: Printer = {
  description: 'SARIF 2.1.0 for code scanning: each error and warning on its file and line',
  print(report, { toolVersion }) {
    const findings = locatedObjects(report).flatMap((r) => r.findings.filter((f) => f.severity !== 'INFO' || f.code === 'NOT_JUDGED').map((f) => ({ r, f })));
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
                    fullyQualifiedName: `${r.kind}/${r.namespace ? `${r.namespace}/` : ''}${r.name}${r.part ? `/${r.part}` : ''}`,
                    kind: 'resource',
                  },
                ],
              },
            ],
            partialFingerprints: { objectFinding: `${r.kind}/${r.namespace ?? ''}/${r.name}/${r.part ?? ''}/${f.code}/${f.subject ?? ''}` },
            // Accepted in a file outside the scanned one (.winnet-kb-ignore) or on the command line.
            ...(f.accepted ? { suppressions: [{ kind: 'external', status: 'accepted', justification: `${f.accepted.reason} (${f.accepted.by})` }] } : {}),
            properties: {
              ...(f.subject ? { subject: f.subject } : {}),
              ...(f.path ? { path: f.path } : {}),
              sources: f.sources.map((s) => `${s.document.slug}#${s.section}`),
              applicability: f.applicability,
              dependsOn: f.dependsOn,
            },
          })),
        },
      ],
    };
    return [`${JSON.stringify(sarif, null, 2)}\n`];
  },
};
