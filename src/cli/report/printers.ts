/**
 * The output formats of `check` and `scan`, by their `--output` name: one printer file each in
 * formats/. A new format is its printer file and its line here; both commands offer it.
 */
import { once } from 'node:events';
import type { Printer, PrintOptions, Report } from './model.js';
import { printer as json } from './formats/json.js';
import { printer as junit } from './formats/junit.js';
import { printer as markdown } from './formats/markdown.js';
import { printer as sarif } from './formats/sarif.js';
import { printer as table } from './formats/table.js';

export const PRINTERS = { table, json, markdown, sarif, junit } as const satisfies Record<string, Printer>;

export type OutputFormat = keyof typeof PRINTERS;
export const OUTPUT_FORMATS = Object.keys(PRINTERS) as OutputFormat[];

/**
 * Prints the report in the format to `out`, piece by piece (a megabyte at a time), waiting for a
 * pipe to drain: the output of a large scan is never one string, nor queued whole behind a slow reader.
 */
export async function writeReport(report: Report, format: OutputFormat, options: PrintOptions, out: NodeJS.WritableStream): Promise<void> {
  let batch = '';
  for (const chunk of PRINTERS[format].print(report, options)) {
    batch += chunk;
    if (batch.length < 1 << 20) continue;
    const flushed = out.write(batch);
    batch = '';
    if (!flushed) await once(out, 'drain');
  }
  if (batch.length > 0) out.write(batch);
}

/** The whole text of a report in a format (for tests and benchmarks). */
export const printReport = (report: Report, format: OutputFormat, options: PrintOptions): string => [...PRINTERS[format].print(report, options)].join('');
