/**
 * Features the plan's features require, which the plan context added to the plan.
 *
 * Golden cases: test/domain/rules/feature-dependencies.golden.test.ts.
 */
import { DEPENDENCY_ADDED } from '../messages.js';
import type { Rule, RuleJudge } from './rule.js';

const judge: RuleJudge = ({ k, addedBy }) =>
  [...addedBy].map(([added, by]) => ({
    severity: 'info',
    code: 'FEATURE_DEPENDENCY_ADDED',
    subject: added,
    message: DEPENDENCY_ADDED(k.features.get(by)!.name, k.features.get(added)!.name),
    sources: k.features.get(by)!.sources,
  }));

export const featureDependencies: Rule = { name: 'featureDependencies', codes: ['FEATURE_DEPENDENCY_ADDED'], judge };
