/**
 * How the CLI's human-readable formats show a finding's applicability: which findings the short
 * default lists, what it hides (counted in one line), and how a MAY_APPLY finding's dependsOn reads
 * on each surface. A check's plan "does not give" a field; a scan built its plans from files, which
 * "do not say" it. The engine's messages state only the fact and where it holds.
 */
import { plural, type FindingView, type Report } from './model.js';

/** What a plan field stands for, in a scan's words (the files say or do not say it). */
const SCAN_WORDS: Readonly<Record<string, string>> = {
  windowsVersion: 'the Windows release',
  windowsBuildRevision: "the node's update revision",
  cniPlugin: 'the CNI plugin',
  cniPluginVersion: 'the CNI plugin version',
  networkMode: 'the network mode',
  kubernetesVersion: 'the Kubernetes version',
  environment: 'the environment',
  serviceTypes: 'the Service types in use',
  networkPolicy: 'whether workloads rely on NetworkPolicy',
  features: 'which features the workloads use',
};

const joinWords = (words: readonly string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** What a MAY_APPLY finding depends on, in the words of the report's surface; '' for any other finding. */
export function dependsOnText(f: Pick<FindingView, 'applicability' | 'dependsOn'>, kind: Report['kind']): string {
  if (f.applicability !== 'MAY_APPLY') return '';
  if (f.dependsOn.length === 0) return 'may apply: the sources do not settle it';
  if (kind === 'check') return `depends on the plan's ${joinWords(f.dependsOn)}, which it does not give`;
  return `may apply: the files do not say ${joinWords(f.dependsOn.map((d) => SCAN_WORDS[d] ?? d))}`;
}

/**
 * Whether the short default lists a finding: what applies (its own facts decide it), a MAY_APPLY
 * warning or error, an accepted finding, and what a scan could not judge. General notes and
 * may-apply notes (info) are counted, not listed.
 */
export function listedByDefault(f: Pick<FindingView, 'applicability' | 'severity' | 'accepted'>): boolean {
  if (f.accepted !== undefined) return true;
  if (f.applicability === 'GENERAL') return false;
  return f.applicability === 'APPLIES' || f.severity !== 'INFO';
}

/**
 * "12 general notes and 3 may-apply notes hidden; --show-all lists them", or '' when nothing is
 * hidden. On a scan, the may-apply notes are counted by what the files leave open, one count per
 * open dimension (a Service scanned alone gets dozens, each for an environment or CNI it may run on).
 */
export function hiddenLine(hidden: readonly Pick<FindingView, 'applicability' | 'dependsOn'>[], kind?: Report['kind']): string {
  const general = hidden.filter((f) => f.applicability === 'GENERAL').length;
  const mayApply = hidden.length - general;
  const parts = [general > 0 ? plural(general, 'general note') : '', mayApply > 0 ? plural(mayApply, 'may-apply note') : ''].filter(Boolean);
  if (parts.length === 0) return '';
  const open = new Map<string, number>();
  if (kind === 'scan') for (const f of hidden) if (f.applicability === 'MAY_APPLY') for (const d of new Set(f.dependsOn)) open.set(d, (open.get(d) ?? 0) + 1);
  const byDimension = [...open].sort((a, b) => b[1] - a[1]).map(([d, n]) => `${SCAN_WORDS[d] ?? d} ${n}`);
  return `${parts.join(' and ')} hidden${byDimension.length > 0 ? ` (the may-apply notes by what the files do not say: ${byDimension.join(', ')})` : ''}; --show-all lists them`;
}

/** The applicability word of the table's severity cell: nothing for APPLIES. */
export const applicabilityWord = (f: Pick<FindingView, 'applicability'>) =>
  f.applicability === 'MAY_APPLY' ? 'may apply' : f.applicability === 'GENERAL' ? 'general' : '';
