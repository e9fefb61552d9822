/**
 * `winnet-kb search <words...>`: the API's search query in-process, printed as a ranked list:
 * the same hits as `search(query:, first:)`, with the field that matched and its snippet.
 */
import { outputWidth, wrap } from './report/text.js';
import { localClient } from './graphql-client.js';

export interface SearchOptions {
  database: string;
  first: number;
  output: 'text' | 'json';
}

export const SEARCH_QUERY = `query Search($query: String!, $first: Int) {
  search(query: $query, first: $first) {
    score field snippet
    node {
      id __typename
      ... on WindowsVersion { slug name } ... on NetworkMode { slug name } ... on CniPlugin { slug name } ... on Feature { slug name }
      ... on Limitation { slug name: title } ... on IpamOption { slug name } ... on ServiceType { slug name } ... on Environment { slug name }
      ... on SourceDocument { slug name: title } ... on GlossaryTerm { slug name: term } ... on InstanceType { slug: name name }
      ... on FindingCodeInfo { slug: code name: code }
    }
  }
}`;

export interface SearchHitView {
  score: number;
  field: string;
  snippet: string;
  node: { id: string; __typename: string; slug: string; name: string };
}

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
    const { search } = await client.request<{ search: SearchHitView[] }>(SEARCH_QUERY, { query, first: options.first });
    stdout.write(options.output === 'json' ? `${JSON.stringify(search, null, 2)}\n` : renderSearch(query, search));
  } finally {
    await client.close();
  }
}
