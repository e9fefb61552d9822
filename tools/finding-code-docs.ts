/**
 * The finding-code tables of docs/api.md, generated from the registry of finding codes
 * (src/domain/finding-codes.ts): one for the codes of compatibility reports (which a scan reports
 * too), one for the codes only a scan reports. Each table sits between two HTML comments,
 * `<!-- finding-codes:<table>:begin -->` and `<!-- finding-codes:<table>:end -->`, which the tool
 * rewrites; the prose around them is written by hand.
 *
 * `npx tsx tools/finding-code-docs.ts [--write]` prints the tables, or (--write) puts them in
 * docs/api.md. test/readme.test.ts fails when docs/api.md is not what the registry gives. Each
 * code's cell carries its anchor (findingCodeAnchor), the target of SARIF's helpUri.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { FINDING_CODE_REGISTRY, findingCodeAnchor, type FindingCodeEntry } from '../src/domain/finding-codes.js';

export const API_DOC_PATH = join(PROJECT_ROOT, 'docs', 'api.md');

/** The tables, by the name their markers carry, and which codes each lists. */
export const CODE_TABLES = { engine: (e: FindingCodeEntry) => !e.scanOnly, scan: (e: FindingCodeEntry) => e.scanOnly } as const;
export type CodeTable = keyof typeof CODE_TABLES;

/** A Markdown table cell: pipes escaped, so a description may hold one. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The Markdown table of one set of codes, in the registry's order. */
export function codeTable(table: CodeTable): string {
  const rows = Object.entries(FINDING_CODE_REGISTRY)
    .filter(([, e]) => CODE_TABLES[table](e))
    .map(
      ([code, e]) =>
        `| <a id="${findingCodeAnchor(code)}"></a>\`${code}\` | ${e.severities.join(', ')} | ${cell(e.description)} | ${e.raisedBy.map((r) => `\`${r}\``).join(', ')} |`,
    );
  return ['| code | severity | meaning | raised by (`src/domain/`) |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

const markers = (table: CodeTable) => [`<!-- finding-codes:${table}:begin -->`, `<!-- finding-codes:${table}:end -->`] as const;

/** The markdown with each table between its markers replaced by the registry's; throws when a marker is missing. */
export function withCodeTables(markdown: string): string {
  let out = markdown;
  for (const table of Object.keys(CODE_TABLES) as CodeTable[]) {
    const [begin, end] = markers(table);
    const from = out.indexOf(begin);
    const to = out.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`docs/api.md has no ${begin} ... ${end} pair for the ${table} finding codes`);
    out = `${out.slice(0, from + begin.length)}\n${codeTable(table)}\n${out.slice(to)}`;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
  if (values.write) {
    const before = readFileSync(API_DOC_PATH, 'utf8');
    const after = withCodeTables(before);
    writeFileSync(API_DOC_PATH, after);
    console.log(after === before ? `${API_DOC_PATH} was already current` : `wrote the finding-code tables to ${API_DOC_PATH}`);
  } else {
    for (const table of Object.keys(CODE_TABLES) as CodeTable[]) console.log(`${codeTable(table)}\n`);
  }
}
