import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The slow end-to-end suites: `npm run test:e2e` runs them (CI runs it after `npm test`). They
 * install the packed tarball with npm and drive Chromium, minutes of a 2-core machine's time.
 */
export const E2E = ['test/package/**/*.test.ts', 'test/browser/**/*.test.ts'];

export default defineConfig({
  resolve: {
    // One graphql module, the one Node itself loads (CommonJS: graphql 16 has no "exports" map).
    // Vite would otherwise pick index.mjs for our code while graphql-jit and Apollo load index.js,
    // and graphql refuses schemas from "another realm".
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Integration tests start real servers and build databases: keep them in separate processes.
    pool: 'forks',
    // One test file per core. Vitest's default keeps a core for itself (1 worker on 2 cores), but
    // its main process is mostly idle and the files spend much of their time waiting on servers
    // and child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // Hang guards, not timing claims (those belong in bench/ and BENCHMARKS.md): a shared 2-core
    // machine under load runs a database build or a child process ten times slower than idle.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // `vitest run` alone runs both; `npm test` runs --project suite, `npm run test:e2e` --project e2e.
    projects: [
      { extends: true, test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: E2E } },
      { extends: true, test: { name: 'e2e', include: E2E } },
    ],
  },
});
