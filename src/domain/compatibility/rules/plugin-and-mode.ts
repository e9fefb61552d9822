/**
 * The CNI plugin and the network mode: whether the plugin offers the planned mode, whether the
 * mode is settled, whether Kubernetes uses it, and the stability labels of the mode and of the
 * plugin's support for it (read with the feature gate behind the mode).
 *
 * Golden cases: test/domain/rules/plugin-and-mode.golden.test.ts.
 */
import { compareKubernetes } from '../../kubernetes-version.js';
import type { ModeFact } from '../../knowledge.js';
import type { RuleFinding } from '../rule-finding.js';
import { dependsOn } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  PLUGIN_MODE_UNSUPPORTED: {
    description: 'The chosen plugin does not create or delegate to the chosen network mode.',
    severities: ['error'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts pluginAndMode'],
    scanOnly: false,
  },
  NETWORK_MODE_AMBIGUOUS: {
    description: 'The plugin offers several modes and the plan names none; mode-specific checks are reported as "may apply".',
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts pluginAndMode'],
    scanOnly: false,
  },
  NETWORK_MODE_UNKNOWN: {
    description: 'The sources do not say which network mode the plugin uses; mode-specific checks were skipped.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts pluginAndMode'],
    scanOnly: false,
  },
  NETWORK_MODE_NOT_USED_BY_KUBERNETES: {
    description: 'The network mode exists on Windows but Kubernetes does not use it.',
    severities: ['error'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts pluginAndMode'],
    scanOnly: false,
  },
  NETWORK_MODE_PRERELEASE: {
    description:
      'The documentation labels the network mode beta or experimental (where a feature gate behind it is GA from some Kubernetes version: only below it; "may apply" when the version is open).',
    // A warning; info when the mode is one of several or the version is open.
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts modeLabelFinding'],
    scanOnly: false,
  },
  NETWORK_MODE_LABEL_OUTDATED: {
    description: "The documentation's beta label on the network mode is out of date at the planned Kubernetes version: the gate behind it is GA there.",
    severities: ['info'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts modeLabelFinding'],
    scanOnly: false,
  },
  PLUGIN_MODE_PRERELEASE: {
    description: "The plugin's support for the mode (its backend) is labelled beta or experimental.",
    severities: ['warning', 'info'],
    raisedBy: ['compatibility/rules/plugin-and-mode.ts pluginAndMode'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** pluginAndMode: the plugin against the planned mode. */
const PLUGIN_MODE = {
  unsupported: (plugin: string, mode: string, offered: readonly string[]) => `${plugin} does not use the ${mode} mode; it offers: ${offered.join(', ')}.`,
  chooseMode: (mode: string, offered: readonly string[]) => `Choose one of ${offered.join(', ')}, or a plugin that offers ${mode}.`,
  ambiguous: (plugin: string, offered: readonly string[]) =>
    `${plugin} offers several modes (${offered.join(', ')}); checks that depend on the mode are reported as "may apply".`,
  nameMode: 'Name the network mode in the plan for a definite answer.',
  unknown: (plugin: string) => `The sources do not say which Windows network mode ${plugin} uses, so mode-specific limitations were not checked.`,
  notUsedByKubernetes: (mode: string) => `The ${mode} mode exists on Windows but Kubernetes does not use it.`,
  useKubernetesMode: 'Use a mode Kubernetes uses (see networkModes(filter: {usedByKubernetes: true})).',
  prerelease: (plugin: string, backend: string | undefined, mode: string, stability: string) =>
    `${plugin}${backend ? ` with the ${backend} backend` : ''} supports the ${mode} mode at ${stability} level.`,
};

/**
 * pluginAndMode: a mode's stability label, read with the feature gate behind it. The clauses start
 * lowercase; `ifUsed` gives the sentence's start ("T" or "If the Overlay mode is used: t"), to
 * which a clause is appended without its first letter.
 */
const MODE_LABEL = {
  ifUsed: (mode: string, modeAmbiguous: boolean) => (modeAmbiguous ? `If the ${mode} mode is used: t` : 'T'),
  label: (mode: string, stability: string) => `the documentation labels the ${mode} mode ${stability}`,
  labelAndGate: (mode: string, stability: string, g: { gate: string; kubernetes: string }) =>
    `the documentation labels the ${mode} mode ${stability}, and the ${g.gate} feature gate behind it is GA from Kubernetes ${g.kubernetes}`,
  outdated: (version: string, stability: string) => `on Kubernetes ${version} the ${stability} label is out of date`,
  notYetGa: (version: string) => `on Kubernetes ${version} the gate is not yet GA`,
  versionOpen: (gaFrom: string) => `Before Kubernetes ${gaFrom}: `,
  giveVersion: 'Give kubernetesVersion for a definite answer.',
};

const judge: RuleJudge<Code> = ({ k, plan, plugin, candidateModes, modeAmbiguous }) => {
  const findings: RuleFinding<Code>[] = [];
  const offered = plugin ? [...new Set(plugin.modes.map((m) => m.mode))] : [];
  if (plugin && plan.networkMode && offered.length > 0 && !offered.includes(plan.networkMode))
    findings.push({
      severity: 'error',
      code: 'PLUGIN_MODE_UNSUPPORTED',
      subject: plugin.slug,
      message: PLUGIN_MODE.unsupported(plugin.name, plan.networkMode, offered),
      remediation: PLUGIN_MODE.chooseMode(plan.networkMode, offered),
      sources: plugin.sources,
    });
  if (plugin && !plan.networkMode && modeAmbiguous)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_AMBIGUOUS',
      subject: plugin.slug,
      message: PLUGIN_MODE.ambiguous(plugin.name, offered),
      remediation: PLUGIN_MODE.nameMode,
      sources: plugin.sources,
    });
  if (plugin && offered.length === 0 && !plan.networkMode)
    findings.push({
      severity: 'info',
      code: 'NETWORK_MODE_UNKNOWN',
      subject: plugin.slug,
      message: PLUGIN_MODE.unknown(plugin.name),
      sources: plugin.sources,
    });
  for (const slug of candidateModes) {
    const mode = k.modes.get(slug)!;
    if (!mode.usedByKubernetes)
      findings.push({
        severity: 'error',
        code: 'NETWORK_MODE_NOT_USED_BY_KUBERNETES',
        subject: slug,
        message: PLUGIN_MODE.notUsedByKubernetes(mode.name),
        remediation: PLUGIN_MODE.useKubernetesMode,
        sources: mode.sources,
      });
    if (mode.stability === 'beta' || mode.stability === 'experimental') findings.push(modeLabelFinding(mode, plan.kubernetesVersion, modeAmbiguous));
    for (const pm of plugin?.modes.filter((m) => m.mode === slug) ?? [])
      if (pm.stability === 'beta' || pm.stability === 'experimental')
        findings.push({
          severity: modeAmbiguous ? 'info' : 'warning',
          ...(modeAmbiguous ? dependsOn('networkMode') : {}),
          code: 'PLUGIN_MODE_PRERELEASE',
          subject: plugin!.slug,
          message: PLUGIN_MODE.prerelease(plugin!.name, pm.backend, mode.name, pm.stability),
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
function modeLabelFinding(mode: ModeFact, version: string | undefined, modeAmbiguous: boolean): RuleFinding<Code> {
  const ifUsed = MODE_LABEL.ifUsed(mode.name, modeAmbiguous);
  const g = mode.gateGraduation;
  if (!g)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      ...(modeAmbiguous ? dependsOn('networkMode') : {}),
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}${MODE_LABEL.label(mode.name, mode.stability).slice(1)}.`,
      sources: mode.sources,
    };
  const both = MODE_LABEL.labelAndGate(mode.name, mode.stability, g);
  const sources = [...mode.sources, ...g.sources];
  if (version && compareKubernetes(version, g.kubernetes) >= 0)
    return {
      severity: 'info',
      ...(modeAmbiguous ? dependsOn('networkMode') : {}),
      code: 'NETWORK_MODE_LABEL_OUTDATED',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; ${MODE_LABEL.outdated(version, mode.stability)}.`,
      sources,
    };
  if (version)
    return {
      severity: modeAmbiguous ? 'info' : 'warning',
      ...(modeAmbiguous ? dependsOn('networkMode') : {}),
      code: 'NETWORK_MODE_PRERELEASE',
      subject: mode.slug,
      message: `${ifUsed}${both.slice(1)}; ${MODE_LABEL.notYetGa(version)}.`,
      sources,
    };
  return {
    severity: 'info',
    ...dependsOn('kubernetesVersion', ...(modeAmbiguous ? (['networkMode'] as const) : [])),
    code: 'NETWORK_MODE_PRERELEASE',
    subject: mode.slug,
    message: `${MODE_LABEL.versionOpen(g.kubernetes)}${both}.`,
    remediation: MODE_LABEL.giveVersion,
    sources,
  };
}

export const pluginAndMode: Rule<Code> = {
  name: 'pluginAndMode',
  codes: codesOf(CODES),
  judge,
};
