/**
 * `npm run seeds:check`: validate and lint the seeds without building a database, and the claims
 * checklist in seeds/claims/ when the directory has one. Exit 1 on any problem.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lintSeeds } from '../lint/index.js';
import { checkClaims, CLAIMS_DIR, claimsOf, readClaims } from '../claims.js';
import { formatProblem, readSeeds } from '../read.js';

const dir = resolve(process.argv[2] ?? 'seeds');
const { seeds, problems } = readSeeds(dir);
if (problems.length === 0) problems.push(...lintSeeds(seeds));
let claimCount: number | undefined;
if (existsSync(join(dir, CLAIMS_DIR))) {
  const { claims, problems: claimProblems } = readClaims(dir);
  problems.push(...claimProblems);
  if (problems.length === 0) problems.push(...checkClaims(claims, seeds));
  claimCount = [...claims.values()].reduce((n, c) => n + claimsOf(c).length, 0);
}
if (problems.length > 0) {
  console.error(`seeds in ${dir}: ${problems.length} problem(s)`);
  for (const p of problems) console.error(formatProblem(p));
  process.exit(1);
}
const counts = Object.entries(seeds)
  .map(([k, m]) => `${k} ${m.size}`)
  .join(', ');
console.log(`seeds OK: ${counts}${claimCount === undefined ? '' : `; claims checklist ${claimCount}`}`);
