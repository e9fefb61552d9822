/**
 * Reads the seed files from disk and validates each record against its schema.
 *
 * Problems are collected, not thrown one by one, so a reviewer sees every broken record in one
 * run; each names its file, its record (slug) and the field at fault.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import { yamlValue, YamlValueError } from '../domain/yaml-value.js';
import { SEED_FILES, SLUG_PATTERN, type SeedKey, type SeedSet } from './schema.js';

export interface SeedProblem {
  file: string;
  /** The record's slug, or undefined for problems with the file as a whole. */
  record?: string;
  /** Dotted path inside the record, e.g. sources.0.section. */
  path?: string;
  message: string;
  /** The lint rule that found it; undefined for schema and syntax problems. */
  rule?: string;
}

export class SeedError extends Error {
  constructor(readonly problems: SeedProblem[]) {
    super(`${problems.length} seed problem(s):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'SeedError';
  }
}

export function formatProblem(p: SeedProblem): string {
  const where = [p.file, p.record, p.path].filter(Boolean).join(' > ');
  return `  ${where}: ${p.message}${p.rule ? ` [${p.rule}]` : ''}`;
}

/**
 * Keys that repeat within one mapping, with their lines. The yaml library's own `uniqueKeys`
 * check compares each key with every earlier one, which is quadratic: a 116,000-record file
 * (the 100x benchmark dataset) took minutes. A set per mapping is linear.
 */
function duplicateKeys(doc: Document, lines: LineCounter): string[] {
  const found: string[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) {
          const at = isScalar(pair.key) && pair.key.range ? lines.linePos(pair.key.range[0]) : undefined;
          found.push(`Map keys must be unique: "${String(key)}" appears again${at ? ` at line ${at.line}, column ${at.col}` : ''}`);
        }
        seen.add(key);
      }
    },
  });
  return found;
}

/** Parses one file's text into validated records. Exposed for tests. */
export function parseSeedText<K extends SeedKey>(key: K, text: string, problems: SeedProblem[]): Map<string, z.output<(typeof SEED_FILES)[K]['schema']>> {
  const { file, schema } = SEED_FILES[key];
  const records = new Map<string, z.output<(typeof SEED_FILES)[K]['schema']>>();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: false, lineCounter });
  const errors = [...doc.errors.map((e) => e.message.split('\n')[0]!), ...duplicateKeys(doc, lineCounter)];
  if (errors.length > 0) {
    for (const message of errors) problems.push({ file, message: `YAML: ${message}` });
    return records;
  }
  let data: unknown;
  try {
    data = yamlValue(doc, lineCounter);
  } catch (error) {
    // An alias to no anchor, or a YAML bomb: a problem of this file, at its line, not a crash of the build.
    if (!(error instanceof YamlValueError)) throw error;
    problems.push({ file, message: `YAML: line ${error.line}, column ${error.column}: ${error.reason}` });
    return records;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    problems.push({ file, message: 'must be a mapping from slug to record' });
    return records;
  }
  const keyPattern: RegExp = 'keyPattern' in SEED_FILES[key] ? (SEED_FILES[key] as { keyPattern: RegExp }).keyPattern : SLUG_PATTERN;
  for (const [recordSlug, raw] of Object.entries(data)) {
    if (!keyPattern.test(recordSlug)) {
      problems.push({ file, record: recordSlug, message: `key must match ${keyPattern}` });
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ file, record: recordSlug, path: issue.path.join('.') || undefined, message: issue.message });
      }
      continue;
    }
    records.set(recordSlug, parsed.data as z.output<(typeof SEED_FILES)[K]['schema']>);
  }
  return records;
}

/** Reads every seed file in dir. Missing files are problems, not empty sets. */
export function readSeeds(dir: string): { seeds: SeedSet; problems: SeedProblem[] } {
  const problems: SeedProblem[] = [];
  const seeds = {} as Record<SeedKey, Map<string, unknown>>;
  for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
    const path = join(dir, SEED_FILES[key].file);
    if (!existsSync(path)) {
      problems.push({ file: SEED_FILES[key].file, message: 'file is missing' });
      seeds[key] = new Map();
      continue;
    }
    seeds[key] = parseSeedText(key, readFileSync(path, 'utf8'), problems);
  }
  return { seeds: seeds as SeedSet, problems };
}
