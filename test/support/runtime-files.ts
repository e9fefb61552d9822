/**
 * A runtime file set that another uid can read, wherever the checkout lives.
 *
 * The deployment test starts the server as the image's uid (10001) from a temporary directory.
 * Symlinking the checkout's node_modules there fails as soon as the checkout sits under a
 * directory that uid cannot traverse (a clone under /root, or in a `mktemp -d` directory, both
 * mode 700). So the production dependency closure (what `npm prune --omit=dev` keeps in the image)
 * is copied instead, and everything is made world-readable.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Where Node would find `name` when required from `fromDir`: the nearest node_modules up to `root`. */
function resolvePackage(name: string, fromDir: string, root: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === dirname(dir)) return undefined;
  }
}

/**
 * Every installed package directory the production dependencies of `root` reach: dependencies,
 * optional and peer dependencies that are installed (npm installs peers). A missing required
 * dependency is an error, so the copy can never be silently incomplete.
 */
export function productionClosure(root: string): string[] {
  const found = new Set<string>();
  const visit = (packageDir: string, isRoot: boolean) => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;
    const required = Object.keys(manifest.dependencies ?? {});
    const optional = isRoot ? [] : [...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
    for (const [names, mustExist] of [
      [required, true],
      [optional, false],
    ] as const)
      for (const name of names) {
        const dir = resolvePackage(name, packageDir, root);
        if (!dir) {
          if (mustExist) throw new Error(`${name}, a dependency of ${relative(root, packageDir) || 'the project'}, is not installed`);
          continue;
        }
        if (found.has(dir)) continue;
        found.add(dir);
        visit(dir, false);
      }
  };
  visit(root, true);
  return [...found].sort();
}

/** Copies the production closure of `root`'s node_modules to `target`, keeping the nesting. */
export function copyProductionNodeModules(root: string, target: string): number {
  const packages = productionClosure(root);
  for (const packageDir of packages) {
    const nested = join(packageDir, 'node_modules') + sep;
    // A package's own node_modules holds packages copied separately when the closure needs them.
    cpSync(packageDir, join(target, relative(join(root, 'node_modules'), packageDir)), {
      recursive: true,
      filter: (source) => !(source + sep).startsWith(nested),
    });
  }
  return packages.length;
}

/** chmod a+rX, recursively: readable by every uid, directories traversable, executables kept executable. */
export function makeWorldReadable(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, stat.mode | 0o555);
    for (const entry of readdirSync(path)) makeWorldReadable(join(path, entry));
  } else chmodSync(path, stat.mode | 0o444 | (stat.mode & 0o111 ? 0o111 : 0));
}

/** The first ancestor of `path` (itself included) that other users cannot traverse, if any. */
export function untraversableAncestor(path: string): string | undefined {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === dirname(dir)) return undefined;
  }
}

/** A base for temporary directories that every uid can reach: TMPDIR when it can, else /tmp. */
export function sharedTempBase(): { base: string } | { reason: string } {
  for (const candidate of [tmpdir(), '/tmp']) {
    if (!existsSync(candidate)) continue;
    const blocked = untraversableAncestor(candidate);
    if (blocked === undefined) {
      try {
        accessSync(candidate, constants.W_OK);
        return { base: candidate };
      } catch {
        // not writable for us; try the next one
      }
    }
  }
  return { reason: `neither ${tmpdir()} nor /tmp can be traversed by other users` };
}

/** The code of a failed spawn's error: spawnSync types it as a plain Error, which an ErrnoException is. */
const errnoCode = (error: NodeJS.ErrnoException | undefined) => error?.code;

/**
 * A node binary that `uid` can run: this one, or a world-readable copy of it when this one lies
 * under a directory the uid cannot traverse (nvm under /root, say). A reason when neither works
 * (e.g. no permission to switch uid at all in this container).
 */
export function nodeRunnableBy(uid: number, copyInto: string): { node: string } | { reason: string } {
  const tryRun = (node: string) => spawnSync(node, ['-e', 'process.exit(0)'], { uid, gid: uid, stdio: 'ignore' });
  const direct = tryRun(process.execPath);
  if (direct.status === 0) return { node: process.execPath };
  const code = errnoCode(direct.error);
  if (code !== 'EACCES' && code !== 'ENOENT') return { reason: `cannot start a process as uid ${uid}: ${code ?? `exit ${direct.status}`}` };
  const copy = join(copyInto, 'node');
  copyFileSync(process.execPath, copy);
  chmodSync(copy, 0o755);
  const copied = tryRun(copy);
  if (copied.status === 0) return { node: copy };
  return { reason: `uid ${uid} cannot run ${process.execPath} (${code}) nor a copy of it (${errnoCode(copied.error) ?? `exit ${copied.status}`})` };
}
