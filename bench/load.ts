/** One load measurement: autocannon against a URL with one request shape, after a warm-up. */
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import type { HttpRequest } from './scenarios.js';
import { controlFetch } from './fetch.js';

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Requests per second over all connections; unlimited (saturation) when absent. */
  rate?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Responses that were not 2xx or 304, plus connection errors and timeouts: must be 0. */
  failures: number;
}

function run(url: string, request: HttpRequest, connections: number, seconds: number, rate?: number) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [request],
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
    ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
  });
}

/** Warms up, then measures; `afterWarmup` runs between the two (to read a counter the measured run alone should move). */
export async function measure(url: string, request: HttpRequest, options: LoadOptions, afterWarmup?: () => Promise<void>): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(url, request, options.connections, options.warmupSeconds, options.rate);
  await afterWarmup?.();
  const r = await run(url, request, options.connections, options.seconds, options.rate);
  return {
    requestsPerSecond: r.requests.total / options.seconds,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: failuresOf(r),
  };
}

/** One server and the request it is measured with, for `measureInterleaved`. */
export interface LoadSide {
  url: string;
  request: HttpRequest;
  /** Runs after every side's warm-up, before the first measured slice (to read a counter the measured slices alone should move). */
  afterWarmup?: () => Promise<void>;
}

/**
 * Measures several servers over the same stretch of time: each is warmed up, then the measured
 * `seconds` are cut into slices of about `sliceSeconds`, and the sides take turns slice by slice
 * (in reverse order every other slice, so no side always follows the same one). On this VM the
 * speed of the whole machine drifts by up to a third for 10-30 s at a time; measuring one server
 * for 8 s and then the other let such a stretch land on one side only. Interleaved, a slow
 * stretch costs every side alike, and their ratio holds still.
 *
 * Each side's rate is its requests over its measured seconds; p50 is the median of its slices'
 * p50s and p99 the worst slice's p99 (no better than the p99 of one long run).
 */
export async function measureInterleaved(sides: LoadSide[], options: LoadOptions & { sliceSeconds: number }): Promise<LoadResult[]> {
  if (options.warmupSeconds > 0) for (const side of sides) await run(side.url, side.request, options.connections, options.warmupSeconds, options.rate);
  for (const side of sides) await side.afterWarmup?.();
  const slices = Math.max(1, Math.round(options.seconds / options.sliceSeconds));
  const sliceSeconds = options.seconds / slices;
  const measured = sides.map(() => [] as autocannon.Result[]);
  for (let slice = 0; slice < slices; slice++) {
    const order = sides.map((_, i) => i);
    if (slice % 2 === 1) order.reverse();
    for (const i of order) measured[i]!.push(await run(sides[i]!.url, sides[i]!.request, options.connections, sliceSeconds, options.rate));
  }
  return measured.map((runs) => {
    const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
    return {
      requestsPerSecond: runs.reduce((a, r) => a + r.requests.total, 0) / options.seconds,
      latencyP50Ms: p50s[Math.floor(p50s.length / 2)]!,
      latencyP99Ms: Math.max(...runs.map((r) => r.latency.p99)),
      requests: runs.reduce((a, r) => a + r.requests.total, 0),
      failures: runs.reduce((a, r) => a + failuresOf(r), 0),
    };
  });
}

/** Responses that were not 2xx or 304, plus connection errors and timeouts. */
function failuresOf(r: autocannon.Result): number {
  const notModified = (r.statusCodeStats as Record<string, { count: number }> | undefined)?.['304']?.count ?? 0;
  return r.non2xx - notModified + r.errors + r.timeouts;
}

/** Sends the request once and checks the answer is a GraphQL success (no errors), so nothing is measured on failures. */
export async function verifyAnswer(baseUrl: string, request: HttpRequest): Promise<number> {
  const response = await controlFetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  });
  const text = await response.text();
  const body = JSON.parse(text) as { data?: unknown; errors?: unknown[] };
  if (!response.ok || body.errors || !body.data) throw new Error(`${baseUrl}${request.path.slice(0, 60)} answered ${response.status}: ${text.slice(0, 500)}`);
  return Buffer.byteLength(text);
}

/**
 * Latency below saturation: `connections` workers, each sending a request, waiting for the
 * answer, then waiting for its next slot, so together they offer `rate` requests per second
 * evenly. autocannon's own rate limit sends each second's quota at the start of the second (a
 * counter reset by setInterval in lib/httpClient.js), which measures queueing behind a burst
 * rather than the latency of a request. Latencies are exact (not whole milliseconds).
 */
export interface PacedResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
}

export async function measurePaced(
  baseUrl: string,
  request: HttpRequest,
  options: { connections: number; seconds: number; rate: number },
): Promise<PacedResult> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { ...request.headers, ...(request.body ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}) };
  const latencies: number[] = [];
  let failures = 0;
  const send = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const done = (ok: boolean) => {
        latencies.push(performance.now() - started);
        if (!ok) failures++;
        resolve();
      };
      const req = httpRequest({ hostname, port, path: request.path, method: request.method, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode === 200 || res.statusCode === 304));
      });
      req.on('error', () => done(false));
      req.end(request.body);
    });
  const interval = (1000 * options.connections) / options.rate;
  const startedAt = performance.now();
  const end = startedAt + options.seconds * 1000;
  const worker = async (offset: number) => {
    for (let next = startedAt + offset; next < end; next += interval) {
      // A client that cannot keep the rate stops at the end anyway and reports the rate it reached.
      if (performance.now() >= end) break;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await send();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker((i * interval) / options.connections)));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(100 * (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN)) / 100;
  return { requestsPerSecond: latencies.length / elapsedSeconds, latencyP50Ms: at(0.5), latencyP99Ms: at(0.99), failures };
}
