/**
 * `npm run soak [-- --seconds 20 --connections 8 --burst 500 --burst-seconds 10]`: a bounded
 * load-and-soak run on 127.0.0.1. Starts the real server (production settings) in a child
 * process; first opens `--burst` connections at once, each sending compatibility queries for
 * `--burst-seconds` (bench/burst.ts: every request must be answered; the slowest first answer is
 * reported), then drives it with autocannon mixing ordinary and hostile requests for a fixed
 * time, and prints error counts, latency and the server's memory before and after. Not a test:
 * it prints figures for docs/operations.md ("Fuzzing and load").
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getIntrospectionQuery } from 'graphql';
import { burst, burstPassed, describeBurst } from './burst.js';
import { DEFAULT_DATABASE_PATH, PROJECT_ROOT } from '../src/db/paths.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '8' },
    burst: { type: 'string', default: '500' },
    'burst-seconds': { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const burstConnections = Number(values.burst);
const burstSeconds = Number(values['burst-seconds']);
if (!(seconds > 0 && seconds <= 600 && connections > 0 && connections <= 256)) throw new Error('--seconds 1..600, --connections 1..256');
if (!(Number.isInteger(burstConnections) && burstConnections >= 0 && burstConnections <= 2000 && burstSeconds > 0 && burstSeconds <= 60))
  throw new Error('--burst 0..2000 (0 skips it), --burst-seconds 1..60');

const good = [
  '{ compatibility(input: { windowsVersion: "windows-server-2019", cniPlugin: "flannel", networkMode: "overlay", features: ["direct-server-return"], kubernetesVersion: "1.31" }) { verdict findings { code severity } } }',
  '{ cniPlugins { slug networkModes { slug } limitations { slug sources { section document { slug } } } } }',
  '{ podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { maxPods steps } }',
  '{ instanceTypes(filter: { minimumPods: 100 }, podsMode: PREFIX_DELEGATION, first: 20) { totalCount nodes { name } } }',
];
/** The full introspection query (as GraphiQL sends it) with its __schema twice, under aliases. */
function twoIntrospections(): string {
  const full = getIntrospectionQuery({ descriptions: true });
  const head = full.slice(0, full.indexOf('fragment FullType'));
  const schema = head.slice(head.indexOf('__schema'), head.lastIndexOf('}'));
  return `{ a: ${schema} b: ${schema} } ${full.slice(full.indexOf('fragment FullType'))}`;
}
const hostile = [
  `{ cniPlugins { ${'networkModes { cniPlugins { '.repeat(20)}slug${' } }'.repeat(20)} } }`,
  `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: datasetInfo { version }`).join(' ')} }`,
  'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
  '{"query": ',
  // Issue 23's probe: introspection under aliases, duplicated selections, __typename aliases,
  // directives on fragment spreads, nested variables (raw body).
  twoIntrospections(),
  `{ ${'datasetInfo { version } '.repeat(1240)} }`,
  `{ ${Array.from({ length: 1650 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
  `{ ${'...F @skip(if: false) '.repeat(200)} } fragment F on Query { __typename }`,
  `{"query":"query ($v: String) { __typename }","variables":{"v":${'['.repeat(3000)}${']'.repeat(3000)}}}`,
];
/** Entries of `hostile` sent as they are, not as a JSON body's query. */
const RAW_HOSTILE = new Set([3, hostile.length - 1]);
const toRequests = (queries: string[], raw: Set<number> = new Set()) =>
  queries.map((query, i) => ({
    method: 'POST' as const,
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: raw.has(i) ? query : JSON.stringify({ query }),
  }));

const server = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'src/server/main.ts')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_PATH: process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH,
    SOAK_REPORT_MEMORY: '1',
  },
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    const m = /GraphQL (http:\/\/127\.0\.0\.1:\d+)\/graphql/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  setTimeout(() => reject(new Error('server did not report its address within 20 s')), 20_000).unref();
});
// Past start-up the server's per-request logs are not needed here.
server.stdout!.resume();
const memory = async () => {
  server.send('memory');
  return new Promise<NodeJS.MemoryUsage>((resolve) => server.once('message', (m) => resolve(m as NodeJS.MemoryUsage)));
};
const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

const before = await memory();
// Many connections at once, before anything else: each must get its first answer promptly.
const burstResult = burstConnections > 0 ? await burst(url, burstConnections, burstSeconds, JSON.stringify({ query: good[0] })) : undefined;
// Two streams at once, measured apart: ordinary traffic must stay fast while hostile traffic is refused.
const half = Math.max(1, Math.floor(connections / 2));
const [ordinary, abusive] = await Promise.all([
  autocannon({ url, connections: half, duration: seconds, requests: toRequests(good) }),
  autocannon({ url, connections: half, duration: seconds, requests: toRequests(hostile, RAW_HOSTILE) }),
]);
const after = await memory();
server.kill('SIGTERM');

const codes = (r: autocannon.Result) =>
  Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}: ${(s as { count: number }).count}`)
    .join(', ');
if (burstResult) console.log(describeBurst(burstResult, burstSeconds));
console.log(`soak: ${seconds} s on ${url}; ${half} connections of ordinary requests (4 kinds) beside ${half} of hostile ones (${hostile.length} kinds)`);
console.log(
  `ordinary: ${ordinary.requests.total} requests (${ordinary.requests.average.toFixed(0)}/s), status ${codes(ordinary)}; latency p50 ${ordinary.latency.p50} ms, p99 ${ordinary.latency.p99} ms, max ${ordinary.latency.max} ms`,
);
console.log(`hostile: ${abusive.requests.total} requests (${abusive.requests.average.toFixed(0)}/s), status ${codes(abusive)}`);
console.log(
  `5xx: ${ordinary['5xx'] + abusive['5xx']}; non-200 ordinary: ${ordinary.non2xx}; connection errors: ${ordinary.errors + abusive.errors}; timeouts: ${ordinary.timeouts + abusive.timeouts}`,
);
console.log(`server memory: rss ${mib(before.rss)} -> ${mib(after.rss)}, heap used ${mib(before.heapUsed)} -> ${mib(after.heapUsed)}`);
const result = { '5xx': ordinary['5xx'] + abusive['5xx'], errors: ordinary.errors + abusive.errors + ordinary.non2xx };
if (result['5xx'] > 0 || result.errors > 0 || (burstResult && !burstPassed(burstResult))) process.exitCode = 1;
