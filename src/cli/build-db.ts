/**
 * `npm run db:build [-- --target PATH] [--seeds DIR] [--if-missing]`: build the database from the seeds.
 * Broken seeds are listed (file > record > field: reason) and the previous database is kept.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildDatabase } from '../db/build.js';
import { DEFAULT_DATABASE_PATH } from '../db/paths.js';
import { SeedError } from '../db/seeds/read.js';

const { values } = parseArgs({ options: { target: { type: 'string' }, seeds: { type: 'string' }, 'if-missing': { type: 'boolean' } } });
const target = values.target ?? DEFAULT_DATABASE_PATH;

if (values['if-missing'] && existsSync(target)) {
  console.log(`database present: ${target}`);
} else {
  try {
    const result = buildDatabase({ target, ...(values.seeds ? { seedsDir: values.seeds } : {}) });
    const total = Object.values(result.records).reduce((a, b) => a + b, 0);
    console.log(`built ${result.target} (dataset ${result.datasetVersion}, ${total} records) in ${result.milliseconds.toFixed(0)} ms`);
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(`seeds are invalid; ${existsSync(target) ? `kept the previous database ${target}` : 'no database written'}`);
      console.error(error.message);
    } else {
      console.error(`database build failed: ${(error as Error).message}`);
    }
    process.exit(1);
  }
}
