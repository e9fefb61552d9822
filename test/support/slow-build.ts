/**
 * Test helper process: builds the database at argv[2] from the real seeds and, once every seed
 * is written inside the transaction, prints LOADED and sleeps so the test can kill -9 it there.
 */
import { buildDatabase } from '../../src/seeds/build.js';

const target = process.argv[2]!;
buildDatabase({
  target,
  afterLoad: () => {
    process.stdout.write('LOADED\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  },
});
