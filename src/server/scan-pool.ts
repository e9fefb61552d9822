/**
 * The `scan` query's worker pool: scans run on worker threads (node:worker_threads), so a large
 * one costs its own thread's time, not the event loop every other request waits on.
 *
 * Why: a 98 KB scan kept the event loop 0.2 to 0.7 s, and ten of them among 490 cheap requests
 * took the cheap requests' median from 154 ms to 1.5 s (issue 34). The scan is pure (the domain
 * over the knowledge snapshot), so each worker loads the snapshot once and scans what it is sent.
 *
 * Bounded: `workers` threads (each with a capped heap), and at most `maxQueue` scans waiting for
 * one. A scan that finds the queue full is refused at once with SCAN_BUSY (HTTP 503, Retry-After),
 * not queued without end. A worker that dies (out of its heap, say) is replaced at the next scan;
 * the scan it was running is refused (SCAN_TOO_LARGE when it ran out of memory). Workers start
 * once `npm start`'s server listens (`warm`), or at the first scan where nothing warms them (tests).
 *
 * A hand-written pool rather than piscina: it is about a hundred lines, needs the tsx bootstrap
 * below in tests, and piscina brings an optional native dependency into the bundled package.
 */
import { Worker } from 'node:worker_threads';
import { HeaderMap } from '@apollo/server';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError } from 'graphql';
import type { ScanReportParent } from '../graphql/mappers.js';
import { scanTooLarge } from '../graphql/scan-report.js';
import type { ScanTask } from '../graphql/scan-task.js';
import type { ScanRequest, ScanResponse, ScanWorkerData } from './scan-worker.js';

export interface ScanPoolOptions {
  databasePath: string;
  /** Worker threads. */
  workers: number;
  /** Scans that may wait for a worker; one more is refused with SCAN_BUSY. */
  maxQueue: number;
  /** The ceiling of a report, as JSON. */
  maxAnswerBytes: number;
  /** A scan still running after this long is stopped (its worker is replaced). */
  taskTimeoutMs: number;
  /** Old-generation heap of each worker, in MB. */
  workerHeapMb: number;
  log: FastifyBaseLogger;
}

export interface ScanPool {
  run: (task: ScanTask) => Promise<ScanReportParent>;
  /** Starts every worker now rather than at the first scan (the server does once it listens); resolves once each has loaded the snapshot. */
  warm: () => Promise<void>;
  close: () => Promise<void>;
}

interface Pending {
  task: ScanTask;
  resolve: (report: ScanReportParent) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** Settles when the worker has loaded the snapshot, or has stopped. */
  started: Promise<void> | undefined;
  running: (Pending & { id: number; timer: NodeJS.Timeout | undefined }) | undefined;
}

/** The worker's module, compiled (dist) or, under tsx and vitest, its TypeScript source with tsx registered in the thread. */
function startWorker(workerData: ScanWorkerData, workerHeapMb: number): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: workerHeapMb };
  if (!here.endsWith('.ts')) return new Worker(new URL('./scan-worker.js', here), { workerData, resourceLimits });
  const source = new URL('./scan-worker.ts', here).href;
  // Node does not carry the main thread's --import hooks into workers: the thread registers tsx itself.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

export function scanBusy(maxQueue: number): GraphQLError {
  return new GraphQLError(`Too many scans at once: ${maxQueue} are already waiting for a scan worker. Retry in a moment.`, {
    extensions: { code: 'SCAN_BUSY', limit: maxQueue, http: { status: 503, headers: new HeaderMap([['retry-after', '1']]) } },
  });
}

export function createScanPool(options: ScanPoolOptions): ScanPool {
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ worker: undefined, started: undefined, running: undefined }));
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (slot: Slot) => {
    const running = slot.running;
    if (running) clearTimeout(running.timer);
    slot.running = undefined;
    // An idle worker does not keep the process alive; one with a scan does (see dispatch).
    slot.worker?.unref();
    const next = queue.shift();
    if (next) dispatch(slot, next);
    return running;
  };

  const lose = (slot: Slot, worker: Worker, error: Error) => {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    void worker.terminate();
    finish(slot)?.reject(error);
  };

  const spawn = (slot: Slot): Worker => {
    const worker = startWorker({ databasePath: options.databasePath, maxAnswerBytes: options.maxAnswerBytes }, options.workerHeapMb);
    worker.unref();
    let ready = false;
    slot.started = new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (answer: ScanResponse) => {
        if (!('ready' in answer)) return;
        ready = true;
        resolve();
      });
    });
    worker.on('message', (answer: ScanResponse) => {
      if ('ready' in answer || slot.running?.id !== answer.id) return;
      const running = finish(slot)!;
      if ('json' in answer) running.resolve(JSON.parse(answer.json) as ScanReportParent);
      else if ('error' in answer) running.reject(new GraphQLError(answer.error.message, { extensions: answer.error.extensions }));
      else running.reject(new Error(`scan worker failed: ${answer.failure}`));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      options.log.warn({ err: error }, 'scan worker stopped');
      lose(
        slot,
        worker,
        // Out of memory while scanning is the input's doing; while loading the snapshot, the server's.
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' && ready
          ? scanTooLarge(undefined, options.maxAnswerBytes, 'it needed more memory than a scan worker has, and its report')
          : error,
      );
    });
    worker.on('exit', (code) => lose(slot, worker, new Error(`scan worker exited with code ${code}`)));
    return worker;
  };

  function dispatch(slot: Slot, pending: Pending): void {
    const worker = (slot.worker ??= spawn(slot));
    const id = nextId++;
    worker.ref();
    slot.running = { ...pending, id, timer: undefined };
    worker.postMessage({ id, ...pending.task } satisfies ScanRequest);
    // The scan's time starts once the worker has its snapshot: a worker's start is not the scan's.
    void slot.started?.then(() => {
      const running = slot.running;
      if (running?.id !== id) return;
      running.timer = setTimeout(() => {
        lose(
          slot,
          worker,
          new GraphQLError(`The scan took longer than ${options.taskTimeoutMs} ms and was stopped.`, {
            extensions: { code: 'TIMEOUT', http: { status: 503, headers: new HeaderMap() } },
          }),
        );
      }, options.taskTimeoutMs);
      running.timer.unref();
    });
  }

  return {
    run: (task) =>
      new Promise<ScanReportParent>((resolve, reject) => {
        if (closed) return reject(scanBusy(options.maxQueue));
        const pending: Pending = { task, resolve, reject };
        const free = slots.find((s) => s.running === undefined);
        if (free) return dispatch(free, pending);
        if (queue.length >= options.maxQueue) return reject(scanBusy(options.maxQueue));
        queue.push(pending);
      }),
    async warm() {
      if (!closed) for (const slot of slots) slot.worker ??= spawn(slot);
      await Promise.all(slots.map((slot) => slot.started ?? Promise.resolve()));
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(scanBusy(options.maxQueue));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = undefined;
          finish(slot)?.reject(scanBusy(options.maxQueue));
          if (worker) await worker.terminate();
        }),
      );
    },
  };
}
