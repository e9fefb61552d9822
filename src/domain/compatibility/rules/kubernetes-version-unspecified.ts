/**
 * Settings that differ by Kubernetes version, when the plan gives no version: every variant is listed.
 *
 * Golden cases: test/domain/rules/kubernetes-version-unspecified.golden.test.ts.
 */
import type { SettingFact } from '../../knowledge.js';
import { describeSetting, requiredSettings } from '../settings.js';
import { dependsOn } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  KUBERNETES_VERSION_UNSPECIFIED: {
    description: 'Settings differ by Kubernetes version and the plan gives none; every variant is listed.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/kubernetes-version-unspecified.ts kubernetesVersionUnspecified'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** kubernetesVersionUnspecified: every variant of the settings that depend on the version. */
const VERSION_UNSPECIFIED = {
  message: (scoped: readonly SettingFact[]) =>
    `Some settings depend on the Kubernetes version; every variant is listed: ${scoped.map(describeSetting).join(' ')}`,
  remediation: 'Give kubernetesVersion to get only the settings for your cluster.',
};

const judge: RuleJudge<Code> = (ctx) => {
  if (ctx.plan.kubernetesVersion) return [];
  const scoped = requiredSettings(ctx).filter((s) => s.kubernetes);
  if (scoped.length === 0) return [];
  return [
    {
      severity: 'info',
      ...dependsOn('kubernetesVersion'),
      code: 'KUBERNETES_VERSION_UNSPECIFIED',
      message: VERSION_UNSPECIFIED.message(scoped),
      remediation: VERSION_UNSPECIFIED.remediation,
      sources: scoped.flatMap((s) => s.sources),
    },
  ];
};

export const kubernetesVersionUnspecified: Rule<Code> = { name: 'kubernetesVersionUnspecified', codes: codesOf(CODES), judge };
