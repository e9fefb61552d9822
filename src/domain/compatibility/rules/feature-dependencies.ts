/**
 * Features the plan's features require, which the plan context added to the plan.
 *
 * Golden cases: test/domain/rules/feature-dependencies.golden.test.ts.
 */
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  FEATURE_DEPENDENCY_ADDED: {
    description: 'A requested feature needs another feature, which was added to the plan.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/feature-dependencies.ts featureDependencies'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** featureDependencies: a feature added because another requires it. */
const DEPENDENCY_ADDED = (by: string, added: string) => `${by} requires ${added}, so it was added to the plan and its settings are included.`;

const judge: RuleJudge<Code> = ({ k, addedBy }) =>
  [...addedBy].map(([added, by]) => ({
    severity: 'info',
    code: 'FEATURE_DEPENDENCY_ADDED',
    subject: added,
    message: DEPENDENCY_ADDED(k.features.get(by)!.name, k.features.get(added)!.name),
    sources: k.features.get(by)!.sources,
  }));

export const featureDependencies: Rule<Code> = { name: 'featureDependencies', codes: codesOf(CODES), judge };
