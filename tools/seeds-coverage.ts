/**
 * `npm run seeds:coverage [-- --list] [seeds dir]`: how much of each seed document the seeds carry.
 *
 * Reads the claims checklist (seeds/claims/*.yaml, see src/seeds/claims.ts) and prints, per
 * document and section, how many claims there are, how many are covered by records that cite that
 * section, how many are out of scope, and how many are not covered, with totals. --list prints
 * every claim with its status and records. Exits 1 when the seeds or the checklist have problems
 * or a claim is not covered.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkClaims, coverage, readClaims, totals, type ClaimCoverage, type Totals } from '../src/seeds/claims.js';
import { formatProblem, readSeeds } from '../src/seeds/read.js';
import { lintSeeds } from '../src/seeds/lint/index.js';

const { values, positionals } = parseArgs({ options: { list: { type: 'boolean', default: false } }, allowPositionals: true });
const dir = resolve(positionals[0] ?? 'seeds');

const { seeds, problems } = readSeeds(dir);
if (problems.length === 0) problems.push(...lintSeeds(seeds));
const { claims, problems: claimProblems } = readClaims(dir);
problems.push(...claimProblems);
if (problems.length === 0) problems.push(...checkClaims(claims, seeds));

const MARK = { covered: 'covered', 'out-of-scope': 'out of scope', 'not-covered': 'NOT COVERED' } as const;
const row = (label: string, t: Totals) =>
  `  ${label.padEnd(44)} ${String(t.claims).padStart(6)} ${String(t.covered).padStart(8)} ${String(t.outOfScope).padStart(13)} ${String(t.notCovered).padStart(12)}`;
const header = `  ${'section'.padEnd(44)} ${'claims'.padStart(6)} ${'covered'.padStart(8)} ${'out of scope'.padStart(13)} ${'not covered'.padStart(12)}`;

const all: ClaimCoverage[] = [];
for (const d of coverage(claims, seeds)) {
  console.log(`\n${d.doc} (seeds/claims/${d.file})`);
  console.log(header);
  const inDoc: ClaimCoverage[] = [];
  for (const s of d.sections) {
    console.log(row(s.section, totals(s.claims)));
    inDoc.push(...s.claims);
    for (const c of s.claims) {
      if (values.list || c.status === 'not-covered') {
        const detail = c.status === 'covered' ? c.records.join(', ') : c.reason;
        console.log(`      ${MARK[c.status].padEnd(12)} ${c.id}: ${c.claim}${detail ? `\n                   -> ${detail}` : ''}`);
      }
    }
  }
  console.log(row('total', totals(inDoc)));
  all.push(...inDoc);
}
const t = totals(all);
console.log(`\nall documents: ${t.claims} claims, ${t.covered} covered, ${t.outOfScope} out of scope, ${t.notCovered} not covered`);

if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(formatProblem(p));
}
if (problems.length > 0 || t.notCovered > 0) process.exit(1);
