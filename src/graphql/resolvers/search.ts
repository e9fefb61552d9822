/** search(query:, first:): full-text hits from the FTS5 index (src/db/search-index.ts), one per node. */
import { search, toFtsQuery, type SearchResult } from '../../db/search-index.js';
import { badUserInput } from '../errors.js';
import { toGlobalId, type NodeType } from '../global-id.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { SearchHitParent } from '../mappers.js';
import { nodeOf } from '../nodes.js';

export const MAX_SEARCH_HITS = 50;

export const searchResolvers: Resolvers = {
  Query: {
    search(_, { query, first }, { database: { sqlite } }) {
      const size = first ?? 10;
      if (!Number.isInteger(size) || size < 1 || size > MAX_SEARCH_HITS) throw badUserInput('first', `first must be from 1 to ${MAX_SEARCH_HITS}, got ${size}`);
      if (query.length > 500) throw badUserInput('query', `query must be at most 500 characters, got ${query.length}`);
      const fts = toFtsQuery(query);
      if (!fts) return [];
      let results: SearchResult[];
      try {
        results = search(sqlite, fts, size);
      } catch (error) {
        // The statement is fixed, so an SQLite error here comes from the query text.
        if ((error as { code?: string }).code === 'SQLITE_ERROR')
          throw badUserInput(
            'query',
            `query is not a valid full-text query (${(error as Error).message}); plain words need no quoting, or quote phrases with "..."`,
          );
        throw error;
      }
      return results.map((r): SearchHitParent => ({ type: r.kind as NodeType, slug: r.slug, field: r.field, snippet: r.snippet, score: r.score }));
    },
  },
  SearchHit: {
    async node(hit, _, context) {
      const node = await nodeOf(hit.type, hit.slug, context);
      if (!node) throw new Error(`search index names a missing ${hit.type} ${hit.slug}`);
      return node as never;
    },
  },
  FindingCodeInfo: { id: (f) => toGlobalId('FindingCodeInfo', f.code) },
};
