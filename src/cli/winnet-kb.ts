#!/usr/bin/env node
/**
 * Entry of the `winnet-kb` command (bin/winnet-kb.js runs the compiled copy; during development
 * `node --import tsx src/cli/winnet-kb.ts`). Exit codes: see exit-codes.ts or `winnet-kb --help`.
 */
import { main } from './program.js';

process.exitCode = await main(process.argv);
