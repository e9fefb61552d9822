/**
 * The engine's findings. Their codes, with what each means, are declared by the rules that raise
 * them (each rule file's `CODES`) and gathered by the registry of every finding code
 * (../finding-codes.ts); FindingCode is the engine's part of it. Only types come from the
 * registry here: the registry imports the rules, which import this module.
 */
import type { EngineFindingCode } from '../finding-codes.js';
import type { Citation, Severity } from '../knowledge.js';
import type { Applicability } from '../vocabulary.js';
import type { PlanInput } from './plan.js';

export type FindingCode = EngineFindingCode;

/** A field of the plan (CompatibilityInput) that would settle a finding that may apply. */
export type PlanField = keyof PlanInput;

export interface Finding {
  severity: Severity;
  code: FindingCode;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
  /** How it applies: decided by the plan's facts, open on what the plan leaves open, or a general caveat. */
  applicability: Applicability;
  /** The plan fields that would settle a finding that may apply (never empty for one: see settleFinding); empty otherwise. */
  dependsOn: readonly PlanField[];
}

/** What a rule returns: a finding whose applicability is 'applies' unless it says otherwise. */
export type RuleFinding = Omit<Finding, 'applicability' | 'dependsOn'> & Partial<Pick<Finding, 'applicability' | 'dependsOn'>>;

/**
 * The one place a finding's applicability is settled: 'applies' with nothing open unless the rule
 * said otherwise, and a general caveat is info whatever its source says, so that it never moves a
 * verdict; only a finding that may apply keeps what it depends on. A finding may apply only where
 * it names the plan fields that would settle it: one left open by the knowledge alone (a fix no
 * source dates, a release no source names) applies at its severity, or, as information, is a
 * general caveat.
 */
export function settleFinding<F extends Omit<RuleFinding, 'code'>>(f: F): F & Pick<Finding, 'applicability' | 'dependsOn'> {
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
