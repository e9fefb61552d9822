/**
 * The engine's findings. Their codes, with what each means, live in the registry of every finding
 * code (../finding-codes.ts); FINDING_CODES and FindingCode are the engine's part of it.
 */
import { ENGINE_FINDING_CODES, type EngineFindingCode } from '../finding-codes.js';
import type { Citation, Severity } from '../knowledge.js';

/** The engine's codes with their descriptions (from the registry). */
export const FINDING_CODES = ENGINE_FINDING_CODES;

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
