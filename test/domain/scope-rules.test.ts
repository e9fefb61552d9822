/**
 * The scope rules of issue 24, checked over every fact of a kind rather than one case per fact,
 * so that a new or edited seed record that breaks a rule fails here:
 *
 * 1. A fact holds wherever its source does not restrict it: a planned number above every
 *    documented limit of its kind is an error on every release.
 * 2. A fact tied to an environment (or the infrastructure under it) is enforced there.
 * 3. A fact whose truth depends on a dimension the plan leaves open is "may apply", naming it.
 * 4. A dated fact applies from its date, judged at asOf.
 * 5. Past the dataset's horizon, facts that could have changed are "may apply".
 * 6. A feature on by default where the node runs (FEATURE_DEFAULT) needs none of its own settings.
 * 7. Settings and remediations are narrowed to the planned Kubernetes version alike.
 *
 * The golden tests (test/domain/rules/*.golden.test.ts) name the individual facts; these are the rules.
 */
import { describe, expect, it } from 'vitest';
import { judgeCompatibility, type CompatibilityReport } from '../../src/domain/compatibility/judge.js';
import { isGeneralCaveat } from '../../src/domain/compatibility/rules/limitations.js';
import type { PlanInput } from '../../src/domain/compatibility/plan.js';
import type { Knowledge, LimitationFact } from '../../src/domain/knowledge.js';
import { kubernetesInRange } from '../../src/domain/kubernetes-version.js';
import { parseBuild } from '../../src/domain/windows-build.js';
import { TEST_TODAY, testKnowledge } from '../support/fixtures.js';
import { buildKnowledge, limitation, release } from '../support/knowledge-builder.js';

const k: Knowledge = testKnowledge();
const judge = (input: PlanInput): CompatibilityReport => judgeCompatibility(k, input, TEST_TODAY);
const about = (r: CompatibilityReport, subject: string) => r.findings.filter((f) => f.subject === subject);

/** A release whose build the scope admits (the newest such, so lifecycle and node-OS answers stay quiet where they can). */
function releaseFor(l: LimitationFact): { windowsVersion: string; windowsBuildRevision?: number } {
  const b = l.scope.windowsBuilds;
  const candidates = [...k.releases.values()]
    .filter((r) => !l.scope.channels || l.scope.channels.includes(r.channel))
    .filter((r) => !b?.from || r.build >= parseBuild(b.from).build)
    .filter(
      (r) => !b?.before || r.build < parseBuild(b.before).build || (parseBuild(b.before).build === r.build && parseBuild(b.before).revision !== undefined),
    )
    .sort((x, y) => y.build - x.build);
  const r = candidates.find((c) => c.channel === 'LTSC') ?? candidates[0]!;
  if (!b) return { windowsVersion: r.slug };
  const from = b.from ? parseBuild(b.from) : undefined;
  // A revision inside the range: the lower bound's own, or 0.
  return { windowsVersion: r.slug, windowsBuildRevision: from && from.build === r.build ? (from.revision ?? 0) : 0 };
}

/** An environment where the limitation holds for certain: one it names, or one whose platform its `requires` rules out. */
function environmentFor(l: LimitationFact): string {
  if (l.scope.environments) return l.scope.environments[0]!;
  const wanted = l.scope.platforms;
  const excluded = l.requires?.platforms;
  const env = [...k.environments.values()].find(
    (e) => e.platform !== undefined && (!wanted || wanted.includes(e.platform)) && (!excluded || !excluded.includes(e.platform)),
  );
  return wanted || excluded ? env!.slug : 'self-managed';
}

/** A plan under which the limitation applies for certain, every dimension it is scoped by given. */
/** The first minor version in the limitation's range that no unconfirmed patch release fixed; undefined when every one was. */
function definiteVersion(l: LimitationFact): string | undefined {
  const range = l.scope.kubernetes!;
  const first = Number((range.min ?? '1.14').split('.')[1]);
  const last = Number((range.max ?? k.horizon.kubernetesVersion).split('.')[1]);
  for (let minor = first; minor <= last; minor++) if (!l.scope.kubernetesPatchFixed?.includes(`1.${minor}`)) return `1.${minor}`;
  return undefined;
}

function witness(l: LimitationFact): PlanInput {
  const s = l.scope;
  const plan: PlanInput = { ...releaseFor(l), environment: environmentFor(l) };
  if (s.plugins) plan.cniPlugin = s.plugins[0]!;
  if (s.modes) plan.networkMode = s.modes[0]!;
  else if (plan.cniPlugin) {
    const modes = k.plugins.get(plan.cniPlugin)!.modes;
    if (modes.length > 0) plan.networkMode = modes[0]!.mode;
  }
  // A version in the range where no unconfirmed patch release fixed it, where there is one.
  if (s.kubernetes) plan.kubernetesVersion = definiteVersion(l) ?? s.kubernetes.min ?? s.kubernetes.max!;
  else plan.kubernetesVersion = k.horizon.kubernetesVersion;
  if (s.serviceSettings) plan.serviceSettings = [s.serviceSettings[0]!];
  if (s.pluginVersions) plan.cniPluginVersion = s.pluginVersions.from ?? '0.1.0';
  if (s.features) plan.features = [s.features[0]!];
  if (s.serviceTypes) plan.serviceTypes = [s.serviceTypes[0]!];
  if (s.dates) plan.asOf = s.dates.from ?? '2000-01-01';
  if (s.ipAddressModes) plan.ipAddressMode = s.ipAddressModes[0]!;
  if (s.networkPolicy) plan.networkPolicy = true;
  if (l.threshold) plan[l.threshold.metric === 'backends-per-service' ? 'backendsPerService' : 'servicesPerNode'] = l.threshold.max + 1;
  return plan;
}

/** The plan fields that settle each scope dimension, and the words the report must use when it is open. */
const OPENABLE: { field: keyof PlanInput; scoped: (l: LimitationFact) => boolean }[] = [
  { field: 'environment', scoped: (l) => !!l.scope.environments || !!l.scope.platforms || !!l.requires?.platforms },
  { field: 'cniPlugin', scoped: (l) => !!l.scope.plugins },
  { field: 'networkMode', scoped: (l) => !!l.scope.modes },
  { field: 'kubernetesVersion', scoped: (l) => !!l.scope.kubernetes },
  {
    field: 'windowsBuildRevision',
    scoped: (l) => !!l.scope.windowsBuilds?.from?.includes('.') || !!l.scope.windowsBuilds?.before?.includes('.'),
  },
  { field: 'cniPluginVersion', scoped: (l) => !!l.scope.pluginVersions },
];

describe('rule 3: a fact scoped to a dimension the plan leaves open is "may apply", naming the dimension', () => {
  it.each(k.limitations.map((l) => [l.slug, l] as const))('%s', (_, l) => {
    const plan = witness(l);
    const definite = about(judge(plan), l.slug);
    expect(definite, `the witness plan ${JSON.stringify(plan)} must make it apply`).toHaveLength(1);
    // A fact fixed in an unnamed patch release of every minor it covers is open in the sources, which no
    // plan field settles: never "may apply" (findings.ts settleFinding), it applies or, as information, is general.
    const openInSources = definite[0]!.severity === 'info' ? 'general' : 'applies';
    if (l.scope.kubernetes && !definiteVersion(l)) {
      expect(definite[0]!.applicability).toBe(openInSources);
      expect(definite[0]!.message).toMatch(/^On patch releases of 1\.\d+ before the fix \(a patch release of 1\.\d+ fixed it, and no source names which\)/);
      return;
    }
    // Definite, except a bug fixed by a later update whose build no source gives: that stays open in the sources.
    expect(definite[0]!.applicability).toBe(l.fixedByLaterUpdate !== undefined ? openInSources : isGeneralCaveat(l) ? 'general' : 'applies');
    for (const { field, scoped } of OPENABLE) {
      if (!scoped(l)) continue;
      const open: PlanInput = { ...plan };
      delete open[field];
      // A plugin version means nothing without its plugin; the mode stays given so only the plugin is open.
      if (field === 'cniPlugin') delete open.cniPluginVersion;
      const found = about(judge(open), l.slug);
      // A requirement saying where a mode exists at all (L2tunnel only on Azure) rules the open mode
      // out where the witness's environment fails it (limitation-applies.ts limitationApplies).
      if (field === 'networkMode' && l.kind === 'requirement' && l.requires) {
        expect(found, `${l.slug} with ${field} open where the environment rules the mode out`).toHaveLength(0);
        continue;
      }
      expect(found, `${l.slug} with ${field} open`).toHaveLength(1);
      expect(found[0]!.applicability, `${l.slug} with ${field} open`).toBe('may-apply');
      // The finding names the field that would settle it, as data.
      expect(found[0]!.dependsOn, `${l.slug} with ${field} open`).toContain(field);
      // An error that may apply is a warning, unless the record sets its own "may apply" severity with a reason.
      if (l.mayApply) expect(l.mayApply.reason.length, `${l.slug}: mayApply needs a reason`).toBeGreaterThan(0);
      if (l.severity === 'error') expect(found[0]!.severity, 'an error that may apply is a warning').toBe(l.mayApply?.severity ?? 'warning');
    }
  });
});

describe('rule 1: a number above every documented limit of its kind is an error on every release', () => {
  const metrics = [...new Set(k.limitations.filter((l) => l.threshold && l.severity === 'error').map((l) => l.threshold!.metric))];
  it.each(metrics)('%s', (metric) => {
    const limits = k.limitations.filter((l) => l.threshold?.metric === metric);
    const above = Math.max(...limits.map((l) => l.threshold!.max)) + 1;
    const field = metric === 'backends-per-service' ? 'backendsPerService' : 'servicesPerNode';
    for (const r of k.releases.values()) {
      const report = judge({ windowsVersion: r.slug, [field]: above });
      const errors = report.findings.filter((f) => f.code === 'THRESHOLD_EXCEEDED' && f.severity === 'error');
      expect(errors.length, `${above} ${metric} on ${r.slug}`).toBeGreaterThan(0);
      expect(report.verdict).toBe('INCOMPATIBLE');
      // Where the revisions disagree, the report names every documented figure.
      for (const l of limits) expect(errors[0]!.message).toContain(String(l.threshold!.max));
    }
  });
});

describe('rule 2: a fact tied to an environment or its infrastructure is enforced there', () => {
  const tied = k.limitations.filter((l) => l.scope.environments || l.scope.platforms || l.requires?.platforms);
  it.each(tied.map((l) => [l.slug, l] as const))('%s', (_, l) => {
    const plan = witness(l);
    expect(about(judge(plan), l.slug)[0]!.applicability).not.toBe('may-apply');
    // In an environment the fact excludes, it is silent.
    const elsewhere = [...k.environments.values()].find((e) => {
      if (l.scope.environments) return !l.scope.environments.includes(e.slug) && e.platform !== undefined;
      if (l.scope.platforms) return e.platform !== undefined && !l.scope.platforms.includes(e.platform);
      return e.platform !== undefined && l.requires!.platforms!.includes(e.platform);
    });
    if (elsewhere) expect(about(judge({ ...plan, environment: elsewhere.slug }), l.slug), `${l.slug} in ${elsewhere.slug}`).toEqual([]);
  });
});

describe('rule 4: a dated node-OS row counts only at the dates it covers', () => {
  const dated = k.nodeOsSupport.filter((r) => r.dates && r.environment);
  // A finding is its code and severity: a retired release whose images are later removed keeps the code and turns into an error.
  const CODE = {
    supported: undefined,
    preview: 'NODE_OS_PREVIEW:warning',
    retired: 'NODE_OS_RETIRED:warning',
    removed: 'NODE_OS_RETIRED:error',
    disputed: 'NODE_OS_SUPPORT_DISPUTED:warning',
  } as const;
  const offeredOn = (row: (typeof dated)[number]) => {
    const offered = k.nodeOsSupport.find(
      (r) => r.environment === row.environment && r.windowsVersion === row.windowsVersion && r.status !== 'retired' && r.status !== 'removed' && r.kubernetes,
    );
    return offered?.kubernetes?.max ?? offered?.kubernetes?.min;
  };
  const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  it.each(dated.map((r) => [r.slug, r] as const))('%s', (_, row) => {
    const inside = row.dates!.from ?? dayBefore(row.dates!.before!);
    const plan: PlanInput = {
      windowsVersion: row.windowsVersion,
      environment: row.environment!,
      // A row without versions (a retirement) is checked on a version the release was offered on:
      // on one it never was, a retirement is an error of its own (node-os-supported.ts).
      kubernetesVersion: row.kubernetes?.max ?? row.kubernetes?.min ?? offeredOn(row) ?? k.horizon.kubernetesVersion,
      asOf: inside,
    };
    const codes = (asOf: string) =>
      judge({ ...plan, asOf })
        .findings.filter((f) => f.subject === row.windowsVersion && f.message.includes(k.environments.get(row.environment!)!.name))
        .map((f) => `${f.code}:${f.severity}`);
    const code = CODE[row.status];
    if (code) expect(codes(inside), `${row.slug} at ${inside}`).toContain(code);
    else
      expect(
        // A supported row may carry its announced end, as applying information (NODE_OS_RETIRED:info).
        codes(inside).filter((c) => c.startsWith('NODE_OS_') && c !== 'NODE_OS_RETIRED:info'),
        `${row.slug} at ${inside}`,
      ).toEqual([]);
    // Outside its dates the row says nothing: another row (or none) decides.
    const outside = row.dates!.from ? dayBefore(row.dates!.from) : row.dates!.before!;
    if (code) expect(codes(outside), `${row.slug} at ${outside}`).not.toContain(code);
  });
});

describe('rule 4: a dated limitation applies only at the dates it covers, judged at asOf', () => {
  const dated = k.limitations.filter((l) => l.scope.dates);
  const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const isMonth = (bound: string) => bound.length === 7;
  /** The first day of the month after a YYYY-MM bound. */
  const nextMonth = (month: string) => shift(`${month}-28`, 7).slice(0, 7) + '-01';
  it('the seeds have dated limitations to check', () => expect(dated.length).toBeGreaterThan(0));
  it.each(dated.map((l) => [l.slug, l] as const))('%s', (_, l) => {
    const { from, before } = l.scope.dates!;
    // A day certainly inside, and days certainly outside (a month bound leaves its own month undecided).
    const inside = from ? (isMonth(from) ? nextMonth(from) : from) : shift(isMonth(before!) ? `${before}-01` : before!, -1);
    const outside = [...(from ? [shift(isMonth(from) ? `${from}-01` : from, -1)] : []), ...(before ? [isMonth(before) ? nextMonth(before) : before] : [])];
    const plan = { ...witness(l), asOf: inside };
    expect(about(judge(plan), l.slug), `${l.slug} at ${inside}`).toHaveLength(1);
    for (const day of outside) expect(about(judge({ ...plan, asOf: day }), l.slug), `${l.slug} at ${day}`).toEqual([]);
  });
});

describe('rule 5: past the horizon, facts that could have changed are "may apply"', () => {
  const open = limitation('from-1-30', { kubernetes: { min: '1.30' } });
  const closed = limitation('to-1-31', { kubernetes: { max: '1.31' } });
  const hk = buildKnowledge({
    limitations: [open, closed],
    releases: [release('ltsc-a', 17763)],
    horizon: { kubernetesVersion: '1.35', windowsVersion: 'ltsc-a', knowledgeDate: '2026-08-01' },
  });
  const run = (kubernetesVersion: string) => judgeCompatibility(hk, { windowsVersion: 'ltsc-a', kubernetesVersion }, TEST_TODAY);
  it('within the horizon a fact is definite; past it, an open-ended one may apply and the report says where knowledge ends', () => {
    expect(about(run('1.35'), 'from-1-30')[0]!.applicability).not.toBe('may-apply');
    expect(run('1.35').findings.map((f) => f.code)).not.toContain('KUBERNETES_VERSION_BEYOND_HORIZON');
    const past = run('1.36');
    expect(about(past, 'from-1-30')[0]!.message).toMatch(/^As far as the dataset knows \(it documents Kubernetes only up to 1\.35/);
    expect(past.findings.find((f) => f.code === 'KUBERNETES_VERSION_BEYOND_HORIZON')).toMatchObject({ severity: 'warning', subject: '1.36' });
    expect(past.horizon.kubernetesVersion).toBe('1.35');
  });
  it('a fact that ended before the horizon stays ended past it', () => {
    expect(about(run('1.36'), 'to-1-31')).toEqual([]);
  });
  it('the real dataset names its horizon, and every Kubernetes version the seeds name is within it', () => {
    expect(k.horizon.kubernetesVersion).toMatch(/^1\.\d+$/);
    expect(k.releases.has(k.horizon.windowsVersion)).toBe(true);
    expect(k.horizon.knowledgeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('rule 6: a feature on by default where the node runs needs none of its own settings', () => {
  const defaults = k.featureDefaults.filter((d) => d.enabled && k.features.get(d.feature)!.settings.length > 0);
  it.each(defaults.map((d) => [d.slug, d] as const))('%s', (_, d) => {
    const r = [...k.releases.values()].filter((x) => !d.scope.channels || d.scope.channels.includes(x.channel)).sort((x, y) => y.build - x.build)[0]!;
    const plan: PlanInput = { windowsVersion: r.slug, features: [d.feature], kubernetesVersion: k.horizon.kubernetesVersion, asOf: d.scope.dates?.from };
    const own = (report: CompatibilityReport) =>
      report.requiredSettings.filter((s) => k.features.get(d.feature)!.settings.some((o) => o.key === s.key && o.value === s.value));
    const where = judge({ ...plan, environment: d.scope.environments[0]! });
    expect(about(where, d.feature).find((f) => f.code === 'FEATURE_DEFAULT')?.applicability).not.toBe('may-apply');
    expect(own(where), `${d.feature} settings in ${d.scope.environments[0]}`).toEqual([]);
    // With the environment open the default only may hold: the settings stay, and the finding says so.
    const open = judge(plan);
    expect(own(open).length).toBeGreaterThan(0);
    const finding = open.findings.find((f) => f.code === 'FEATURE_DEFAULT' && f.message.includes(d.description.slice(0, 40)));
    expect(finding?.applicability).toBe('may-apply');
    expect(finding?.message).toMatch(/not needed where this default holds/);
  });
});

describe('rule 7: with the Kubernetes version given, a remediation lists only the settings for that version', () => {
  const scoped = k.limitations.filter((l) => l.workaroundSettings.some((s) => s.kubernetes));
  it.each(scoped.map((l) => [l.slug, l] as const))('%s', (_, l) => {
    const plan = witness(l);
    // Every Kubernetes version a setting's range starts or ends at, and the ones just outside it.
    const minors = l.workaroundSettings.flatMap((s) => [s.kubernetes?.min, s.kubernetes?.max]).filter((v): v is string => !!v);
    const versions = [...new Set(minors.flatMap((v) => [v, `1.${Number(v.split('.')[1]) - 1}`, `1.${Number(v.split('.')[1]) + 1}`]))];
    let checked = 0;
    for (const version of versions) {
      const f = about(judge({ ...plan, kubernetesVersion: version }), l.slug)[0];
      if (!f) continue; // the limitation itself is scoped away at this version
      checked++;
      for (const s of l.workaroundSettings) {
        const inRange = kubernetesInRange(version, s.kubernetes);
        // The setting as remediations word it (a flag as key=value, a field or parameter as "key to value").
        const text = s.kind === 'KUBE_PROXY_FLAG' ? `${s.key}=${s.value}` : `${s.key} to ${s.value}`;
        if (inRange) expect(f.remediation, `${text} on ${version}`).toContain(text);
        else expect(f.remediation ?? '', `${text} on ${version}`).not.toContain(text);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
