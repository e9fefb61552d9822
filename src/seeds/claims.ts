/**
 * The claims checklist: for every section of each seed document, every claim the section makes,
 * in our own words, and the seed records that carry it.
 *
 * It lives in seeds/claims/<doc>.yaml, one file per seed document. It is validated (here, by
 * `npm run seeds:check`, `npm run seeds:coverage` and test/seeds/claims.test.ts) but never loaded
 * into the database: it describes the seeds, it is not a fact table. A claim either names the
 * records that carry it, as "<seed file without .yaml>/<slug>" (limitations/host-network-mode),
 * or says why it is out of scope. Every record named under section S of document D must cite
 * {doc: D, section: S} in its top-level sources, so a claim cannot be "covered" by a record that
 * took the fact from somewhere else.
 *
 * Text outside every registered section (a page's lead paragraph before its first heading, a
 * "next steps" trailer) goes under `unsectioned`. Such a claim names the registered section its
 * records cite instead (`citedAs`, by convention the nearest heading), since citations can only
 * name registered sections.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import type { SeedProblem } from './read.js';
import { CHANNELS, PLATFORMS } from '../domain/vocabulary.js';
import { parseKubernetesMinor } from '../domain/kubernetes-version.js';
import { comparePluginVersions } from '../domain/plugin-version.js';
import {
  buildRange,
  dateRange,
  kubernetesRange,
  pluginVersionRange,
  SCOPE_DIMENSIONS,
  SEED_FILES,
  slug,
  type ScopeDimension,
  type SeedKey,
  type SeedSet,
} from './schema.js';

export const CLAIMS_DIR = 'claims';

const text = z.string().trim().min(1);

/** "limitations/host-network-mode": the seed file's name without .yaml, a slash, the record key. */
export const RECORD_REF_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z0-9][a-z0-9.-]*)$/;
export const recordRef = z.string().regex(RECORD_REF_PATTERN, 'must look like "limitations/host-network-mode"');

/**
 * What a claim is limited to, as its source states it: releases, builds, channels, environments,
 * platforms, Kubernetes versions, dates, plugins, plugin versions, network modes. `{}` says the
 * source does not restrict it (it holds for Windows nodes wherever the document's subject runs).
 * Record scopes are checked against it (claims-scope-matches), so a fact is neither narrowed nor
 * widened on its way into the seeds.
 */
export const claimScope = z
  .object({
    releases: z.array(slug).min(1).optional().describe('Only on these Windows releases (windows-versions.yaml slugs).'),
    windowsBuilds: buildRange.optional().describe('Only on these builds (finer than releases, e.g. from an update).'),
    channels: z.array(z.enum(CHANNELS)).min(1).optional().describe('Only on releases of these servicing channels.'),
    environments: z.array(slug).min(1).optional().describe('Only in these environments.'),
    platforms: z.array(z.enum(PLATFORMS)).min(1).optional().describe('Only on this infrastructure (e.g. azure).'),
    kubernetes: kubernetesRange.optional().describe('Only for these Kubernetes minor versions.'),
    dates: dateRange.optional().describe('Only in this period.'),
    plugins: z.array(slug).min(1).optional().describe('Only with these CNI plugins.'),
    pluginVersions: pluginVersionRange.optional().describe('Only for these releases of the plugin.'),
    modes: z.array(slug).min(1).optional().describe('Only with these network modes.'),
  })
  .strict();
export type ClaimScope = z.output<typeof claimScope>;

const claimFields = {
  /** Stable within its document; other tools may refer to it. */
  id: slug,
  /** A short paraphrase in English, in our own words. */
  claim: text,
  /** The records that carry the claim. */
  records: z.array(recordRef).min(1).optional(),
  /** Why the knowledge base does not carry this claim (navigation text, an example placeholder). */
  outOfScope: text.optional(),
  /** What the claim is limited to; required with records. */
  scope: claimScope.optional(),
};
const eitherRecordsOrReason = (c: { records?: unknown; outOfScope?: unknown }) => (c.records === undefined) !== (c.outOfScope === undefined);
const EITHER_MESSAGE = 'give either records or outOfScope (exactly one)';
const scopeWithRecords = (c: { records?: unknown; scope?: unknown }) => c.records === undefined || c.scope !== undefined;
const SCOPE_MESSAGE = 'a claim with records needs scope: what its source limits it to ({} when it does not)';

export const claim = z
  .object(claimFields)
  .strict()
  .refine(eitherRecordsOrReason, EITHER_MESSAGE)
  .refine(scopeWithRecords, { message: SCOPE_MESSAGE, path: ['scope'] });

export const unsectionedClaim = z
  .object({
    ...claimFields,
    /** lead: before the first registered heading; trailer: after the last one. */
    where: z.enum(['lead', 'trailer']),
    /** The registered section the records cite for this text. Needed when records are given. */
    citedAs: text.optional(),
  })
  .strict()
  .refine(eitherRecordsOrReason, EITHER_MESSAGE)
  .refine(scopeWithRecords, { message: SCOPE_MESSAGE, path: ['scope'] })
  .refine((c) => c.records === undefined || c.citedAs !== undefined, {
    message: 'a claim outside the sections that names records needs citedAs',
    path: ['citedAs'],
  });

export const claimsFile = z
  .object({
    /** The seed document (sources.yaml slug) the file covers; the file is named after it. */
    doc: slug,
    /** Registered section -> its claims, in page order. */
    sections: z.record(text, z.array(claim).min(1, 'a listed section needs at least one claim')),
    unsectioned: z.array(unsectionedClaim).default([]),
  })
  .strict();

export type Claim = z.output<typeof claim>;
export type UnsectionedClaim = z.output<typeof unsectionedClaim>;
export type ClaimsFile = z.output<typeof claimsFile>;
/** File name (e.g. k8s-windows-networking-uk.yaml) -> parsed checklist. */
export type ClaimsSet = Map<string, ClaimsFile>;

/** Where a problem sits, as "claims/<file>". */
const where = (file: string) => `${CLAIMS_DIR}/${file}`;

/** Parses one checklist file's text. Exposed for tests. */
export function parseClaimsText(file: string, source: string, problems: SeedProblem[]): ClaimsFile | undefined {
  const doc = parseDocument(source);
  if (doc.errors.length > 0) {
    for (const e of doc.errors) problems.push({ file: where(file), message: `YAML: ${e.message.split('\n')[0]}` });
    return undefined;
  }
  const parsed = claimsFile.safeParse(doc.toJS());
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ file: where(file), path: issue.path.join('.') || undefined, message: issue.message });
    return undefined;
  }
  return parsed.data;
}

/** Reads every seeds/claims/*.yaml. A missing directory is a problem, not an empty checklist. */
export function readClaims(seedsDir: string): { claims: ClaimsSet; problems: SeedProblem[] } {
  const dir = join(seedsDir, CLAIMS_DIR);
  const problems: SeedProblem[] = [];
  const claims: ClaimsSet = new Map();
  if (!existsSync(dir)) return { claims, problems: [{ file: CLAIMS_DIR, message: 'directory is missing' }] };
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const parsed = parseClaimsText(file, readFileSync(join(dir, file), 'utf8'), problems);
    if (parsed) claims.set(file, parsed);
  }
  return { claims, problems };
}

// ---------------------------------------------------------------------------------------------
// Checks across the checklist and the seeds, in the style of the seed lint rules.

export interface ClaimsRule {
  name: string;
  description: string;
  check(claims: ClaimsSet, seeds: SeedSet): SeedProblem[];
}

/** Seed file name without .yaml -> its key in SEED_FILES. */
const SEED_KEY_BY_FILE = new Map((Object.keys(SEED_FILES) as SeedKey[]).map((k) => [SEED_FILES[k].file.replace(/\.yaml$/, ''), k]));

/** Every claim of a file with the section its records must cite and its path in the file. */
export interface LocatedClaim {
  claim: Claim | UnsectionedClaim;
  /** The registered section its records cite (the section key, or citedAs outside sections). */
  section: string | undefined;
  /** The heading it is listed under: the section key, or "(lead)" / "(trailer)". */
  listedUnder: string;
  path: string;
}

export function claimsOf(file: ClaimsFile): LocatedClaim[] {
  const out: LocatedClaim[] = [];
  file.unsectioned
    .filter((c) => c.where === 'lead')
    .forEach((c) => out.push({ claim: c, section: c.citedAs, listedUnder: '(lead)', path: `unsectioned.${file.unsectioned.indexOf(c)}` }));
  for (const [section, list] of Object.entries(file.sections))
    list.forEach((c, i) => out.push({ claim: c, section, listedUnder: section, path: `sections.${section}.${i}` }));
  file.unsectioned
    .filter((c) => c.where === 'trailer')
    .forEach((c) => out.push({ claim: c, section: c.citedAs, listedUnder: '(trailer)', path: `unsectioned.${file.unsectioned.indexOf(c)}` }));
  return out;
}

/** The record a reference names, or why it names none. */
export function resolveRef(ref: string, seeds: SeedSet): { record: unknown } | { error: string } {
  const m = RECORD_REF_PATTERN.exec(ref);
  if (!m) return { error: `"${ref}" is not a record reference` };
  const key = SEED_KEY_BY_FILE.get(m[1]!);
  if (!key || key === 'sources')
    return { error: `"${m[1]}" is not a seed file (known: ${[...SEED_KEY_BY_FILE.keys()].filter((f) => f !== 'sources').join(', ')})` };
  const record = (seeds[key] as Map<string, unknown>).get(m[2]!);
  if (record === undefined) return { error: `"${m[2]}" is not in ${SEED_FILES[key].file}` };
  return { record };
}

/** Whether a record's top-level sources cite the document and section. */
export function citesSection(record: unknown, doc: string, section: string): boolean {
  const sources = (record as { sources?: { doc: string; section: string }[] }).sources ?? [];
  return sources.some((s) => s.doc === doc && s.section === section);
}

/** The file covers a registered seed document and is named after it; every seed document has a file. */
export const claimsDocuments: ClaimsRule = {
  name: 'claims-documents',
  description: 'Each checklist covers one registered seed document, is named after it, and every seed document has one.',
  check(claims, seeds) {
    const problems: SeedProblem[] = [];
    const covered = new Set<string>();
    for (const [file, c] of claims) {
      const base = { file: where(file), path: 'doc', rule: this.name };
      const source = seeds.sources.get(c.doc);
      if (!source) problems.push({ ...base, message: `"${c.doc}" is not in sources.yaml` });
      else if (source.kind !== 'seed-document') problems.push({ ...base, message: `"${c.doc}" is a ${source.kind} source, not a seed document` });
      if (file !== `${c.doc}.yaml`) problems.push({ ...base, message: `the file for "${c.doc}" must be named ${c.doc}.yaml` });
      covered.add(c.doc);
    }
    for (const [doc, source] of seeds.sources)
      if (source.kind === 'seed-document' && !covered.has(doc))
        problems.push({ file: where(`${doc}.yaml`), message: `seed document "${doc}" has no claims checklist`, rule: this.name });
    return problems;
  },
};

/** Sections are the document's registered ones, each of them has claims, and citedAs names one too. */
export const claimsSections: ClaimsRule = {
  name: 'claims-sections',
  description: 'A checklist lists claims for every section the document registers, and names no other section.',
  check(claims, seeds) {
    const problems: SeedProblem[] = [];
    for (const [file, c] of claims) {
      const registered = seeds.sources.get(c.doc)?.sections;
      if (!registered) continue; // claims-documents reports it
      for (const section of Object.keys(c.sections))
        if (!registered.includes(section))
          problems.push({
            file: where(file),
            path: `sections.${section}`,
            message: `"${c.doc}" has no section "${section}" (it lists: ${registered.join(', ')})`,
            rule: this.name,
          });
      for (const section of registered)
        if (!(section in c.sections))
          problems.push({ file: where(file), path: 'sections', message: `section "${section}" of "${c.doc}" has no claims`, rule: this.name });
      c.unsectioned.forEach((u, i) => {
        if (u.citedAs !== undefined && !registered.includes(u.citedAs))
          problems.push({
            file: where(file),
            record: u.id,
            path: `unsectioned.${i}.citedAs`,
            message: `"${c.doc}" has no section "${u.citedAs}"`,
            rule: this.name,
          });
      });
    }
    return problems;
  },
};

/** Claim ids are unique within a document. */
export const claimsUniqueIds: ClaimsRule = {
  name: 'claims-unique-ids',
  description: 'Claim ids are unique within a checklist.',
  check(claims) {
    const problems: SeedProblem[] = [];
    for (const [file, c] of claims) {
      const seen = new Set<string>();
      for (const { claim: x, path } of claimsOf(c)) {
        if (seen.has(x.id)) problems.push({ file: where(file), record: x.id, path, message: `claim id "${x.id}" is used twice`, rule: this.name });
        seen.add(x.id);
      }
    }
    return problems;
  },
};

/** The lint for dangling references: every record a claim names exists. */
export const claimsReferencesResolve: ClaimsRule = {
  name: 'claims-references-resolve',
  description: 'Every record a claim names exists in the seed file it points into.',
  check(claims, seeds) {
    const problems: SeedProblem[] = [];
    for (const [file, c] of claims)
      for (const { claim: x, path } of claimsOf(c))
        (x.records ?? []).forEach((ref, i) => {
          const r = resolveRef(ref, seeds);
          if ('error' in r) problems.push({ file: where(file), record: x.id, path: `${path}.records.${i}`, message: r.error, rule: this.name });
        });
    return problems;
  },
};

/** A record carries a claim of section S of document D only if it cites D at S. */
export const claimsCiteSection: ClaimsRule = {
  name: 'claims-cite-section',
  description: 'Every record named under a section of a document cites that document and section in its sources.',
  check(claims, seeds) {
    const problems: SeedProblem[] = [];
    for (const [file, c] of claims)
      for (const { claim: x, section, path } of claimsOf(c)) {
        if (section === undefined) continue;
        (x.records ?? []).forEach((ref, i) => {
          const r = resolveRef(ref, seeds);
          if ('error' in r) return; // claims-references-resolve reports it
          if (!citesSection(r.record, c.doc, section))
            problems.push({
              file: where(file),
              record: x.id,
              path: `${path}.records.${i}`,
              message: `${ref} does not cite {doc: ${c.doc}, section: ${section}}`,
              rule: this.name,
            });
        });
      }
    return problems;
  },
};

// ---------------------------------------------------------------------------------------------
// claims-scope-matches: a scoped record neither narrows nor widens the claims it carries.

/** A half-open interval of ordered keys, from <= x < before; a missing end is open. */
interface Interval {
  from?: string;
  before?: string;
}

/** Where a fact holds on one dimension: a set of slugs, or a union of intervals. Undefined: not restricted. */
type Region = { kind: 'set'; values: ReadonlySet<string> } | { kind: 'range'; intervals: Interval[] };

/** How one range dimension orders and prints its keys. */
interface RangeOrder {
  compare(a: string, b: string): number;
  show(i: Interval): string;
}

/** Builds ("17763", "17763.379") and Kubernetes minors (kept as "20" for 1.20) compare part by part as numbers. */
function compareNumbered(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number)) as [number[], number[]];
  return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0);
}
const BUILD_ORDER: RangeOrder = { compare: compareNumbered, show: (i) => showInterval(i.from, i.before) };
/** A bound given as a month (YYYY-MM) starts on the month's first day. */
const day = (d: string) => (d.length === 7 ? `${d}-01` : d);
const DATE_ORDER: RangeOrder = {
  compare: (a, b) => (day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : 0),
  show: (i) => showInterval(i.from, i.before),
};
const PLUGIN_VERSION_ORDER: RangeOrder = { compare: comparePluginVersions, show: (i) => showInterval(i.from, i.before) };
/** Kubernetes minors are kept as the minor number over the half-open [min, max + 1) and shown as {min, max}. */
const KUBERNETES_ORDER: RangeOrder = {
  compare: compareNumbered,
  show: (i) => {
    const parts = [i.from && `min: 1.${i.from}`, i.before && `max: 1.${Number(i.before) - 1}`].filter(Boolean);
    return `{${parts.join(', ')}}`;
  },
};
function showInterval(from: string | undefined, before: string | undefined): string {
  const parts = [from && `from: ${from}`, before && `before: ${before}`].filter(Boolean);
  return `{${parts.join(', ')}}`;
}

const RANGE_ORDERS: Partial<Record<ScopeDimension, RangeOrder>> = {
  windowsBuilds: BUILD_ORDER,
  kubernetes: KUBERNETES_ORDER,
  dates: DATE_ORDER,
  pluginVersions: PLUGIN_VERSION_ORDER,
};

/** Lower ends: a missing one is the smallest. */
function compareFrom(o: RangeOrder, a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 0 : 1) - (b === undefined ? 0 : 1);
  return o.compare(a, b);
}
/** Upper ends: a missing one is the largest. */
function compareBefore(o: RangeOrder, a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
  return o.compare(a, b);
}
const isEmpty = (o: RangeOrder, i: Interval) => i.from !== undefined && i.before !== undefined && o.compare(i.from, i.before) >= 0;

/** Sorted, without empty intervals, with overlapping or touching ones merged. */
function normalize(o: RangeOrder, intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => !isEmpty(o, i)).sort((a, b) => compareFrom(o, a.from, b.from));
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && (last.before === undefined || (i.from !== undefined && o.compare(i.from, last.before) <= 0))) {
      if (compareBefore(o, i.before, last.before) > 0) last.before = i.before;
    } else out.push({ ...i });
  }
  return out;
}

function intersect(o: RangeOrder, a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a)
    for (const y of b)
      out.push({
        from: compareFrom(o, x.from, y.from) >= 0 ? x.from : y.from,
        before: compareBefore(o, x.before, y.before) <= 0 ? x.before : y.before,
      });
  return normalize(o, out);
}

/** Whether every point of inner lies in outer; undefined regions are unrestricted. */
function regionCovers(dimension: ScopeDimension, outer: Region | undefined, inner: Region | undefined): boolean {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  if (outer.kind === 'set' && inner.kind === 'set') return [...inner.values].every((v) => outer.values.has(v));
  if (outer.kind === 'range' && inner.kind === 'range') {
    const o = RANGE_ORDERS[dimension]!;
    const merged = normalize(o, outer.intervals);
    return normalize(o, inner.intervals).every((i) => merged.some((m) => compareFrom(o, m.from, i.from) <= 0 && compareBefore(o, i.before, m.before) <= 0));
  }
  return false;
}

/** The union of regions; unrestricted as soon as one of them is. */
function regionUnion(dimension: ScopeDimension, regions: readonly (Region | undefined)[]): Region | undefined {
  if (regions.length === 0 || regions.some((r) => r === undefined)) return undefined;
  const rs = regions as Region[];
  if (rs.every((r) => r.kind === 'set')) return { kind: 'set', values: new Set(rs.flatMap((r) => [...r.values])) };
  return {
    kind: 'range',
    intervals: normalize(
      RANGE_ORDERS[dimension]!,
      rs.flatMap((r) => (r.kind === 'range' ? r.intervals : [])),
    ),
  };
}

function showRegion(dimension: ScopeDimension, r: Region | undefined): string {
  if (r === undefined) return 'unrestricted';
  if (r.kind === 'set') return `[${[...r.values].join(', ')}]`;
  const o = RANGE_ORDERS[dimension]!;
  return normalize(o, r.intervals)
    .map((i) => o.show(i))
    .join(' or ');
}

/** Kubernetes {min, max} (inclusive) as the half-open [min, max + 1). */
const kubernetesInterval = (r: { min?: string; max?: string }): Interval => ({
  from: r.min === undefined ? undefined : String(parseKubernetesMinor(r.min)),
  before: r.max === undefined ? undefined : String(parseKubernetesMinor(r.max) + 1),
});

/** One record scope (appliesTo or requires) on one dimension. */
function scopeRegion(scope: Record<string, unknown> | undefined, dimension: ScopeDimension): Region | undefined {
  const value = scope?.[dimension];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return { kind: 'set', values: new Set(value as string[]) };
  if (dimension === 'kubernetes') return { kind: 'range', intervals: [kubernetesInterval(value as { min?: string; max?: string })] };
  const { from, before } = value as Interval;
  return { kind: 'range', intervals: [{ from, before }] };
}

/** The record kinds whose scope is checked, with the scopes that say where they hold. */
const SCOPED_FILES: Partial<Record<string, 'limitations' | 'featureDefaults'>> = { limitations: 'limitations', 'feature-defaults': 'featureDefaults' };

interface ScopedRecord {
  ref: string;
  file: string;
  slug: string;
  appliesTo: Record<string, unknown>;
  requires?: Record<string, unknown>;
  scopeSources: Partial<Record<ScopeDimension, unknown>>;
}

function scopedRecord(ref: string, seeds: SeedSet): ScopedRecord | undefined {
  const m = RECORD_REF_PATTERN.exec(ref);
  const key = m ? SCOPED_FILES[m[1]!] : undefined;
  if (!m || !key) return undefined;
  const r = seeds[key].get(m[2]!) as { appliesTo: Record<string, unknown>; requires?: Record<string, unknown>; scopeSources?: object } | undefined;
  if (!r) return undefined; // claims-references-resolve reports it
  return { ref, file: SEED_FILES[key].file, slug: m[2]!, appliesTo: r.appliesTo, requires: r.requires, scopeSources: r.scopeSources ?? {} };
}

/**
 * Where a record holds on one dimension: its appliesTo, or else its requires (a limitation about
 * something that works only somewhere, like L2tunnel only on Azure, is about that somewhere).
 * When both give the dimension, requires carves the exceptions out of appliesTo's region.
 */
function recordRegion(r: ScopedRecord, dimension: ScopeDimension): { region: Region | undefined; path: string } {
  if (r.appliesTo[dimension] !== undefined) return { region: scopeRegion(r.appliesTo, dimension), path: `appliesTo.${dimension}` };
  if (r.requires?.[dimension] !== undefined) return { region: scopeRegion(r.requires, dimension), path: `requires.${dimension}` };
  return { region: undefined, path: 'appliesTo' };
}

/** A claim's scope per dimension; releases become the build ranges [build, build + 1). */
function claimRegions(scope: ClaimScope, seeds: SeedSet): Map<ScopeDimension, Region | undefined> {
  const regions = new Map<ScopeDimension, Region | undefined>();
  for (const d of SCOPE_DIMENSIONS) regions.set(d, scopeRegion(scope, d));
  if (scope.releases) {
    const releases: Interval[] = scope.releases.flatMap((slug) => {
      const v = seeds.windowsVersions.get(slug);
      if (!v) return []; // reported by the rule
      const build = Number(String(v.build).split('.')[0]);
      return [{ from: String(build), before: String(build + 1) }];
    });
    const builds = regions.get('windowsBuilds');
    regions.set('windowsBuilds', {
      kind: 'range',
      intervals: builds?.kind === 'range' ? intersect(BUILD_ORDER, releases, builds.intervals) : normalize(BUILD_ORDER, releases),
    });
  }
  return regions;
}

/** Slug lists in a claim scope must name existing records. */
const SCOPE_SLUG_FILES = { releases: 'windowsVersions', environments: 'environments', plugins: 'cniPlugins', modes: 'networkModes' } as const;

interface ScopedClaim {
  label: string;
  file: string;
  path: string;
  regions: Map<ScopeDimension, Region | undefined>;
  records: ScopedRecord[];
}

/**
 * Every scoped record (a limitation, with appliesTo and requires together; a feature default)
 * against the scopes of the claims that name it, dimension by dimension (SCOPE_DIMENSIONS):
 *
 * - widened: the record holds somewhere that none of its claims does. When every claim restricts
 *   the dimension, the record must stay inside their union; a record that also carries a claim
 *   open on the dimension is not wider than its claims.
 * - narrowed: some claim holds somewhere that the records it names leave out (a claim naming
 *   several records is covered by them together), and the record has no scopeSources entry for the
 *   dimension citing the source that narrows it.
 */
export const claimsScopeMatches: ClaimsRule = {
  name: 'claims-scope-matches',
  description:
    'Every limitation and feature default holds exactly where the claims naming it hold, dimension by dimension: no wider than their scopes, and no narrower unless scopeSources cites the source that narrows it.',
  check(claims, seeds) {
    const problems: SeedProblem[] = [];
    const byRecord = new Map<string, { record: ScopedRecord; claims: ScopedClaim[] }>();
    for (const [file, c] of claims)
      for (const { claim: x, path } of claimsOf(c)) {
        if (x.scope === undefined || x.records === undefined) continue;
        let valid = true;
        for (const field of Object.keys(SCOPE_SLUG_FILES) as (keyof typeof SCOPE_SLUG_FILES)[]) {
          const key = SCOPE_SLUG_FILES[field];
          const known: ReadonlyMap<string, unknown> = seeds[key];
          (x.scope[field] ?? []).forEach((slug, i) => {
            if (known.has(slug)) return;
            valid = false;
            problems.push({
              file: where(file),
              record: x.id,
              path: `${path}.scope.${field}.${i}`,
              message: `"${slug}" is not in ${SEED_FILES[key].file}`,
              rule: this.name,
            });
          });
        }
        if (!valid) continue;
        const records = x.records.flatMap((ref) => scopedRecord(ref, seeds) ?? []);
        const claim: ScopedClaim = { label: `${x.id} (${c.doc})`, file, path, regions: claimRegions(x.scope, seeds), records };
        for (const r of records) {
          const entry = byRecord.get(r.ref) ?? { record: r, claims: [] };
          entry.claims.push(claim);
          byRecord.set(r.ref, entry);
        }
      }
    for (const { record: r, claims: carried } of byRecord.values())
      for (const d of SCOPE_DIMENSIONS) {
        const { region, path } = recordRegion(r, d);
        const base = { file: r.file, record: r.slug, path, rule: this.name };
        const holds = region === undefined ? `does not restrict ${d}` : `restricts ${d} to ${showRegion(d, region)}`;
        const union = regionUnion(
          d,
          carried.map((c) => c.regions.get(d)),
        );
        if (union !== undefined && !regionCovers(d, union, region))
          problems.push({
            ...base,
            message: `WIDENED: ${r.ref} ${holds}, but its claims ${carried.map((c) => c.label).join(', ')} limit it to ${showRegion(d, union)}`,
          });
        if (region === undefined || r.scopeSources[d] !== undefined) continue;
        const uncovered = carried.flatMap((c) => {
          const stated = c.regions.get(d);
          const together = regionUnion(
            d,
            c.records.map((other) => recordRegion(other, d).region),
          );
          if (regionCovers(d, together, stated)) return [];
          const states = stated === undefined ? `does not restrict ${d}` : `states it for ${showRegion(d, stated)}`;
          const others = c.records.filter((o) => o.ref !== r.ref).map((o) => o.ref);
          return [`claim ${c.label} ${states}${others.length > 0 ? ` (with ${others.join(', ')} it names: ${showRegion(d, together)})` : ''}`];
        });
        if (uncovered.length > 0)
          problems.push({
            ...base,
            message: `NARROWED: ${r.ref} ${holds}, but ${uncovered.join('; ')}. Widen the record, or cite the source that narrows it under scopeSources.${d}`,
          });
      }
    return problems;
  },
};

export const CLAIMS_RULES: readonly ClaimsRule[] = [
  claimsDocuments,
  claimsSections,
  claimsUniqueIds,
  claimsReferencesResolve,
  claimsCiteSection,
  claimsScopeMatches,
];

export function checkClaims(claims: ClaimsSet, seeds: SeedSet): SeedProblem[] {
  return CLAIMS_RULES.flatMap((rule) => rule.check(claims, seeds));
}

// ---------------------------------------------------------------------------------------------
// Coverage figures for `npm run seeds:coverage` and the claims table of docs/curating.md.

export type ClaimStatus = 'covered' | 'out-of-scope' | 'not-covered';

export interface ClaimCoverage {
  id: string;
  claim: string;
  status: ClaimStatus;
  records: string[];
  /** Why it is out of scope, or what keeps it from being covered. */
  reason?: string;
}

export interface SectionCoverage {
  /** The registered section, or "(lead)" / "(trailer)" for text outside them. */
  section: string;
  claims: ClaimCoverage[];
}

export interface DocumentCoverage {
  doc: string;
  file: string;
  sections: SectionCoverage[];
}

export interface Totals {
  claims: number;
  covered: number;
  outOfScope: number;
  notCovered: number;
}

/**
 * A claim is covered when it names records that all exist and all cite its document and section.
 * Documents come in sources.yaml order, claims in page order.
 */
export function coverage(claims: ClaimsSet, seeds: SeedSet): DocumentCoverage[] {
  const order = [...seeds.sources.keys()];
  const rank = (doc: string) => (order.includes(doc) ? order.indexOf(doc) : order.length);
  const files = [...claims].sort(([, a], [, b]) => rank(a.doc) - rank(b.doc));
  return files.map(([file, c]) => {
    const bySection = new Map<string, ClaimCoverage[]>();
    for (const { claim: x, section, listedUnder } of claimsOf(c)) {
      let status: ClaimStatus = 'covered';
      let reason: string | undefined;
      if (x.outOfScope !== undefined) {
        status = 'out-of-scope';
        reason = x.outOfScope;
      } else {
        const faults = (x.records ?? []).flatMap((ref) => {
          const r = resolveRef(ref, seeds);
          if ('error' in r) return [r.error];
          return section !== undefined && citesSection(r.record, c.doc, section) ? [] : [`${ref} does not cite ${c.doc}#${section}`];
        });
        if (faults.length > 0) {
          status = 'not-covered';
          reason = faults.join('; ');
        }
      }
      const list = bySection.get(listedUnder) ?? [];
      list.push({ id: x.id, claim: x.claim, status, records: x.records ?? [], ...(reason ? { reason } : {}) });
      bySection.set(listedUnder, list);
    }
    return { doc: c.doc, file, sections: [...bySection].map(([section, list]) => ({ section, claims: list })) };
  });
}

export function totals(claims: readonly ClaimCoverage[]): Totals {
  return {
    claims: claims.length,
    covered: claims.filter((c) => c.status === 'covered').length,
    outOfScope: claims.filter((c) => c.status === 'out-of-scope').length,
    notCovered: claims.filter((c) => c.status === 'not-covered').length,
  };
}
