/**
 * The `winnet-kb` command line: check (the CI gate), explain, capacity. Findings and answers go
 * to stdout, diagnostics to stderr; exit codes are those of exit-codes.ts.
 */
import { MAX_KUBELET_MAX_PODS } from '../domain/capacity.js';
import { kubernetesMinorOf } from '../domain/kubernetes-version.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_DATABASE_PATH, PROJECT_ROOT } from '../db/paths.js';
import { Acceptor, collectIgnore, IGNORE_FILE } from './accept.js';
import { PLAN_FIELDS } from './check/plan-file.js';
import { CliError, formatError } from './errors.js';
import { DEFAULT_INPUT_CAPS, formatBytes, parseByteSize, type InputCaps } from './input.js';
import { withOutput } from './output-file.js';
import { escapingStream } from './safe-output.js';
import { EXIT_CODES_HELP, EXIT_OK, EXIT_USAGE_OR_DATA_ERROR, FAIL_ON_LEVELS, type ExitCode, type FailOn } from './exit-codes.js';
import { wrap } from './report/text.js';
import { CAPACITY_MODES, type CapacityMode } from './options.js';
import { OUTPUT_FORMATS, type OutputFormat } from './report/printers.js';
import { ENTITY_KINDS, type EntityKind } from './queries.js';
import { READ_KINDS } from '../domain/scan/read-kinds.js';

// The commands load the database layer and the GraphQL schema: import them only when they run,
// so --help, --version and usage errors answer quickly.

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The environment variable of a flag: WINNET_KB_ and the long flag in capitals (--fail-on: WINNET_KB_FAIL_ON). */
export function envVarOf(option: Option): string | undefined {
  const long = option.long?.replace(/^--/, '');
  return long ? `WINNET_KB_${long.toUpperCase().replace(/-/g, '_')}` : undefined;
}

/**
 * A command whose every flag can be set by its environment variable (see envVarOf), as pluto's
 * PLUTO_* can: a flag on the command line wins over the variable, the variable over the default.
 * Commander reads a variable only for an option that names it when it is added, so the name is
 * given here, for every option of this command and of its subcommands. --help and --version have none.
 */
class EnvCommand extends Command {
  override createCommand(name?: string): Command {
    return new EnvCommand(name);
  }

  override addOption(option: Option): this {
    const name = envVarOf(option);
    if (name && option.long !== '--help' && option.long !== '--version') option.env(name);
    return super.addOption(option);
  }
}

const targetOption = () =>
  new Option(
    '-t, --target-kubernetes-version <1.N>',
    "judge for an upgrade to this Kubernetes minor version, 1.N or v1.N (as pluto's --target-versions): node OS, plugin versions and kube-proxy feature gates there",
  ).argParser((value: string) => {
    const version = kubernetesMinorOf(value);
    if (version === null) throw new InvalidArgumentError('--target-kubernetes-version must be a Kubernetes minor version such as 1.34 or v1.34.');
    return version;
  });
const outputFileOption = () => new Option('--output-file <path>', 'write the output to this file instead of stdout (diagnostics still go to stderr)');
const docsUrlOption = () =>
  new Option('--docs-url <url>', "the published docs/api.md that --output sarif's rules link to (helpUri; default: this installation's copy)");

/**
 * An --ignore entry's reason written as an argument of its own (`--ignore CODE:subject "fixed in
 * PR 12"`): the shell hands the reason over as the next argument, which then reads as a plan or a
 * path. Found in the raw arguments: the argument after an --ignore value that is no file.
 */
export function strayIgnoreReason(argv: readonly string[]): { entry: string; stray: string } | undefined {
  for (const [i, arg] of argv.entries()) {
    const inline = arg.startsWith('--ignore=');
    if (arg !== '--ignore' && !inline) continue;
    const entry = inline ? arg.slice('--ignore='.length) : argv[i + 1];
    const stray = argv[inline ? i + 1 : i + 2];
    if (entry !== undefined && stray !== undefined && !stray.startsWith('-') && stray !== '' && !existsSync(stray)) return { entry, stray };
  }
  return undefined;
}

/** The hint for a stray reason: where it goes. */
const strayReasonHint = ({ entry, stray }: { entry: string; stray: string }) =>
  `"${stray}" follows --ignore ${entry}: the reason goes inside the same argument, quoted: --ignore "${entry} ${stray}"`;
const ignoreOptions = () => [
  new Option(
    '--ignore <"CODE[:subject] reason">',
    'accept a known finding, the reason inside the same quoted argument (--ignore "CODE:subject fixed in PR 12"): reported as accepted, not counted by --fail-on (repeatable)',
  ).argParser(collectIgnore),
  new Option('--ignore-file <path>', `accepted findings, one "CODE[:subject] reason" per line (default: ./${IGNORE_FILE} when present)`),
];

function wholeNumber(flag: string, min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
      throw new InvalidArgumentError(`${flag} must be a whole number from ${min} to ${max}.`);
    return Number(value);
  };
}

const CHECK_HELP = `
The plan file (YAML or JSON, "-" for stdin) holds the fields of the API's CompatibilityInput:
  ${wrap(PLAN_FIELDS.join(', '), 96, '  ')}
Every field is optional: what the plan leaves open (windowsVersion included) is judged over
every candidate, and what depends on it is reported as may-apply, naming the field. An unknown
key, an unknown slug or an impossible number is a usage error (exit 1) that names the field and
its valid choices. ipAddressMode is SECONDARY_IP or
PREFIX_DELEGATION (secondary-ip and prefix-delegation are accepted too).

Offline, the plan is judged on the embedded database by the API's engine; with --url it is sent
to a running server's compatibility query. Both give the same report in every format: json is the
compatibility query's answer, sarif places the errors and warnings on the plan file, junit makes
the plan one test case.

${EXIT_CODES_HELP}

Examples:
  winnet-kb check examples/incompatible.yaml
  winnet-kb check plan.yaml --output markdown > comment.md
  winnet-kb check plan.yaml --fail-on warning --output json
  winnet-kb check plan.yaml --url http://localhost:4000/graphql`;

const SCAN_HELP = `
${wrap(
  `Reads these kinds (docs/cli.md says what of each): ${READ_KINDS.map((k) => k.kinds).join('; ')}. Lists and OpenShift Templates' objects are flattened. ` +
    'Other kinds are ignored and counted. Each object is judged with a plan inferred from it and from its cluster ' +
    '(its Windows nodes, CNI, IP address mode) and --plan; what none of them says stays open. Files whose cluster ' +
    'facts disagree (two CNIs, two environments) are judged as separate clusters unless --one-cluster is given; ' +
    "findings about a cluster's plan are reported once.",
  96,
)}

YAML or JSON that does not parse exits ${EXIT_USAGE_OR_DATA_ERROR} with file:line:column, as does an alias
to no anchor or more than 100 alias expansions (a YAML bomb). Input is capped: 32 MiB per file
(--max-file-bytes) and 256 MiB in all (--max-total-bytes); a pipe or device named as a file
(a FIFO) that sends nothing for 30 s (--read-timeout) exits ${EXIT_USAGE_OR_DATA_ERROR}. Exit codes are those of check.

Examples:
  kubectl get nodes,svc,ds,deploy,cm,netpol -A -o json | winnet-kb scan -
  winnet-kb scan manifests/ --output sarif > winnet-kb.sarif
  helm template chart | winnet-kb scan - --plan plan.yaml --fail-on warning
  winnet-kb scan cluster.yaml --output junit > junit.xml`;

/** --max-file-bytes, --max-total-bytes, --read-timeout: the input caps (input.ts). */
function addInputCapOptions(command: Command, total: boolean): Command {
  const bytes = (flag: string) => (value: string) => {
    try {
      return parseByteSize(flag, value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
  command.addOption(
    new Option('--max-file-bytes <size>', 'the cap on the bytes of each input file (or stdin); over it, exit 1 (e.g. 64MiB)')
      .default(DEFAULT_INPUT_CAPS.maxFileBytes, formatBytes(DEFAULT_INPUT_CAPS.maxFileBytes))
      .argParser(bytes('--max-file-bytes')),
  );
  if (total)
    command.addOption(
      new Option('--max-total-bytes <size>', 'the cap on the bytes of all input files together; over it, exit 1')
        .default(DEFAULT_INPUT_CAPS.maxTotalBytes, formatBytes(DEFAULT_INPUT_CAPS.maxTotalBytes))
        .argParser(bytes('--max-total-bytes')),
    );
  return command.addOption(
    new Option('--read-timeout <seconds>', 'how long to wait for data from a pipe or device named as a file (a FIFO); over it, exit 1')
      .default(DEFAULT_INPUT_CAPS.readTimeoutSeconds)
      .argParser(wholeNumber('--read-timeout', 1, 86400)),
  );
}

interface CapFlags {
  maxFileBytes: number;
  maxTotalBytes?: number;
  readTimeout: number;
}

const capsOf = (flags: CapFlags): InputCaps => ({
  maxFileBytes: flags.maxFileBytes,
  maxTotalBytes: flags.maxTotalBytes ?? Math.max(flags.maxFileBytes, DEFAULT_INPUT_CAPS.maxTotalBytes),
  readTimeoutSeconds: flags.readTimeout,
});

interface GateFlags {
  failOn: FailOn;
  outputFile?: string;
  ignore?: string[];
  ignoreFile?: string;
}
/** --show-all on check and scan: the short default lists what applies and the may-apply warnings and errors. */
const SHOW_ALL_HELP = 'list every finding with its applicability, the general notes and may-apply notes the table hides by default included';

type CheckFlags = GateFlags &
  CapFlags & { output: OutputFormat; url?: string; timeout: number; targetKubernetesVersion?: string; showAll?: boolean; docsUrl?: string };
type ScanFlags = GateFlags &
  CapFlags & { output: OutputFormat; plan?: string; targetKubernetesVersion?: string; showAll?: boolean; oneCluster?: boolean; docsUrl?: string };

/** What every command's action needs: where it prints, where its exit code goes, and the raw arguments. */
interface Runner {
  io: Io;
  exit: (code: ExitCode) => void;
  argv: readonly string[];
}

/** The database a command reads: the global --database (or its variable, or the embedded one). */
const database = (command: Command) => command.optsWithGlobals<{ database: string }>().database;

/** Builds the program; `exit` receives the exit code of the command that ran. */
export function buildProgram(io: Io, exit: (code: ExitCode) => void, argv: readonly string[] = []): Command {
  const program = rootCommand(io);
  const runner: Runner = { io, exit, argv };
  // Registered in the order `--help` lists them.
  for (const add of [addCheckCommand, addScanCommand, addExplainCommand, addCapacityCommand, addSearchCommand]) add(program, runner);
  return program;
}

/** The root command: its name, version, the global --database, and where commander prints. */
function rootCommand(io: Io): Command {
  return new EnvCommand('winnet-kb')
    .description('Windows container networking on Kubernetes: judge plans, explain facts with their sources, work out EKS pod capacity.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addOption(
      new Option('--database <path>', 'the database to read (built by `npm run db:build`)')
        .default(DEFAULT_DATABASE_PATH, process.env.DATABASE_PATH ? '$DATABASE_PATH' : 'the embedded data/winnet-kb.sqlite, or $DATABASE_PATH')
        .argParser((p) => resolve(p)),
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => void io.stdout.write(s), writeErr: (s) => void io.stderr.write(s) })
    .addHelpText(
      'after',
      `\nEvery flag can also be set by an environment variable: WINNET_KB_ and the flag in capitals (--fail-on: WINNET_KB_FAIL_ON).\n` +
        `The API server is the command winnet-kb-server, configured by PORT, HOST and the other variables of docs/operations.md.\n\n${EXIT_CODES_HELP}`,
    );
}

/** `check <plan>`: judge a plan file; the CI gate. */
function addCheckCommand(program: Command, { io, exit }: Runner): void {
  const check = program
    .command('check')
    .description('judge a plan file (YAML or JSON) and exit by its verdict: a CI gate')
    .argument('<plan>', 'plan file, or - for stdin')
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS).default('table'))
    .addOption(new Option('--fail-on <level>', 'the least severe verdict that fails (non-zero exit)').choices(FAIL_ON_LEVELS).default('error'))
    .option('--url <url>', 'ask a running server (its GraphQL endpoint, e.g. http://localhost:4000/graphql) instead of the embedded database')
    .addOption(new Option('--timeout <ms>', 'how long to wait for --url').default(30000).argParser(wholeNumber('--timeout', 1, 600000)))
    .addOption(targetOption())
    .option('--show-all', SHOW_ALL_HELP)
    .addOption(outputFileOption())
    .addOption(docsUrlOption())
    .addOption(ignoreOptions()[0]!)
    .addOption(ignoreOptions()[1]!);
  addInputCapOptions(check, false)
    .addHelpText('after', CHECK_HELP)
    .action(async (plan: string, opts: CheckFlags, command: Command) => {
      const { runCheck } = await import('./check/command.js');
      const { ignore, ignoreFile, outputFile, ...rest } = opts;
      const acceptor = await Acceptor.from({ ignore, ignoreFile }, capsOf(opts));
      const options = { ...rest, acceptor, stderr: io.stderr, database: database(command), toolVersion: packageVersion(), caps: capsOf(opts) };
      exit(await withOutput(outputFile, io.stdout, (out) => runCheck(plan, options, out)));
    });
}

/** `scan <paths...>`: judge manifests, dumps and eksctl configs, object by object. */
function addScanCommand(program: Command, { io, exit, argv }: Runner): void {
  const scan = program
    .command('scan')
    .description('judge Kubernetes manifests, `kubectl get -o json` dumps and eksctl configs: every Windows-related object, by file and line')
    .argument('<paths...>', 'files or directories (*.yaml, *.yml, *.json, recursively), or - for stdin')
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS).default('table'))
    .addOption(new Option('--fail-on <level>', 'the least severe verdict that fails (non-zero exit)').choices(FAIL_ON_LEVELS).default('error'))
    .option('--plan <file>', "a plan file (check's format) to judge against when the input has no Windows node, and to fill what the objects leave open")
    .addOption(targetOption())
    .option('--show-all', `${SHOW_ALL_HELP}, and what was inferred for each object`)
    .option('--one-cluster', 'judge the whole input as one cluster (by default, files whose cluster facts disagree, such as two CNIs, are judged apart)')
    .addOption(outputFileOption())
    .addOption(docsUrlOption())
    .addOption(ignoreOptions()[0]!)
    .addOption(ignoreOptions()[1]!);
  addInputCapOptions(scan, true)
    .addHelpText('after', SCAN_HELP)
    .action(async (paths: string[], opts: ScanFlags, command: Command) => {
      const stray = strayIgnoreReason(argv);
      if (stray && paths.includes(stray.stray)) throw new CliError(`cannot read ${stray.stray}: no such file`, [strayReasonHint(stray)]);
      const { runScan } = await import('./scan/command.js');
      const { ignore, ignoreFile, outputFile, ...rest } = opts;
      const acceptor = await Acceptor.from({ ignore, ignoreFile }, capsOf(opts));
      const options = { ...rest, acceptor, database: database(command), toolVersion: packageVersion(), caps: capsOf(opts) };
      const run = (out: NodeJS.WritableStream) => runScan(paths, options, out, io.stderr);
      exit(await withOutput(outputFile, io.stdout, run));
    });
}

/** `explain <slug>`: one entity with its facts and sources, through the API in-process. */
function addExplainCommand(program: Command, { io, exit }: Runner): void {
  program
    .command('explain')
    .description(
      'print one entity (Windows version, network mode, CNI plugin, feature, ' +
        'limitation, IPAM option, environment or EC2 instance type) with its facts and sources',
    )
    .argument('<slug>', 'slug of the entity, or an EC2 instance type name')
    .addOption(new Option('--kind <kind>', 'only this kind of entity (a slug may name several)').choices(Object.keys(ENTITY_KINDS)))
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nExamples:\n  winnet-kb explain direct-server-return\n  winnet-kb explain nat --kind network-mode\n' +
        '  winnet-kb explain c5.xlarge\n\nAn unknown slug exits 1 with the closest known slugs.',
    )
    .addOption(outputFileOption())
    .action(async (slug: string, { outputFile, ...opts }: { kind?: EntityKind; output: 'text' | 'json'; outputFile?: string }, command: Command) => {
      const { runExplain } = await import('./explain.js');
      await withOutput(outputFile, io.stdout, (out) => runExplain(slug, { ...opts, database: database(command) }, out));
      exit(EXIT_OK);
    });
}

/** `capacity <instance-type>`: Windows pod capacity on EKS, through the API in-process. */
function addCapacityCommand(program: Command, { io, exit }: Runner): void {
  program
    .command('capacity')
    .description('Windows pod capacity of an EC2 instance type on EKS, with the arithmetic')
    .argument('<instance-type>', 'EC2 instance type, e.g. m5.large')
    .addOption(new Option('--mode <mode>', 'how pod addresses are assigned').choices(Object.keys(CAPACITY_MODES)).default('secondary-ip'))
    .addOption(
      new Option('--kubelet-max-pods <n>', "the kubelet's max-pods (default: EKS's 110)").argParser(wholeNumber('--kubelet-max-pods', 1, MAX_KUBELET_MAX_PODS)),
    )
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nExamples:\n  winnet-kb capacity m5.large\n  winnet-kb capacity c5.xlarge --mode prefix-delegation --kubelet-max-pods 250\n' +
        '\nArm and mac types, prefix delegation on a Xen type and unknown names exit 1 with the reason.',
    )
    .addOption(outputFileOption())
    .action(
      async (
        name: string,
        { outputFile, ...opts }: { mode: CapacityMode; kubeletMaxPods?: number; output: 'text' | 'json'; outputFile?: string },
        command: Command,
      ) => {
        const { runCapacity } = await import('./capacity.js');
        await withOutput(outputFile, io.stdout, (out) => runCapacity(name, { ...opts, database: database(command) }, out));
        exit(EXIT_OK);
      },
    );
}

/** `search <words...>`: full-text search, through the API in-process. */
function addSearchCommand(program: Command, { io, exit }: Runner): void {
  program
    .command('search')
    .description('full-text search over names, descriptions, workarounds, notes, glossary terms, finding codes, flag keys and instance types')
    .argument('<words...>', 'what to look for; the last token of each word matches as a prefix (dsr, sessionAff, --enable-dsr)')
    .addOption(new Option('-n, --first <n>', 'how many hits').argParser(wholeNumber('--first', 1, 50)).default(10))
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nExamples:\n  winnet-kb search dsr\n  winnet-kb search -- --enable-dsr\n  winnet-kb search network policy calico -n 3\n' +
        "\nSame hits as the API's search(query:, first:). A malformed FTS5 query exits 1.",
    )
    .addOption(outputFileOption())
    .action(async (words: string[], { outputFile, ...opts }: { first: number; output: 'text' | 'json'; outputFile?: string }, command: Command) => {
      const { runSearch } = await import('./search.js');
      await withOutput(outputFile, io.stdout, (out) => runSearch(words, { ...opts, database: database(command) }, out));
      exit(EXIT_OK);
    });
}

/** Runs the command line and returns the exit code (it never calls process.exit). */
export async function main(argv: readonly string[], raw: Io = { stdout: process.stdout, stderr: process.stderr }): Promise<ExitCode> {
  // Everything printed passes through here, and much of it comes from input (plan values, file
  // names, object names): control characters are shown escaped, never sent to the terminal.
  const io: Io = { stdout: escapingStream(raw.stdout), stderr: escapingStream(raw.stderr) };
  let code: ExitCode = EXIT_OK;
  const program = buildProgram(io, (c) => (code = c), argv);
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (error) {
    // Commander has printed its own message (or the help / version, which exit 0).
    if (error instanceof CommanderError) {
      const stray = error.code === 'commander.excessArguments' ? strayIgnoreReason(argv) : undefined;
      if (stray) io.stderr.write(`  ${strayReasonHint(stray)}\n`);
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE_OR_DATA_ERROR;
    }
    if (error instanceof CliError) {
      io.stderr.write(formatError(error));
      return error.exitCode;
    }
    io.stderr.write(`winnet-kb: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT_USAGE_OR_DATA_ERROR;
  }
}
