/**
 * A rule raises only the codes it declares (its `CODES`): the rules know no registry (it imports
 * them), so the engine checks each finding's code against the rule's own before it reports it
 * (judge.ts ruleFindings), where the type system checked it before the import circle was opened.
 */
import { describe, expect, it } from 'vitest';
import { ruleFindings } from '../../src/domain/compatibility/judge.js';
import type { PlanContext } from '../../src/domain/compatibility/plan-context.js';
import type { Rule } from '../../src/domain/compatibility/rules/index.js';

const ctx = {} as PlanContext;
const raising = (code: string): Rule => ({
  name: 'planted',
  codes: ['CAVEAT'],
  judge: () => [{ severity: 'info', code, message: 'planted', sources: [] }],
});

describe('ruleFindings', () => {
  it("passes a finding whose code is one of the rule's own", () => {
    expect(ruleFindings(raising('CAVEAT'), ctx).map((f) => f.code)).toEqual(['CAVEAT']);
  });

  it('refuses a code the rule does not declare, naming the rule and its codes', () => {
    expect(() => ruleFindings(raising('KNOWN_ISSUE'), ctx)).toThrow('The rule planted raised KNOWN_ISSUE, which is not one of its CODES (CAVEAT).');
  });
});
