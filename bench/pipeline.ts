/**
 * `npm run bench:pipeline`: what Apollo Server's request pipeline costs per answer, without HTTP.
 *
 * For each uncached scenario of bench:compare (compare-scenarios.ts) it calls the service's own
 * ApolloServer, built by `buildApp` exactly as the server builds it, through
 * `executeHTTPGraphQLRequest` with the request's parsed body, one request after another: parsing
 * and validation (from Apollo's document cache), every plugin, graphql-jit's execution through the
 * request's DataLoaders over the warm row cache, and the JSON text of the answer.
 *
 * Why: the brief fixes Apollo in its role, so this is the part of an uncached answer no change to
 * the HTTP layer can remove. Set beside bench:compare's figures it says how far an HTTP-level
 * change can go: raw node:http's CPU per request over the share asked of it gives the service's
 * whole budget, and this pipeline takes its part of that budget first (BENCHMARKS.md).
 *
 * Runs the compiled code (dist/, `npm run build` first) with `npm start`'s V8 flags (the npm script
 * passes them; it stops if they differ), pinned to one core where taskset exists.
 * Prints microseconds per answer, the median of `--rounds` (5) rounds of `--requests` (20,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HeaderMap } from '@apollo/server';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { COMPARE_SCENARIOS } from './compare-scenarios.js';
import { buildDatabase, NODE_FLAGS, pinSelf } from './processes.js';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, requests: { type: 'string', default: '20000' } } });
const rounds = Number(args.rounds);
const missing = NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missing.length > 0) throw new Error(`run it as npm start runs the server, with ${missing.join(' ')} (npm run bench:pipeline does)`);
const requests = Number(args.requests);

// The compiled modules, as `npm start` runs them.
const dist = (path: string) => join(PROJECT_ROOT, 'dist/src', path);
const { openDatabase } = (await import(dist('db/open.js'))) as typeof import('../src/db/open.js');
const { buildApp } = (await import(dist('server/app.js'))) as typeof import('../src/server/app.js');
const { loadKnowledge } = (await import(dist('db/knowledge.js'))) as typeof import('../src/db/knowledge.js');
const { requestLoaders } = (await import(dist('graphql/loaders.js'))) as typeof import('../src/graphql/loaders.js');

const work = mkdtempSync(join(tmpdir(), 'winnet-kb-pipeline-'));
try {
  const pinned = pinSelf();
  const path = join(work, 'winnet-kb.sqlite');
  buildDatabase(path);
  const database = openDatabase(path);
  const { fastify, apollo } = await buildApp({ database, logLevel: 'warn' });
  await fastify.ready();
  const knowledge = loadKnowledge(database);
  const today = new Date().toISOString().slice(0, 10);
  const headers = new HeaderMap([['content-type', 'application/json']]);
  console.log(`bench:pipeline ${new Date().toISOString()}; node ${process.version}; ${rounds} rounds of ${requests} requests; pinned: ${pinned}`);

  for (const s of COMPARE_SCENARIOS.filter((c) => c.method === 'POST')) {
    const body = { query: s.query, ...(s.variables ? { variables: s.variables } : {}) };
    // What the server's context function gives each request (app.ts).
    const context = async () => ({ database, knowledge, loaders: requestLoaders(database.db), today, requestId: 'bench' });
    const answer = async () => {
      const response = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: { method: 'POST', headers, search: '', body }, context });
      if (response.status !== undefined && response.status !== 200) throw new Error(`${s.id}: Apollo answered ${response.status}`);
      return response;
    };
    const first = await answer();
    if (first.body.kind !== 'complete' || first.body.string.includes('"errors"')) throw new Error(`${s.id}: not a complete answer without errors`);
    for (let i = 0; i < requests; i++) await answer();
    const micros: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      for (let i = 0; i < requests; i++) await answer();
      micros.push(((performance.now() - started) * 1000) / requests);
    }
    const sorted = [...micros].sort((a, b) => a - b);
    console.log(
      `${s.id.padEnd(14)} Apollo's pipeline ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} us per answer (rounds: ${micros.map((m) => m.toFixed(1)).join(', ')})`,
    );
  }
  await fastify.close();
  database.sqlite.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
