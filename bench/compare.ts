/**
 * `npm run bench:compare`: the service side by side with stock Apollo Server and raw node:http, in
 * one run, each server in turn (the method of issue 27).
 *
 * - The service: the compiled server as `npm start` runs it (NODE_ENV=production), on a database
 *   built from the seeds for this run.
 * - Stock Apollo: `startStandaloneServer` serving the schema the service reports by introspection,
 *   every root field answering the service's own answer as a constant (bench/baseline/standalone.ts).
 * - Raw node:http writing the same bytes the service answers (bench/baseline/raw.ts), and the same
 *   bytes with the headers the service sends (a new request id each time): what the service's
 *   contract alone costs, the ceiling of any server that keeps it.
 *
 * Every scenario is measured with autocannon (32 connections by default) for `--seconds` (4) per
 * server, the servers taking turns, `--rounds` (2) times; every POST carries
 * `Cache-Control: no-store`, so the service's response cache steps aside and it computes each
 * answer. The cached GET repeats one GET, which the service answers from its response cache.
 * Servers are pinned to one core and autocannon to the other where `taskset` exists.
 *
 * From the service's /metrics it also reports, per scenario, SQL statements per request and the
 * row cache's hit rate over the measured requests, and from /proc each server's CPU time per
 * request (on a shared machine a steadier figure than the rates). Prints a line per scenario;
 * `--json FILE` writes the figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { controlFetch } from './fetch.js';
import { buildDatabase, cpuMicrosOf, DIST_MAIN, freePort, NODE_FLAGS, pinSelf, startNode, waitReady, type Server } from './processes.js';
import type { RawAnswer } from './baseline/raw.js';
import { COMPARE_SCENARIOS, requestOf, type Request } from './compare-scenarios.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    // Also measure raw node:http spinning this many microseconds per answer (raw.ts, /spin/).
    spin: { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const warmup = Number(args.warmup);
const spin = Number(args.spin);

const work = mkdtempSync(join(tmpdir(), 'winnet-kb-compare-'));
const servers: Server[] = [];
const cleanup = async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function json(url: string, init?: RequestInit): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await controlFetch(url, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Headers Node writes itself, and the request id, which raw.ts makes anew per request as the service does. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'x-request-id']);

async function send(base: string, r: Request): Promise<{ status: number; text: string; headers: Headers }> {
  return json(`${base}${r.path}`, { method: r.method, headers: r.headers, ...(r.body ? { body: r.body } : {}) });
}

/** The service's counters from /metrics: GraphQL requests, SQL statements, row-cache hits and misses. */
async function counters(base: string): Promise<{ requests: number; statements: number; hits: number; misses: number }> {
  const text = (await json(`${base}/metrics`)).text;
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((a, m) => a + Number(m[1]), 0);
  return {
    requests: sum(/^winnet_kb_http_requests_total\{[^}]*route="\/graphql"[^}]*\} (\S+)$/gm),
    statements: sum(/^winnet_kb_sql_statements_total (\S+)$/gm),
    hits: sum(/^winnet_kb_row_cache_hits_total (\S+)$/gm),
    misses: sum(/^winnet_kb_row_cache_misses_total (\S+)$/gm),
  };
}

/**
 * Loads one server; also what its answers cost it: CPU microseconds per request, and the part of
 * them spent in the kernel (NaN without /proc).
 */
async function load(
  url: string,
  r: Request,
  duration: number,
  pid?: number,
): Promise<{ rps: number; failures: number; cpuPerRequest: number; systemPerRequest: number }> {
  const before = pid === undefined ? undefined : cpuMicrosOf(pid);
  const result = await autocannon({ url: `${url}${r.path}`, connections, duration, method: r.method, headers: r.headers, ...(r.body ? { body: r.body } : {}) });
  const after = pid === undefined ? undefined : cpuMicrosOf(pid);
  const per = (part: (cpu: { user: number; system: number }) => number) =>
    before === undefined || after === undefined ? NaN : (part(after) - part(before)) / result.requests.total;
  return {
    rps: result.requests.total / duration,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest: per((c) => c.user + c.system),
    systemPerRequest: per((c) => c.system),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

try {
  const pinned = pinSelf();
  const database = join(work, 'winnet-kb.sqlite');
  buildDatabase(database);

  const service = startNode('service', [...NODE_FLAGS, DIST_MAIN], await freePort(), { NODE_ENV: 'production', DATABASE_PATH: database });
  servers.push(service);
  await waitReady(service);

  // The baselines answer what the service answers: its schema by introspection, its answers' bytes.
  const introspection = JSON.parse(
    (
      await send(service.url, {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: getIntrospectionQuery() }),
      })
    ).text,
  ) as { data: IntrospectionQuery };
  writeFileSync(join(work, 'schema.graphql'), printSchema(buildClientSchema(introspection.data)));
  const constants: Record<string, unknown> = {};
  const raw: Record<string, RawAnswer> = {};
  const scenarios = COMPARE_SCENARIOS.filter((s) => !args.only || args.only.split(',').includes(s.id));
  for (const s of scenarios) {
    // A GET twice: the second answer, a cache hit, is the one the measured GETs get.
    if (s.method === 'GET') await send(service.url, requestOf(s));
    const answer = await send(service.url, requestOf(s));
    const body = JSON.parse(answer.text) as { data?: Record<string, unknown>; errors?: unknown };
    if (answer.status !== 200 || body.errors || !body.data) throw new Error(`${s.id}: the service answered ${answer.status} ${answer.text.slice(0, 400)}`);
    Object.assign(constants, body.data);
    raw[`/${s.id}`] = { body: answer.text, headers: Object.fromEntries([...answer.headers].filter(([name]) => !NOT_REPLAYED.has(name))) };
  }
  writeFileSync(join(work, 'constants.json'), JSON.stringify(constants));
  writeFileSync(join(work, 'raw.json'), JSON.stringify(raw));
  const apollo = startNode('stock Apollo', ['--import', 'tsx', join(PROJECT_ROOT, 'bench/baseline/standalone.ts')], await freePort(), {
    BASELINE_SDL: join(work, 'schema.graphql'),
    BASELINE_CONSTANTS: join(work, 'constants.json'),
  });
  const rawServer = startNode('raw node:http', ['--import', 'tsx', join(PROJECT_ROOT, 'bench/baseline/raw.ts')], await freePort(), {
    RAW_ANSWERS: join(work, 'raw.json'),
    RAW_SPIN_MICROS: String(spin),
  });
  servers.push(apollo, rawServer);
  await waitReady(rawServer);
  for (let i = 0; ; i++) {
    try {
      if ((await json(`${apollo.url}/graphql?query=%7B__typename%7D`, { headers: { 'apollo-require-preflight': 'true' } })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 400) throw new Error(`stock Apollo did not start: ${apollo.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  console.log(
    `bench:compare ${new Date().toISOString()}; node ${process.version}; autocannon ${connections} connections, ${seconds} s x ${rounds} per server; load generator pinned: ${pinned}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const s of scenarios)
    console.log(`${s.id}: the service's headers, replayed by raw node:http: ${Object.keys(raw[`/${s.id}`]!.headers).join(', ')}, x-request-id`);
  const results = [];
  for (const s of scenarios) {
    const request = requestOf(s);
    const sides = [
      { name: 'service', url: service.url, request, pid: service.process.pid },
      { name: 'apollo', url: apollo.url, request, pid: apollo.process.pid },
      { name: 'raw', url: rawServer.url, request: { ...request, path: `/${s.id}` }, pid: rawServer.process.pid },
      { name: 'rawHeaders', url: rawServer.url, request: { ...request, path: `/with-headers/${s.id}` }, pid: rawServer.process.pid },
      ...(spin > 0 ? [{ name: 'rawSpin', url: rawServer.url, request: { ...request, path: `/spin/${s.id}` }, pid: rawServer.process.pid }] : []),
    ];
    // The baselines answer what the service answers: raw node:http its bytes, stock Apollo its data
    // (the service adds only `extensions.cost`, the query's cost against its limit).
    const expected = raw[`/${s.id}`]!.body;
    const data = (text: string) => JSON.stringify((JSON.parse(text) as { data: unknown }).data);
    for (const side of sides.slice(2))
      if ((await send(rawServer.url, side.request)).text !== expected) throw new Error(`${s.id}: raw node:http answers other bytes`);
    if (data((await send(apollo.url, request)).text) !== data(expected)) throw new Error(`${s.id}: stock Apollo answers other data`);
    for (const side of sides) if (warmup > 0) await load(side.url, side.request, warmup);
    // Per server, one figure per round.
    const perSide = () => Object.fromEntries(sides.map((side) => [side.name, [] as number[]]));
    const rps = perSide();
    const cpu = perSide();
    const system = perSide();
    let failures = 0;
    const before = await counters(service.url);
    let serviceRequests = 0;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        const r = await load(side.url, side.request, seconds, side.pid);
        rps[side.name]!.push(r.rps);
        cpu[side.name]!.push(r.cpuPerRequest);
        system[side.name]!.push(r.systemPerRequest);
        failures += r.failures;
        if (side.name === 'service') serviceRequests += r.rps * seconds;
      }
    }
    const after = await counters(service.url);
    const graphqlRequests = after.requests - before.requests || serviceRequests;
    const lookups = after.hits - before.hits + (after.misses - before.misses);
    const row = {
      id: s.id,
      title: s.title,
      bytes: Buffer.byteLength(expected),
      service: rps.service!,
      apollo: rps.apollo!,
      raw: rps.raw!,
      rawHeaders: rps.rawHeaders!,
      xApollo: median(rps.service!.map((v, i) => v / rps.apollo![i]!)),
      shareOfRaw: median(rps.service!.map((v, i) => v / rps.raw![i]!)),
      // The contract's own cost: raw node:http with the service's headers against raw node:http.
      headersShareOfRaw: median(rps.rawHeaders!.map((v, i) => v / rps.raw![i]!)),
      shareOfRawHeaders: median(rps.service!.map((v, i) => v / rps.rawHeaders![i]!)),
      // Server CPU per answer: raw node:http's over the service's is the share of raw each would
      // reach with a core to itself, which the other load on a shared machine disturbs far less.
      cpuMicrosPerRequest: cpu,
      // The kernel's part: on loopback a write also pays for waking the client, dearer when the client idles between answers.
      systemMicrosPerRequest: system,
      cpuShareOfRaw: median(cpu.service!.map((v, i) => cpu.raw![i]! / v)),
      statementsPerRequest: (after.statements - before.statements) / graphqlRequests,
      rowCacheHitRate: lookups > 0 ? (after.hits - before.hits) / lookups : null,
      failures,
    };
    results.push(row);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const fmt1 = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(
      `${s.id.padEnd(14)} ${(row.bytes / 1024).toFixed(1)} KiB  service ${fmt(row.service)}  apollo ${fmt(row.apollo)}  raw ${fmt(row.raw)}  ` +
        `raw with the service's headers ${fmt(row.rawHeaders)}  ` +
        `=> ${row.xApollo.toFixed(2)}x stock Apollo, ${(row.shareOfRaw * 100).toFixed(0)}% of raw, ` +
        `${(row.shareOfRawHeaders * 100).toFixed(0)}% of raw with its headers (which reaches ${(row.headersShareOfRaw * 100).toFixed(0)}% of raw); ` +
        `server CPU us/req service ${fmt1(cpu.service!)}, apollo ${fmt1(cpu.apollo!)}, raw ${fmt1(cpu.raw!)}, raw with headers ${fmt1(cpu.rawHeaders!)} => ${(row.cpuShareOfRaw * 100).toFixed(0)}% of raw; ` +
        `of which in the kernel: service ${median(system.service!).toFixed(1)}, raw ${median(system.raw!).toFixed(1)}` +
        (spin > 0 ? `, raw spinning ${spin} us ${median(system.rawSpin!).toFixed(1)} (at ${fmt(rps.rawSpin!)} req/s)` : '') +
        '; ' +
        `SQL/req ${row.statementsPerRequest.toFixed(2)}; ` +
        `row-cache hit rate ${row.rowCacheHitRate === null ? '-' : `${(row.rowCacheHitRate * 100).toFixed(1)}%`}; failures ${failures}`,
    );
  }
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (args.json)
    writeFileSync(args.json, JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, seconds, rounds, results }, null, 2));
} finally {
  await cleanup();
}
