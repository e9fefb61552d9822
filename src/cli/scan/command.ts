/**
 * `winnet-kb scan <path|->...`: read manifests, `kubectl get -o json` dumps and eksctl configs
 * (files, directories, stdin), judge every Windows-related object with the compatibility engine
 * on the embedded database, print the report and exit by the worst verdict (the codes of check).
 *
 * It runs the domain scan directly on the knowledge snapshot rather than through GraphQL: a
 * 10,000-object dump is one call, and the `scan` query runs the same function.
 */
import { readdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { judgeCompatibility } from '../../domain/compatibility/judge.js';
import { PlanError } from '../../domain/compatibility/plan.js';
import { objectsOf, objectsOfChunks, ScanParseError } from '../../domain/scan/documents.js';
import { Scanner, type ScanResult } from '../../domain/scan/scan.js';
import type { Acceptor } from '../accept.js';
import { readPlanFile } from '../check/plan-file.js';
import { CliError, PlanFieldError } from '../errors.js';
import { exitCodeFor, gateVerdict, verdictAfterAccepted, type ExitCode, type FailOn } from '../../domain/outcome.js';
import { openKnowledgeBase } from '../graphql-client.js';
import { InputBudget, isRegularFile, readRegularFile, readStream, regularFileChunks, type InputCaps } from '../input.js';
import type { ScanOutputFormat } from '../options.js';
import { renderScanChunks, type GateFinding, type GateReport, type GateResult } from './formats.js';

export interface ScanOptions {
  output: ScanOutputFormat;
  failOn: FailOn;
  plan?: string;
  database: string;
  toolVersion: string;
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

/** Marks the accepted findings and adds the verdicts after them, where any finding is accepted. */
export function withAccepted(result: ScanResult, acceptor: Acceptor | undefined): GateResult {
  if (!acceptor || acceptor.empty) return result;
  let accepted = 0;
  const reports = result.reports.map((r): GateReport => {
    const findings = r.findings.map((f): GateFinding => {
      const acceptance = acceptor.accept(f);
      if (!acceptance) return f;
      accepted++;
      return { ...f, accepted: acceptance };
    });
    if (!findings.some((f) => f.accepted)) return r;
    return { ...r, findings, verdictAfterAccepted: r.verdict === null ? null : verdictAfterAccepted(findings) };
  });
  if (accepted === 0) return result;
  const verdict = result.summary.verdict === null ? null : verdictAfterAccepted(reports.flatMap((r) => r.findings));
  return { ...result, reports, verdictAfterAccepted: verdict, accepted };
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
  const { database, knowledge } = openKnowledgeBase(options.database);
  try {
    const today = options.today ?? new Date().toISOString().slice(0, 10);
    if (plan) {
      // A bad --plan is a usage error, named like check names it.
      try {
        judgeCompatibility(knowledge, plan.input, today);
      } catch (error) {
        if (error instanceof PlanError) {
          const named = new PlanFieldError(
            error.field,
            error.message.replace(/\. (Valid choices|Closest known): .*$/s, ''),
            error.validChoices,
            error.suggestions,
          );
          throw new CliError(
            `${plan.name}: ${named.message}`,
            error.validChoices ? [`valid choices for ${error.field}: ${error.validChoices.join(', ')}`] : [],
          );
        }
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
    const result = withAccepted(scanner.finish(), options.acceptor);
    for (const note of options.acceptor?.unused() ?? []) stderr.write(`winnet-kb: note: ${note}\n`);
    if (result.summary.objectsRead === 0) stderr.write(`winnet-kb: no Kubernetes objects in ${files.length === 1 ? files[0] : `${files.length} files`}\n`);
    // Written piece by piece (a report at a time for JSON), waiting for a pipe to drain: the output
    // of a large dump is never one string, nor queued whole behind a slow reader.
    let batch = '';
    for (const chunk of renderScanChunks(options.output, {
      result,
      datasetVersion: knowledge.datasetVersion,
      toolVersion: options.toolVersion,
      failOn: options.failOn,
      ...(options.showAll ? { showAll: true } : {}),
    })) {
      batch += chunk;
      if (batch.length < 1 << 20) continue;
      const flushed = stdout.write(batch);
      batch = '';
      if (!flushed) await once(stdout, 'drain');
    }
    if (batch.length > 0) stdout.write(batch);
    const verdict = gateVerdict({ verdict: result.summary.verdict, verdictAfterAccepted: result.verdictAfterAccepted });
    return exitCodeFor(verdict, options.failOn);
  } finally {
    database.close();
  }
}
