/**
 * Windows lifecycle: whether the node's release (or each candidate release, when the plan leaves
 * it open) is past its end of support or past mainstream support at the plan's date.
 *
 * Golden cases: test/domain/rules/windows-lifecycle.golden.test.ts.
 */
import type { ReleaseFact } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import type { RuleFinding } from '../rule-finding.js';
import { acrossReleases } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  WINDOWS_VERSION_OUT_OF_SUPPORT: {
    description: 'The Windows release is past its end of support (or servicing) at the date checked; "may apply" when the plan leaves the release open.',
    // A warning; "may apply" (the release open, some candidate releases out of support) info.
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/windows-lifecycle.ts windowsLifecycle'],
    scanOnly: false,
  },
  WINDOWS_VERSION_MAINSTREAM_ENDED: {
    description: 'The LTSC release is past mainstream support but still in extended support.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/windows-lifecycle.ts windowsLifecycle'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** windowsLifecycle: where a release stands in its support lifecycle. */
const LIFECYCLE = {
  ended: (r: ReleaseFact) => `${r.name} reached the end of its support on ${r.supportEnds}`,
  mainstreamEnded: (r: ReleaseFact) =>
    `${r.name} left mainstream support on ${r.mainstreamSupportEnds}; extended support runs${r.supportEnds ? ` to ${r.supportEnds}` : ''}`,
  checkedAt: (asOf: string) => `(checked at ${asOf})`,
  moveNode: 'Move the node to a release that is still supported.',
  runNodes: 'Run the nodes on a release that is still supported, and give windowsVersion for a definite answer.',
};

/** Where a release stands in its support lifecycle at a date: past its end, past mainstream, or neither. */
function lifecycleStage(release: ReleaseFact, asOf: string): 'ended' | 'mainstream-ended' | undefined {
  if (release.supportEnds && asOf > release.supportEnds) return 'ended';
  if (release.mainstreamSupportEnds && asOf > release.mainstreamSupportEnds) return 'mainstream-ended';
  return undefined;
}

const judge: RuleJudge<Code> = (ctx) => {
  const { release, plan } = ctx;
  if (!release) return windowsLifecycleOpen(ctx);
  const stage = lifecycleStage(release, plan.asOf);
  if (stage === 'ended')
    return [
      {
        severity: 'warning',
        code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
        subject: release.slug,
        message: `${LIFECYCLE.ended(release)} ${LIFECYCLE.checkedAt(plan.asOf)}.`,
        remediation: LIFECYCLE.moveNode,
        sources: release.sources,
      },
    ];
  if (stage === 'mainstream-ended')
    return [
      {
        severity: 'info',
        code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
        subject: release.slug,
        message: `${LIFECYCLE.mainstreamEnded(release)}.`,
        sources: release.sources,
      },
    ];
  return [];
};

/** Release open: one finding per lifecycle stage, naming the candidate releases in it. */
function windowsLifecycleOpen(ctx: PlanContext): RuleFinding<Code>[] {
  const { candidateReleases, plan } = ctx;
  const inStage = (stage: ReturnType<typeof lifecycleStage>) => candidateReleases.filter((r) => lifecycleStage(r, plan.asOf) === stage);
  const ended = inStage('ended');
  const mainstream = inStage('mainstream-ended');
  const findings: RuleFinding<Code>[] = [];
  if (ended.length > 0) {
    const { severity, prefix, ...applicability } = acrossReleases(ctx, ended, 'warning');
    findings.push({
      severity,
      ...applicability,
      code: 'WINDOWS_VERSION_OUT_OF_SUPPORT',
      message: `${prefix}${ended.map(LIFECYCLE.ended).join('; ')} ${LIFECYCLE.checkedAt(plan.asOf)}.`,
      remediation: LIFECYCLE.runNodes,
      sources: ended.flatMap((r) => r.sources),
    });
  }
  if (mainstream.length > 0) {
    const { severity, prefix, ...applicability } = acrossReleases(ctx, mainstream, 'info');
    findings.push({
      severity,
      ...applicability,
      code: 'WINDOWS_VERSION_MAINSTREAM_ENDED',
      message: `${prefix}${mainstream.map(LIFECYCLE.mainstreamEnded).join('; ')}.`,
      sources: mainstream.flatMap((r) => r.sources),
    });
  }
  return findings;
}

export const windowsLifecycle: Rule<Code> = { name: 'windowsLifecycle', codes: codesOf(CODES), judge };
