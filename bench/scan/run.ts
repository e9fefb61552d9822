/**
 * `npm run bench:scan`: generates a 10,000-object `kubectl get -o json` dump (bench/scan/generate.ts),
 * then measures the scan in this process (parse, judge, render each output) and the real
 * `winnet-kb scan` end to end (compiled CLI, child process). Prints figures; asserts nothing.
 *
 *   npm run bench:scan                 # 10,000 objects
 *   npm run bench:scan -- 50000        # another size
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKnowledgeBase } from '../../src/cli/knowledge-base.js';
import { presentScan } from '../../src/cli/report/present.js';
import { printReport } from '../../src/cli/report/printers.js';
import { scanDocument } from '../../src/domain/scan/document.js';
import { DEFAULT_DATABASE_PATH, PROJECT_ROOT } from '../../src/db/paths.js';
import { objectsOf } from '../../src/domain/scan/documents.js';
import { Scanner } from '../../src/domain/scan/scan.js';
import { generateDump } from './generate.js';

const count = Number(process.argv[2] ?? 10000);
const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-bench-scan-'));
const dumpPath = join(dir, 'dump.json');
writeFileSync(dumpPath, `${JSON.stringify(generateDump(count), null, 4)}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `dump: ${count} objects, ${mb(statSync(dumpPath).size)} (${dumpPath}); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);

const { knowledge, documents } = await openKnowledgeBase(DEFAULT_DATABASE_PATH);
const today = new Date().toISOString().slice(0, 10);
for (let round = 1; round <= 3; round++) {
  const t0 = performance.now();
  const text = readFileSync(dumpPath, 'utf8');
  const t1 = performance.now();
  const scanner = new Scanner(knowledge, { today });
  for (const object of objectsOf(text, dumpPath, scanner.skippedDocuments)) scanner.add(object);
  const result = scanner.finish();
  const t2 = performance.now();
  const scan = presentScan({ documents }, scanDocument(result, knowledge.datasetVersion));
  const timings = (['table', 'json', 'sarif'] as const).map((format) => {
    const s = performance.now();
    const out = printReport({ kind: 'scan', scan }, format, { toolVersion: 'bench', failOn: 'error' });
    return `${format} ${(performance.now() - s).toFixed(0)} ms (${mb(out.length)})`;
  });
  const s = result.summary;
  console.log(
    `in-process round ${round}: read ${(t1 - t0).toFixed(0)} ms, parse+judge ${(t2 - t1).toFixed(0)} ms (${Math.round(s.objectsRead / ((t2 - t1) / 1000))} objects/s; ${s.reported} reported, ${s.ignored} ignored, ${s.distinctPlans} distinct plans); render ${timings.join(', ')}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
}

const cli = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'winnet-kb.js');
for (const format of ['table', 'json']) {
  const start = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, cli, 'scan', dumpPath, '--output', format, '--fail-on', 'none'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wall = performance.now() - start;
  const [peakKb, user, sys] = (child.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  // CPU time (user + system) says more than wall time on a machine other work shares.
  const cpu = user !== undefined && sys !== undefined && Number.isFinite(user + sys) ? `${(user + sys).toFixed(2)} s CPU` : 'CPU n/a';
  console.log(
    `winnet-kb scan --output ${format} (compiled CLI, child process; load ${loadavg()[0]!.toFixed(2)}): exit ${child.status}, ${(wall / 1000).toFixed(2)} s wall, ${cpu}, ${mb(child.stdout.length)} out, peak RSS ${peakKb !== undefined && Number.isFinite(peakKb) ? mb(peakKb * 1024) : 'n/a'}`,
  );
}
rmSync(dir, { recursive: true, force: true });
