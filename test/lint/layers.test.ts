/**
 * The layer table of docs/architecture.md is what eslint.config.js enforces: for every pair of
 * layers, an import of one from the other is reported by boundaries/dependencies exactly when the
 * table's "may import" column does not allow it. Only the boundaries rules run here (no type
 * information is needed for them), so this takes seconds, not the whole lint's time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

const LAYERS = ['domain', 'db', 'seeds', 'graphql', 'server', 'cli'] as const;
type Layer = (typeof LAYERS)[number];

/** A real file of each layer: linted as the importer (with other content), named as the import target. */
const FILE: Record<Layer, string> = {
  domain: 'src/domain/closest.ts',
  db: 'src/db/paths.ts',
  seeds: 'src/seeds/read.ts',
  graphql: 'src/graphql/errors.ts',
  server: 'src/server/limits.ts',
  cli: 'src/cli/errors.ts',
};

/** The table's "may import" column, layer by layer, as the doc states it. */
function mayImport(): Map<Layer, Set<Layer>> {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The layer table'), doc.indexOf('\n## ', doc.indexOf('## The layer table') + 1));
  const table = new Map<Layer, Set<Layer>>();
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    const layer = /^\| `src\/(\w+)\/`$/.exec(cells[0] ?? '')?.[1] as Layer | undefined;
    if (!layer || !LAYERS.includes(layer) || cells[2] === undefined) continue;
    const allowed = cells[2].startsWith('nothing') ? [] : [...cells[2].matchAll(/`src\/(\w+)\/`/g)].map((m) => m[1] as Layer);
    table.set(layer, new Set(allowed));
  }
  return table;
}

const eslint = new ESLint({
  cwd: PROJECT_ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/'),
});

async function reported(from: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as target from '${specifier}';\nexport { target };\n`, { filePath: join(PROJECT_ROOT, from) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** The specifier that imports `to` from a file in `from` (both directly under src/<layer>/). */
const specifier = (to: string) => `../${to.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;

describe('the layer table', () => {
  const table = mayImport();

  it('is read from docs/architecture.md, one row per layer', () => {
    expect([...table.keys()].sort()).toEqual([...LAYERS].sort());
    expect(table.get('domain')).toEqual(new Set());
  });

  const pairs = LAYERS.flatMap((from) => LAYERS.filter((to) => to !== from).map((to) => [from, to] as const));
  it.each(pairs)('src/%s importing src/%s: reported exactly when the table forbids it', async (from, to) => {
    const allowed = table.get(from)!.has(to);
    expect(await reported(FILE[from], specifier(FILE[to]))).toEqual(allowed ? [] : ['boundaries/dependencies']);
  });

  it('src/ importing outside src/ (tools/) is reported', async () => {
    expect(await reported(FILE.domain, '../../tools/codegen.js')).toEqual(['boundaries/dependencies']);
  });

  it('an import the resolver cannot resolve is reported, so a broken resolver cannot turn the rule off', async () => {
    expect(await reported(FILE.server, '../domain/no-such-file.js')).toEqual(['boundaries/no-unknown-dependencies']);
  });
});
