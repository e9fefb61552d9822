/**
 * Upgrade readiness: the feature gates a kube-proxy sets, judged against a target Kubernetes
 * version (`--target-kubernetes-version`, as pluto's --target-versions). The one place this rule
 * lives: `check` calls it through judgeCompatibility (on the gates the plan's settings imply at
 * its current version), `scan` on the gates each kube-proxy object sets. Everything else a target
 * version changes (node OS support, plugin versions, mode labels) is the engine judging the plan
 * at the target version.
 *
 * Generic over the data: the gates' stages, defaults, locks and pending removals are the records
 * of seeds/feature-gates.yaml. Pure: knowledge and settings in, findings out.
 */
import { compareKubernetes, describeKubernetesRange, kubernetesInRange } from '../kubernetes-version.js';
import type { FeatureGateFact, FeatureGateStage, Knowledge } from '../knowledge.js';
import { mayApplySeverity, type Finding } from './findings.js';
import { HORIZON_DIMENSION, mayApplyPrefix, type OpenDimension } from './scope.js';

/** A feature gate as a component's settings give it (--feature-gates=WinOverlay=false, featureGates.WinOverlay). */
export interface GateSetting {
  gate: string;
  value: boolean;
}

/** The stage a gate is in at a Kubernetes version, if the gate exists there. */
export function gateStageAt(gate: FeatureGateFact, version: string): FeatureGateStage | undefined {
  return gate.stages.find((s) => kubernetesInRange(version, s.kubernetes));
}

/** The oldest version from which the gate's default has been `value` without a break, up to the stage at the target. */
function defaultSince(gate: FeatureGateFact, stage: FeatureGateStage, value: boolean): string | undefined {
  let since = stage.kubernetes.min;
  for (let i = gate.stages.indexOf(stage) - 1; i >= 0 && gate.stages[i]!.default === value; i--) since = gate.stages[i]!.kubernetes.min;
  return since;
}

/** "beta, on by default, from 1.20 to 1.33; GA, locked on, from 1.34" */
function describeStages(gate: FeatureGateFact): string {
  return gate.stages
    .map(
      (s) => `${s.stage === 'ga' ? 'GA' : s.stage}, ${s.locked ? 'locked' : 'default'} ${s.default ? 'on' : 'off'}, ${describeKubernetesRange(s.kubernetes)}`,
    )
    .join('; ');
}

const flag = (s: GateSetting) => `${s.gate}=${s.value}`;

/** The findings of one gate setting at the target version ([] for a gate the knowledge base does not track). */
export function judgeGateSetting(k: Knowledge, target: string, setting: GateSetting): Finding[] {
  const gate = k.featureGates.get(setting.gate);
  if (!gate) return [];
  const findings: Finding[] = [];
  const stage = gateStageAt(gate, target);
  const horizon = k.horizon.kubernetesVersion;
  const beyond: OpenDimension[] =
    stage && compareKubernetes(target, horizon) > 0
      ? [
          {
            dimension: HORIZON_DIMENSION,
            holdsFor: describeKubernetesRange(stage.kubernetes),
            phrase: `the dataset documents Kubernetes only up to ${horizon}, and this holds for ${describeKubernetesRange(stage.kubernetes)} as far as it knows`,
          },
        ]
      : [];
  const where = `kube-proxy's --feature-gates (featureGates in KubeProxyConfiguration)`;
  if (stage?.locked && setting.value !== stage.default) {
    const override = gate.lockedOverride;
    const open = [...beyond];
    if (!override?.observed)
      open.push({
        dimension: 'observation',
        holdsFor: gate.name,
        phrase: override
          ? `no source reports it for ${gate.name}; it is expected by the same mechanism`
          : `no source says what ${gate.component} does with the other value of a locked gate`,
      });
    const effect = override ? ` ${override.effect}${override.note ? ` ${override.note}` : ''}` : '';
    findings.push({
      severity: open.length > 0 ? mayApplySeverity('error', false) : 'error',
      code: 'FEATURE_GATE_LOCKED',
      subject: gate.name,
      message:
        `${mayApplyPrefix(open)}${gate.component} sets ${flag(setting)}, but on Kubernetes ${target} the ${gate.name} gate is ` +
        `${stage.stage === 'ga' ? 'GA' : stage.stage} and locked ${stage.default ? 'on' : 'off'} (${describeKubernetesRange(stage.kubernetes)}).${effect}`,
      remediation: `Remove ${gate.name} from ${where} before the upgrade to ${target}.`,
      sources: [...gate.stageSources, ...(override?.sources ?? [])],
    });
  } else if (stage && setting.value === stage.default) {
    const since = defaultSince(gate, stage, setting.value);
    findings.push({
      severity: 'info',
      code: 'FEATURE_GATE_FLAG_UNNEEDED',
      subject: gate.name,
      message:
        `${mayApplyPrefix(beyond)}${gate.component} sets ${flag(setting)}, which is the gate's default ` +
        `${since ? `from Kubernetes ${since}` : 'at every version the dataset documents'}; on ${target} the flag is no longer needed ` +
        `(${gate.name}: ${describeStages(gate)}).`,
      remediation: `Drop ${flag(setting)} from ${where}.`,
      sources: gate.stageSources,
    });
  }
  const removal = gate.removal;
  if (removal && compareKubernetes(target, removal.allowedFrom) >= 0)
    // A removal that is only proposed: the sources do not say which release ships it, so it may apply.
    findings.push({
      severity: 'warning',
      code: 'FEATURE_GATE_REMOVAL_PENDING',
      subject: gate.name,
      message:
        `May apply (the removal is ${removal.status}, and no source says which release ships it): ${gate.component} sets ${flag(setting)}, ` +
        `and the ${gate.name} gate may be removed from Kubernetes ${removal.allowedFrom}. ${removal.note}`,
      remediation: `Drop ${gate.name} from ${where} before upgrading to a release that removes it.`,
      sources: removal.sources,
    });
  return findings;
}

/** The findings of every gate setting at the target version. */
export function judgeGateSettings(k: Knowledge, target: string, settings: Iterable<GateSetting>): Finding[] {
  return [...settings].flatMap((s) => judgeGateSetting(k, target, s));
}

/** "WinDSR=true" (a --feature-gates setting's value) as gate settings; entries that are not gate=bool are left out. */
export function parseGateList(value: string): GateSetting[] {
  return value.split(',').flatMap((entry): GateSetting[] => {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)\s*=\s*(true|false)\s*$/i.exec(entry);
    return m ? [{ gate: m[1]!, value: m[2]!.toLowerCase() === 'true' }] : [];
  });
}
