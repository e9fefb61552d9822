/**
 * The Node.js releases the native SQLite binding can run on. better-sqlite3 13 ships prebuilt
 * binaries built for Node-API 10, which Node.js has from 22.14.0 (and in every 24.x and 26.x).
 * On an older Node.js (22.12, 20.x) loading them does not fail cleanly: the process crashes with a
 * segmentation fault. npm only warns when `engines` is not met, so the check is made here, before
 * the binding is loaded, and refuses with a message that says what to install.
 */
export const REQUIRED_NODE_API = 10;
export const SUPPORTED_NODE = 'Node.js 22.14 or later 22.x, 24 or 26';

export class UnsupportedRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedRuntimeError';
  }
}

/** Why this runtime cannot load the SQLite binding, or null when it can. */
export function runtimeProblem(versions: { node?: string; napi?: string } = process.versions): string | null {
  const napi = Number(versions.napi ?? 0);
  if (Number.isInteger(napi) && napi >= REQUIRED_NODE_API) return null;
  return (
    `Node.js ${versions.node ?? 'of unknown version'} has Node-API ${versions.napi ?? 'unknown'}, ` +
    `but the SQLite binding (better-sqlite3) needs Node-API ${REQUIRED_NODE_API}: use ${SUPPORTED_NODE}`
  );
}

/** Throws UnsupportedRuntimeError before a caller loads the SQLite binding on a runtime that would crash. */
export function assertSupportedRuntime(): void {
  const problem = runtimeProblem();
  if (problem !== null) throw new UnsupportedRuntimeError(problem);
}
