/**
 * `winnet-kb scan <path|->...`: read manifests, `kubectl get -o json` dumps and eksctl configs
 * (files, directories, stdin), judge every Windows-related object with the compatibility engine
 * on the embedded database, print the report and exit by the worst verdict (the codes of check).
 *
 * It runs the domain scan directly on the knowledge snapshot rather than through GraphQL: a
 * 10,000-object dump is one call, and the `scan` query runs the same function.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { judgeCompatibility } from '../../domain/compatibility/judge.js';
import { PlanError } from '../../domain/compatibility/plan.js';
import { objectsOf, objectsOfChunks, ScanParseError } from '../../domain/scan/documents.js';
import { scanDocument } from '../../domain/scan/document.js';
import { Scanner } from '../../domain/scan/scan.js';
import type { Acceptor } from '../accept.js';
import { readPlanFile } from '../check/plan-file.js';
import { CliError, InputRefusedError, problemsOf } from '../errors.js';
import { exitCodeFor, gateVerdict, type ExitCode, type FailOn } from '../../domain/outcome.js';
import { openKnowledgeBase } from '../knowledge-base.js';
import { InputBudget, isRegularFile, readRegularFile, readStream, regularFileChunks, type InputCaps } from '../input.js';
import { withAccepted } from '../report/accepted.js';
import type { ScanReport } from '../report/model.js';
import { presentScan } from '../report/present.js';
import { writeReport, type OutputFormat } from '../report/printers.js';

export interface ScanOptions {
  output: OutputFormat;
  failOn: FailOn;
  plan?: string;
  database: string;
  toolVersion: string;
  /** --docs-url: where SARIF's rules link to (report/formats/sarif.ts). */
  docsUrl?: string;
  today?: string;
  caps?: InputCaps;
  /** Findings accepted with a reason (.winnet-kb-ignore, --ignore): reported, not counted by --fail-on. */
  acceptor?: Acceptor;
  /** --target-kubernetes-version: wins over the plan's targetKubernetesVersion. */
  targetKubernetesVersion?: string;
  /** --show-all: every finding and every inferred fact in the table. */
  showAll?: boolean;
  /** --one-cluster: the whole input is one cluster (domain/scan/clusters.ts). */
  oneCluster?: boolean;
}

const EXTENSIONS = /\.(ya?ml|json)$/i;

/** The files to read, in a stable order: directories recursively (*.yaml, *.yml, *.json). */
export function inputFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && EXTENSIONS.test(entry.name)) files.push(path);
    }
  };
  for (const path of paths) {
    if (path === '-') {
      files.push('-');
      continue;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new CliError(`cannot read ${path}: no such file or directory`);
    }
    if (stat.isDirectory()) walk(path);
    else files.push(path);
  }
  return files;
}

export async function runScan(paths: readonly string[], options: ScanOptions, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<ExitCode> {
  const files = inputFiles(paths);
  const budget = new InputBudget(options.caps);
  const plan = options.plan ? await readPlanFile(options.plan, budget) : undefined;
  const { knowledge, documents } = await openKnowledgeBase(options.database);
  // (A block where a try/finally closed the database: the knowledge needs no closing.)
  {
    const today = options.today ?? new Date().toISOString().slice(0, 10);
    if (plan) {
      // A bad --plan is a usage error, named like check names it.
      try {
        judgeCompatibility(knowledge, plan.input, today);
      } catch (error) {
        // A bad --plan is a usage error, named like check names it: every problem, with its fields.
        if (error instanceof PlanError) throw new InputRefusedError(problemsOf(error), plan.input, plan.name);
        throw error;
      }
    }
    const target = options.targetKubernetesVersion ? { targetKubernetesVersion: options.targetKubernetesVersion } : {};
    const scanner = new Scanner(knowledge, { today, ...(plan ? { plan: plan.input } : {}), ...target, ...(options.oneCluster ? { oneCluster: true } : {}) });
    const errors: ScanParseError[] = [];
    for (const file of files) {
      const name = file === '-' ? '<stdin>' : file;
      // Regular files are read a chunk at a time (a kubectl dump is parsed item by item as it
      // arrives); stdin, pipes and devices, which cannot be read twice, whole, under a timeout.
      const regular = file !== '-' && isRegularFile(file, name);
      const text = regular ? undefined : await readStream(file, name, budget);
      try {
        const objects =
          text !== undefined
            ? objectsOf(text, name, scanner.skippedDocuments)
            : objectsOfChunks(
                regularFileChunks(file, name, budget),
                () => readRegularFile(file, name, new InputBudget(budget.caps)),
                name,
                scanner.skippedDocuments,
              );
        for (const object of objects) scanner.add(object);
      } catch (error) {
        if (error instanceof ScanParseError) errors.push(error);
        else throw error;
      }
    }
    if (errors.length > 0) {
      const [first, ...rest] = errors;
      throw new CliError(
        `${first!.message} (not valid YAML or JSON)`,
        rest.map((e) => e.message),
      );
    }
    const result = scanner.finish();
    // The scan query's document (src/domain/scan/document.ts), in the API's spelling.
    const scan = presentScan({ documents }, scanDocument(result, knowledge.datasetVersion));
    const report = withAccepted<ScanReport>({ kind: 'scan', scan }, options.acceptor);
    for (const note of options.acceptor?.unused() ?? []) stderr.write(`winnet-kb: note: ${note}\n`);
    if (result.summary.objectsRead === 0) stderr.write(`winnet-kb: no Kubernetes objects in ${files.length === 1 ? files[0] : `${files.length} files`}\n`);
    const print = {
      failOn: options.failOn,
      toolVersion: options.toolVersion,
      ...(options.docsUrl ? { docsUrl: options.docsUrl } : {}),
      ...(options.showAll ? { showAll: true } : {}),
    };
    await writeReport(report, options.output, print, stdout);
    return exitCodeFor(gateVerdict(report.scan), options.failOn);
  }
}
