import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // One graphql module, the one Node itself loads (CommonJS: graphql 16 has no "exports" map).
    // Vite would otherwise pick index.mjs for our code while graphql-jit and Apollo load index.js,
    // and graphql refuses schemas from "another realm".
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Integration tests start real servers and build databases: keep them in separate processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
