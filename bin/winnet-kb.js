#!/usr/bin/env node
// Launcher of the `winnet-kb` command: runs the compiled CLI (`npm run build` writes dist/).
try {
  await import('../dist/src/cli/winnet-kb.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/src/cli/winnet-kb.js')) {
    process.stderr.write('winnet-kb: the CLI is not compiled yet; run `npm run build` first (or use `node --import tsx src/cli/winnet-kb.ts`).\n');
    process.exit(1);
  }
  throw error;
}
