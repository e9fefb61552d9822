/**
 * `npm run seeds:ec2 -- <csv>`: regenerate seeds/ec2-instance-types.yaml from AWS's instance limits CSV.
 * Without an argument it reads the workspace copy, ../shared/data/ec2-instance-network-limits.csv,
 * which a clone from a git host does not have: a missing or unreadable CSV is refused with how to
 * name one, not a stack trace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEEDS_DIR } from '../../db/paths.js';
import { csvToSeed } from '../ec2.js';

const WORKSPACE_CSV = '../shared/data/ec2-instance-network-limits.csv';
const csvPath = resolve(process.argv[2] ?? WORKSPACE_CSV);
let text: string;
try {
  text = readFileSync(csvPath, 'utf8');
} catch (error) {
  console.error(`seeds:ec2: cannot read the instance limits CSV ${csvPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  console.error(`  usage: npm run seeds:ec2 -- <csv>; without an argument the workspace copy ${WORKSPACE_CSV} is read (a clone from a git host has none)`);
  process.exit(1);
}
const { yaml, count } = csvToSeed(text);
const target = join(SEEDS_DIR, 'ec2-instance-types.yaml');
writeFileSync(target, yaml);
console.log(`wrote ${count} instance types to ${target}`);
