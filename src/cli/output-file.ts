/**
 * `--output-file <path>`: where a command's output goes instead of stdout.
 *
 * - A regular file, or a path where nothing is yet, is written whole or not at all: the output
 *   goes to a new temporary file beside it, created exclusively (O_EXCL) under a random name, and
 *   is renamed over the target once the command has finished; a usage error leaves the target as
 *   it was. The exclusive create means a link planted at the temporary name is never written
 *   through, and the random name means it cannot be planted in advance. An existing file keeps its
 *   permission bits.
 * - A link is followed, as a shell redirect follows it: the file it points to is replaced the
 *   same way and the link stays a link; a link to nothing creates its target, as `>` does.
 * - A FIFO, a character or block device (/dev/null, /dev/stdout) is written through, as `>` writes.
 * - A directory is a usage error (exit 1) in one line.
 *
 * Whatever the sink, what is written passes through escapeControls, as stdout does: a report in
 * a file is as safe to `cat` as the same report on the terminal.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, createWriteStream, lstatSync, realpathSync, renameSync, rmSync, statSync, type Stats, type WriteStream } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { CliError } from './errors.js';
import { escapingStream } from './safe-output.js';

/** errno codes as a person reads them. */
const REASONS: Record<string, string> = {
  ENOENT: 'its directory does not exist',
  ENOTDIR: 'a part of its path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENXIO: 'no reader on the other end (a socket?)',
  EISDIR: 'it is a directory',
  EPIPE: 'the reader closed it',
};

const cannotWrite = (outputFile: string, error: unknown) => {
  const code = (error as NodeJS.ErrnoException)?.code;
  return new CliError(`cannot write --output-file ${outputFile}: ${(code && REASONS[code]) ?? (error as Error).message}`);
};

function statOrUndefined(get: () => Stats): Stats | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

interface Sink {
  stream: WriteStream;
  /** Makes the output the target's (renames the temporary file); the stream has ended. */
  commit(): void;
  /** Leaves the target as it was, as far as the kind of target allows. */
  abandon(): void;
}

/** A new temporary file beside `target`, renamed over it on commit. */
function atomicSink(target: string, mode: number | undefined): Sink {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(12).toString('hex')}.winnet-kb.tmp`);
  // 'wx': O_CREAT | O_EXCL, which also refuses to follow a link at that name.
  const stream = createWriteStream(temp, { flags: 'wx', mode: 0o666 });
  return {
    stream,
    commit: () => {
      if (mode !== undefined) chmodSync(temp, mode);
      renameSync(temp, target);
    },
    abandon: () => rmSync(temp, { force: true }),
  };
}

/** The file, FIFO or device written through, as a shell redirect writes it. */
function throughSink(target: string): Sink {
  return { stream: createWriteStream(target, { flags: 'w' }), commit: () => {}, abandon: () => {} };
}

function openSink(outputFile: string): Sink {
  const path = resolve(outputFile);
  const stat = statOrUndefined(() => statSync(path));
  if (stat?.isDirectory() || (stat === undefined && /[/\\]$/.test(outputFile)))
    throw new CliError(`--output-file ${outputFile} is a directory; name a file (e.g. ${join(outputFile, 'report.json')})`);
  if (stat === undefined) {
    // Nothing there, or a link to nothing: `>` creates the file (the link's target).
    return statOrUndefined(() => lstatSync(path))?.isSymbolicLink() ? throughSink(path) : atomicSink(path, undefined);
  }
  if (stat.isFile()) return atomicSink(realpathSync(path), stat.mode & 0o7777);
  return throughSink(path);
}

/**
 * Runs a command with its output going to stdout, or with --output-file to that file (see above).
 * The exit code is the command's either way.
 */
export async function withOutput<T>(
  outputFile: string | undefined,
  stdout: NodeJS.WritableStream,
  run: (out: NodeJS.WritableStream) => Promise<T>,
): Promise<T> {
  if (outputFile === undefined) return run(stdout);
  const sink = openSink(outputFile);
  let failure: unknown;
  sink.stream.on('error', (error) => (failure ??= error));
  try {
    await once(sink.stream, 'open');
    const result = await run(escapingStream(sink.stream));
    sink.stream.end();
    // finished(), not once('finish'): it also settles for a stream that failed while the command ran.
    await finished(sink.stream);
    sink.commit();
    return result;
  } catch (error) {
    sink.stream.destroy();
    sink.abandon();
    if (failure !== undefined) throw cannotWrite(outputFile, failure);
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException)?.code;
    if (typeof code === 'string' && code in REASONS) throw cannotWrite(outputFile, error);
    throw error;
  }
}
