/**
 * The README and the guides in docs/ say what the code does: the README's example answers are
 * real, the code tables repeat the code's own texts, every variable and npm script is documented,
 * and every relative link resolves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { LINT_RULES } from '../src/seeds/lint/index.js';
import { FINDING_CODE_REGISTRY, findingCodeAnchor } from '../src/domain/finding-codes.js';
import { ERROR_CODES } from '../src/graphql/errors.js';
import { DEFAULT_LIMITS, LIMIT_VARIABLES, type Limits } from '../src/server/limits.js';
import { withCodeTables } from '../tools/finding-code-docs.js';
import { formatAnswer, README_PATH, readmeExamples } from '../tools/readme-examples.js';
import { startApp, type RunningApp } from './support/fixtures.js';

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');
const readme = readFileSync(README_PATH, 'utf8');
const DOCS = readdirSync(join(PROJECT_ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const MARKDOWN = ['README.md', ...DOCS];
const api = read('docs/api.md');
const operations = read('docs/operations.md');
const curating = read('docs/curating.md');
/** A table row `| `code` | text |`, with the pipes a Markdown table cell needs escaped. */
const row = (code: string, text: string) => `| \`${code}\` | ${text.replace(/\|/g, '\\|')} |`;

describe('README', () => {
  it('shows the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('links to every guide, BENCHMARKS.md and CHANGELOG.md', () => {
    for (const target of [...DOCS, 'BENCHMARKS.md', 'CHANGELOG.md']) expect(readme).toContain(`](${target})`);
  });

  describe('examples: the output shown is what the service answers', () => {
    const examples = readmeExamples(readme);
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(() => app?.close());

    it('has four: a verdict, a "may apply" answer with the horizon, capacity and a provenance lookup', () => {
      expect(examples).toHaveLength(4);
    });

    it.each(examples.map((e) => [e.line, e] as const))('README.md:%i', async (_line, example) => {
      const { status, body } = await app.graphql(example.query);
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      // On a change: check the new answer, then `npx tsx tools/readme-examples.ts --write`.
      expect(example.output).toBe(formatAnswer(body));
    });
  });
});

describe('docs/api.md', () => {
  it('shows the finding-code tables the registry gives', () => {
    // One home for each code (src/domain/finding-codes.ts); on a change: `npx tsx tools/finding-code-docs.ts --write`.
    expect(api).toBe(withCodeTables(api));
  });

  // The docs' own tables, between the generator's markers.
  const docTable = (table: string) => api.slice(api.indexOf(`<!-- finding-codes:${table}:begin -->`), api.indexOf(`<!-- finding-codes:${table}:end -->`));

  it.each(Object.entries(FINDING_CODE_REGISTRY))('lists finding code %s in the table of its kind, with its severities and meaning', (code, entry) => {
    // Each code's cell carries the anchor SARIF's helpUri links to.
    expect(docTable(entry.scanOnly ? 'scan' : 'engine')).toContain(
      `| <a id="${findingCodeAnchor(code)}"></a>\`${code}\` | ${entry.severities.join(', ')} | ${entry.description.replace(/\|/g, '\\|')} |`,
    );
    expect(docTable(entry.scanOnly ? 'engine' : 'scan')).not.toContain(`\`${code}\``);
  });

  it.each(Object.keys(ERROR_CODES))('documents error code %s', (code) => {
    expect(api).toContain(`| \`${code}\` |`);
  });
});

describe('docs/operations.md', () => {
  // The variables config.ts reads, taken from its source so a new one cannot be missed.
  const configSource = read('src/server/config.ts');
  const configVariables = [
    ...new Set([...configSource.matchAll(/env\.([A-Z][A-Z_]+)/g), ...configSource.matchAll(/readBoolean\(env, '([A-Z_]+)'/g)].map((m) => m[1]!)),
  ];

  it('finds the variables config.ts reads', () => {
    expect(configVariables).toEqual(expect.arrayContaining(['PORT', 'HOST', 'DATABASE_PATH', 'LOG_LEVEL', 'CORS_ORIGINS', 'INTROSPECTION', 'CSRF_PREVENTION']));
  });

  it.each(configVariables)('documents %s in the configuration table', (variable) => {
    expect(operations).toContain(`| \`${variable}\` |`);
  });

  it.each(Object.entries(LIMIT_VARIABLES) as [keyof Limits, string][])('documents the limit %s: its variable and default in one row', (key, variable) => {
    const rows = operations.split('\n').filter((l) => l.startsWith('|') && l.includes(`\`${variable}\``));
    const withDefault = new RegExp(`\\| ${DEFAULT_LIMITS[key]}( [a-z]+)? \\|`);
    expect(
      rows.filter((r) => withDefault.test(r)),
      `${variable} = ${DEFAULT_LIMITS[key]}`,
    ).toHaveLength(1);
  });
});

describe('docs/curating.md', () => {
  it.each(LINT_RULES.map((r) => [r.name, r.description] as const))('documents lint rule %s with its description', (name, description) => {
    expect(curating).toContain(row(name, description));
  });
});

it('every npm script is documented (lifecycle hooks excepted)', () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  const text = MARKDOWN.map(read).join('\n');
  const undocumented = scripts
    .filter((s) => !/^(pre|post)/.test(s) && s !== 'prepare')
    .filter((s) => !text.includes(`npm run ${s}`) && !(['start', 'test'].includes(s) && text.includes(`npm ${s}`)));
  expect(undocumented).toEqual([]);
});

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text] of withoutCode(markdown, false).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = text!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** The text outside fenced code blocks (and, for links, outside inline code). */
function withoutCode(markdown: string, inline = true): string {
  const text = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return inline ? text.replace(/`[^`\n]*`/g, '') : text;
}

describe.each(MARKDOWN)('links in %s', (file) => {
  const links = [...withoutCode(read(file)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

  it.each(links.length > 0 ? links : ['(none)'])('%s resolves', (target) => {
    if (target === '(none)') return;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path === '' ? join(PROJECT_ROOT, file) : join(PROJECT_ROOT, dirname(file), decodeURIComponent(path));
    expect(existsSync(resolved), `${file}: ${target} -> ${relative(PROJECT_ROOT, resolved)}`).toBe(true);
    if (anchor !== undefined && resolved.endsWith('.md')) expect([...anchors(readFileSync(resolved, 'utf8'))], `${file}: ${target}`).toContain(anchor);
  });
});
