/**
 * Full-text search: an SQLite FTS5 table built by `db:build`, and the query against it.
 *
 * Why the build step and not a migration: drizzle-kit does not model virtual tables, so a
 * migration would have to be written by hand beside generated ones, and the table's content is
 * derived at build time anyway (from the seeds and from the domain's finding codes). Creating the
 * table where it is filled keeps its layout and its content in this one file; the database is
 * rebuilt, never migrated in place, and `openDatabase` refuses a file without the table.
 *
 * One row per node, one indexed column per kind of field, so that every word of a query may
 * match in a different field of the same node and bm25 can weigh the fields (SEARCH_FIELDS): names
 * (titles, glossary terms, instance-type names) first, then expansions, finding codes, flag and
 * annotation keys with their values, version labels, then descriptions and workarounds, then
 * notes. The unindexed columns say which node it is (a Node type and its slug, as in global ids).
 *
 * Finding codes are not rows of any table; every code of the registry (src/domain/finding-codes.ts),
 * the engine's and the scan's, is indexed as a FindingCodeInfo node (the code and the text the
 * finding-code tables of docs/api.md show), which `node(id:)` resolves from the same registry.
 *
 * The tokenizer is unicode61, which splits on every character that is not a letter or digit:
 * `--enable-dsr=true` is indexed as `enable dsr true`, so `--enable-dsr` and `enable-dsr`
 * (phrases of the same tokens) both find it. camelCase words are indexed both whole and split
 * (`sessionAffinity` also as `session affinity`), so `sessionAff` finds them as a prefix.
 */
import type Database from 'better-sqlite3';
import { ALL_FINDING_CODES } from '../domain/finding-codes.js';

export const SEARCH_TABLE = 'search_index';

/** The searchable fields, in column order, with their bm25 weights (the most telling first). */
export const SEARCH_FIELDS = [
  ['name', 10],
  ['expansion', 8],
  ['code', 8],
  ['key', 6],
  ['version', 6],
  ['description', 2],
  ['workaround', 2],
  ['notes', 1],
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number][0];

/** `sessionAffinity` -> `session Affinity`, `WinDSR` -> `Win DSR`, `HNSNetwork` -> `HNS Network`; `IPv6` and `20H2` stay whole. */
export const splitCamel = (word: string) => word.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2');

/** Words written in camelCase (`sessionAffinity`, `WinDSR`) followed by their parts, so prefixes of either match. */
export function withCamelSplit(text: string): string {
  const parts = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const split = parts.map(splitCamel).filter((w, i) => w !== parts[i]);
  return split.length === 0 ? text : `${text} (${split.join(', ')})`;
}

/** Node type of an owner key (owners.ts) whose notes and settings are searched, or undefined. */
const OWNER_NODES: Record<string, string> = {
  'windows-version': 'WindowsVersion',
  'network-mode': 'NetworkMode',
  'cni-plugin': 'CniPlugin',
  feature: 'Feature',
  limitation: 'Limitation',
  'limitation-workaround': 'Limitation',
  'ipam-option': 'IpamOption',
  'service-type': 'ServiceType',
  environment: 'Environment',
};

/** Creates and fills the search table, inside the build's transaction (after the seeds are loaded). */
export function buildSearchIndex(sqlite: Database.Database): void {
  const columns = SEARCH_FIELDS.map(([field]) => field);
  sqlite.exec(
    `CREATE VIRTUAL TABLE ${SEARCH_TABLE} USING fts5(kind UNINDEXED, slug UNINDEXED, ${columns.join(', ')}, tokenize = 'unicode61 remove_diacritics 2')`,
  );
  const nodes = new Map<string, { kind: string; slug: string; fields: Map<SearchField, string[]> }>();
  const add = (kind: string, slug: string, field: SearchField, text: string | null | undefined) => {
    if (!text) return;
    const key = `${kind}:${slug}`;
    let node = nodes.get(key);
    if (!node) nodes.set(key, (node = { kind, slug, fields: new Map() }));
    const texts = node.fields.get(field);
    const value = field === 'name' || field === 'key' || field === 'code' ? withCamelSplit(text) : text;
    if (texts) texts.push(value);
    else node.fields.set(field, [value]);
  };
  const rows = <T>(sql: string) => sqlite.prepare(sql).all() as T[];

  for (const r of rows<{ slug: string; name: string; version: string; build: number }>('SELECT slug, name, version, build FROM windows_versions')) {
    add('WindowsVersion', r.slug, 'name', r.name);
    add('WindowsVersion', r.slug, 'version', `${r.version} ${r.build}`);
  }
  for (const r of rows<{ slug: string; name: string; description: string; packet_modifications: string }>(
    'SELECT slug, name, description, packet_modifications FROM network_modes',
  )) {
    add('NetworkMode', r.slug, 'name', r.name);
    add('NetworkMode', r.slug, 'description', r.description);
    add('NetworkMode', r.slug, 'notes', r.packet_modifications);
  }
  for (const r of rows<{ slug: string; name: string; description: string; network_policy_note: string | null; only_in_note: string | null }>(
    'SELECT slug, name, description, network_policy_note, only_in_note FROM cni_plugins',
  )) {
    add('CniPlugin', r.slug, 'name', r.slug === r.name ? r.name : `${r.name} (${r.slug})`);
    add('CniPlugin', r.slug, 'description', r.description);
    add('CniPlugin', r.slug, 'notes', r.network_policy_note);
    add('CniPlugin', r.slug, 'notes', r.only_in_note);
  }
  for (const r of rows<{ slug: string; name: string; description: string; enablement_note: string | null }>(
    'SELECT slug, name, description, enablement_note FROM features',
  )) {
    add('Feature', r.slug, 'name', r.name);
    add('Feature', r.slug, 'description', r.description);
    add('Feature', r.slug, 'notes', r.enablement_note);
  }
  for (const r of rows<{ slug: string; title: string; description: string; workaround: string | null; revision_note: string | null }>(
    'SELECT slug, title, description, workaround, revision_note FROM limitations',
  )) {
    add('Limitation', r.slug, 'name', r.title);
    add('Limitation', r.slug, 'description', r.description);
    add('Limitation', r.slug, 'workaround', r.workaround);
    add('Limitation', r.slug, 'notes', r.revision_note);
  }
  for (const [table, kind] of [
    ['ipam_options', 'IpamOption'],
    ['service_types', 'ServiceType'],
    ['environments', 'Environment'],
  ] as const) {
    for (const r of rows<{ slug: string; name: string; description: string }>(`SELECT slug, name, description FROM ${table}`)) {
      add(kind, r.slug, 'name', r.name);
      add(kind, r.slug, 'description', r.description);
    }
  }
  for (const r of rows<{ slug: string; title: string }>('SELECT slug, title FROM source_documents')) add('SourceDocument', r.slug, 'name', r.title);
  for (const r of rows<{ slug: string; term: string; expansion: string | null; definition: string }>(
    'SELECT slug, term, expansion, definition FROM glossary_terms',
  )) {
    add('GlossaryTerm', r.slug, 'name', r.term);
    add('GlossaryTerm', r.slug, 'expansion', r.expansion);
    add('GlossaryTerm', r.slug, 'description', r.definition);
  }
  for (const r of rows<{ name: string }>('SELECT name FROM instance_types')) add('InstanceType', r.name, 'name', r.name);
  for (const [code, description] of Object.entries(ALL_FINDING_CODES)) {
    add('FindingCodeInfo', code, 'code', code);
    add('FindingCodeInfo', code, 'description', description);
  }
  // Notes and settings belong to an owner; a match in them is a match on the owning node.
  const ownerNode = (key: string) => {
    const colon = key.indexOf(':');
    const kind = OWNER_NODES[key.slice(0, colon)];
    return kind ? { kind, slug: key.slice(colon + 1) } : undefined;
  };
  for (const r of rows<{ owner: string; text: string }>('SELECT owner, text FROM notes ORDER BY owner, ordinal')) {
    const node = ownerNode(r.owner);
    if (node) add(node.kind, node.slug, 'notes', r.text);
  }
  for (const r of rows<{ owner: string; key: string; value: string; note: string | null }>(
    'SELECT owner, key, value, note FROM settings ORDER BY owner, ordinal',
  )) {
    const node = ownerNode(r.owner);
    if (!node) continue;
    add(node.kind, node.slug, 'key', `${r.key}=${r.value}`);
    add(node.kind, node.slug, 'notes', r.note);
  }
  const insert = sqlite.prepare(`INSERT INTO ${SEARCH_TABLE} (kind, slug, ${columns.join(', ')}) VALUES (${['?', '?', ...columns.map(() => '?')].join(', ')})`);
  for (const { kind, slug, fields } of nodes.values()) insert.run(kind, slug, ...columns.map((c) => fields.get(c)?.join(' · ') ?? null));
  // Merges the index's segments once: the file is read-only from here on.
  sqlite.exec(`INSERT INTO ${SEARCH_TABLE}(${SEARCH_TABLE}) VALUES ('optimize')`);
}

/** A user's query as an FTS5 expression, or null when it has no words. */
export interface FtsQuery {
  expression: string;
  /** True when the user wrote FTS5 syntax, which is passed on as written. */
  raw: boolean;
}

/** FTS5 syntax a user may write on purpose: quotes, groups, prefixes, boosts, column filters, operators. */
const FTS_SYNTAX = /["()*^:{}]|\b(AND|OR|NOT|NEAR)\b/;

/**
 * Translates what a user types into a safe FTS5 expression. Each word becomes a phrase of its
 * tokens (split as the tokenizer splits: on anything but letters and digits, after leading
 * dashes), the last token a prefix: `--enable-dsr` -> `"enable dsr"*`, `dsr` -> `"dsr"*`. A
 * camelCase word may also match split: `sessionAff` -> `("sessionaff"* OR "session aff"*)`.
 * Words must all match. A query in FTS5 syntax is passed on as written (and refused as
 * BAD_USER_INPUT by the caller when SQLite cannot parse it).
 */
export function toFtsQuery(input: string): FtsQuery | null {
  const text = input.trim();
  if (text === '') return null;
  if (FTS_SYNTAX.test(text)) return { expression: text, raw: true };
  const tokensOf = (word: string) =>
    word
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const phrase = (tokens: string[]) => `"${tokens.join(' ')}"*`;
  const terms: string[] = [];
  for (const word of text.split(/\s+/)) {
    const whole = tokensOf(word);
    if (whole.length === 0) continue;
    const split = tokensOf(splitCamel(word));
    terms.push(split.join(' ') === whole.join(' ') ? phrase(whole) : `(${phrase(whole)} OR ${phrase(split)})`);
  }
  return terms.length === 0 ? null : { expression: terms.join(' AND '), raw: false };
}

/** Marks around matched tokens inside SQLite; replaced by ** in answers (they cannot occur in the data). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** How many candidates (by FTS5's own bm25) are ranked again per field. */
const CANDIDATES = 400;

/**
 * The nodes that match (every word, in any field), each field highlighted. FTS5's bm25
 * normalises by the length of the whole row, which would rank a glossary term with a long
 * definition below a document title that merely mentions the word; so the candidates are
 * ranked again per field (below), and bm25 only picks them.
 */
const HIGHLIGHTS = SEARCH_FIELDS.map((_, i) => `highlight(${SEARCH_TABLE}, ${i + 2}, '${MATCH_START}', '${MATCH_END}') AS h${i}`).join(', ');
const CANDIDATES_SQL = `SELECT kind, slug, ${HIGHLIGHTS}
FROM ${SEARCH_TABLE} WHERE ${SEARCH_TABLE} MATCH ? ORDER BY rank LIMIT ${CANDIDATES}`;

/** Up to `words` words of highlighted text around its first match, cut with an ellipsis, marks as **. */
export function snippetOf(highlighted: string, words = 16): string {
  const all = highlighted.split(/\s+/);
  let text = highlighted;
  if (all.length > words) {
    const at = Math.max(
      0,
      all.findIndex((w) => w.includes(MATCH_START)),
    );
    const start = Math.max(0, Math.min(at - 4, all.length - words));
    text = all.slice(start, start + words).join(' ');
    // A phrase highlighted across the cut keeps both of its marks.
    const opens = text.split(MATCH_START).length - 1;
    const closes = text.split(MATCH_END).length - 1;
    if (closes > opens) text = MATCH_START + text;
    if (opens > closes) text += MATCH_END;
    text = `${start > 0 ? '…' : ''}${text}${start + words < all.length ? '…' : ''}`;
  }
  return text.replaceAll(MATCH_START, '**').replaceAll(MATCH_END, '**');
}

export interface SearchResult {
  kind: string;
  slug: string;
  field: SearchField;
  /** The best field's text around the match, each matched token between ** marks. */
  snippet: string;
  /** BM25F-style: per field, weight x saturated match count normalised by the field's length; higher is better. */
  score: number;
}

const tokenCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

interface Statements {
  candidates: Database.Statement;
  /** Mean token count of each field where present. */
  averages: number[];
}
const statementsBySqlite = new WeakMap<Database.Database, Statements>();

function statementsOf(sqlite: Database.Database): Statements {
  let statements = statementsBySqlite.get(sqlite);
  if (!statements) {
    const totals = SEARCH_FIELDS.map(() => ({ tokens: 0, rows: 0 }));
    for (const row of sqlite
      .prepare(`SELECT ${SEARCH_FIELDS.map(([f]) => f).join(', ')} FROM ${SEARCH_TABLE}`)
      .raw()
      .all() as (string | null)[][])
      row.forEach((text, i) => {
        if (text) {
          totals[i]!.tokens += tokenCount(text);
          totals[i]!.rows++;
        }
      });
    statements = {
      candidates: sqlite.prepare(CANDIDATES_SQL),
      averages: totals.map((t) => (t.rows === 0 ? 1 : t.tokens / t.rows)),
    };
    statementsBySqlite.set(sqlite, statements);
  }
  return statements;
}

/**
 * Runs a search. Throws SQLite's own error (code SQLITE_ERROR) when the FTS5 expression cannot
 * be parsed; the caller turns that into BAD_USER_INPUT.
 */
export function search(sqlite: Database.Database, query: FtsQuery, first: number): SearchResult[] {
  const { candidates, averages } = statementsOf(sqlite);
  const rows = candidates.all(query.expression) as ({ kind: string; slug: string } & Record<string, string | null>)[];
  const k1 = 1.2;
  const b = 0.75;
  const scored = rows.map((row, order) => {
    let score = 0;
    let best = { field: 0, contribution: -1 };
    SEARCH_FIELDS.forEach(([, weight], i) => {
      const text = row[`h${i}`];
      if (!text) return;
      const matches = text.split(MATCH_START).length - 1;
      if (matches === 0) return;
      const length = tokenCount(text);
      const contribution = (weight * (matches * (k1 + 1))) / (matches + k1 * (1 - b + (b * length) / averages[i]!));
      score += contribution;
      if (contribution > best.contribution) best = { field: i, contribution };
    });
    return { row, score, field: best.field, order };
  });
  // Ties keep FTS5's order.
  scored.sort((x, y) => y.score - x.score || x.order - y.order);
  return scored.slice(0, first).map(({ row, score, field }) => ({
    kind: row.kind,
    slug: row.slug,
    field: SEARCH_FIELDS[field]![0],
    snippet: snippetOf(row[`h${field}`] ?? ''),
    score: Math.round(score * 1e4) / 1e4,
  }));
}
