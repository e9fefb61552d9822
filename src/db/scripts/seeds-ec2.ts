/** `npm run seeds:ec2 -- <csv>`: regenerate seeds/ec2-instance-types.yaml from AWS's instance limits CSV. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEEDS_DIR } from '../paths.js';
import { csvToSeed } from '../seeds/ec2.js';

const csvPath = process.argv[2] ?? resolve('../shared/data/ec2-instance-network-limits.csv');
const { yaml, count } = csvToSeed(readFileSync(csvPath, 'utf8'));
const target = join(SEEDS_DIR, 'ec2-instance-types.yaml');
writeFileSync(target, yaml);
console.log(`wrote ${count} instance types to ${target}`);
