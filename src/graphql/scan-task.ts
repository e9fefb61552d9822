/**
 * What a scan needs: the input as the API received it and the day to judge lifecycles on. Types
 * only, from the domain: the request context (context.ts) names it for the server's worker pool, and
 * codegen's resolver types import the context, so this module must not reach them (through
 * scan-report.ts, which reads the generated ScanInput) or it would close an import circle.
 */
import type { PlanInput } from '../domain/compatibility/plan.js';

export interface ScanTask {
  documents: string;
  /** The scan's plan (the API's CompatibilityInput, which the engine reads as a PlanInput). */
  plan?: PlanInput;
  today: string;
}
