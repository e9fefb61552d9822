/**
 * Child processes for the benchmark: servers on fixed loopback ports, pinned to one core where
 * `taskset` exists (the load generator keeps the other), with memory read from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { controlFetch } from './fetch.js';

/** The compiled server and database builder (`npm run build` first). */
export const DIST_MAIN = join(PROJECT_ROOT, 'dist/src/server/main.js');
const DIST_BUILD_DB = join(PROJECT_ROOT, 'dist/src/seeds/scripts/build-db.js');

/** Node's flags from `npm start`, so the benches run the server exactly as it is started. */
export const NODE_FLAGS = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((a) => a.startsWith('--'));

/** Builds a database with the compiled CLI (a fresh process, as `npm start` would) and times it (ms). */
export function buildDatabase(target: string, seedsDir?: string): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [DIST_BUILD_DB, '--target', target, ...(seedsDir ? ['--seeds', seedsDir] : [])], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`database build failed: ${r.stdout}${r.stderr}`);
  return performance.now() - started;
}

export const SERVER_CPU = availableParallelism() > 1 ? 1 : 0;
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

/** Keeps the load generator (this process) off the servers' core. */
export function pinSelf(): boolean {
  if (!hasTaskset || availableParallelism() < 2) return false;
  return spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  name: string;
  url: string;
  process: ChildProcess;
  /** The last lines the process wrote to stderr, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `node args` on `port` (stdout discarded, as a log shipper would take it away). */
export function startNode(name: string, args: string[], port: number, env: Record<string, string>): Server {
  const command = hasTaskset ? 'taskset' : process.execPath;
  const argv = hasTaskset ? ['-c', String(SERVER_CPU), process.execPath, ...args] : args;
  const child = spawn(command, argv, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    process: child,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once `check` passes, polling every few milliseconds; fails if the process exits. */
export async function waitFor(server: Server, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`${server.name} exited (${server.process.exitCode}): ${server.stderr()}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${server.name} was not ready within ${timeoutMs} ms: ${server.stderr()}`);
}

export const waitReady = (server: Server) => waitFor(server, async () => (await controlFetch(`${server.url}/readyz`)).ok);

/** Resident set size now and at its peak (VmHWM), in bytes, from /proc. */
export function memoryOf(pid: number): { rss: number; peakRss: number } {
  // Under taskset the child is taskset itself until it execs node, which keeps the pid.
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peakRss: kib('VmHWM') };
}

/**
 * The CPU time (user + system) a process has used, in microseconds, from /proc (clock ticks of
 * 10 ms); undefined where /proc is not there. Divided by the requests of a stretch, it says what
 * each answer cost the server, which a shared machine disturbs far less than the request rate.
 */
export function cpuMicrosOf(pid: number): { user: number; system: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
  } catch {
    return undefined;
  }
}
