#!/usr/bin/env node
/**
 * Entry of the `winnet-kb` command (bin/winnet-kb.js runs the compiled copy; during development
 * `node --import tsx src/cli/winnet-kb.ts`). Exit codes: see exit-codes.ts or `winnet-kb --help`.
 */
import { main } from './program.js';

process.exitCode = await main(process.argv);
// A FIFO no writer ever opened leaves its open() waiting in libuv's thread pool after the
// --read-timeout refusal, and that would keep the process alive: end it. The timer is unref'd,
// so a process with nothing left to do ends before it fires.
setTimeout(() => process.exit(), 500).unref();
