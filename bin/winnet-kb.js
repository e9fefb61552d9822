#!/usr/bin/env node
// Launcher of the `winnet-kb` command: runs the bundled CLI (`npm run build` writes dist/cli/).
// Node's compile cache keeps V8's compiled code of those few files between runs (in the OS's
// temporary directory, or $NODE_COMPILE_CACHE), so a run after the first skips parsing them.
import module from 'node:module';

module.enableCompileCache?.();
try {
  await import('../dist/cli/winnet-kb.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/winnet-kb.js')) {
    process.stderr.write('winnet-kb: the CLI is not compiled yet; run `npm run build` first (or use `node --import tsx src/cli/winnet-kb.ts`).\n');
    process.exit(1);
  }
  throw error;
}
