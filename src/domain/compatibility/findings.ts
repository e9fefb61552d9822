/**
 * The engine's findings. Their codes, with what each means, are declared by the rules that raise
 * them (each rule file's `CODES`) and gathered by the registry of every finding code
 * (../finding-codes.ts); FindingCode is the engine's part of it. Only types come from the
 * registry here: the registry imports the rules, which import this module.
 */
import type { EngineFindingCode } from '../finding-codes.js';
import type { Citation, Severity } from '../knowledge.js';

export type FindingCode = EngineFindingCode;

export interface Finding {
  severity: Severity;
  code: FindingCode;
  message: string;
  subject?: string;
  remediation?: string;
  sources: Citation[];
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
