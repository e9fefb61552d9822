/**
 * Issue 34's two server figures, on loopback only, against the compiled server started as
 * `npm start` starts it (its Node flags), in child processes of this one:
 *
 * 1. Cheap requests (lookups, cached GETs, /healthz, podCapacity), their median and p99 latency,
 *    alone and with 10 large scans among them (asking for the summary, the most work a scan can
 *    get past the cost limit: the probe's 91 KB of 480 objects, whose report is then over the
 *    ceiling, and 30 KB of 160 objects, answered), with the scans on the worker pool (the
 *    default) and on the event loop (SCAN_WORKERS=0, as before).
 * 2. The server's RSS after 3,000 distinct POSTs of a small query padded with a 90 KB comment,
 *    with npm start's Node flags and with the Deployment's (which cap the old generation).
 *
 *   npm run bench:mixed                      # builds, then runs both
 *   npx tsx bench/mixed-scan.ts --rounds 3   # cheap-request rounds per configuration
 *   npx tsx bench/mixed-scan.ts --only memory --padded 6000
 *
 * Bounded: a fixed number of requests per round, and the whole run stops after 10 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATABASE_PATH, PROJECT_ROOT } from '../src/db/paths.js';
import { windowsNodesAndServices } from '../test/support/scan-probe.js';
import { DIST_MAIN, freePort, memoryOf, NODE_FLAGS } from './processes.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, padded: { type: 'string', default: '3000' }, only: { type: 'string' } },
});
const ROUNDS = Math.min(10, Math.max(1, Number(values.rounds)));
const PADDED = Math.min(10_000, Math.max(1, Number(values.padded)));
const CHEAP_PER_ROUND = 490;
const SCANS_PER_ROUND = 10;
const CONCURRENCY = 16;
const DEADLINE = Date.now() + 10 * 60_000;

interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The Node flags the Deployment gives the server (its NODE_OPTIONS), which add a cap on the old generation to npm start's. */
const DEPLOYMENT_FLAGS = (/name: NODE_OPTIONS\s+value: (.+)/.exec(readFileSync(join(PROJECT_ROOT, 'deploy/kubernetes/deployment.yaml'), 'utf8'))?.[1] ?? '')
  .trim()
  .split(/\s+/)
  .filter(Boolean);

/** SERVER_MAIN: another compiled server to measure (an earlier build, say); this checkout's by default. */
const SERVER_MAIN = process.env.SERVER_MAIN ?? DIST_MAIN;

async function startServer(env: Record<string, string>, flags: readonly string[] = NODE_FLAGS): Promise<Child> {
  const port = await freePort();
  // Not pinned to one core (unlike bench/bench.ts): the scan workers are threads of this process and need a core of their own.
  const child = spawn(process.execPath, [...flags, SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 20) {
    if (waited > 20_000 || child.exitCode !== null) throw new Error('the server did not start');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  // Give the scan worker the second or so it takes to load the snapshot (main.ts warms it once listening).
  await new Promise((r) => setTimeout(r, 2000));
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const LOOKUP = 'query ($slug: String!) { feature(slug: $slug) { slug name description sources { document { title } section } } }';
const CAPACITY = 'query ($t: String!) { podCapacity(input: { instanceType: $t }) { maxPods steps } }';
const SCAN = 'query ($documents: String!) { scan(input: { documents: $documents }) { verdict summary { objectsRead reported judged } } }';
/** The probe's input (its report is over the 1 MiB ceiling: refused once the worker has scanned it) and the largest that is answered. */
const PROBE = windowsNodesAndServices(240);
const LARGEST_ANSWERED = windowsNodesAndServices(80);

type Request = { kind: 'cheap' | 'scan'; send: (url: string) => Promise<Response> };

const post = (url: string, query: string, variables: Record<string, unknown>, noStore = true) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(noStore ? { 'cache-control': 'no-store' } : {}) },
    body: JSON.stringify({ query, variables }),
  });

function cheap(i: number): Request {
  const slugs = ['direct-server-return', 'session-affinity', 'dual-stack', 'host-process-containers'];
  const types = ['m5.large', 'c5.xlarge', 'm5.2xlarge', 't3.medium'];
  const cachedGet = `/graphql?query=${encodeURIComponent('{ datasetInfo { version builtAt } }')}`;
  switch (i % 4) {
    case 0:
      return { kind: 'cheap', send: (url) => post(url, LOOKUP, { slug: slugs[i % slugs.length] }) };
    case 1:
      return { kind: 'cheap', send: (url) => fetch(`${url}${cachedGet}`) };
    case 2:
      return { kind: 'cheap', send: (url) => fetch(`${url}/healthz`) };
    default:
      return { kind: 'cheap', send: (url) => post(url, CAPACITY, { t: types[i % types.length] }) };
  }
}

/** 490 cheap requests, and `scans` large scans spread evenly among them. */
function mix(scans: number): Request[] {
  const list: Request[] = [];
  const every = Math.floor(CHEAP_PER_ROUND / Math.max(1, scans));
  for (let i = 0, s = 0; i < CHEAP_PER_ROUND; i++) {
    if (s < scans && i % every === 0) {
      const documents = s % 2 === 0 ? PROBE : LARGEST_ANSWERED;
      list.push({ kind: 'scan', send: (url) => post(url, SCAN, { documents }) });
      s++;
    }
    list.push(cheap(i));
  }
  return list;
}

interface Round {
  cheap: number[];
  scans: number[];
  statuses: Map<string, number>;
}

async function round(url: string, requests: Request[]): Promise<Round> {
  const result: Round = { cheap: [], scans: [], statuses: new Map() };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length && Date.now() < DEADLINE) {
        const request = requests[next++]!;
        const started = performance.now();
        const response = await request.send(url);
        const body = await response.text();
        const ms = performance.now() - started;
        (request.kind === 'cheap' ? result.cheap : result.scans).push(ms);
        const code = /"code":"([A-Z_]+)"/.exec(body)?.[1];
        const key = `${request.kind} ${response.status}${code ? ` ${code}` : ''}`;
        result.statuses.set(key, (result.statuses.get(key) ?? 0) + 1);
      }
    }),
  );
  return result;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`;

async function latencies(): Promise<void> {
  console.log(`cheap requests: ${CHEAP_PER_ROUND} a round (lookup, cached GET, /healthz, podCapacity in turn), ${CONCURRENCY} at a time, ${ROUNDS} rounds`);
  console.log(
    `large scans: ${SCANS_PER_ROUND} a round among them, asking for the summary: in turn the probe's ${PROBE.length} bytes of 480 objects ` +
      `(its report is over the ceiling: SCAN_TOO_LARGE once scanned) and ${LARGEST_ANSWERED.length} bytes of 160 objects (answered)`,
  );
  for (const [name, env, scans] of [
    ['no scans', {}, 0],
    ['scans on the worker pool (default)', {}, SCANS_PER_ROUND],
    ['scans on the event loop (SCAN_WORKERS=0)', { SCAN_WORKERS: '0' }, SCANS_PER_ROUND],
  ] as const) {
    const server = await startServer(env);
    try {
      await round(server.url, mix(0)); // warm-up
      const all: Round = { cheap: [], scans: [], statuses: new Map() };
      for (let r = 0; r < ROUNDS && Date.now() < DEADLINE; r++) {
        const one = await round(server.url, mix(scans));
        all.cheap.push(...one.cheap);
        all.scans.push(...one.scans);
        for (const [k, v] of one.statuses) all.statuses.set(k, (all.statuses.get(k) ?? 0) + v);
      }
      const statuses = [...all.statuses].map(([k, v]) => `${k}: ${v}`).join(', ');
      console.log(
        `${name}: cheap median ${ms(percentile(all.cheap, 50))}, p99 ${ms(percentile(all.cheap, 99))}` +
          (all.scans.length ? `; scans median ${ms(percentile(all.scans, 50))}` : '') +
          `; ${statuses}`,
      );
    } finally {
      await server.stop();
    }
  }
}

async function memory(name: string, flags: readonly string[]): Promise<void> {
  const server = await startServer({}, flags);
  try {
    const pid = server.process.pid!;
    const before = memoryOf(pid);
    const padding = 'x'.repeat(90 * 1024);
    let next = 0;
    const statuses = new Map<number | string, number>();
    let diedAt: number | undefined;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PADDED && Date.now() < DEADLINE) {
          const i = next++;
          let status: number | string;
          try {
            const response = await fetch(`${server.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: `{ __typename } # ${i} ${padding}` }),
            });
            await response.arrayBuffer();
            status = response.status;
          } catch {
            // The server died (an earlier build ran out of heap under the Deployment's flags): stop sending.
            status = 'connection failed';
            diedAt ??= i;
            next = PADDED;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 2000));
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      console.log(
        `memory, ${name} (${flags.join(' ')}): the server died (exit ${server.process.exitCode ?? server.process.signalCode}) at about padded POST ${diedAt ?? '?'} of ${PADDED}`,
      );
      return;
    }
    const after = memoryOf(pid);
    console.log(
      `memory, ${name} (${flags.join(' ')}): ${PADDED} distinct POSTs of { __typename } padded with a 90 KB comment (statuses ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}): ` +
        `RSS ${mib(before.rss)} before, ${mib(after.rss)} after, peak ${mib(after.peakRss)} (the Deployment's limit: 512 MiB)`,
    );
  } finally {
    await server.stop();
  }
}

if (values.only !== 'memory') await latencies();
if (values.only !== 'latency') {
  await memory('as npm start runs it', NODE_FLAGS);
  await memory('as the Deployment runs it', DEPLOYMENT_FLAGS);
}
