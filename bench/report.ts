/** The benchmark's results: their shape, the targets they are judged by, and BENCHMARKS.md. */
import type { Transport } from './scenarios.js';

export interface SideSummary {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
  /** Requests/s of each round, in order. */
  rounds: number[];
}

/** Paced runs: median rate and p50 over the rounds, the worst round's p99, and each round's p99. */
export interface PacedFigure {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  roundsP99Ms: number[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  transport: Transport;
  target: 'uncached' | 'cached' | 'none';
  /** For lookups: latency with the same connections at half the saturated throughput. */
  latencyAtHalfLoad?: PacedFigure;
  /** The baseline giving the same answer at the same rate. */
  baselineLatencyAtHalfLoad?: PacedFigure;
  /** Stock Apollo answering `{ hello }` at the same rate: the latency floor of the machine and framework. */
  floorLatencyAtHalfLoad?: PacedFigure;
  responseBytes: number;
  service: SideSummary;
  baseline: SideSummary;
  /** Service requests/s over baseline requests/s: the median of the rounds' ratios (each round measures both over the same time, interleaved). */
  ratio: number;
  sqlStatementsPerRequest: number;
  servicePeakRssBytes: number;
  /** With --previous: an earlier build measured in the same rounds, and service / previous (median of the rounds' ratios). */
  previous?: SideSummary;
  previousRatio?: number;
}

export interface LatencyFigure {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Mean latency from throughput: connections / (requests/s). */
  meanMs: number;
  sqlStatementsPerRequest: number;
}

export interface Results {
  /** With --previous: which earlier build was measured beside the service, in the same rounds. */
  previousBuild?: string;
  date: string;
  machine: string;
  node: string;
  /** How the service was started, flags included. */
  serviceCommand: string;
  settings: {
    seconds: number;
    warmupSeconds: number;
    settleSeconds?: number;
    sliceSeconds?: number;
    connections: number;
    rounds: number;
    pinnedToSeparateCores: boolean;
  };
  databaseBuildMs: number;
  coldStartMs: number;
  idleRssBytes: number;
  /** Stock Apollo answering `{ hello }`: the trivial floor, for orientation. */
  baselineFloor: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number };
  scenarios: ScenarioResult[];
  scale?: {
    factor: number;
    records: number;
    buildMs: number;
    lookup: { real: LatencyFigure; scaled: LatencyFigure };
    pages: { first: number; real: LatencyFigure; scaled: LatencyFigure }[];
    peakRssBytes: number;
  };
}

export interface TargetCheck {
  name: string;
  value: string;
  target: string;
  met: boolean;
  /** Only ratios are compared by `bench:check`; absolute times depend on the machine. */
  kind: 'ratio' | 'absolute';
}

const MiB = 1048576;

/**
 * The issue's targets, in one place. `margin` loosens ratio targets for bench:check
 * (0.8 accepts 80% of each ratio target), since short runs on a shared machine are noisy.
 */
export function evaluateTargets(r: Results, margin = 1): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const s of r.scenarios) {
    if (s.target === 'uncached')
      checks.push({
        name: `${s.id}: uncached requests/s vs baseline`,
        value: `${s.ratio.toFixed(2)}x`,
        target: `>= ${(1.0 * margin).toFixed(2)}x`,
        met: s.ratio >= 1.0 * margin,
        kind: 'ratio',
      });
    if (s.target === 'cached')
      checks.push({
        name: `${s.id}: cached requests/s vs baseline`,
        value: `${s.ratio.toFixed(2)}x`,
        target: `>= ${(5.0 * margin).toFixed(2)}x`,
        met: s.ratio >= 5.0 * margin,
        kind: 'ratio',
      });
    if (s.latencyAtHalfLoad && r.settings.connections === 4)
      checks.push({
        name: `${s.id}: p99 latency at 4 connections, below saturation (${s.latencyAtHalfLoad.requestsPerSecond.toFixed(0)} req/s)`,
        value: `${s.latencyAtHalfLoad.latencyP99Ms} ms (same answer from stock Apollo ${s.baselineLatencyAtHalfLoad?.latencyP99Ms} ms; its { hello } ${s.floorLatencyAtHalfLoad?.latencyP99Ms} ms)`,
        target: '< 5 ms',
        met: s.latencyAtHalfLoad.latencyP99Ms < 5,
        kind: 'absolute',
      });
  }
  const peak = Math.max(...r.scenarios.map((s) => s.servicePeakRssBytes));
  checks.push({ name: 'peak RSS under load', value: `${(peak / MiB).toFixed(0)} MiB`, target: '< 200 MB', met: peak < 200e6, kind: 'absolute' });
  checks.push({
    name: 'cold start to first answer',
    value: `${r.coldStartMs.toFixed(0)} ms`,
    target: '< 1000 ms',
    met: r.coldStartMs < 1000,
    kind: 'absolute',
  });
  checks.push({
    name: 'database build from seeds',
    value: `${r.databaseBuildMs.toFixed(0)} ms`,
    target: '< 3000 ms',
    met: r.databaseBuildMs < 3000,
    kind: 'absolute',
  });
  if (r.scale) {
    const { lookup, pages, factor } = r.scale;
    const growth = lookup.scaled.meanMs / lookup.real.meanMs;
    checks.push({
      name: `lookup latency at ${factor}x data vs real`,
      value: `${growth.toFixed(2)}x`,
      target: `<= ${(1.5 / margin).toFixed(2)}x`,
      met: growth <= 1.5 / margin,
      kind: 'ratio',
    });
    for (const p of pages) {
      const pageGrowth = p.scaled.meanMs / p.real.meanMs;
      checks.push({
        name: `page of ${p.first} at ${factor}x data vs real`,
        value: `${pageGrowth.toFixed(2)}x`,
        target: `<= ${(1.5 / margin).toFixed(2)}x`,
        met: pageGrowth <= 1.5 / margin,
        kind: 'ratio',
      });
    }
    // Counter deltas over a run also count statements of the few requests still in flight when
    // the warm-up ends, so the per-request figures carry a fraction of noise: compare whole statements.
    const statements = (n: number) => Math.round(n);
    const grew = [lookup, ...pages].filter((f) => statements(f.scaled.sqlStatementsPerRequest) > statements(f.real.sqlStatementsPerRequest));
    checks.push({
      name: `SQL statements per request at ${factor}x data (whole statements)`,
      value: [lookup, ...pages].map((f) => `${statements(f.real.sqlStatementsPerRequest)} -> ${statements(f.scaled.sqlStatementsPerRequest)}`).join(', '),
      target: 'no more than on the real data',
      met: grew.length === 0,
      kind: 'ratio',
    });
  }
  return checks;
}

const fixed = (n: number, digits = 0) => n.toFixed(digits);

export function renderMarkdown(r: Results): string {
  const lines = [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (bench/bench.ts); the raw figures are in `bench/results.json`. Do not edit by hand.',
    '',
    `- Date: ${r.date}`,
    `- Machine: ${r.machine}`,
    `- Node: ${r.node}`,
    `- Load: autocannon, ${r.settings.connections} connections, ${r.settings.settleSeconds ? `every server first answering every scenario for ${r.settings.settleSeconds} s unmeasured (steady state: a fresh process takes 4-6 s to reach its rate on one scenario), then ` : ''}${r.settings.rounds} rounds, each a ${r.settings.warmupSeconds} s warm-up of every server then ${r.settings.seconds} s measured per server${r.settings.sliceSeconds ? ` in ${r.settings.sliceSeconds} s slices, the servers taking turns (the machine's speed drifts by up to a third for 10-30 s at a time; interleaved, a slow stretch hits every server alike)` : ''}, the order reversed every other round; servers ${r.settings.pinnedToSeparateCores ? 'pinned to one core, the load generator to the other' : 'not pinned (no taskset)'}.`,
    "- Baseline: stock Apollo Server 5 (default plugins and options) on Fastify via @as-integrations/fastify, serving the same SDL with each root field returning a constant: the service's own answer, captured at the start of the run. It parses, validates, executes and serialises the same operation and response over the same transport (POST, or GET with a persisted-query hash) but does no work to find the data.",
    `- Trivial floor, for orientation: the same baseline answering \`{ hello }\`: ${fixed(r.baselineFloor.requestsPerSecond)} req/s, p50 ${r.baselineFloor.latencyP50Ms} ms, p99 ${r.baselineFloor.latencyP99Ms} ms.`,
    `- Service: \`${r.serviceCommand}\` with NODE_ENV=production and default settings (info logging to a discarded stdout).`,
    '',
    '## Scenarios',
    '',
    "Requests/s are medians over the rounds (each round in brackets); the ratio is the median of the rounds' ratios, each round having measured both servers over the same stretch of time; p50 / p99 are at saturation (autocannon, whole milliseconds: the median slice's p50, the worst slice's p99), the last column below it: half the saturated rate, same connections, paced by bench/load.ts after a warm-up at that rate, the worst round's p99, beside stock Apollo giving the same answer and answering `{ hello }` at that rate.",
    '',
    '| Scenario | Transport | Response | Service req/s | p50 / p99 | Baseline req/s | Ratio | SQL/req | Peak RSS | p50 / p99 below saturation |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.scenarios.map(
      (s) =>
        `| ${s.id}: ${s.title} | ${s.transport} | ${fixed(s.responseBytes / 1024, 1)} KiB | ${fixed(s.service.requestsPerSecond)} (${s.service.rounds.join(', ')}) | ${s.service.latencyP50Ms} / ${s.service.latencyP99Ms} ms | ${fixed(s.baseline.requestsPerSecond)} (${s.baseline.rounds.join(', ')}) | **${s.ratio.toFixed(2)}x** | ${fixed(s.sqlStatementsPerRequest, 2)} | ${fixed(s.servicePeakRssBytes / MiB)} MiB | ${s.latencyAtHalfLoad ? `${s.latencyAtHalfLoad.latencyP50Ms} / ${s.latencyAtHalfLoad.latencyP99Ms} ms at ${fixed(s.latencyAtHalfLoad.requestsPerSecond)} req/s (baseline ${s.baselineLatencyAtHalfLoad?.latencyP50Ms} / ${s.baselineLatencyAtHalfLoad?.latencyP99Ms} ms; { hello } ${s.floorLatencyAtHalfLoad?.latencyP50Ms} / ${s.floorLatencyAtHalfLoad?.latencyP99Ms} ms); p99 by round ${s.latencyAtHalfLoad.roundsP99Ms.join(', ')} ms` : ''} |`,
    ),
    '',
    '## Start-up and memory',
    '',
    `- Database build from seeds (compiled CLI, a fresh process each time, median of 3): ${fixed(r.databaseBuildMs)} ms`,
    `- Cold start to first answer (spawn to the first successful lookup, median of 3): ${fixed(r.coldStartMs)} ms`,
    `- RSS at idle, 1 s after the first answer: ${fixed(r.idleRssBytes / MiB)} MiB`,
  ];
  if (r.scale) {
    const fig = (f: LatencyFigure) =>
      `${f.meanMs.toFixed(2)} ms mean, p99 ${f.latencyP99Ms} ms, ${fixed(f.requestsPerSecond)} req/s, ${fixed(f.sqlStatementsPerRequest, 2)} SQL/req`;
    lines.push(
      '',
      `## Scale: a generated dataset ${r.scale.factor}x the real one`,
      '',
      `${r.scale.records} records (bench/scale/generate-seeds.ts), built in ${fixed(r.scale.buildMs)} ms; peak RSS of the server on it ${fixed(r.scale.peakRssBytes / MiB)} MiB.`,
      '',
      '| Query | Real dataset | Generated dataset |',
      '|---|---|---|',
      `| lookup (cniPlugin with relations) | ${fig(r.scale.lookup.real)} | ${fig(r.scale.lookup.scaled)} |`,
      ...r.scale.pages.map((p) => `| instanceTypes, first ${p.first} | ${fig(p.real)} | ${fig(p.scaled)} |`),
    );
  }
  if (r.previousBuild) {
    lines.push(
      '',
      '## Against the previous build, same run',
      '',
      `The previous build (${r.previousBuild}) served its own database build of the same seeds, measured in the same rounds as the service and the baseline.`,
      '',
      '| Scenario | Service req/s | Previous build req/s | Service / previous |',
      '|---|---|---|---|',
      ...r.scenarios
        .filter((s) => s.previous)
        .map(
          (s) =>
            `| ${s.id} | ${fixed(s.service.requestsPerSecond)} (${s.service.rounds.join(', ')}) | ${fixed(s.previous!.requestsPerSecond)} (${s.previous!.rounds.join(', ')}) | **${s.previousRatio!.toFixed(2)}x** |`,
        ),
    );
  }
  lines.push(
    '',
    '## Targets',
    '',
    '| Target | Measured | Goal | Met |',
    '|---|---|---|---|',
    ...evaluateTargets(r).map((c) => `| ${c.name} | ${c.value} | ${c.target} | ${c.met ? 'yes' : '**no**'} |`),
    '',
  );
  return `${lines.join('\n')}\n`;
}
