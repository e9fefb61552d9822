/**
 * `winnet-kb search <words...>`: the API's search query in-process, printed as a ranked list:
 * the same hits as `search(query:, first:)`, with the field that matched and its snippet.
 */
import { outputWidth, wrap } from './report/text.js';
import { localClient } from './graphql-client.js';
import { SEARCH_QUERY, type ResultOf } from './queries.js';

export interface SearchOptions {
  database: string;
  first: number;
  output: 'text' | 'json';
}

/** One hit of the search answer, typed as SEARCH_QUERY asks for it (generated). */
export type SearchHitView = ResultOf<typeof SEARCH_QUERY>['search'][number];

export function renderSearch(query: string, hits: SearchHitView[], width = outputWidth()): string {
  if (hits.length === 0) return `No matches for "${query}".\n`;
  const lines = hits.flatMap((h, i) => [
    `${String(i + 1).padStart(2)}. ${h.node.slug} (${h.node.__typename}, ${h.field}, score ${h.score.toFixed(2)})`,
    `    ${wrap(h.snippet, width, '    ')}`,
  ]);
  return `${lines.join('\n')}\n`;
}

export async function runSearch(words: string[], options: SearchOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const query = words.join(' ');
  const client = await localClient(options.database);
  try {
    const { search } = await client.request(SEARCH_QUERY, { query, first: options.first });
    stdout.write(options.output === 'json' ? `${JSON.stringify(search, null, 2)}\n` : renderSearch(query, search));
  } finally {
    await client.close();
  }
}
