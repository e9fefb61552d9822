/**
 * Reading the CLI's input files under caps: bytes per file, bytes in all, and, for pipes and
 * devices named on the command line, a time to wait for data. Without them `scan /dev/zero`
 * grew until the process aborted, a 50 MB file took 11 s and half a gigabyte, and a FIFO with
 * no writer waited forever. Over a cap the command stops with a usage error (exit 1) that names
 * the file, the cap and the flag that raises it.
 *
 * Regular files are checked by their size before a byte is read. Pipes, devices and stdin are
 * read asynchronously, so a timer can end the wait, and counted as they arrive.
 */
import { closeSync, constants, createReadStream, openSync, readSync, statSync, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { CliError } from './errors.js';

export const MIB = 1024 * 1024;

/** A file that cannot be read, with why: a command that names the file its own way reuses `reason`. */
export class UnreadableFileError extends CliError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot read ${file}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

export interface InputCaps {
  /** Bytes one file (or stdin) may hold: --max-file-bytes. */
  maxFileBytes: number;
  /** Bytes all input files of one command may hold together: --max-total-bytes. */
  maxTotalBytes: number;
  /** Seconds to wait for data from a pipe or device named on the command line: --read-timeout. */
  readTimeoutSeconds: number;
}

export const DEFAULT_INPUT_CAPS: InputCaps = { maxFileBytes: 32 * MIB, maxTotalBytes: 256 * MIB, readTimeoutSeconds: 30 };

/** "33554432", "32MiB", "64m", "1GiB": a byte count for the cap flags. */
export function parseByteSize(flag: string, value: string): number {
  const match = /^(\d+)\s*(?:(k|m|g)(?:i?b)?|b)?$/i.exec(value.trim());
  const unit = { k: 1024, m: MIB, g: 1024 * MIB }[(match?.[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  const bytes = match ? Number(match[1]) * unit : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new CliError(`${flag} must be a number of bytes, optionally with KiB, MiB or GiB (e.g. 64MiB), got "${value}"`);
  return bytes;
}

/** A byte count as people read it. */
export function formatBytes(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The caps shared by the files of one command: what has been read so far counts against the total. */
export class InputBudget {
  private total = 0;
  constructor(readonly caps: InputCaps = DEFAULT_INPUT_CAPS) {}

  /** Counts `bytes` more of `name`, which has now `fileBytes` read; throws over either cap. */
  take(name: string, bytes: number, fileBytes: number): void {
    if (fileBytes > this.caps.maxFileBytes)
      throw new CliError(`${name}: more than ${formatBytes(this.caps.maxFileBytes)}, the cap per input file`, [
        'raise it with --max-file-bytes (e.g. --max-file-bytes 128MiB) if the file is meant to be this large',
      ]);
    this.total += bytes;
    if (this.total > this.caps.maxTotalBytes)
      throw new CliError(`${name}: the input files together are more than ${formatBytes(this.caps.maxTotalBytes)}, the cap on all input`, [
        'raise it with --max-total-bytes (e.g. --max-total-bytes 1GiB)',
      ]);
  }
}

function statOf(path: string, name: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableFileError(name, code === 'ENOENT' ? 'no such file or directory' : (error as Error).message);
  }
}

/** Whether the path (not "-") is a regular file, read synchronously; anything else is read by readStream. */
export function isRegularFile(path: string, name: string): boolean {
  const stat = statOf(path, name);
  if (stat.isDirectory()) throw new UnreadableFileError(name, 'is a directory');
  return stat.isFile();
}

/**
 * The text of a regular file, 1 MiB at a time (UTF-8 split across chunks is decoded whole),
 * refused before reading when its size is over the cap, and counted as it is read in case it grows.
 */
export function* regularFileChunks(path: string, name: string, budget: InputBudget): Generator<string> {
  const size = statOf(path, name).size;
  budget.take(name, 0, size);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new UnreadableFileError(name, (error as Error).message);
  }
  try {
    const buffer = Buffer.alloc(1 << 20);
    const decoder = new StringDecoder('utf8');
    let read = 0;
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      read += n;
      budget.take(name, n, read);
      yield decoder.write(buffer.subarray(0, n));
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

/** A regular file's whole text, under the caps. */
export function readRegularFile(path: string, name: string, budget: InputBudget): string {
  let text = '';
  for (const chunk of regularFileChunks(path, name, budget)) text += chunk;
  return text;
}

/**
 * A FIFO is opened without blocking and read through the event loop: a blocking open() waits in
 * libuv's thread pool for a writer, and a thread stuck there keeps even process.exit() from
 * ending the process. Devices (/dev/zero) are read as files.
 */
function openStream(path: string, name: string): NodeJS.ReadableStream & { destroy(): void } {
  if (!statOf(path, name).isFIFO()) return createReadStream(path);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UnreadableFileError(name, (error as Error).message);
  }
  return new Socket({ fd, readable: true, writable: false });
}

/**
 * The whole text of stdin ("-"), a pipe or a device, under the caps. For a path named on the
 * command line (a FIFO, `<(kubectl ...)`), waiting ends after --read-timeout seconds without a
 * byte: opening a FIFO waits for a writer, and a writer may never come. Stdin waits as long as
 * its writer does, as any filter's does.
 */
export async function readStream(path: string, name: string, budget: InputBudget, stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const file = path === '-' ? undefined : openStream(path, name);
  const stream: NodeJS.ReadableStream = file ?? stdin;
  const timeoutMs = budget.caps.readTimeoutSeconds * 1000;
  const decoder = new StringDecoder('utf8');
  let text = '';
  let read = 0;
  return new Promise<string>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (path === '-') return;
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          fail(
            new CliError(`${name}: no data for ${budget.caps.readTimeoutSeconds} s (a pipe or device with no writer?)`, [
              'raise the wait with --read-timeout <seconds>',
            ]),
          ),
        timeoutMs,
      );
      // The timer alone must not keep the process alive once the command is over.
      timer.unref();
    };
    const settle = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const fail = (error: Error) => {
      settle();
      // Stop reading: a device like /dev/zero never ends by itself.
      if (file) file.destroy();
      else stream.pause();
      reject(error);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      read += bytes;
      try {
        budget.take(name, bytes, read);
      } catch (error) {
        return fail(error as Error);
      }
      text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      arm();
    };
    const onEnd = () => {
      settle();
      resolve(text + decoder.end());
    };
    const onError = (error: Error) => fail(new UnreadableFileError(name, error.message));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    arm();
  });
}
