/**
 * The CNI plugin and the network mode: whether the plugin offers the planned mode, whether the
 * mode is settled, whether Kubernetes uses it, and the stability labels of the mode and of the
 * plugin's support for it (read with the feature gate behind the mode).
 *
 * Golden cases: test/domain/rules/plugin-and-mode.golden.test.ts.
 */
import { compareKubernetes } from '../../kubernetes-version.js';
import type { ModeFact } from '../../knowledge.js';
import type { Finding } from '../findings.js';
import type { Rule, RuleJudge } from './rule.js';

const judge: RuleJudge = ({ k, plan, plugin, candidateModes, modeAmbiguous }) => {
  const findings: Finding[] = [];
  const offered = plugin ? [...new Set(plugin.modes.map((m) => m.mode))] : [];
  if (plugin && plan.networkMode && offered.length > 0 && !offered.includes(plan.networkMode))
    findings.push({
      severity: 'error',
      code: 'PLUGIN_MODE_UNSUPPORTED',
      subject: plugin.slug,
      message: `${plugin.name} does not use the ${plan.networkMode} mode; it offers: ${offered.join(', ')}.`,
      remediation: `Choose one of ${offered.join(', ')}, or a plugin that offers ${plan.networkMode}.`,
      sources: plugin.sources,
    });
  if (plugin && !plan.networkMode && modeAmbiguous)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_AMBIGUOUS',
      subject: plugin.slug,
      message: `${plugin.name} offers several modes (${offered.join(', ')}); checks that depend on the mode are reported as "may apply".`,
      remediation: 'Name the network mode in the plan for a definite answer.',
      sources: plugin.sources,
    });
  if (plugin && offered.length === 0 && !plan.networkMode)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_UNKNOWN',
      subject: plugin.slug,
      message: `The sources do not say which Windows network mode ${plugin.name} uses, so mode-specific limitations were not checked.`,
      sources: plugin.sources,
    });
  for (const slug of candidateModes) {
    const mode = k.modes.get(slug)!;
    if (!mode.usedByKubernetes)
      findings.push({
        severity: 'error',
        code: 'NETWORK_MODE_NOT_USED_BY_KUBERNETES',
        subject: slug,
        message: `The ${mode.name} mode exists on Windows but Kubernetes does not use it.`,
        remediation: 'Use a mode Kubernetes uses (see networkModes(filter: {usedByKubernetes: true})).',
        sources: mode.sources,
      });
    if (mode.stability === 'beta' || mode.stability === 'experimental') findings.push(modeLabelFinding(mode, plan.kubernetesVersion, modeAmbiguous));
    for (const pm of plugin?.modes.filter((m) => m.mode === slug) ?? [])
      if (pm.stability === 'beta' || pm.stability === 'experimental')
        findings.push({
          severity: modeAmbiguous ? 'info' : 'warning',
          code: 'PLUGIN_MODE_PRERELEASE',
          subject: plugin!.slug,
          message: `${plugin!.name}${pm.backend ? ` with the ${pm.backend} backend` : ''} supports the ${mode.name} mode at ${pm.stability} level.`,
          sources: pm.sources,
        });
  }
  return findings;
};

/**
 * The page's stability label for a mode, read together with the feature gate behind it: Overlay is
 * labelled Beta on every page revision, but WinOverlay is GA from 1.34, so the label warns only
 * below that version and is reported as out of date from it ("may apply" while the version is open).
 */
function modeLabelFinding(mode: ModeFact, version: string | undefined, modeAmbiguous: boolean): Finding {
  const ifUsed = modeAmbiguous ? `If the ${mode.name} mode is used: t` : 'T';
  const g = mode.gateGraduation;
  if (!g)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}he documentation labels the ${mode.name} mode ${mode.stability}.`,
      sources: mode.sources,
    };
  const both = `the documentation labels the ${mode.name} mode ${mode.stability}, and the ${g.gate} feature gate behind it is GA from Kubernetes ${g.kubernetes}`;
  const sources = [...mode.sources, ...g.sources];
  if (version && compareKubernetes(version, g.kubernetes) >= 0)
    return {
      severity: 'info',
      code: 'NETWORK_MODE_LABEL_OUTDATED',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; on Kubernetes ${version} the ${mode.stability} label is out of date.`,
      sources,
    };
  if (version)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; on Kubernetes ${version} the gate is not yet GA.`,
      sources,
    };
  return {
    severity: 'info',
    code: 'NETWORK_MODE_PRERELEASE',
    subject: mode.slug,
    message: `May apply (the plan does not give the Kubernetes version; it holds before ${g.kubernetes}): ${both}.`,
    remediation: 'Give kubernetesVersion for a definite answer.',
    sources,
  };
}

export const pluginAndMode: Rule = {
  name: 'pluginAndMode',
  codes: [
    'PLUGIN_MODE_UNSUPPORTED',
    'NETWORK_MODE_AMBIGUOUS',
    'NETWORK_MODE_UNKNOWN',
    'NETWORK_MODE_NOT_USED_BY_KUBERNETES',
    'PLUGIN_MODE_PRERELEASE',
    'NETWORK_MODE_PRERELEASE',
    'NETWORK_MODE_LABEL_OUTDATED',
  ],
  judge,
};
