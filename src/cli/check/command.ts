/**
 * `winnet-kb check <plan>`: judge a plan file, offline with the domain's engine on the embedded
 * database or against a running server (`--url`), into the one report model (report/model.ts),
 * print it in the chosen format and exit by its verdict. Both paths give the same report.
 */
import { judgeCompatibility } from '../../domain/compatibility/judge.js';
import { PlanError } from '../../domain/compatibility/plan.js';
import { exitCodeFor, gateVerdict, type ExitCode, type FailOn } from '../../domain/outcome.js';
import type { Acceptor } from '../accept.js';
import { InputRefusedError, problemsOf } from '../errors.js';
import { httpClient, openKnowledgeBase } from '../graphql-client.js';
import { InputBudget, type InputCaps } from '../input.js';
import { COMPATIBILITY_QUERY } from '../queries.js';
import { withAccepted } from '../report/accepted.js';
import type { CheckReport, ReportView } from '../report/model.js';
import { loadSourceDocuments, presentCompatibility } from '../report/present.js';
import { writeReport, type OutputFormat } from '../report/printers.js';
import { readPlanFile, type PlanFile } from './plan-file.js';

export interface CheckOptions {
  output: OutputFormat;
  failOn: FailOn;
  url?: string;
  timeout: number;
  database: string;
  caps?: InputCaps;
  /** Findings accepted with a reason (.winnet-kb-ignore, --ignore): reported, not counted by --fail-on. */
  acceptor?: Acceptor;
  /** Where notes go (entries of the ignore file that accepted nothing). */
  stderr?: NodeJS.WritableStream;
  /** --target-kubernetes-version: wins over the plan's targetKubernetesVersion. */
  targetKubernetesVersion?: string;
  /** The version `--output sarif` names as the tool's. */
  toolVersion?: string;
  /** YYYY-MM-DD for support lifecycles when the plan gives no asOf (tests pin it); today by default. */
  today?: string;
  /** --show-all: the table lists every finding with its applicability, general notes and may-apply notes included. */
  showAll?: boolean;
}

/** The plan judged by the domain's engine on the embedded database: every problem of a refused plan at once, with its fields. */
export function judgeOffline(plan: PlanFile, databasePath: string, today = new Date().toISOString().slice(0, 10)): ReportView {
  const { database, knowledge } = openKnowledgeBase(databasePath);
  try {
    let report;
    try {
      report = judgeCompatibility(knowledge, plan.input, today);
    } catch (error) {
      if (error instanceof PlanError) throw new InputRefusedError(problemsOf(error), plan.input, plan.name);
      throw error;
    }
    return presentCompatibility({ knowledge, documents: loadSourceDocuments(database) }, report);
  } finally {
    database.close();
  }
}

/** The plan judged by a running server's `compatibility` query. */
async function judgeOnline(plan: PlanFile, url: string, timeoutMs: number): Promise<ReportView> {
  const client = httpClient(url, timeoutMs);
  try {
    const { compatibility } = await client.request(COMPATIBILITY_QUERY, { input: plan.input });
    return compatibility;
  } catch (error) {
    // The server refused a field: say which file it is in.
    throw error instanceof InputRefusedError ? error.from(plan.name) : error;
  } finally {
    await client.close();
  }
}

/** Runs the check and writes the report; returns the exit code. */
export async function runCheck(planPath: string, options: CheckOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<ExitCode> {
  const plan = await readPlanFile(planPath, new InputBudget(options.caps));
  if (options.targetKubernetesVersion) plan.input = { ...plan.input, targetKubernetesVersion: options.targetKubernetesVersion };
  const view = options.url ? await judgeOnline(plan, options.url, options.timeout) : judgeOffline(plan, options.database, options.today);
  const report = withAccepted<CheckReport>({ kind: 'check', source: plan.name, report: view }, options.acceptor);
  for (const note of options.acceptor?.unused() ?? []) (options.stderr ?? process.stderr).write(`winnet-kb: note: ${note}\n`);
  const print = { failOn: options.failOn, toolVersion: options.toolVersion ?? '0.0.0', ...(options.showAll ? { showAll: true } : {}) };
  await writeReport(report, options.output, print, stdout);
  return exitCodeFor(gateVerdict(report.report), options.failOn);
}
