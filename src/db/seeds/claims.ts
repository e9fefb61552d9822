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
import { CHANNELS, PLATFORMS } from '../../domain/vocabulary.js';
import { buildRange, dateRange, kubernetesRange, pluginVersionRange, SEED_FILES, slug, type SeedKey, type SeedSet } from './schema.js';

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

export const CLAIMS_RULES: readonly ClaimsRule[] = [claimsDocuments, claimsSections, claimsUniqueIds, claimsReferencesResolve, claimsCiteSection];

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
