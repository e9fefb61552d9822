/**
 * `winnet-kb capacity <instance-type>`: Windows pod capacity of an EC2 instance type on EKS,
 * with the arithmetic, through the API's podCapacity query in-process (its answer typed by the
 * types generated from CAPACITY_QUERY). Refusals (Arm or mac types, unknown names) come back as
 * the API's errors, with their fields; prefix delegation on a Xen type answers with the
 * secondary-IP fallback the VPC Resource Controller applies.
 */
import { InputRefusedError } from './errors.js';
import { SourceList, outputWidth, wrap } from './report/text.js';
import { localClient } from './graphql-client.js';
import { CAPACITY_MODES, type CapacityMode } from './options.js';
import { CAPACITY_QUERY, type ResultOf } from './queries.js';

export { CAPACITY_MODES, type CapacityMode } from './options.js';

/** The API's field names as this command spells them. */
const FLAGS: Record<string, string> = { instanceType: '<instance-type>', ipAddressMode: '--mode', kubeletMaxPods: '--kubelet-max-pods' };

export interface CapacityOptions {
  database: string;
  mode: CapacityMode;
  kubeletMaxPods?: number;
  output: 'text' | 'json';
}

/** The podCapacity answer, typed as CAPACITY_QUERY asks for it (generated). */
export type CapacityView = ResultOf<typeof CAPACITY_QUERY>['podCapacity'];

export function renderCapacity(c: CapacityView, width = outputWidth()): string {
  const words = { PREFIX_DELEGATION: 'prefix delegation', SECONDARY_IP: 'secondary-IP mode' } as const;
  const mode =
    c.effectiveIpAddressMode === c.ipAddressMode ? words[c.ipAddressMode] : `${words[c.ipAddressMode]} asked, runs in ${words[c.effectiveIpAddressMode]}`;
  const limit = c.limitedBy === 'IP_ADDRESSES' ? 'its IP addresses' : `the kubelet max-pods of ${c.kubeletMaxPods}`;
  const sources = new SourceList();
  const out = [
    `${c.instanceType ?? 'interface'} (${mode}): ${c.maxPods} pods by IP addresses; the node schedules ${c.schedulablePods} (limited by ${limit}).`,
    '',
    ...c.steps.map((s, i) => `  ${i + 1}. ${wrap(s, width, '     ')}`),
  ];
  sources.cite(c.sources);
  if (sources.entries.length) out.push('', 'Sources:', ...sources.lines(width));
  return `${out.join('\n')}\n`;
}

export async function runCapacity(instanceType: string, options: CapacityOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const client = await localClient(options.database);
  try {
    const input = {
      instanceType,
      ipAddressMode: CAPACITY_MODES[options.mode],
      ...(options.kubeletMaxPods !== undefined ? { kubeletMaxPods: options.kubeletMaxPods } : {}),
    };
    const { podCapacity } = await client.request(CAPACITY_QUERY, { input }).catch((error: unknown) => {
      throw error instanceof InputRefusedError ? error.renamed(FLAGS) : error;
    });
    stdout.write(options.output === 'json' ? `${JSON.stringify(podCapacity, null, 2)}\n` : renderCapacity(podCapacity));
  } finally {
    await client.close();
  }
}
