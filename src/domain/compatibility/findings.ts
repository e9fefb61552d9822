/**
 * The engine's findings, as reports carry them. Their codes, with what each means, are declared by
 * the rules that raise them (each rule file's `CODES`) and gathered by the registry of every finding
 * code (../finding-codes.ts); FindingCode is the engine's part of it. The rules themselves use
 * rule-finding.ts, which knows no code, so that the registry (which imports the rules) sits above
 * them and this module above the registry.
 */
import type { EngineFindingCode } from '../finding-codes.js';
import type { FindingWithCode } from './rule-finding.js';

export { mayApplySeverity, settleFinding, SEVERITY_RANK, type PlanField, type RuleFinding } from './rule-finding.js';

export type FindingCode = EngineFindingCode;

export type Finding = FindingWithCode<FindingCode>;
