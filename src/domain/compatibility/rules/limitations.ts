/**
 * The seeded limitations (unsupported functionality, known issues, requirements, caveats and
 * thresholds): whether each applies to the plan, is mitigated by a feature it enables, or may apply.
 *
 * Golden cases: test/domain/rules/limitations.golden.test.ts.
 */
import type { LimitationFact } from '../../knowledge.js';
import type { PlanContext } from '../plan-context.js';
import { mayApplySeverity, type Finding, type FindingCode } from '../findings.js';
import { matchScopeUnless, mayApplyPrefix, type ScopeMatch } from '../scope.js';
import { LIMITATION, describeSetting } from '../messages.js';
import { settingApplies } from '../settings.js';
import { SERVICE_SETTING_INFO } from '../../service-settings.js';
import type { Rule, RuleJudge } from './rule.js';

const KIND_CODE: Record<LimitationFact['kind'], FindingCode> = {
  unsupported: 'UNSUPPORTED_FUNCTIONALITY',
  'known-issue': 'KNOWN_ISSUE',
  requirement: 'REQUIREMENT_NOT_MET',
  caveat: 'CAVEAT',
};

/** Whether a limitation applies to the plan, and which open dimensions leave it undecided. */
export function limitationApplies(l: LimitationFact, ctx: PlanContext): ScopeMatch {
  return matchScopeUnless(l.scope, l.requires, ctx);
}

/**
 * The plan inputs that carry out a limitation's workaround (mitigatedBy): its features enabled and
 * its kube-proxy gates set as given. Undefined when the plan lacks one of them (or the limitation
 * names none); else their names, for the message.
 */
function mitigations(l: LimitationFact, ctx: PlanContext): string[] | undefined {
  if (l.mitigatedBy.length === 0 && l.mitigatedByGates.length === 0) return undefined;
  if (!l.mitigatedBy.every((f) => ctx.enabledFeatures.includes(f))) return undefined;
  const gates = ctx.plan.kubeProxyFeatureGates ?? [];
  if (!l.mitigatedByGates.every((g) => gates.some((p) => `${p.gate}=${p.value}` === g))) return undefined;
  return [...l.mitigatedBy.map((f) => ctx.k.features.get(f)!.name), ...l.mitigatedByGates.map((g) => `the kube-proxy feature gate ${g}`)];
}

/**
 * What a plan asks for by name: its requested features (not those added because another requires
 * them) and its Service settings. A plan that asks by name for something a source says is not
 * supported where it runs is refused (an error), whatever the record's own severity, which is for
 * plans that reach it indirectly.
 */
function askedFor(l: LimitationFact, ctx: PlanContext): string[] {
  if (l.kind !== 'unsupported') return [];
  const features = (l.scope.features ?? []).filter((f) => ctx.plan.features.includes(f)).map((f) => ctx.k.features.get(f)!.name);
  const settings = (l.scope.serviceSettings ?? []).filter((s) => ctx.plan.serviceSettings?.includes(s)).map((s) => SERVICE_SETTING_INFO[s].name);
  return [...features, ...settings];
}

/** The rule's own wording for a plan that asks for an unsupported thing by name. */
const ASKED_FOR = (what: readonly string[]) => `The plan asks for ${what.join(', ')} by name, which the sources say is not supported here.`;

const METRIC_FIELD = { 'backends-per-service': 'backendsPerService', 'services-per-node': 'servicesPerNode' } as const;

function exceeded(l: LimitationFact, ctx: PlanContext): boolean {
  if (!l.threshold) return false;
  const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
  return planned !== undefined && planned > l.threshold.max;
}

/** The other documented limits of the same kind, so a report names every revision's figure when they disagree. */
function otherLimits(l: LimitationFact, ctx: PlanContext): string {
  const others = ctx.k.limitations.filter((o) => o !== l && o.threshold?.metric === l.threshold?.metric);
  return others.length === 0 ? '' : ` ${LIMITATION.otherLimits(others.map((o) => ({ max: o.threshold!.max, title: o.title })))}`;
}

const judge: RuleJudge = (ctx) =>
  ctx.k.limitations.flatMap((l): Finding[] => {
    let thresholdText = '';
    if (l.threshold) {
      if (!exceeded(l, ctx)) return [];
      const planned = ctx.plan[METRIC_FIELD[l.threshold.metric]];
      thresholdText = ` ${LIMITATION.threshold(planned!, l.threshold)}${otherLimits(l, ctx)}`;
    }
    const { match, open } = limitationApplies(l, ctx);
    if (match === 'no') return [];
    const mitigated = mitigations(l, ctx);
    const mayApply = mayApplyPrefix(open);
    const remediation = [l.workaround, ...l.workaroundSettings.filter((s) => settingApplies(s, ctx)).map(describeSetting)].filter(Boolean).join(' ');
    if (mitigated)
      return [
        {
          severity: 'info',
          code: 'LIMITATION_MITIGATED',
          subject: l.slug,
          message: `${mayApply}${LIMITATION.mitigated(l.title, mitigated)}${thresholdText}`,
          sources: [...l.sources, ...l.scopeSources],
        },
      ];
    // "May apply" on one open dimension keeps a warning's weight (the plan need only settle that); on
    // two or more (a mode and a release the plan has not chosen) it is a note about a plan it may
    // never be: an info, so that a file stating nothing of them is not failed on them.
    const asked = match === 'yes' ? askedFor(l, ctx) : [];
    const severity =
      match === 'unknown'
        ? (l.mayApply?.severity ?? (open.length > 1 ? 'info' : mayApplySeverity(l.severity, l.threshold !== undefined)))
        : asked.length > 0
          ? 'error'
          : l.severity;
    return [
      {
        severity,
        code: l.threshold ? 'THRESHOLD_EXCEEDED' : KIND_CODE[l.kind],
        subject: l.slug,
        message: `${mayApply}${l.title}. ${l.description}${thresholdText}${asked.length > 0 ? ` ${ASKED_FOR(asked)}` : ''}`,
        ...(remediation ? { remediation } : {}),
        sources: [...l.sources, ...l.scopeSources],
      },
    ];
  });

export const limitations: Rule = {
  name: 'limitations',
  codes: ['UNSUPPORTED_FUNCTIONALITY', 'KNOWN_ISSUE', 'REQUIREMENT_NOT_MET', 'CAVEAT', 'LIMITATION_MITIGATED', 'THRESHOLD_EXCEEDED'],
  judge,
};
