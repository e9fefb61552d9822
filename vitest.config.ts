import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Integration tests start real servers and build databases: keep them in separate processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
