/**
 * Generates a seeds directory `factor` times the size of the real one, for the scale benchmark
 * (issue: "a generated dataset 100x the real one (kept out of the repo, made by a script) keeps
 * lookup latency within 2x and paginated lists proportional to page size"). The output is kept
 * out of the repo: it goes wherever --out says, and `npm run bench` builds a database from it.
 *
 *   npx tsx bench/scale/generate-seeds.ts --factor 100 --out /tmp/winnet-kb-scale/seeds [--seeds DIR]
 *
 * Copy k (1..factor-1) of every cloned record gets a new key, and its references are pointed at
 * copy k of the record they name, so the reference graph is repeated `factor` times instead of
 * fanning into the originals (flannel keeps as many limitations on a 100x dataset as on the real
 * one). References are found with the same helper the references-resolve lint rule uses, so
 * enum values that happen to equal a slug are never rewritten.
 *
 * - Slugs: `${slug}-x${k}`.
 * - EC2 instance types: the size gets the suffix (`m5.large` -> `m5.large-x3`). The family is
 *   untouched, so architecture, Windows suitability and the family index derive exactly as for
 *   the original (a family suffix would break the a1 rule: `a1-x3` is not the a1 family).
 * - Network flows: cloned with `order` shifted by k * (highest order), which must stay unique.
 * - Not cloned: sources (citations keep naming the real documents and sections, so
 *   citations-resolve and sources-cited hold), windows-versions (build+channel and KB numbers
 *   must be unique, and features' minimum builds must belong to their release), and
 *   service-types (the name is an enum of four and must be unique). Clones keep referring to
 *   these originals.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { SeedError, readSeeds } from '../../src/seeds/read.js';
import { references } from '../../src/seeds/lint/references-resolve.js';
import { SEED_FILES, type SeedKey, type SeedSet } from '../../src/seeds/schema.js';

export interface ScaleOptions {
  /** Whole number from 1 to 1000; 1 writes a plain copy of the seeds. */
  factor: number;
  outDir: string;
  /** The seeds to multiply; the project's seeds/ by default. */
  seedsDir?: string;
}

export interface ScaleResult {
  /** Records written, over all files. */
  records: number;
  /** Paths of the files written. */
  files: string[];
}

export const NOT_CLONED: ReadonlySet<SeedKey> = new Set(['sources', 'windowsVersions', 'serviceTypes']);
const SEED_KEYS = Object.keys(SEED_FILES) as SeedKey[];
type Tables = Record<SeedKey, Map<string, unknown>>;

/** The key of copy k of a record; for an instance type the suffix lands on the size (m5.large-x3). */
export function cloneKey(key: SeedKey, slug: string, k: number): string {
  return NOT_CLONED.has(key) ? slug : `${slug}-x${k}`;
}

export function checkFactor(factor: number): void {
  if (!Number.isInteger(factor) || factor < 1 || factor > 1000) throw new RangeError(`factor must be a whole number from 1 to 1000, got ${factor}`);
}

/** Replaces the slug `from` by `to` where references() says it sits (path as references() spells it). */
function retarget(record: unknown, path: string, from: string, to: string): void {
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], record) as Record<string, unknown>;
  const here = parent[last];
  if (here === from) parent[last] = to;
  // references() leaves a one-item list unindexed when its name does not end in "s" (ipam, restrictedTo).
  else if (Array.isArray(here) && here.length === 1 && here[0] === from) here[0] = to;
  // rows.N.values.I: the slugs are the keys of a record; rename the key, keeping the order.
  else if (!Array.isArray(parent) && Object.hasOwn(parent, from)) {
    const entries = Object.entries(parent).map(([k, v]) => [k === from ? to : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    Object.assign(parent, Object.fromEntries(entries));
  } else throw new Error(`cannot find reference "${from}" at ${path}`);
}

/** Copy k of every cloned table, with its references pointed at copy k. */
function copyOf(seeds: SeedSet, k: number, flowStride: number): Tables {
  const copy = {} as Tables;
  for (const key of SEED_KEYS) {
    const records = NOT_CLONED.has(key) ? [] : [...(seeds[key] as Map<string, unknown>)];
    copy[key] = new Map(records.map(([slug, record]) => [cloneKey(key, slug, k), structuredClone(record)]));
  }
  for (const ref of references(copy as SeedSet)) retarget(copy[ref.from].get(ref.record), ref.path, ref.slug, cloneKey(ref.to, ref.slug, k));
  for (const flow of copy.networkFlows.values()) (flow as { order: number }).order += k * flowStride;
  return copy;
}

export async function generateScaledSeeds(options: ScaleOptions): Promise<ScaleResult> {
  checkFactor(options.factor);
  const seedsDir = options.seedsDir ?? SEEDS_DIR;
  const { seeds, problems } = readSeeds(seedsDir);
  if (problems.length > 0) throw new SeedError(problems);

  const scaled = {} as Tables;
  for (const key of SEED_KEYS) scaled[key] = new Map(seeds[key] as Map<string, unknown>);
  const flowStride = Math.max(0, ...[...seeds.networkFlows.values()].map((f) => f.order));
  for (let k = 1; k < options.factor; k++) {
    const copy = copyOf(seeds, k, flowStride);
    for (const key of SEED_KEYS)
      for (const [slug, record] of copy[key]) {
        if (scaled[key].has(slug)) throw new Error(`${SEED_FILES[key].file}: clone key ${slug} is already taken`);
        scaled[key].set(slug, record);
      }
  }

  await mkdir(options.outDir, { recursive: true });
  const header = `# GENERATED by bench/scale/generate-seeds.ts (factor ${options.factor}, from ${resolve(seedsDir)}); do not edit.\n`;
  const files: string[] = [];
  let records = 0;
  for (const key of SEED_KEYS) {
    const path = join(options.outDir, SEED_FILES[key].file);
    await writeFile(path, header + stringify(Object.fromEntries(scaled[key]), { lineWidth: 0 }));
    files.push(path);
    records += scaled[key].size;
  }
  return { records, files };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { factor: { type: 'string', default: '100' }, out: { type: 'string' }, seeds: { type: 'string' } } });
  const factor = Number(values.factor);
  if (!/^\d+$/.test(values.factor) || factor < 1 || factor > 1000) {
    console.error(`--factor must be a whole number from 1 to 1000, got "${values.factor}"`);
    process.exit(2);
  }
  if (!values.out) {
    console.error('usage: generate-seeds.ts [--factor N] --out DIR [--seeds DIR]');
    process.exit(2);
  }
  const started = performance.now();
  const result = await generateScaledSeeds({ factor, outDir: resolve(values.out), ...(values.seeds ? { seedsDir: resolve(values.seeds) } : {}) });
  console.log(`wrote ${result.records} records in ${result.files.length} files to ${resolve(values.out)} in ${(performance.now() - started).toFixed(0)} ms`);
}
