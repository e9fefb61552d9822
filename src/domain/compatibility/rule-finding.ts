/**
 * What a rule returns, and how a finding's applicability and severity are settled: the part of the
 * engine's findings the rules need. It knows no finding code: each rule declares its own (its
 * file's `CODES`), the registry (../finding-codes.ts) gathers them, and findings.ts narrows a
 * finding's code to the registry's. Importing no rule and nothing that does keeps the rules, the
 * registry and the engine free of import circles.
 */
import type { Citation, Severity } from '../knowledge.js';
import type { Applicability } from '../vocabulary.js';
import type { PlanInput } from './plan.js';

/** A field of the plan (CompatibilityInput) that would settle a finding that may apply. */
export type PlanField = keyof PlanInput;

/** A finding with a code of C: the engine's (findings.ts Finding) when C is a registry code. */
export interface FindingWithCode<C extends string> {
  severity: Severity;
  code: C;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
  /** How it applies: decided by the plan's facts, open on what the plan leaves open, or a general caveat. */
  applicability: Applicability;
  /** The plan fields that would settle a finding that may apply (never empty for one: see settleFinding); empty otherwise. */
  dependsOn: readonly PlanField[];
}

/**
 * What a rule returns: a finding whose applicability is 'applies' unless it says otherwise. Its code
 * is one of the rule's `CODES`; the engine checks that (judge.ts ruleFindings) before it reports it.
 */
export type RuleFinding<C extends string = string> = Omit<FindingWithCode<C>, 'applicability' | 'dependsOn'> &
  Partial<Pick<FindingWithCode<C>, 'applicability' | 'dependsOn'>>;

/**
 * The one place a finding's applicability is settled: 'applies' with nothing open unless the rule
 * said otherwise, and a general caveat is info whatever its source says, so that it never moves a
 * verdict; only a finding that may apply keeps what it depends on. A finding may apply only where
 * it names the plan fields that would settle it: one left open by the knowledge alone (a fix no
 * source dates, a release no source names) applies at its severity, or, as information, is a
 * general caveat.
 */
export function settleFinding<F extends Omit<RuleFinding, 'code'>>(f: F): F & Pick<FindingWithCode<string>, 'applicability' | 'dependsOn'> {
  const open = [...new Set(f.dependsOn ?? [])];
  const applicability =
    f.applicability !== 'may-apply' ? (f.applicability ?? 'applies') : open.length > 0 ? 'may-apply' : f.severity === 'info' ? 'general' : 'applies';
  return {
    ...f,
    applicability,
    dependsOn: applicability === 'may-apply' ? open : [],
    ...(applicability === 'general' ? { severity: 'info' as const } : {}),
  };
}

export const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * The severity of a fact that may or may not apply, because the plan leaves a dimension open:
 * a warning where it would be an error or a threshold, info otherwise. The plan has to say more
 * to decide, and the message names what.
 */
export function mayApplySeverity(severity: Severity, isThreshold: boolean): Severity {
  return severity === 'error' || isThreshold ? 'warning' : 'info';
}
