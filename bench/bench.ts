/**
 * `npm run bench`: the service measured side by side with stock Apollo Server answering a
 * constant (bench/baseline/server.ts), in one run, on 127.0.0.1.
 *
 * Both servers run as child processes pinned to one core; autocannon drives them from this
 * process on the other, with the same connection count, warm-up and duration, alternating
 * baseline and service round by round so machine drift hits both. Then: database build time,
 * cold start to first answer, idle memory, and the 100x generated dataset.
 *
 * Writes BENCHMARKS.md and bench/results.json (or only --out FILE). Prints figures; asserts nothing
 * about speed (`npm run bench:check` compares ratios with margins).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { measure, measureInterleaved, verifyAnswer, type LoadOptions, type LoadResult, type PacedResult } from './load.js';
import { buildDatabase, DIST_MAIN, freePort, memoryOf, NODE_FLAGS, pinSelf, startNode, waitFor, waitReady, type Server } from './processes.js';
import { renderMarkdown, type Results, type ScenarioResult } from './report.js';
import {
  BASELINE_QUERY,
  httpRequest,
  INSTANCE_TYPES_QUERY,
  LOOKUP_QUERY,
  registerPersistedQuery,
  SCENARIOS,
  type HttpRequest,
  type Scenario,
} from './scenarios.js';
import { controlFetch } from './fetch.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '3' },
    // Before any round, each server answers every scenario this long, unmeasured: the rounds then
    // compare processes in the steady state a long-running server is in. A fresh process needed 4
    // to 6 s here to reach its steady rate on one scenario (first second about a quarter of it,
    // baseline and service alike), and the baseline had served `{ hello }` for the floor run first.
    // (What looked like the service gaining for minutes after that was the machine's speed
    // drifting: see --slice.)
    settle: { type: 'string', default: '10' },
    // The measured seconds of a run are cut into slices this long, the servers taking turns
    // (bench/load.ts measureInterleaved), so drift of the machine's speed hits them alike.
    slice: { type: 'string', default: '2' },
    connections: { type: 'string', default: '4' },
    // Three, so the median is a middle round and one disturbed round cannot decide it.
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    'skip-scale': { type: 'boolean', default: false },
    'scale-factor': { type: 'string', default: '100' },
    out: { type: 'string' },
    /** A directory holding an earlier build of this project (built with `npm run build`), measured beside the service in the same rounds. */
    previous: { type: 'string' },
    /** How BENCHMARKS.md names the --previous build (its commit and what it is); the directory otherwise. */
    'previous-label': { type: 'string' },
  },
});
const load: LoadOptions = { seconds: Number(args.seconds), warmupSeconds: Number(args.warmup), connections: Number(args.connections) };
const settleSeconds = Number(args.settle);
const sliceSeconds = Number(args.slice);
const rounds = Number(args.rounds);
if (!(
  load.seconds > 0 &&
  load.warmupSeconds >= 0 &&
  settleSeconds >= 0 &&
  sliceSeconds > 0 &&
  Number.isInteger(load.connections) &&
  load.connections > 0 &&
  Number.isInteger(rounds) &&
  rounds > 0
))
  throw new Error('--seconds > 0, --warmup >= 0, --settle >= 0, --slice > 0, --connections and --rounds whole numbers > 0');

const work = mkdtempSync(join(tmpdir(), 'winnet-kb-bench-'));
const servers: Server[] = [];
const cleanup = async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const log = (line: string) => console.log(line);

/**
 * The bench:compare and scan sections of BENCHMARKS.md (written from `npm run bench:compare` and
 * `npm run bench:scan` runs, which this script does not repeat), carried over from the current file so that a bench run does not drop it.
 */
function scanSection(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const starts = [COMPARE_HEADING, SCAN_HEADING, CLI_HEADING].map((heading) => text.indexOf(heading)).filter((i) => i !== -1);
  return starts.length === 0 ? '' : `\n${text.slice(Math.min(...starts))}`;
}
/** The sections other commands write (`npm run bench:compare`, `npm run bench:scan`, `npm run bench:cli`), kept from the current file. */
const COMPARE_HEADING = '## Side by side with stock Apollo and raw node:http';
const SCAN_HEADING = '## Scan of a 10,000-object cluster dump';
/** The CLI's start-up (`npm run bench:cli`, bench/cli-startup.ts), written by hand from its runs. */
const CLI_HEADING = '## CLI start-up';
const ms = (n: number) => `${n.toFixed(0)} ms`;
/** The median; with an even count, the mean of the middle two (with two rounds, the lower alone would let one disturbed round decide). */
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 100) / 100;
};

const SERVICE_ENV = { NODE_ENV: 'production' };

async function startService(name: string, databasePath: string): Promise<Server> {
  const server = startNode(name, [...NODE_FLAGS, DIST_MAIN], await freePort(), { ...SERVICE_ENV, DATABASE_PATH: databasePath });
  servers.push(server);
  await waitReady(server);
  return server;
}

/** Cold start: process spawn to the first successful lookup answer (the database already built). */
async function coldStart(databasePath: string): Promise<{ milliseconds: number; idleRss: number }> {
  const request = httpRequest(LOOKUP_QUERY, { slug: 'flannel' }, 'POST');
  const started = performance.now();
  const server = startNode('cold start', [...NODE_FLAGS, DIST_MAIN], await freePort(), { ...SERVICE_ENV, DATABASE_PATH: databasePath });
  await waitFor(server, async () => (await controlFetch(`${server.url}/graphql`, { method: 'POST', headers: request.headers, body: request.body! })).ok);
  const milliseconds = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = memoryOf(server.process.pid!).rss;
  await server.stop();
  return { milliseconds, idleRss };
}

/** Starts the baseline with the service's answers to the scenarios as its constants. */
async function startBaseline(service: Server, scenarios: Scenario[]): Promise<Server> {
  const constants: Record<string, unknown> = {};
  for (const scenario of scenarios) {
    const request = httpRequest(scenario.query, scenario.variables, 'POST');
    const response = await controlFetch(`${service.url}/graphql`, { method: 'POST', headers: request.headers, body: request.body! });
    Object.assign(constants, ((await response.json()) as { data: Record<string, unknown> }).data);
  }
  const file = join(work, 'baseline-constants.json');
  writeFileSync(file, JSON.stringify(constants));
  const baseline = startNode('baseline', ['--import', 'tsx', join(PROJECT_ROOT, 'bench/baseline/server.ts')], await freePort(), {
    NODE_ENV: 'production',
    BASELINE_CONSTANTS: file,
  });
  servers.push(baseline);
  await waitReady(baseline);
  return baseline;
}

/**
 * The service's own counts of SQL statements run and GraphQL requests answered. Dividing one by
 * the other counts every request the server handled, including those still in flight when a
 * load run stopped, which the load generator does not count.
 */
async function serverCounts(server: Server): Promise<{ statements: number; requests: number }> {
  const text = await (await controlFetch(`${server.url}/metrics`)).text();
  const requests = [...text.matchAll(/^winnet_kb_http_requests_total\{[^}]*route="\/graphql"[^}]*\} (\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
  return { statements: Number(/^winnet_kb_sql_statements_total (\d+)/m.exec(text)?.[1] ?? NaN), requests };
}

/** SQL statements per GraphQL request between two readings of serverCounts. */
const statementsPerRequest = (before: { statements: number; requests: number }, after: { statements: number; requests: number }) =>
  (after.statements - before.statements) / (after.requests - before.requests);

async function prepare(server: Server, scenario: Scenario, query: string, variables?: Record<string, unknown>) {
  if (scenario.transport === 'GET-APQ') await registerPersistedQuery(server.url, query, variables);
  const request = httpRequest(query, variables, scenario.transport);
  const bytes = await verifyAnswer(server.url, request);
  return { request, bytes };
}

async function runScenario(service: Server, baseline: Server, scenario: Scenario, previous?: Server): Promise<ScenarioResult> {
  const ours = await prepare(service, scenario, scenario.query, scenario.variables);
  const theirs = await prepare(baseline, scenario, scenario.query, scenario.variables);
  const earlier = previous ? await prepare(previous, scenario, scenario.query, scenario.variables) : undefined;
  const serviceRuns: LoadResult[] = [];
  const baselineRuns: LoadResult[] = [];
  const previousRuns: LoadResult[] = [];
  let statements = 0;
  for (let round = 0; round < rounds; round++) {
    // Counted from the end of the warm-up: the warm-up's statements are not the measured requests'.
    let before = { statements: 0, requests: 0 };
    const sides = {
      baseline: { url: baseline.url, request: theirs.request },
      service: {
        url: service.url,
        request: ours.request,
        afterWarmup: async () => {
          before = await serverCounts(service);
        },
      },
      ...(previous && earlier ? { previous: { url: previous.url, request: earlier.request } } : {}),
    };
    const names = (round % 2 === 0 ? ['baseline', 'previous', 'service'] : ['service', 'previous', 'baseline']).filter(
      (name): name is keyof typeof sides => name in sides,
    );
    const measured = await measureInterleaved(
      names.map((name) => sides[name]!),
      { ...load, sliceSeconds },
    );
    names.forEach((name, i) => (name === 'baseline' ? baselineRuns : name === 'previous' ? previousRuns : serviceRuns).push(measured[i]!));
    statements = Math.max(statements, statementsPerRequest(before, await serverCounts(service)));
  }
  const summary = (runs: LoadResult[]) => ({
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...runs.map((r) => r.latencyP99Ms)),
    failures: runs.reduce((a, r) => a + r.failures, 0),
    rounds: runs.map((r) => Math.round(r.requestsPerSecond)),
  });
  const s = summary(serviceRuns);
  const b = summary(baselineRuns);
  // Latency below saturation: the same connections at half the throughput just measured, in
  // alternating rounds like the throughput runs. Beside ours: the baseline giving the same answer,
  // and stock Apollo answering `{ hello }`, at the same rate: the machine's own latency floor.
  const paced = { connections: load.connections, seconds: load.seconds, rate: s.requestsPerSecond / 2 };
  const floorRequest = httpRequest(BASELINE_QUERY, undefined, 'POST');
  const pacedRuns = { service: [] as PacedResult[], baseline: [] as PacedResult[], floor: [] as PacedResult[] };
  for (let round = 0; scenario.latencyTarget && round < rounds; round++) {
    const order = round % 2 === 0 ? (['service', 'baseline', 'floor'] as const) : (['floor', 'baseline', 'service'] as const);
    for (const side of order) {
      const [url, request] =
        side === 'service' ? [service.url, ours.request] : side === 'baseline' ? [baseline.url, theirs.request] : [baseline.url, floorRequest];
      // A discarded warm-up at the paced rate first, so garbage left by the saturated runs is
      // collected there rather than counted in this side's tail.
      if (load.warmupSeconds > 0) measurePacedApart(url, request, { ...paced, seconds: load.warmupSeconds });
      pacedRuns[side].push(measurePacedApart(url, request, paced));
    }
  }
  // The worst round's p99 (as for the saturated runs): a tail target should not be met by picking a lucky round.
  const pacedSummary = (runs: PacedResult[]) => ({
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...runs.map((r) => r.latencyP99Ms)),
    roundsP99Ms: runs.map((r) => r.latencyP99Ms),
  });
  const halfLoad = scenario.latencyTarget ? pacedSummary(pacedRuns.service) : undefined;
  const baselineHalfLoad = scenario.latencyTarget ? pacedSummary(pacedRuns.baseline) : undefined;
  const floorHalfLoad = scenario.latencyTarget ? pacedSummary(pacedRuns.floor) : undefined;
  const pacedFailures = [...pacedRuns.service, ...pacedRuns.baseline, ...pacedRuns.floor].reduce((a, r) => a + r.failures, 0);
  const result: ScenarioResult = {
    id: scenario.id,
    title: scenario.title,
    transport: scenario.transport,
    target: scenario.target,
    ...(halfLoad && baselineHalfLoad && floorHalfLoad
      ? { latencyAtHalfLoad: halfLoad, baselineLatencyAtHalfLoad: baselineHalfLoad, floorLatencyAtHalfLoad: floorHalfLoad }
      : {}),
    responseBytes: ours.bytes,
    service: s,
    baseline: b,
    // Paired: each round measured both sides over the same stretch of time, so a round's ratio is
    // the comparison; the median of those is the one a disturbed round cannot move.
    ratio: median(serviceRuns.map((r, i) => r.requestsPerSecond / baselineRuns[i]!.requestsPerSecond)),
    sqlStatementsPerRequest: statements,
    servicePeakRssBytes: memoryOf(service.process.pid!).peakRss,
    ...(previousRuns.length > 0
      ? { previous: summary(previousRuns), previousRatio: median(serviceRuns.map((r, i) => r.requestsPerSecond / previousRuns[i]!.requestsPerSecond)) }
      : {}),
  };
  if (s.failures || b.failures || pacedFailures)
    throw new Error(`${scenario.id}: ${s.failures} failed service requests, ${b.failures} failed baseline requests, ${pacedFailures} failed paced requests`);
  log(
    `${scenario.id.padEnd(20)} service ${s.requestsPerSecond.toFixed(0).padStart(6)} req/s p50 ${s.latencyP50Ms} ms p99 ${s.latencyP99Ms} ms | baseline ${b.requestsPerSecond.toFixed(0).padStart(6)} req/s | ${result.ratio.toFixed(2)}x | ${statements.toFixed(2)} SQL/req${result.previous ? ` | previous build ${result.previous.requestsPerSecond.toFixed(0)} req/s (${result.previousRatio!.toFixed(2)}x)` : ''}${halfLoad ? ` | at ${halfLoad.requestsPerSecond.toFixed(0)} req/s: p50 ${halfLoad.latencyP50Ms} ms p99 ${halfLoad.latencyP99Ms} ms (baseline p99 ${baselineHalfLoad!.latencyP99Ms} ms, { hello } p99 ${floorHalfLoad!.latencyP99Ms} ms)` : ''}`,
  );
  return result;
}

/** measurePaced in a fresh process (bench/paced-client.ts), so this process's GC pauses stay out of the tail. */
function measurePacedApart(baseUrl: string, request: HttpRequest, options: { connections: number; seconds: number; rate: number }): PacedResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'bench/paced-client.ts'), JSON.stringify({ baseUrl, request, options })], {
    encoding: 'utf8',
    timeout: (options.seconds * 2 + 60) * 1000,
  });
  if (run.status !== 0) throw new Error(`paced client failed (${run.status ?? run.signal}): ${run.stderr}`);
  return JSON.parse(run.stdout) as PacedResult;
}

/** The 100x dataset: same lookups and pages against a database 100 times larger. */
async function scale(service: Server, factor: number): Promise<Results['scale']> {
  const seedsDir = join(work, 'scaled-seeds');
  const target = join(work, 'scaled.sqlite');
  const { generateScaledSeeds } = await import('./scale/generate-seeds.js');
  const generated = await generateScaledSeeds({ factor, outDir: seedsDir });
  const buildMs = buildDatabase(target, seedsDir);
  log(`scale: ${generated.records} records (${factor}x) built in ${ms(buildMs)}`);
  const large = await startService(`service on the ${factor}x dataset`, target);
  const latencyOf = async (server: Server, query: string, variables: Record<string, unknown>) => {
    const request = httpRequest(query, variables, 'POST');
    await verifyAnswer(server.url, request);
    let before = { statements: 0, requests: 0 };
    const r = await measure(server.url, request, load, async () => {
      before = await serverCounts(server);
    });
    const sqlStatementsPerRequest = statementsPerRequest(before, await serverCounts(server));
    return {
      requestsPerSecond: r.requestsPerSecond,
      latencyP50Ms: r.latencyP50Ms,
      latencyP99Ms: r.latencyP99Ms,
      meanMs: (1000 * load.connections) / r.requestsPerSecond,
      sqlStatementsPerRequest,
    };
  };
  const lookup = { real: await latencyOf(service, LOOKUP_QUERY, { slug: 'flannel' }), scaled: await latencyOf(large, LOOKUP_QUERY, { slug: 'flannel' }) };
  const pages: NonNullable<Results['scale']>['pages'] = [];
  for (const first of [10, 100]) {
    const variables = { first, minimumPods: 0 };
    pages.push({ first, real: await latencyOf(service, INSTANCE_TYPES_QUERY, variables), scaled: await latencyOf(large, INSTANCE_TYPES_QUERY, variables) });
  }
  const peakRss = memoryOf(large.process.pid!).peakRss;
  await large.stop();
  log(
    `scale: lookup mean ${lookup.real.meanMs.toFixed(2)} -> ${lookup.scaled.meanMs.toFixed(2)} ms; pages ${pages.map((p) => `first ${p.first}: ${p.real.meanMs.toFixed(2)} -> ${p.scaled.meanMs.toFixed(2)} ms`).join('; ')}`,
  );
  return { factor, records: generated.records, buildMs, lookup, pages, peakRssBytes: peakRss };
}

try {
  const pinned = pinSelf();
  const databasePath = join(work, 'kb.sqlite');
  const buildTimes = [0, 1, 2].map(() => buildDatabase(databasePath));
  log(`database build: ${buildTimes.map(ms).join(', ')}`);
  const starts = [];
  for (let i = 0; i < 3; i++) starts.push(await coldStart(databasePath));
  log(
    `cold start to first answer: ${starts.map((s) => ms(s.milliseconds)).join(', ')}; idle RSS ${(median(starts.map((s) => s.idleRss)) / 1048576).toFixed(0)} MiB`,
  );

  const service = await startService('service', databasePath);
  const scenarios = SCENARIOS.filter((s) => !args.only || args.only.split(',').includes(s.id));
  const baseline = await startBaseline(service, scenarios);
  const floorRequest = httpRequest(BASELINE_QUERY, undefined, 'POST');
  await verifyAnswer(baseline.url, floorRequest);
  const floor = await measure(baseline.url, floorRequest, load);
  log(
    `baseline floor: stock Apollo answering { hello }: ${floor.requestsPerSecond.toFixed(0)} req/s, p50 ${floor.latencyP50Ms} ms, p99 ${floor.latencyP99Ms} ms`,
  );
  let previous: Server | undefined;
  if (args.previous) {
    // The earlier build serves a database it builds itself (its schema may differ), from the same seeds.
    const previousDb = join(work, 'previous.sqlite');
    const built = spawnSync(
      process.execPath,
      [join(args.previous, 'dist/src/cli/build-db.js'), '--target', previousDb, '--seeds', join(PROJECT_ROOT, 'seeds')],
      { encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`previous build's database build failed: ${built.stdout}${built.stderr}`);
    previous = startNode('previous build', [...NODE_FLAGS, join(args.previous, 'dist/src/server/main.js')], await freePort(), {
      ...SERVICE_ENV,
      DATABASE_PATH: previousDb,
    });
    servers.push(previous);
    await waitReady(previous);
  }
  const results: ScenarioResult[] = [];
  if (settleSeconds > 0) {
    log(`settling: every server answers every scenario for ${settleSeconds} s, unmeasured`);
    for (const scenario of scenarios)
      for (const server of [baseline, ...(previous ? [previous] : []), service]) {
        const { request } = await prepare(server, scenario, scenario.query, scenario.variables);
        await measure(server.url, request, { ...load, warmupSeconds: 0, seconds: settleSeconds });
      }
  }
  for (const scenario of scenarios) results.push(await runScenario(service, baseline, scenario, previous));

  const scaleResult = args['skip-scale'] ? undefined : await scale(service, Number(args['scale-factor']));
  const report: Results = {
    ...(args.previous ? { previousBuild: args['previous-label'] ?? args.previous } : {}),
    date: new Date().toISOString(),
    machine: machineDescription(),
    node: process.version,
    serviceCommand: ['node', ...NODE_FLAGS, 'dist/src/server/main.js'].join(' '),
    settings: { ...load, settleSeconds, sliceSeconds, rounds, pinnedToSeparateCores: pinned },
    databaseBuildMs: median(buildTimes),
    coldStartMs: median(starts.map((s) => s.milliseconds)),
    idleRssBytes: median(starts.map((s) => s.idleRss)),
    baselineFloor: { requestsPerSecond: floor.requestsPerSecond, latencyP50Ms: floor.latencyP50Ms, latencyP99Ms: floor.latencyP99Ms },
    scenarios: results,
    ...(scaleResult ? { scale: scaleResult } : {}),
  };
  if (args.out) {
    mkdirSync(join(args.out, '..'), { recursive: true });
    writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
    log(`wrote ${args.out}`);
  } else {
    writeFileSync(join(PROJECT_ROOT, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(PROJECT_ROOT, 'BENCHMARKS.md'), renderMarkdown(report) + scanSection(join(PROJECT_ROOT, 'BENCHMARKS.md')));
    log('wrote BENCHMARKS.md and bench/results.json');
  }
} finally {
  await cleanup();
}

function machineDescription(): string {
  const cpu = spawnSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], { encoding: 'utf8' }).stdout.trim();
  // nproc would report this process's affinity (it may be pinned); count every CPU.
  const cores = cpus().length;
  const memory = spawnSync('sh', ['-c', "grep MemTotal /proc/meminfo | awk '{print int($2/1048576)}'"], { encoding: 'utf8' }).stdout.trim();
  return `${cores} cores (${cpu || 'unknown CPU'}), ${memory} GiB, ${process.platform}/${process.arch}`;
}
