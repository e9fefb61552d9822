/**
 * `npm run bench:cli`: how fast `winnet-kb check` and `winnet-kb scan` start, against `node -e 0`
 * on the same machine at the same moment. Each round runs every command once, in turns (so a
 * busy stretch of a shared machine hits them alike); the figures are medians over the rounds:
 * wall time, its ratio to `node -e 0`'s, CPU time (user + system, steadier than wall time on a
 * busy machine) and peak RSS (both from /usr/bin/time where it exists).
 *
 * Usage: tsx bench/cli-startup.ts [--rounds N] [--bin PATH]
 *   --bin  the `winnet-kb` to run (default bin/winnet-kb.js of this checkout; give an installed
 *          package's, e.g. PREFIX/bin/winnet-kb, to measure that). Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/db/paths.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, bin: { type: 'string' } } });
const rounds = Number(values.rounds);
const bin = values.bin ?? join(PROJECT_ROOT, 'bin', 'winnet-kb.js');
const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);

/** The commands measured: a small plan and a small eksctl file, as a user runs them. */
const COMMANDS: { name: string; argv: string[] }[] = [
  { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
  { name: 'check examples/compatible.yaml', argv: [process.execPath, bin, 'check', join(PROJECT_ROOT, 'examples/compatible.yaml')] },
  {
    name: 'scan of a 40-line eksctl file',
    argv: [process.execPath, bin, 'scan', join(PROJECT_ROOT, 'test/fixtures/scan/public/aws-vpc-resource-controller-eksctl-cluster.yaml'), '--fail-on', 'none'],
  },
];

/** One run: wall milliseconds, CPU milliseconds and peak RSS in MiB (NaN without /usr/bin/time). */
function once(argv: string[]): { ms: number; cpuMs: number; rssMiB: number } {
  const [command, ...args] = hasTime ? [TIME, '-f', '%M %U %S', ...argv] : argv;
  const started = performance.now();
  const result = spawnSync(command!, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - started;
  if (result.status !== 0 && result.status !== 2 && result.status !== 3) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  const [kib, user, system] = hasTime ? result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) : [NaN, NaN, NaN];
  return { ms, cpuMs: (user! + system!) * 1000, rssMiB: kib! / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// One unmeasured run of each: the OS's file cache and Node's compile cache are warm from then on, as for a user's second run.
for (const c of COMMANDS) once(c.argv);
const samples = COMMANDS.map(() => ({ ms: [] as number[], cpu: [] as number[], rss: [] as number[] }));
for (let round = 0; round < rounds; round++)
  for (const [i, c] of COMMANDS.entries()) {
    const { ms, cpuMs, rssMiB } = once(c.argv);
    samples[i]!.ms.push(ms);
    samples[i]!.cpu.push(cpuMs);
    samples[i]!.rss.push(rssMiB);
  }

const floor = median(samples[0]!.ms);
console.log(
  `winnet-kb start-up: ${bin}; node ${process.version}; ${rounds} alternating rounds; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log('| Command | Wall, median (runs) | x node -e 0 | CPU, median | Peak RSS, median |');
console.log('|---|---|---|---|---|');
for (const [i, c] of COMMANDS.entries()) {
  const { ms, cpu, rss } = samples[i]!;
  const runs = ms.map((m) => m.toFixed(0)).join(', ');
  console.log(
    `| ${c.name} | ${median(ms).toFixed(0)} ms (${runs}) | ${(median(ms) / floor).toFixed(1)}x | ${hasTime ? `${median(cpu).toFixed(0)} ms` : 'n/a'} | ${hasTime ? `${median(rss).toFixed(0)} MiB` : 'n/a'} |`,
  );
}
