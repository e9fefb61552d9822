/**
 * Reads a plan file (YAML or JSON; JSON is read as YAML 1.2, of which it is a subset) and checks
 * its shape with zod (its tree-shakable zod/mini API: every `check` loads this, and the full API
 * costs the command's start-up several times the validation it does here). The shape is CompatibilityInput of schema/verdicts.graphql; whether the
 * slugs and numbers make sense is left to the engine, which answers with the field and the
 * valid choices exactly as the API does.
 */
import { isScalar, LineCounter, parseDocument } from 'yaml';
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { IpAddressMode } from '../../domain/capacity.js';
import type { PlanInput } from '../../domain/compatibility/plan.js';
import type { CompatibilityInput } from '../../graphql/generated/resolvers.js';
import { yamlValue, YamlValueError } from '../../domain/yaml-value.js';
import { CliError, didYouMean } from '../errors.js';
import { InputBudget, linkOutOfTree, readInputFile, unquotedContentError, UnreadableFileError } from '../input.js';
import { excerpt } from '../safe-output.js';

const IP_MODES: Record<string, IpAddressMode> = {
  SECONDARY_IP: 'SECONDARY_IP',
  PREFIX_DELEGATION: 'PREFIX_DELEGATION',
  'secondary-ip': 'SECONDARY_IP',
  'prefix-delegation': 'PREFIX_DELEGATION',
};

// zod/mini ships no messages of its own ("Invalid input"): the full API's English ones.
z.config(en());

const text = z.string().check(z.minLength(1, 'must not be empty'));
// GraphQL's Int is 32-bit: a larger number is refused here, with its field, rather than by the API's
// variable coercion (whose message would have to be read back to name the field).
const whole = z
  .number()
  .check(
    z.refine(Number.isInteger, 'must be a whole number'),
    z.gte(-(2 ** 31), 'must be a whole number from -2147483648 to 2147483647'),
    z.lte(2 ** 31 - 1, 'must be a whole number from -2147483648 to 2147483647'),
  );
const list = z.array(text);

/**
 * One validator per field of CompatibilityInput, the type generated from schema/verdicts.graphql.
 * `satisfies` makes the compiler hold this mapping to that type: a field added to the schema and
 * missing here, or a key here the schema lacks, does not compile. So the keys a plan file accepts
 * come from the schema, not from a second list kept by hand.
 */
const FIELDS = {
  windowsVersion: z.nullish(text),
  windowsBuildRevision: z.nullish(whole),
  windowsBuild: z.nullish(whole),
  cniPlugin: z.nullish(text),
  cniPluginVersion: z.nullish(text),
  networkMode: z.nullish(text),
  features: z.nullish(list),
  kubernetesVersion: z.nullish(text),
  environment: z.nullish(text),
  serviceTypes: z.nullish(list),
  networkPolicy: z.nullish(z.boolean()),
  servicesPerNode: z.nullish(whole),
  backendsPerService: z.nullish(whole),
  asOf: z.nullish(text),
  instanceType: z.nullish(text),
  ipAddressMode: z.nullish(
    z.pipe(
      z.string().check(z.refine((v) => v in IP_MODES, `must be one of ${Object.keys(IP_MODES).join(', ')}`)),
      z.transform((v: string) => IP_MODES[v]!),
    ),
  ),
  podsPerNode: z.nullish(whole),
  kubeletMaxPods: z.nullish(whole),
  containerImageWindowsVersion: z.nullish(text),
  targetKubernetesVersion: z.nullish(text),
  kubeProxyFeatureGates: z.nullish(list),
  serviceSettings: z.nullish(list),
} satisfies { [K in keyof Required<CompatibilityInput>]: z.ZodMiniType };

/** Every field of CompatibilityInput; `$comment` is allowed for notes in JSON files, which have no comments. */
export const PLAN_FILE_SCHEMA = z.strictObject({ $comment: z.optional(z.string()), ...FIELDS });

export const PLAN_FIELDS = Object.keys(FIELDS);

export interface PlanFile {
  /** Where the plan came from, for messages ("-" is stdin). */
  name: string;
  input: PlanInput;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  // A short excerpt only: a file that is no plan at all (a link to a secrets file) is one long
  // string, and the message must not copy it.
  return typeof value === 'object' ? 'a mapping' : `${typeof value} "${excerpt(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}"`;
}

/** Turns zod's issues into one error naming each bad field. */
function shapeError(name: string, issues: z.core.$ZodIssue[]): CliError {
  const lines: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const near = didYouMean(key, PLAN_FIELDS);
        lines.push(`unknown key "${excerpt(key)}"${near ? ` (did you mean "${near}"?)` : ''}; allowed keys: ${PLAN_FIELDS.join(', ')}`);
      }
      continue;
    }
    const path = issue.path.map(String).join('.');
    lines.push(`${path || '(plan)'}: ${issue.message}`);
  }
  const [first, ...rest] = lines;
  return new CliError(`${name}: ${first ?? 'the plan is invalid'}`, rest);
}

/** Parses plan text; `name` is used in messages only. */
export function parsePlan(source: string, name: string): PlanFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { prettyErrors: true, lineCounter });
  if (doc.errors.length > 0) {
    // The parser's first line of each error, which may quote a tag or a token: cut short.
    const firstLine = (e: Error) => excerpt(e.message.split('\n')[0]!, 160);
    throw new CliError(`${name}: not valid YAML or JSON: ${firstLine(doc.errors[0]!)}`, doc.errors.slice(1).map(firstLine));
  }
  let data: unknown;
  try {
    data = yamlValue(doc, lineCounter);
  } catch (error) {
    if (error instanceof YamlValueError) throw new CliError(`${name}:${error.line}:${error.column}: ${excerpt(error.reason, 160)}`);
    throw error;
  }
  if (data === null || data === undefined)
    throw new CliError(`${name}: the plan is empty; give the fields you know (every one is optional)`, [`allowed keys: ${PLAN_FIELDS.join(', ')}`]);
  if (typeof data !== 'object' || Array.isArray(data))
    throw new CliError(`${name}: the plan must be a mapping of fields, got ${describe(data)}`, [`allowed keys: ${PLAN_FIELDS.join(', ')}`]);
  // YAML reads an unquoted 1.30 as the number 1.3: keep the version exactly as written.
  const record = data as Record<string, unknown>;
  for (const field of ['kubernetesVersion', 'targetKubernetesVersion']) {
    const node = doc.get(field, true);
    if (typeof record[field] === 'number' && isScalar(node) && typeof node.source === 'string') record[field] = node.source;
  }
  const parsed = PLAN_FILE_SCHEMA.safeParse(record);
  if (!parsed.success) throw shapeError(name, parsed.error.issues);
  const { $comment: _comment, ...input } = parsed.data;
  return { name, input };
}

/** Reads and parses a plan file ("-" for stdin) under the input caps. */
export async function readPlanFile(path: string, budget = new InputBudget()): Promise<PlanFile> {
  const name = path === '-' ? '<stdin>' : path;
  let source: string;
  try {
    source = await readInputFile(path, name, budget);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw new CliError(`cannot read plan file ${path}: ${error.reason === 'no such file or directory' ? 'no such file' : error.reason}`);
  }
  const outside = linkOutOfTree(path);
  try {
    return parsePlan(source, name);
  } catch (error) {
    if (outside !== undefined && error instanceof CliError) throw unquotedContentError(name, outside, 'plan file');
    throw error;
  }
}
