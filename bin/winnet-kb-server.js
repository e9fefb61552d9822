#!/usr/bin/env node
// Launcher of the `winnet-kb-server` command: the GraphQL service (what `npm start` serves) on the
// embedded database, from the compiled code (dist/, in the packed tarball and after `npm install`).
// It is configured by the environment, as the service is: PORT, HOST, DATABASE_PATH, LOG_LEVEL and
// the rest (docs/operations.md, "Configuration"). The benchmarked young-generation size is a node
// flag: NODE_OPTIONS=--max-semi-space-size=8, as the Dockerfile sets it.
try {
  await import('../dist/src/server/main.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/src/server/main.js')) {
    process.stderr.write('winnet-kb-server: the server is not compiled yet; run `npm run build` first (or `npm run dev`).\n');
    process.exit(1);
  }
  throw error;
}
