/**
 * The list of what `winnet-kb scan` reads, in docs/cli.md, generated from the data: the kinds the
 * readers handle (src/domain/scan/readers.ts READ_KINDS) and every place of
 * seeds/manifest-signals.yaml, with what it states and its sources. It sits between
 * `<!-- scan-signals:begin -->` and `<!-- scan-signals:end -->`; the prose around it is written by hand.
 *
 * `npx tsx tools/scan-signals-doc.ts [--write]` prints the section, or (--write) puts it in
 * docs/cli.md (`npm run docs:scan`). test/scan/signals-doc.test.ts fails when docs/cli.md is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, SEEDS_DIR } from '../src/db/paths.js';
import { READ_KINDS } from '../src/domain/scan/readers.js';
import { readSeeds } from '../src/seeds/read.js';

export const CLI_DOC_PATH = join(PROJECT_ROOT, 'docs', 'cli.md');
const BEGIN = '<!-- scan-signals:begin -->';
const END = '<!-- scan-signals:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

const PLACE_WORDS: Record<string, string> = {
  ENV_VAR: 'container env',
  CONFIG_MAP_KEY: 'ConfigMap key',
  CNI_TYPE: 'CNI config `type`',
  IMAGE: 'image',
  NODE_LABEL: 'node label',
  FIELD: 'field',
  COMMAND_FILE: "file named in a container's command or args",
};

/** The generated section: the kinds, then one row per place of manifest-signals.yaml. */
export function signalsSection(seedsDir = SEEDS_DIR): string {
  const { seeds, problems } = readSeeds(seedsDir);
  if (problems.length > 0) throw new Error(`the seeds do not read: ${problems[0]!.message}`);
  const kinds = ['| kinds | what is read |', '| --- | --- |', ...READ_KINDS.map((k) => `| ${cell(k.kinds)} | ${cell(k.reads)} |`)];
  const rows = [...seeds.manifestSignals].flatMap(([slug, s]) =>
    s.where.map((w) => {
      const states = Object.entries(s.states).map(([k, v]) => `${k}: ${String(v)}`);
      const values = Object.entries(s.values).map(
        ([v, m]) => `\`${v}\`${m.windowsVersion ? ` ${m.windowsVersion}` : ''}${m.windowsBuild ? ` ${m.windowsBuild}` : ''}${m.note ? ' (see note)' : ''}`,
      );
      const reads = [...states, ...(s.reads ? [`value read as ${s.reads}`] : []), ...(values.length > 0 ? [`values ${values.join(', ')}`] : [])].join('; ');
      const sources = s.sources.map((c) => `${c.doc}: ${c.section}`).join('; ');
      return `| ${PLACE_WORDS[w.kind]} \`${cell(w.name)}\`${w.field ? ` field \`${cell(w.field)}\`` : ''}${w.objectKinds ? ` of ${w.objectKinds.join(', ')}` : ''} | ${cell(reads)} | \`${slug}\` | ${cell(sources)} |`;
    }),
  );
  return [
    ...kinds,
    '',
    'Places that state a plugin, a mode, a version or a release (`seeds/manifest-signals.yaml`):',
    '',
    '| place | what it states | record | sources |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** docs/cli.md with the section between its markers replaced; throws when a marker is missing. */
export function withSignalsSection(markdown: string, seedsDir = SEEDS_DIR): string {
  const from = markdown.indexOf(BEGIN);
  const to = markdown.indexOf(END, from);
  if (from < 0 || to < 0) throw new Error(`docs/cli.md has no ${BEGIN} ... ${END} pair`);
  return `${markdown.slice(0, from + BEGIN.length)}\n${signalsSection(seedsDir)}\n${markdown.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
  if (values.write) {
    const before = readFileSync(CLI_DOC_PATH, 'utf8');
    const after = withSignalsSection(before);
    writeFileSync(CLI_DOC_PATH, after);
    console.log(after === before ? `${CLI_DOC_PATH} was already current` : `wrote the scan signals to ${CLI_DOC_PATH}`);
  } else console.log(signalsSection());
}
