/**
 * `winnet-kb check <plan>`: judge a plan file with the API's engine, offline on the embedded
 * database or against a running server (`--url`), print the report and exit by its verdict.
 */
import type { Acceptor } from '../accept.js';
import { CliError, PlanFieldError } from '../errors.js';
import { exitCodeFor, verdictAfterAccepted, type ExitCode, type FailOn } from '../../domain/outcome.js';
import { formatMarkdown } from '../format/markdown.js';
import { formatTable } from '../format/table.js';
import { httpClient, localClient, type GraphqlClient } from '../graphql-client.js';
import type { OutputFormat } from '../options.js';
import { COMPATIBILITY_QUERY, type ReportView } from '../queries.js';
import { InputBudget, type InputCaps } from '../input.js';
import { readPlanFile } from './plan-file.js';

export { OUTPUT_FORMATS, type OutputFormat } from '../options.js';

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
}

/** The report with its accepted findings marked and, when there are any, the verdict after them. */
export function withAccepted(report: ReportView, acceptor: Acceptor | undefined): ReportView {
  if (!acceptor || acceptor.empty) return report;
  const findings = report.findings.map((f) => {
    const accepted = acceptor.accept(f);
    return accepted ? { ...f, accepted } : f;
  });
  if (!findings.some((f) => f.accepted)) return report;
  // Placed after `verdict` in --output json.
  const { verdict, ...rest } = report;
  return { verdict, verdictAfterAccepted: verdictAfterAccepted(findings), ...rest, findings };
}

export function renderReport(report: ReportView, format: OutputFormat, planName: string): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'markdown') return formatMarkdown(report, planName);
  return formatTable(report, planName);
}

/** Runs the check and writes the report to stdout; returns the exit code. */
export async function runCheck(planPath: string, options: CheckOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<ExitCode> {
  const plan = await readPlanFile(planPath, new InputBudget(options.caps));
  if (options.targetKubernetesVersion) plan.input = { ...plan.input, targetKubernetesVersion: options.targetKubernetesVersion };
  const client: GraphqlClient = options.url ? httpClient(options.url, options.timeout) : await localClient(options.database);
  try {
    const { compatibility } = await client.request<{ compatibility: ReportView }>(COMPATIBILITY_QUERY, { input: plan.input }).catch((error: unknown) => {
      // The engine refused a field: say which file it is in.
      throw error instanceof PlanFieldError ? new CliError(`${plan.name}: ${error.message}`, error.details) : error;
    });
    const report = withAccepted(compatibility, options.acceptor);
    for (const note of options.acceptor?.unused() ?? []) (options.stderr ?? process.stderr).write(`winnet-kb: note: ${note}\n`);
    stdout.write(renderReport(report, options.output, plan.name));
    return exitCodeFor(report.verdictAfterAccepted ?? report.verdict, options.failOn);
  } finally {
    await client.close();
  }
}
