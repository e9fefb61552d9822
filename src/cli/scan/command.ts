/**
 * `winnet-kb scan <path|->...`: read manifests, `kubectl get -o json` dumps and eksctl configs
 * (files, directories, stdin), judge every Windows-related object with the compatibility engine
 * on the embedded database, print the report and exit by the worst verdict (the codes of check).
 *
 * It runs the domain scan directly on the knowledge snapshot rather than through GraphQL: a
 * 10,000-object dump is one call, and the `scan` query runs the same function.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
import { InputBudget, isInside, isRegularFile, readRegularFile, readStream, regularFileChunks, type InputCaps } from '../input.js';
import { withAccepted } from '../report/accepted.js';
import { excerpt } from '../safe-output.js';
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

/** A path as messages show it: relative to the working directory when it is under it. */
const shown = (path: string) => (isInside(path, process.cwd()) ? relative(process.cwd(), path) || '.' : path);

/**
 * The files to read, in a stable order: directories recursively (*.yaml, *.yml, *.json). Links
 * are followed, so a directory scan judges what a scan of the same files by name judges: a link
 * to a file is read under its own name, a link to a directory is walked. Each file and directory
 * is taken once, by its real path (a link loop ends, a file reached twice is judged once), and
 * `note` says where a link leads out of the directory named on the command line.
 */
export function inputFiles(paths: readonly string[], note: (text: string) => void = () => {}): string[] {
  const files: string[] = [];
  const takenFiles = new Map<string, string>();
  const walkedDirs = new Set<string>();
  const take = (path: string, real: string) => {
    const first = takenFiles.get(real);
    if (first !== undefined) return note(`${path} is the same file as ${first}; judged once`);
    takenFiles.set(real, path);
    files.push(path);
  };
  const walk = (dir: string, realDir: string, root: { arg: string; real: string }) => {
    if (walkedDirs.has(realDir)) return;
    walkedDirs.add(realDir);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, join(realDir, entry.name), root);
      else if (entry.isFile()) {
        if (EXTENSIONS.test(entry.name)) take(path, join(realDir, entry.name));
      } else if (entry.isSymbolicLink()) {
        let real: string;
        let stat;
        try {
          real = realpathSync(path);
          stat = statSync(real);
        } catch {
          note(`${path} is a link to nothing; skipped`);
          continue;
        }
        // Only what the walk would take without the link: directories, and regular files by the link's name.
        const wanted = stat.isDirectory() || (stat.isFile() && EXTENSIONS.test(entry.name));
        if (!wanted) continue;
        if (!isInside(real, root.real)) note(`${path} links to ${shown(real)}, outside ${root.arg}; read through the link`);
        if (stat.isDirectory()) walk(path, real, root);
        else take(path, real);
      }
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
    if (stat.isDirectory()) {
      const real = realpathSync(path);
      walk(path, real, { arg: path, real });
    } else if (stat.isFile()) take(path, realpathSync(path));
    // Pipes and devices are read once each, as named.
    else files.push(path);
  }
  return files;
}

export async function runScan(paths: readonly string[], options: ScanOptions, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<ExitCode> {
  const files = inputFiles(paths, (text) => stderr.write(`winnet-kb: note: ${text}\n`));
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
      // The parser's reason may quote the input (an unresolved tag, a token): a short excerpt of it.
      const located = (e: ScanParseError) => `${e.file}:${e.line}:${e.column}: ${excerpt(e.reason, 160)}`;
      const [first, ...rest] = errors;
      throw new CliError(`${located(first!)} (not valid YAML or JSON)`, rest.map(located));
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
