/**
 * The README's example queries and the output it shows for them.
 *
 * An example is a ```graphql block followed (blank lines apart) by a ```json block: the answer
 * the service gives to that query, as JSON.stringify(body, null, 2) prints it.
 * test/readme.test.ts runs every example against the real server and requires the README to
 * show exactly what came back, so the output there stays real.
 *
 * `npx tsx tools/readme-examples.ts [--write] [--url http://host:4000/graphql]` runs the examples
 * against a running server (--url), or against the service started in-process on the embedded
 * database (`npm run db:build` first), and prints each answer; --write puts them in README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/db/paths.js';

export const README_PATH = join(PROJECT_ROOT, 'README.md');

export interface ReadmeExample {
  query: string;
  /** The JSON block's text, without the fences. */
  output: string;
  /** 1-based line of the ```json fence. */
  line: number;
  /** Character offsets of the JSON block's text in the README. */
  outputStart: number;
  outputEnd: number;
}

const EXAMPLE = /^```graphql\n([\s\S]*?)^```\n(?:[ \t]*\n)*^```json\n([\s\S]*?)^```$/gm;

export function readmeExamples(markdown: string): ReadmeExample[] {
  return [...markdown.matchAll(EXAMPLE)].map((m) => {
    const outputStart = m.index + m[0].length - 3 - m[2]!.length;
    return {
      query: m[1]!,
      output: m[2]!.replace(/\n$/, ''),
      line: markdown.slice(0, outputStart).split('\n').length - 1,
      outputStart,
      outputEnd: outputStart + m[2]!.length,
    };
  });
}

/** The text the README shows for an answer. */
/** JSON on one line: `{ "a": 1, "b": [2, 3] }`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** The column an answer's lines stay within where they can. */
const WIDTH = 120;

/**
 * An answer as the README shows it: two-space indents, with every object or array that fits in
 * 120 columns on one line (as people write JSON, and a third of the lines of JSON.stringify's).
 */
export function formatAnswer(body: unknown): string {
  const format = (value: unknown, indent: string, used: number): string => {
    const flat = inline(value);
    if (value === null || typeof value !== 'object' || used + flat.length <= WIDTH) return flat;
    const inner = `${indent}  `;
    const lines = Array.isArray(value)
      ? value.map((v) => `${inner}${format(v, inner, inner.length + 1)}`)
      : Object.entries(value).map(([k, v]) => {
          const key = `${inner}${JSON.stringify(k)}: `;
          return `${key}${format(v, inner, key.length + 1)}`;
        });
    return `${Array.isArray(value) ? '[' : '{'}\n${lines.join(',\n')}\n${indent}${Array.isArray(value) ? ']' : '}'}`;
  };
  return format(body, '', 0);
}

async function post(url: string, query: string): Promise<unknown> {
  // no-store: computed, not answered from (or stored in) the response cache.
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false }, url: { type: 'string' } } });
  let url = values.url;
  let close = async () => {};
  if (!url) {
    const { openDatabase } = await import('../src/db/open.js');
    const { DEFAULT_DATABASE_PATH } = await import('../src/db/paths.js');
    const { buildApp } = await import('../src/server/app.js');
    const database = openDatabase(DEFAULT_DATABASE_PATH);
    const { fastify } = await buildApp({ database, logLevel: 'silent' });
    url = `${await fastify.listen({ port: 0, host: '127.0.0.1' })}/graphql`;
    close = async () => {
      await fastify.close();
      database.close();
    };
  }
  let readme = readFileSync(README_PATH, 'utf8');
  const examples = readmeExamples(readme);
  const answers: string[] = [];
  for (const example of examples) answers.push(formatAnswer(await post(url, example.query)));
  await close();
  if (values.write) {
    // From the last example back, so earlier offsets stay valid.
    for (let i = examples.length - 1; i >= 0; i--)
      readme = `${readme.slice(0, examples[i]!.outputStart)}${answers[i]}\n${readme.slice(examples[i]!.outputEnd)}`;
    writeFileSync(README_PATH, readme);
    console.log(`wrote ${examples.length} answers to ${README_PATH}`);
  } else {
    examples.forEach((e, i) => console.log(`README.md:${e.line}\n${answers[i]}\n`));
  }
}
