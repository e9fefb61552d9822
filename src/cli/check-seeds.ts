/** `npm run seeds:check`: validate and lint the seeds without building a database. Exit 1 on any problem. */
import { resolve } from 'node:path';
import { lintSeeds } from '../db/seeds/rules/index.js';
import { formatProblem, readSeeds } from '../db/seeds/read.js';

const dir = resolve(process.argv[2] ?? 'seeds');
const { seeds, problems } = readSeeds(dir);
if (problems.length === 0) problems.push(...lintSeeds(seeds));
if (problems.length > 0) {
  console.error(`seeds in ${dir}: ${problems.length} problem(s)`);
  for (const p of problems) console.error(formatProblem(p));
  process.exit(1);
}
const counts = Object.entries(seeds).map(([k, m]) => `${k} ${m.size}`).join(', ');
console.log(`seeds OK: ${counts}`);
