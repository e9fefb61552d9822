/**
 * A feature's minimum Windows release and build: the node's release must be at least the minimum
 * release, and its update revision at least the minimum build (an update such as DSR's KB4571748).
 *
 * Golden cases: test/domain/rules/feature-minimum-windows.golden.test.ts.
 */
import type { ReleaseFact } from '../../knowledge.js';
import { formatBuild, isAtLeast, parseBuild } from '../../windows-build.js';
import { nodeOf, releaseNames, type PlanContext } from '../plan-context.js';
import type { RuleFinding } from '../rule-finding.js';
import { acrossReleases, dependsOn, open, type OpenDimension } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  FEATURE_REQUIRES_NEWER_WINDOWS: {
    description:
      'A requested feature\'s minimum Windows release is newer than the node\'s (compared by OS build); "may apply" when the plan leaves the release open.',
    // An error; "may apply" (the release open, older than the minimum on some candidates) a warning;
    // on a scanned node that does not say which features its workloads use, an info.
    severities: ['error', 'warning', 'info'],
    raisedBy: ['compatibility/rules/feature-minimum-windows.ts featureMinimumWindows', 'scan/object-judgement.ts openFeatures'],
    scanOnly: false,
  },
  FEATURE_REQUIRES_OS_UPDATE: {
    description: "A requested feature needs a later update revision of the node's release; a warning when the plan does not give the revision.",
    severities: ['error', 'warning'],
    raisedBy: ['compatibility/rules/feature-minimum-windows.ts featureMinimumWindows'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

const installUpdate = (build: string, update: { kb: string } | undefined) =>
  `Install ${update ? `${update.kb} (build ${build})` : `build ${build}`} or a later cumulative update.`;

/** featureMinimumWindows: the Windows release or update a feature needs. */
const FEATURE_MINIMUM = {
  needsRelease: (feature: { name: string }, minimum: ReleaseFact) => `${feature.name} needs ${minimum.name} (build ${minimum.build}) or newer`,
  isBuild: (r: ReleaseFact) => `${r.name} is build ${r.build}`,
  runOn: (minimum: ReleaseFact) => `Run the workload on ${minimum.name} or a newer release`,
  needsBuild: (feature: string, build: string) => `${feature} needs build ${build} or later`,
  nodeAt: (build: string) => `the node is at ${build}`,
  revisionOpen: "the plan does not give the node's update revision",
  revisionDecides: "the node's update revision decides",
  beforeBuild: (build: string) => `before build ${build}`,
  onlyWithUpdate: (releases: string, count: number) => `${releases} ${count > 1 ? 'reach' : 'reaches'} it only with that update or a later one`,
  notYetReleased: (kb: string, released: string, asOf: string) => `${kb}, which brings it, was released on ${released}, after ${asOf}, so no node had it then`,
  waitFor: (kb: string, released: string) => `Plan the feature from ${released}, when ${kb} is out, or do without it.`,
};

const judge: RuleJudge<Code> = (ctx) =>
  ctx.enabledFeatures.flatMap((slug): RuleFinding<Code>[] => (ctx.release ? featureMinimumOnRelease(ctx, slug, ctx.release) : featureMinimumOpen(ctx, slug)));

function featureMinimumOnRelease(ctx: PlanContext, slug: string, release: ReleaseFact): RuleFinding<Code>[] {
  const { k } = ctx;
  const node = nodeOf(ctx, release);
  const feature = k.features.get(slug)!;
  const minimum = k.releases.get(feature.minimumWindows)!;
  if (node.build < minimum.build)
    return [
      {
        severity: 'error',
        code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
        subject: slug,
        message: `${FEATURE_MINIMUM.needsRelease(feature, minimum)}; ${FEATURE_MINIMUM.isBuild(release)}.`,
        remediation: `${FEATURE_MINIMUM.runOn(minimum)}.`,
        sources: feature.minimumWindowsSources,
      },
    ];
  if (!feature.minimumBuild) return [];
  const needed = parseBuild(feature.minimumBuild);
  const update = minimum.updates.find((u) => u.revision === needed.revision);
  // Judged at asOf: before the update was released no node of the release had the build (unless the plan says otherwise).
  const notYet = node.revision === undefined && update !== undefined && update.released > ctx.plan.asOf ? update : undefined;
  const atLeast = notYet ? 'no' : isAtLeast(node, needed);
  if (atLeast === 'yes') return [];
  if (notYet)
    return [
      {
        severity: 'error',
        code: 'FEATURE_REQUIRES_OS_UPDATE',
        subject: slug,
        message: `${FEATURE_MINIMUM.needsBuild(feature.name, feature.minimumBuild)}; ${FEATURE_MINIMUM.notYetReleased(notYet.kb, notYet.released, ctx.plan.asOf)}.`,
        remediation: FEATURE_MINIMUM.waitFor(notYet.kb, notYet.released),
        sources: [...feature.minimumWindowsSources, ...notYet.sources],
      },
    ];
  return [
    {
      severity: atLeast === 'no' ? 'error' : 'warning',
      ...(atLeast === 'no' ? {} : dependsOn('windowsBuildRevision')),
      code: 'FEATURE_REQUIRES_OS_UPDATE',
      subject: slug,
      message:
        atLeast === 'no'
          ? `${FEATURE_MINIMUM.needsBuild(feature.name, feature.minimumBuild)}; ${FEATURE_MINIMUM.nodeAt(formatBuild(node))}.`
          : `${FEATURE_MINIMUM.needsBuild(feature.name, feature.minimumBuild)}; ${FEATURE_MINIMUM.revisionDecides}.`,
      remediation: installUpdate(feature.minimumBuild, update),
      sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
    },
  ];
}

/**
 * Release open: a feature's minimum release and build, judged on every candidate release. The
 * releases older than the minimum may not run it; those at the minimum build's release may need
 * an update (their revision is open too, so at most "may apply", never an error).
 */
function featureMinimumOpen(ctx: PlanContext, slug: string): RuleFinding<Code>[] {
  const { k, candidateReleases } = ctx;
  const feature = k.features.get(slug)!;
  const minimum = k.releases.get(feature.minimumWindows)!;
  const findings: RuleFinding<Code>[] = [];
  const older = candidateReleases.filter((r) => r.build < minimum.build);
  if (older.length > 0) {
    const { severity, prefix, ...applicability } = acrossReleases(ctx, older, 'error');
    findings.push({
      severity,
      ...applicability,
      code: 'FEATURE_REQUIRES_NEWER_WINDOWS',
      subject: slug,
      message: `${prefix}${FEATURE_MINIMUM.needsRelease(feature, minimum)}; ${older.map(FEATURE_MINIMUM.isBuild).join('; ')}.`,
      remediation: `${FEATURE_MINIMUM.runOn(minimum)}, and give windowsVersion for a definite answer.`,
      sources: feature.minimumWindowsSources,
    });
  }
  if (!feature.minimumBuild) return findings;
  const needed = parseBuild(feature.minimumBuild);
  const below = candidateReleases.filter((r) => r.build >= minimum.build && isAtLeast({ build: r.build }, needed) !== 'yes');
  if (below.length === 0) return findings;
  // The revision is open with the release: the update is needed unless the node already has it.
  const revisionOpen: OpenDimension = open(
    "node's update revision",
    FEATURE_MINIMUM.beforeBuild(feature.minimumBuild),
    `${FEATURE_MINIMUM.revisionOpen}; it holds ${FEATURE_MINIMUM.beforeBuild(feature.minimumBuild)}`,
  );
  const atRelease = below.filter((r) => r.build === needed.build);
  const { severity, prefix, ...applicability } = acrossReleases(ctx, below, 'error', atRelease.length > 0 ? [revisionOpen] : []);
  const update = minimum.updates.find((u) => u.revision === needed.revision);
  findings.push({
    severity,
    ...applicability,
    code: 'FEATURE_REQUIRES_OS_UPDATE',
    subject: slug,
    message: `${prefix}${FEATURE_MINIMUM.needsBuild(feature.name, feature.minimumBuild)}; ${FEATURE_MINIMUM.onlyWithUpdate(releaseNames(below), below.length)}.`,
    remediation: installUpdate(feature.minimumBuild, update),
    sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
  });
  return findings;
}

export const featureMinimumWindows: Rule<Code> = { name: 'featureMinimumWindows', codes: codesOf(CODES), judge };
