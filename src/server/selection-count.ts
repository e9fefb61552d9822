/**
 * Refuses documents with more selections than allowed before Apollo parses or validates them.
 *
 * graphql-js validation compares every pair of same-named fields in a selection set
 * (OverlappingFieldsCanBeMerged): a 25 KB document of 1,240 duplicated fields kept the event loop
 * for hundreds of milliseconds before it was refused. Counting is one pass of graphql's lexer
 * (no syntax tree): every field, fragment spread and inline fragment inside a selection set
 * counts, whether or not it repeats another; names inside arguments, aliases, directive names
 * and type conditions do not. The pass stops at the limit, or at the token limit (left to the
 * parser to refuse), so it costs no more than lexing that many tokens.
 * A document the lexer cannot read is left to Apollo's parser, which says where it is wrong.
 *
 * It runs in a Fastify hook in front of Apollo, on the query text of a GET or POST; a query that
 * comes from the persisted-query cache was counted when it was registered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Lexer, Source, TokenKind } from 'graphql';
import { LRUCache } from 'lru-cache';
import { CACHE_BYTES, MAX_CACHED_TEXT_CHARS, textBytes } from './bounded-caches.js';

/**
 * The selections of the text, or `limit + 1` as soon as it is clear there are more than `limit`;
 * undefined when it does not lex or has more than `maxTokens` tokens (the parser refuses those).
 */
export function countSelections(text: string, limit: number, maxTokens = Infinity): number | undefined {
  const lexer = new Lexer(new Source(text));
  let count = 0;
  let braces = 0;
  let parens = 0;
  /** Names to pass over: a directive's name, a fragment spread's name, `on` and its type. */
  let skipNames = 0;
  let afterSpread = false;
  let tokens = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > maxTokens) return undefined;
      const spread = afterSpread;
      afterSpread = false;
      switch (token.kind) {
        case TokenKind.PAREN_L:
          parens++;
          continue;
        case TokenKind.PAREN_R:
          parens--;
          continue;
        default:
      }
      if (parens > 0) continue;
      switch (token.kind) {
        case TokenKind.BRACE_L:
          braces++;
          break;
        case TokenKind.BRACE_R:
          braces--;
          break;
        case TokenKind.AT:
          skipNames = 1;
          break;
        case TokenKind.SPREAD:
          if (braces > 0 && ++count > limit) return count;
          afterSpread = true;
          break;
        case TokenKind.NAME:
          if (spread) skipNames = token.value === 'on' ? 1 : 0;
          else if (skipNames > 0) skipNames--;
          else if (braces > 0 && lexer.lookahead().kind !== TokenKind.COLON && ++count > limit) return count;
          break;
        default:
      }
    }
  } catch {
    return undefined;
  }
  return count;
}

/** The query text of a GraphQL request, for either method. */
function queryText(request: FastifyRequest): unknown {
  if (request.method === 'POST') {
    const body = request.body;
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { query?: unknown }).query : undefined;
  }
  return (request.query as { query?: unknown } | undefined)?.query;
}

export function registerSelectionLimit(app: FastifyInstance, maxSelections: number, maxTokens: number, path = '/graphql'): void {
  // Clients repeat the same few operations: a text is lexed once, then its count is looked up
  // (lexing the 300-character lookup on every request was about 2% of its server time). A text the
  // lexer cannot read is kept as -1.
  // Bounded by the texts' bytes (bounded-caches.ts); a text longer than MAX_CACHED_TEXT_CHARS is counted each time it comes.
  const counts = new LRUCache<string, number>({
    maxSize: CACHE_BYTES.selectionCounts,
    maxEntrySize: textBytes('x'.repeat(MAX_CACHED_TEXT_CHARS)) + 16,
    sizeCalculation: (_, text) => textBytes(text) + 16,
  });
  // Callback style, as the other per-request hooks: no promise, no microtask.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.routeOptions.url !== path || (request.method !== 'POST' && request.method !== 'GET')) return done();
    const text = queryText(request);
    if (typeof text !== 'string') return done();
    let count = counts.get(text);
    if (count === undefined) counts.set(text, (count = countSelections(text, maxSelections, maxTokens) ?? -1));
    if (count <= maxSelections) return done();
    void reply.code(400).send({
      errors: [
        {
          message: `Selections limit of ${maxSelections} exceeded: the document has more fields, fragment spreads and inline fragments than that (repeated ones count too).`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: maxSelections },
        },
      ],
    });
  });
}
