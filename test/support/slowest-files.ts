/**
 * A vitest reporter that prints, at the end of a run, the slowest test files with their
 * durations: where the suite's time goes (.ci/run adds it with --reporter). Each file's time is
 * its import (collect), its setup files and its tests and hooks, as vitest measures them in the
 * worker; files run side by side, so the times add up to more than the run's wall time.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: m.relativeModuleId,
          collect: d.collectDuration,
          tests: d.setupDuration + d.duration,
          total: d.collectDuration + d.setupDuration + d.duration,
        };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = rows.map((r) => `  ${r.file.padEnd(width)}  ${seconds(r.total).padStart(7)}  (import ${seconds(r.collect)}, tests ${seconds(r.tests)})`);
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
