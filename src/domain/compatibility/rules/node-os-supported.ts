/**
 * Node OS support: whether the node's Windows release is a supported node OS for the planned
 * Kubernetes version, in upstream Kubernetes' table and in each environment that publishes its own
 * (preview, retired and removed node images included), on the named release or over the candidates.
 *
 * Golden cases: test/domain/rules/node-os-supported.golden.test.ts.
 */
import { compareKubernetes, describeKubernetesRange, kubernetesInRange } from '../../kubernetes-version.js';
import type { Citation, Knowledge, NodeOsSupportFact, ReleaseFact, Severity } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { beyondHorizon, dependsOn, everyCandidate, releaseOpen } from '../scope.js';
import { mayApplySeverity, type PlanField, type RuleFinding } from '../rule-finding.js';
import { dateInRange, describeDateRange } from '../../dates.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  NODE_OS_UNSUPPORTED: {
    description:
      'Kubernetes (or the environment, from its own table) does not list the Windows release as a node OS for the planned Kubernetes version; ' +
      '"may apply" when the release, version or environment is open, or when the version is past the dataset horizon and the listing has no known end.',
    // An error; "may apply" (environment or version open, past the horizon) a warning; on some of the
    // candidate releases when the release is open, info.
    severities: ['error', 'warning', 'info'],
    raisedBy: ['compatibility/rules/node-os-supported.ts nodeOsSupported'],
    scanOnly: false,
  },
  NODE_OS_PREVIEW: {
    description: 'The environment offers the Windows release as a node OS only in preview for the planned Kubernetes version.',
    // A warning; "may apply" (environment open, or on some of the candidate releases) info.
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/node-os-supported.ts nodeOsSupported'],
    scanOnly: false,
  },
  NODE_OS_RETIRED: {
    description:
      'The environment once offered the Windows release as a node OS (e.g. as an AMI) and no longer does: a warning while existing nodes may keep running, ' +
      'an error once the environment has removed the node images, so that no node of the release can be created, or when it never offered the release on the planned version; ' +
      'information (applies) while the release is still supported but the environment has announced its end (a last Kubernetes version, a retirement date).',
    // removed: error, retired: warning; "may apply" (environment open) one step lower; on some of the
    // candidate releases (the release open) info.
    severities: ['error', 'warning', 'info'],
    raisedBy: ['compatibility/rules/node-os-supported.ts nodeOsSupported'],
    scanOnly: false,
  },
  NODE_OS_SUPPORT_DISPUTED: {
    description: "The environment's own pages disagree whether the release is a supported node OS for the planned Kubernetes version.",
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/node-os-supported.ts nodeOsSupported'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

const NODE_OS_STATUS = {
  preview: 'offered only in preview',
  disputed: 'disputed by its own pages',
  retired: 'retired (no longer offered for new nodes)',
  removed: 'retired and its node images removed (no node of it can be created)',
} as const;

/** nodeOsSupported: what a node-OS table says about a release. */
const NODE_OS = {
  status: (who: string, release: string, when: string, status: keyof typeof NODE_OS_STATUS, note: string | undefined) =>
    `On ${who}, ${release}${when ? ` ${when}` : ''} is ${NODE_OS_STATUS[status]} as a node OS.${note ? ` ${note}` : ''}`,
  notListedAt: (who: string, release: string, asOf: string, when: string) =>
    `${who} does not list ${release} as a Windows node OS at ${asOf}: it lists it ${when}.`,
  neverListed: (who: string, release: string) => `${who} does not list ${release} as a Windows node OS for any Kubernetes version it documents.`,
  neverOnVersion: (who: string, release: string, ranges: string, version: string) =>
    `${who} offered ${release} as a node OS only for ${ranges}, never on Kubernetes ${version}, and has since retired it: no node of it can be created on ${version}.`,
  // A row without Kubernetes versions (EKS's AMI calendar) gives dates only, and the message says no more.
  retiring: (who: string, release: string, range: string | undefined, before: string | undefined, note: string | undefined) =>
    `${who} ${range ? `supports ${release} as a node OS for ${range}` : `offers ${release} as a node OS (its calendar gives dates, not Kubernetes versions)`}` +
    `${before ? `${range ? ' and' : ''} until ${before}, when it retires` : ''}: an upcoming end for this plan.${note ? ` ${note}` : ''}`,
  planMove: (versioned: boolean) => `Plan the move to a newer Windows release before that ${versioned ? 'Kubernetes version or ' : ''}date.`,
  judgeAtDate: (who: string, release: string) => `Judge the plan at a date when ${who} offers ${release} (asOf), or use a release it lists then.`,
  runListed: (who: string, listed: string) =>
    listed ? `Run the Windows nodes on a release ${who} lists as a node OS here: ${listed}.` : `Run the Windows nodes on a release ${who} lists as a node OS.`,
  notForVersion: (who: string, release: string, ranges: string, version: string) =>
    `${who} lists ${release} as a Windows node OS for ${ranges}, not for ${version}.`,
  listedFor: (version: string, who: string, listed: string) => `For Kubernetes ${version}, ${who} lists: ${listed}.`,
  useVersionIn: (ranges: string) => `Use a Kubernetes version in ${ranges}.`,
  pastHorizon: (who: string, release: string, ranges: string, version: string) =>
    `${who} lists ${release} as a Windows node OS for ${ranges}; whether it still does on ${version} is not known.`,
  checkList: (who: string, version: string) => `Check ${who}'s list of Windows node OS versions for Kubernetes ${version}.`,
  horizonOpen: (horizon: string) => `the dataset documents Kubernetes only up to ${horizon}`,
  onVersion: (version: string) => `on Kubernetes ${version}`,
  onCurrent: (range: string) => `on current Kubernetes versions (${range})`,
  listedLater: (who: string, release: string, since: string, ranges: string | undefined, baseline: string) =>
    `${who} lists ${release} as a Windows node OS only from Kubernetes ${since}${ranges ? ` (${ranges})` : ''}, while it lists other releases from ${baseline}.`,
  giveVersionBelow: (since: string, who: string) => `Give kubernetesVersion for a definite answer; below ${since} use a release ${who} lists there.`,
  holdsFor: (ranges: string) => `support holds for ${ranges}`,
  listedOnlyFor: (who: string, release: string, ranges: string, last: string | undefined) =>
    `${who} lists ${release} as a Windows node OS only for ${ranges}${last ? `; it is not listed after Kubernetes ${last}` : ''}.`,
  giveVersionOrNewer: 'Give kubernetesVersion for a definite answer, or plan for a newer Windows release.',
  where: (clauses: readonly string[]) => `${clauses.join(', ').charAt(0).toUpperCase()}${clauses.join(', ').slice(1)}: `,
  giveRelease: 'Give windowsVersion for a definite answer.',
  envDecides:
    "The plan's environment publishes its own node OS table for this release and Kubernetes version, and that table decides there; upstream Kubernetes' list is given for information: ",
};

/**
 * True when the plan's environment has a node-OS table of its own that covers the release at the
 * plan's date and (when given) its Kubernetes version. A managed environment decides which node
 * OS it offers (AKS made Windows Server 2025 generally available on 1.32 while upstream lists it
 * from 1.35: research/facts-2026.md), so there upstream's list is information, not a verdict.
 */
function environmentDecides({ k, plan, environment }: PlanContext, release: ReleaseFact): boolean {
  if (!environment) return false;
  return k.nodeOsSupport.some(
    (r) =>
      r.environment === environment &&
      r.windowsVersion === release.slug &&
      (!r.dates || dateInRange(plan.asOf, r.dates) !== 'no') &&
      // A status other than supported (retired, preview) speaks of the release at every version it
      // covers; a supported row decides only for a version it names: an AMI calendar without
      // versions (EKS) leaves the versions to upstream's list.
      (r.status !== 'supported'
        ? !plan.kubernetesVersion || r.kubernetes === undefined || kubernetesInRange(plan.kubernetesVersion, r.kubernetes)
        : plan.kubernetesVersion !== undefined && r.kubernetes !== undefined && kubernetesInRange(plan.kubernetesVersion, r.kubernetes)),
  );
}
/** Who publishes a support table: upstream Kubernetes (undefined) and each environment with rows of its own. */
function authorities(k: Knowledge): (string | undefined)[] {
  return [undefined, ...new Set(k.nodeOsSupport.flatMap((r) => (r.environment ? [r.environment] : [])))];
}

const rangeText = (rows: readonly NodeOsSupportFact[]) =>
  rows.map((r) => `${describeKubernetesRange(r.kubernetes)}${r.status === 'supported' ? '' : ` (${r.status})`}`).join(', ');

/**
 * The oldest Kubernetes version an authority still lists for any release: the lowest lower bound
 * among its supported rows that are current (no upper bound, or one at or past the dataset
 * horizon). Rows without a Kubernetes range (an AMI calendar) say nothing about versions and do
 * not count. Undefined when no current row has a lower bound.
 */
function currentBaseline(rows: readonly NodeOsSupportFact[], horizon: string): string | undefined {
  return rows
    .filter(
      (r) =>
        r.status === 'supported' && r.kubernetes?.min !== undefined && (r.kubernetes.max === undefined || compareKubernetes(r.kubernetes.max, horizon) >= 0),
    )
    .map((r) => r.kubernetes!.min!)
    .sort(compareKubernetes)[0];
}

/** The statuses of a release no longer offered for new nodes. */
const NOT_OFFERED: ReadonlySet<string> = new Set(['retired', 'removed']);
/** The code a release's status other than supported raises. */
const STATUS_CODE = { preview: 'NODE_OS_PREVIEW', disputed: 'NODE_OS_SUPPORT_DISPUTED', retired: 'NODE_OS_RETIRED', removed: 'NODE_OS_RETIRED' } as const;
/** Its severity. Once the node images are gone no node of the release can be created, as before it was offered: an error. */
const STATUS_SEVERITY = { preview: 'warning', disputed: 'warning', retired: 'warning', removed: 'error' } as const;

/** The releases a table lists at the plan's date (and version, when given), by name, for a remediation in user words. */
function listedReleases(k: Knowledge, rows: readonly NodeOsSupportFact[], version: string | undefined): string {
  const listed = rows.filter((r) => r.status === 'supported' && (!version || kubernetesInRange(version, r.kubernetes)));
  return [...new Set(listed.map((r) => k.releases.get(r.windowsVersion)!.name))].join(', ');
}

/**
 * What one authority's table says about one release: statements with their real severity, whether
 * they only may apply, and the dimensions that leave them open (the environment's is added by the
 * caller). nodeOsSupported turns them into findings, on the named release or over the candidates.
 */
function releaseEntries({ k, plan }: PlanContext, release: ReleaseFact, authority: string | undefined): Entry[] {
  const who = authority ? k.environments.get(authority)!.name : 'Kubernetes';
  // A dated row (an AMI calendar, a retirement) counts only at the dates it covers.
  const allRows = k.nodeOsSupport.filter((r) => r.environment === authority && (!r.dates || dateInRange(plan.asOf, r.dates) !== 'no'));
  const rows = allRows.filter((r) => r.windowsVersion === release.slug);
  // Rows of this release that hold at other dates: when it is not offered at asOf, they say when it is.
  const elsewhen = rows.length > 0 ? [] : k.nodeOsSupport.filter((r) => r.environment === authority && r.windowsVersion === release.slug && r.dates);
  const sources = (rows.length > 0 ? rows : elsewhen.length > 0 ? elsewhen : allRows).flatMap((r) => r.sources);
  const finding = (
    severity: RuleFinding['severity'],
    code: Code,
    message: string,
    remediation: string | undefined,
    mayApply: boolean,
    open: OpenPart[] = [],
  ): Entry => ({ release, severity, code, message, ...(remediation ? { remediation } : {}), mayApply, open, sources });
  // A release no longer offered: the remediation names those that are.
  const instead = (row: NodeOsSupportFact) => (NOT_OFFERED.has(row.status) ? NODE_OS.runListed(who, supportedList(plan.kubernetesVersion)) : undefined);
  const statusFinding = (row: NodeOsSupportFact, when: string): Entry[] =>
    row.status === 'supported'
      ? []
      : [finding(STATUS_SEVERITY[row.status], STATUS_CODE[row.status], NODE_OS.status(who, release.name, when, row.status, row.note), instead(row), false)];
  const supportedList = (version: string | undefined) => listedReleases(k, allRows, version);
  if (rows.length === 0) {
    const when = elsewhen.map((r) => `${describeDateRange(r.dates!)} (${r.status})`).join(', ');
    return [
      finding(
        'error',
        'NODE_OS_UNSUPPORTED',
        when ? NODE_OS.notListedAt(who, release.name, plan.asOf, when) : NODE_OS.neverListed(who, release.name),
        when ? NODE_OS.judgeAtDate(who, release.name) : NODE_OS.runListed(who, supportedList(plan.kubernetesVersion)),
        false,
      ),
    ];
  }
  const version = plan.kubernetesVersion;
  if (version) {
    const covering = rows.filter((r) => kubernetesInRange(version, r.kubernetes));
    if (covering.length === 0) {
      const listed = supportedList(version);
      return [
        finding(
          'error',
          'NODE_OS_UNSUPPORTED',
          NODE_OS.notForVersion(who, release.name, rangeText(rows), version),
          listed ? NODE_OS.listedFor(version, who, listed) : NODE_OS.useVersionIn(rangeText(rows)),
          false,
        ),
      ];
    }
    const row = covering.find((r) => r.status === 'supported') ?? covering[0]!;
    // Past the dataset's horizon, support with no end known is only "as far as the dataset knows".
    const horizon = k.horizon.kubernetesVersion;
    if (row.status === 'supported' && row.kubernetes?.max === undefined && compareKubernetes(version, horizon) > 0)
      return [
        finding('error', 'NODE_OS_UNSUPPORTED', NODE_OS.pastHorizon(who, release.name, rangeText([row]), version), NODE_OS.checkList(who, version), true, [
          { what: NODE_OS.horizonOpen(horizon), where: beyondHorizon(horizon) },
        ]),
      ];
    // Retired, and never offered on this version while it was offered: a plan asking for it there
    // asks for something the environment does not offer at all (AKS never ran Windows Server 2019
    // on 1.33 and retired it on 2026-03-01), an error, not the warning for nodes that keep running.
    const offered = k.nodeOsSupport.filter(
      (r) => r.environment === authority && r.windowsVersion === release.slug && r.status !== 'retired' && r.status !== 'removed',
    );
    if (row.status === 'retired' && offered.length > 0 && offered.every((r) => r.kubernetes && !kubernetesInRange(version, r.kubernetes)))
      return [
        finding(
          'error',
          'NODE_OS_RETIRED',
          `${NODE_OS.neverOnVersion(who, release.name, rangeText(offered), version)}${row.note ? ` ${row.note}` : ''}`,
          NODE_OS.runListed(who, supportedList(version)),
          false,
        ),
      ];
    // Supported now, with an end the environment has announced (a last Kubernetes version below the
    // horizon, a retirement date): information that applies, so the plan knows its deadline.
    const ending = authority !== undefined && row.status === 'supported' && (row.kubernetes?.max !== undefined || row.dates?.before !== undefined);
    if (ending)
      return [
        finding(
          'info',
          'NODE_OS_RETIRED',
          NODE_OS.retiring(who, release.name, row.kubernetes ? describeKubernetesRange(row.kubernetes) : undefined, row.dates?.before, row.note),
          NODE_OS.planMove(row.kubernetes !== undefined),
          false,
        ),
      ];
    // A row without Kubernetes versions (an AMI calendar) speaks of the release at any version: the message names none.
    return statusFinding(row, row.kubernetes ? NODE_OS.onVersion(version) : '');
  }
  // Rows with no Kubernetes range (an environment's AMI calendar) are judged without a version.
  const unscoped = rows.filter((r) => r.kubernetes === undefined);
  if (unscoped.length > 0 && !unscoped.some((r) => r.status === 'supported')) return statusFinding(unscoped[0]!, '');
  // Kubernetes version open: the newest versions decide; a window that has closed is "may apply".
  const current = rows.find((r) => r.kubernetes?.max === undefined);
  if (current) {
    const status = statusFinding(current, NODE_OS.onCurrent(describeKubernetesRange(current.kubernetes)));
    // A listing that starts later than the authority's other current listings leaves out versions
    // it still supports for other releases: "may apply", naming where it starts.
    const since = current.kubernetes?.min;
    const baseline = currentBaseline(allRows, k.horizon.kubernetesVersion);
    if (!since || !baseline || compareKubernetes(since, baseline) <= 0) return status;
    return [
      finding(
        'error',
        'NODE_OS_UNSUPPORTED',
        NODE_OS.listedLater(who, release.name, since, rows.length > 1 ? rangeText(rows) : undefined, baseline),
        NODE_OS.giveVersionBelow(since, who),
        true,
        [{ what: VERSION_OPEN, holds: NODE_OS.holdsFor(rangeText([current])) }],
      ),
      ...status,
    ];
  }
  {
    const last = rows
      .map((r) => r.kubernetes?.max)
      .filter((m): m is string => m !== undefined)
      .sort(compareKubernetes)
      .at(-1);
    return [
      finding('error', 'NODE_OS_UNSUPPORTED', NODE_OS.listedOnlyFor(who, release.name, rangeText(rows), last), NODE_OS.giveVersionOrNewer, true, [
        { what: VERSION_OPEN, holds: NODE_OS.holdsFor(rangeText(rows)) },
      ]),
    ];
  }
  return [];
}

/** What leaves a statement open, and (for one release) where it holds. */
interface OpenPart {
  what: string;
  /** How the message says where it holds, when the statement does not say it itself. */
  where?: string;
  holds?: string;
}

const VERSION_OPEN = 'the plan does not give the Kubernetes version';
/** A statement's own clause of where it holds: past the horizon only (the Kubernetes versions are in the statement). */
const whereOf = (o: OpenPart): string[] => (o.where ? [o.where] : []);

/** A statement of a node-OS table about one release, before it becomes a finding. */
interface Entry {
  release: ReleaseFact;
  /** The severity where it surely applies. */
  severity: Severity;
  code: Code;
  message: string;
  remediation?: string;
  /** True when it only may apply whatever the environment (the Kubernetes version open, past the horizon). */
  mayApply: boolean;
  /** What leaves it open, when mayApply. */
  open: OpenPart[];
  sources: Citation[];
}

const SEVERITIES_BY_RANK = ['error', 'warning', 'info'] as const;

const judgeNodeOs: RuleJudge<Code> = (ctx) =>
  authorities(ctx.k).flatMap((authority): RuleFinding<Code>[] => {
    const { environment, candidateEnvironments, release } = ctx;
    if (authority && !candidateEnvironments.includes(authority)) return [];
    const envOpen = authority !== undefined && environment === undefined;
    // Where a statement that may apply holds: its release and the horizon; each statement names its
    // environment and Kubernetes versions itself, and dependsOn what the plan leaves open.
    const prefix = (clauses: readonly string[]) => (clauses.length > 0 ? NODE_OS.where(clauses) : '');
    // The plan fields that would settle a statement that may apply (the horizon is the knowledge's, not the plan's).
    const fields = (open: readonly OpenPart[], releaseOpen = false): PlanField[] => [
      ...(envOpen ? (['environment'] as const) : []),
      ...(open.some((o) => o.what === VERSION_OPEN) ? (['kubernetesVersion'] as const) : []),
      ...(releaseOpen ? (['windowsVersion'] as const) : []),
    ];
    if (release && authority === undefined && environmentDecides(ctx, release))
      return releaseEntries(ctx, release, authority).map((e) => ({
        severity: 'info',
        code: e.code,
        subject: release.slug,
        message: `${NODE_OS.envDecides}${e.message}`,
        sources: e.sources,
      }));
    if (release)
      return releaseEntries(ctx, release, authority).map((e) => {
        const mayApply = e.mayApply || envOpen;
        return {
          ...(mayApply ? dependsOn(...fields(e.open)) : {}),
          severity: mayApply ? mayApplySeverity(e.severity, false) : e.severity,
          code: e.code,
          subject: release.slug,
          message: `${mayApply ? prefix(e.open.flatMap(whereOf)) : ''}${e.message}`,
          ...(e.remediation ? { remediation: e.remediation } : {}),
          sources: e.sources,
        };
      });
    // Release open: each code once per table, naming the candidate releases it holds for.
    const entries = ctx.candidateReleases.flatMap((r) => releaseEntries(ctx, r, authority));
    return [...new Set(entries.map((e) => e.code))].map((code): RuleFinding<Code> => {
      const group = entries.filter((e) => e.code === code);
      const holds = ctx.candidateReleases.filter((r) => group.some((e) => e.release === r));
      const all = holds.length === ctx.candidateReleases.length;
      const mayApply = !all || envOpen || group.some((e) => e.mayApply);
      const ranks = group.map((e) => SEVERITIES_BY_RANK.indexOf(e.severity));
      // Surely on every release: the mildest of their severities; on every release but "may apply"
      // on another dimension: the worst, one step lower. On only some releases: info. The finding is
      // about the release itself, which the plan does not give, not about anything the plan chose: a
      // warning there would fail every release-less plan (a scan of a NetworkPolicy with --fail-on
      // warning) on a fact it cannot settle, while info keeps it in the report.
      const severity = !mayApply ? SEVERITIES_BY_RANK[Math.max(...ranks)]! : all ? mayApplySeverity(SEVERITIES_BY_RANK[Math.min(...ranks)]!, false) : 'info';
      // Over several releases each statement says where it holds; the prefix names only what is open.
      const open = [...(all ? [] : [releaseOpen(holds).where]), ...new Set(group.flatMap((e) => e.open.flatMap(whereOf)))];
      const every = all ? everyCandidate(ctx) : '';
      const remediations = [...new Set(group.flatMap((e) => (e.remediation ? [e.remediation] : [])))];
      return {
        ...(mayApply
          ? dependsOn(
              ...fields(
                group.flatMap((e) => e.open),
                !all,
              ),
            )
          : {}),
        severity,
        code,
        message: `${mayApply ? prefix(open) : ''}${every}${group.map((e) => e.message).join(' ')}`,
        remediation: [NODE_OS.giveRelease, ...remediations].join(' '),
        sources: group.flatMap((e) => e.sources),
      };
    });
  });

export const nodeOsSupported: Rule<Code> = {
  name: 'nodeOsSupported',
  codes: codesOf(CODES),
  judge: judgeNodeOs,
};
