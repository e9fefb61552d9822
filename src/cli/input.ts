/**
 * Reading the CLI's input files under caps: bytes per file, bytes in all, and, for pipes and
 * devices named on the command line, a time to wait for data. Without them `scan /dev/zero`
 * grew until the process aborted, a 50 MB file took 11 s and half a gigabyte, and a FIFO with
 * no writer waited forever. Over a cap the command stops with a usage error (exit 1) that names
 * the file, the cap and the flag that raises it.
 *
 * Regular files are checked by their size before a byte is read. Pipes, devices and stdin are
 * read asynchronously, so a timer can end the wait, and counted as they arrive.
 *
 * Every file the CLI reads goes through here (scan inputs, plan files, ignore files), and none
 * may be binary: a NUL byte or a UTF-16 byte order mark stops the read with "not a text file",
 * so an error about a file that is not what it claims to be (a link to /proc/self/environ)
 * never quotes what it holds.
 */
import { closeSync, constants, createReadStream, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import { relative, isAbsolute, resolve } from 'node:path';
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

/**
 * Why these bytes are not UTF-8 text, or undefined. YAML and JSON allow no NUL outside an escape,
 * so a NUL byte means a binary file (or /proc/self/environ); a UTF-16 byte order mark at the start
 * is the usual shape of `kubectl ... > file` in Windows PowerShell 5.
 */
function notText(bytes: Uint8Array, atStart: boolean): string | undefined {
  if (atStart && bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    return 'not a text file in UTF-8 (it starts with a UTF-16 byte order mark); convert it to UTF-8';
  return bytes.includes(0) ? 'not a text file (it holds a NUL byte)' : undefined;
}

function checkText(name: string, bytes: Uint8Array, atStart: boolean): void {
  const reason = notText(bytes, atStart);
  if (reason !== undefined) throw new UnreadableFileError(name, reason);
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
      checkText(name, buffer.subarray(0, n), read === 0);
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
      try {
        checkText(name, typeof chunk === 'string' ? Buffer.from(chunk) : chunk, read === 0);
        read += bytes;
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

/**
 * The whole text of a file, "-" (stdin), a pipe or a device, under the caps: the one way the CLI
 * reads a file whole (plan files, ignore files); scan inputs read regular files a chunk at a
 * time through regularFileChunks, under the same caps and checks.
 */
export async function readInputFile(path: string, name: string, budget: InputBudget): Promise<string> {
  return path !== '-' && isRegularFile(path, name) ? readRegularFile(path, name, budget) : readStream(path, name, budget);
}

/** Whether `path` is `root` or lies under it (both absolute, links already resolved). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Where a file the CLI finds on its own (not named on the command line) really is, or undefined
 * when there is none. It must resolve, links followed, inside the working directory: a committed
 * `.winnet-kb-ignore` that links to /proc/self/environ or ~/.ssh is refused before it is opened.
 */
export function conventionalFile(path: string, cwd = process.cwd()): string | undefined {
  try {
    lstatSync(path);
  } catch {
    return undefined;
  }
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new UnreadableFileError(path, 'a link to nothing (a broken link)');
  }
  if (!isInside(real, realpathSync(resolve(cwd))))
    throw new CliError(`${path} resolves to ${real}, outside the working directory; it is not read`, [
      `a ${path} found by convention must be a file of the working tree; name a file elsewhere explicitly (e.g. --ignore-file)`,
    ]);
  return real;
}

/**
 * The real path of a file named on the command line when it is named inside the working
 * directory but is a link that leads out of it (a committed `deploy/plan.yaml` -> ~/.npmrc), else
 * undefined. Such a file is read, since it was named, but an error about its content quotes
 * nothing of it: the runner's file is not the repository's to print.
 */
export function linkOutOfTree(path: string, cwd = process.cwd()): string | undefined {
  if (path === '-') return undefined;
  try {
    const real = realpathSync(path);
    return isInside(resolve(cwd, path), resolve(cwd)) && !isInside(real, realpathSync(cwd)) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The error for content refused in a file that links out of the working directory: where it leads, nothing of what it holds. */
export function unquotedContentError(name: string, real: string, what: string): CliError {
  return new CliError(`${name}: not a valid ${what}; it links to ${real}, outside the working directory, so nothing of it is quoted`);
}
