/**
 * A Kubernetes version past the dataset's horizon: say where the knowledge ends (scope.ts makes
 * the facts it bounds "may apply").
 *
 * Golden cases: test/domain/rules/kubernetes-beyond-horizon.golden.test.ts.
 */
import { compareKubernetes, type KubernetesRange } from '../../kubernetes-version.js';
import type { Citation, DatasetHorizon } from '../../knowledge.js';
import { describeHorizon } from '../../horizon.js';
import type { PlanContext } from '../plan-context.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  KUBERNETES_VERSION_BEYOND_HORIZON: {
    description: 'The planned Kubernetes version is newer than any the dataset documents; facts that could have changed since are reported as "may apply".',
    severities: ['warning'],
    raisedBy: ['compatibility/rules/kubernetes-beyond-horizon.ts kubernetesBeyondHorizon'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** kubernetesBeyondHorizon: where the dataset's knowledge ends. */
const HORIZON = {
  beyond: (version: string, horizon: DatasetHorizon, windowsName: string) =>
    `Kubernetes ${version} is newer than any version the dataset documents. ` +
    describeHorizon(horizon, windowsName) +
    ' Facts that could have changed after that are reported as "may apply".',
  remediation: (version: string, horizon: DatasetHorizon) =>
    `Check the Kubernetes ${version} documentation for Windows nodes, or judge the plan at Kubernetes ${horizon.kubernetesVersion}.`,
};

/**
 * The facts that name the horizon's Kubernetes version (a node-OS row, a feature's minimum, a
 * setting's or a gate's version): the knowledge ends where they do, so they are what the finding
 * rests on.
 */
function horizonSources(k: PlanContext['k']): Citation[] {
  const v = k.horizon.kubernetesVersion;
  const names = (r: KubernetesRange | undefined) => r?.min === v || r?.max === v;
  const settings = [
    ...[...k.features.values()].flatMap((f) => f.settings),
    ...[...k.modes.values()].flatMap((m) => m.settings),
    ...k.limitations.flatMap((l) => l.workaroundSettings),
  ];
  return [
    ...k.nodeOsSupport.filter((r) => names(r.kubernetes)).flatMap((r) => r.sources),
    ...[...k.features.values()].filter((f) => f.minimumKubernetes === v).flatMap((f) => f.minimumKubernetesSources),
    ...[...k.modes.values()].flatMap((m) => (m.gateGraduation?.kubernetes === v ? m.gateGraduation.sources : [])),
    ...k.limitations.filter((l) => names(l.scope.kubernetes)).flatMap((l) => l.sources),
    ...settings.filter((s) => names(s.kubernetes)).flatMap((s) => s.sources),
  ];
}

const judge: RuleJudge<Code> = ({ k, plan }) => {
  const version = plan.kubernetesVersion;
  const { horizon } = k;
  if (!version || compareKubernetes(version, horizon.kubernetesVersion) <= 0) return [];
  return [
    {
      severity: 'warning',
      code: 'KUBERNETES_VERSION_BEYOND_HORIZON',
      subject: version,
      message: HORIZON.beyond(version, horizon, k.releases.get(horizon.windowsVersion)?.name ?? horizon.windowsVersion),
      remediation: HORIZON.remediation(version, horizon),
      sources: horizonSources(k),
    },
  ];
};

export const kubernetesBeyondHorizon: Rule<Code> = { name: 'kubernetesBeyondHorizon', codes: codesOf(CODES), judge };
