import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan, PLAN_LIMITS, PlanError, validatePlan, type PlanInput } from '../../src/domain/compatibility/plan.js';
import { testKnowledge, TEST_TODAY } from '../support/fixtures.js';
import { realSeeds } from '../seeds/support.js';

const base: PlanInput = { windowsVersion: 'windows-server-2022' };

function refusal(input: PlanInput): PlanError {
  try {
    validatePlan(testKnowledge(), input, TEST_TODAY);
  } catch (e) {
    expect(e).toBeInstanceOf(PlanError);
    return e as PlanError;
  }
  throw new Error(`plan was accepted: ${JSON.stringify(input)}`);
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('validatePlan: unknown slugs name the field and the real choices (from seeds/*.yaml)', () => {
  const seeds = realSeeds();
  const cases: [field: string, input: PlanInput, choices: () => Iterable<string>][] = [
    ['windowsVersion', { windowsVersion: 'windows-server-2012' }, () => seeds.windowsVersions.keys()],
    ['cniPlugin', { ...base, cniPlugin: 'weave' }, () => seeds.cniPlugins.keys()],
    ['networkMode', { ...base, networkMode: 'l3bridge' }, () => seeds.networkModes.keys()],
    ['environment', { ...base, environment: 'gke' }, () => seeds.environments.keys()],
    ['features', { ...base, features: ['dual-stack', 'ipv6-only'] }, () => seeds.features.keys()],
    ['serviceTypes', { ...base, serviceTypes: ['cluster-ip', 'headless'] }, () => seeds.serviceTypes.keys()],
    ['containerImageWindowsVersion', { ...base, containerImageWindowsVersion: 'ltsc2022' }, () => seeds.windowsVersions.keys()],
  ];

  it.each(cases)('%s', (field, input, choices) => {
    const e = refusal(input);
    expect(e.field).toBe(field);
    expect(e.validChoices).toBeDefined();
    expect(sorted(e.validChoices ?? [])).toEqual(sorted(choices()));
    expect(e.message).toContain('Valid choices:');
    // The reason is a field of its own, without the choices, so no caller has to cut the message.
    expect(e.reason).not.toContain('Valid choices');
    expect(e.message.startsWith(e.reason)).toBe(true);
    expect(e.name).toBe('PlanError');
  });

  it('quotes the unknown value in the message', () => {
    expect(refusal({ ...base, cniPlugin: 'weave' }).message).toContain('"weave"');
  });

  it('names the nearest known slug, as podCapacity names the closest instance types (domain/closest.ts)', () => {
    const e = refusal({ ...base, features: ['direct-sever-return'] });
    expect(e.suggestions).toEqual(['direct-server-return']);
    expect(e.message).toMatch(/^unknown feature "direct-sever-return"\. Closest known: direct-server-return\. Valid choices: /);
  });
});

describe('validatePlan: malformed values are refused', () => {
  it.each(['v1.x', 'V1.29', 'vv1.29', '1.x', '2.0', '1.29.1', '1', '', ' 1.29'])('kubernetesVersion "%s"', (kubernetesVersion) => {
    const e = refusal({ ...base, kubernetesVersion });
    expect(e.field).toBe('kubernetesVersion');
    expect(e.message).toContain(`"${kubernetesVersion}"`);
  });

  it('reads v1.N, as kubectl and the kubelet print a version, as 1.N, for the version and the upgrade target alike', () => {
    const plan = validatePlan(testKnowledge(), { ...base, kubernetesVersion: 'v1.29', targetKubernetesVersion: 'v1.31' }, TEST_TODAY);
    expect(plan).toMatchObject({ kubernetesVersion: '1.29', targetKubernetesVersion: '1.31' });
    expect(refusal({ ...base, kubernetesVersion: 'v1.31', targetKubernetesVersion: 'v1.29' }).reason).toBe(
      'targetKubernetesVersion 1.29 is older than kubernetesVersion 1.31; an upgrade target is the same version or a newer one',
    );
  });

  it.each([
    ['windowsBuildRevision', -1],
    ['windowsBuildRevision', 1432.5],
    ['windowsBuildRevision', PLAN_LIMITS.maxRevision + 1],
    ['windowsBuildRevision', Number.NaN],
    ['servicesPerNode', -1],
    ['servicesPerNode', 10.5],
    ['servicesPerNode', PLAN_LIMITS.maxServicesPerNode + 1],
    ['servicesPerNode', Number.POSITIVE_INFINITY],
    ['backendsPerService', -64],
    ['backendsPerService', 64.1],
    ['backendsPerService', PLAN_LIMITS.maxBackendsPerService + 1],
  ] as const)('%s = %s', (field, value) => {
    expect(refusal({ ...base, [field]: value }).field).toBe(field);
  });

  it('accepts the bounds of every number', () => {
    const plan = validatePlan(
      testKnowledge(),
      { ...base, windowsBuildRevision: 0, servicesPerNode: 0, backendsPerService: PLAN_LIMITS.maxBackendsPerService },
      TEST_TODAY,
    );
    expect(plan).toMatchObject({ windowsBuildRevision: 0, servicesPerNode: 0, backendsPerService: PLAN_LIMITS.maxBackendsPerService });
    expect(validatePlan(testKnowledge(), { ...base, windowsBuildRevision: PLAN_LIMITS.maxRevision }, TEST_TODAY).windowsBuildRevision).toBe(
      PLAN_LIMITS.maxRevision,
    );
  });

  it('refuses an empty features list and offers the real features', () => {
    const e = refusal({ ...base, features: [] });
    expect(e.field).toBe('features');
    expect(e.validChoices).toContain('direct-server-return');
  });

  it('refuses an empty serviceTypes list and offers the real Service types', () => {
    const e = refusal({ ...base, serviceTypes: [] });
    expect(e.field).toBe('serviceTypes');
    expect(sorted(e.validChoices ?? [])).toEqual(sorted(realSeeds().serviceTypes.keys()));
  });

  it.each(['2026/11/22', '22-11-2026', '2026-11', '2026-13-01', '2026-02-30', '2026-04-31', '2026-11-22T00:00:00Z', 'tomorrow', ''])('asOf "%s"', (asOf) => {
    expect(refusal({ ...base, asOf }).field).toBe('asOf');
  });

  it('refuses more features than the limit', () => {
    const features = Array.from({ length: PLAN_LIMITS.maxFeatures + 1 }, () => 'dual-stack');
    expect(refusal({ ...base, features }).field).toBe('features');
  });
});

describe('validatePlan: accepted plans', () => {
  it('tolerates duplicate features and keeps each once, in first-seen order', () => {
    const plan = validatePlan(testKnowledge(), { ...base, features: ['dual-stack', 'session-affinity', 'dual-stack'] }, TEST_TODAY);
    expect(plan.features).toEqual(['dual-stack', 'session-affinity']);
  });

  it('tolerates duplicate Service types', () => {
    expect(validatePlan(testKnowledge(), { ...base, serviceTypes: ['node-port', 'node-port'] }, TEST_TODAY).serviceTypes).toEqual(['node-port']);
  });

  it('uses today unless asOf is given, and a given asOf wins', () => {
    expect(validatePlan(testKnowledge(), base, TEST_TODAY).asOf).toBe(TEST_TODAY);
    expect(validatePlan(testKnowledge(), { ...base, asOf: '2020-01-31' }, TEST_TODAY).asOf).toBe('2020-01-31');
  });

  it('treats null like an absent field: networkPolicy stays open (facts about it "may apply") and features default to none', () => {
    const plan = validatePlan(
      testKnowledge(),
      {
        windowsVersion: 'windows-server-2019',
        windowsBuildRevision: null,
        cniPlugin: null,
        networkMode: null,
        features: null,
        kubernetesVersion: null,
        environment: null,
        serviceTypes: null,
        networkPolicy: null,
        servicesPerNode: null,
        backendsPerService: null,
        asOf: null,
      },
      TEST_TODAY,
    );
    expect(plan).toEqual({ windowsVersion: 'windows-server-2019', features: [], asOf: TEST_TODAY, ipAddressMode: 'SECONDARY_IP' });
  });

  it('refuses an unknown instance type with the closest names as suggestions', () => {
    const error = refusal({ ...base, instanceType: 'm5.larg' });
    expect(error.field).toBe('instanceType');
    expect(error.suggestions?.[0]).toBe('m5.large');
  });

  it.each([
    ['podsPerNode', -1],
    ['podsPerNode', 10001],
    ['kubeletMaxPods', 0],
    ['kubeletMaxPods', 2.5],
  ])('refuses %s = %s', (field, value) => {
    expect(refusal({ ...base, [field]: value }).field).toBe(field);
  });

  it('keeps every valid field', () => {
    const input = {
      windowsVersion: 'windows-server-2019',
      windowsBuildRevision: 1432,
      cniPlugin: 'flannel',
      networkMode: 'overlay',
      features: ['direct-server-return'],
      kubernetesVersion: '1.33',
      environment: 'aks-windows-server',
      serviceTypes: ['cluster-ip', 'node-port'],
      networkPolicy: true,
      servicesPerNode: 150,
      backendsPerService: 65,
      asOf: '2025-06-30',
      instanceType: 'm5.large',
      ipAddressMode: 'PREFIX_DELEGATION' as const,
      podsPerNode: 100,
      kubeletMaxPods: 150,
    };
    expect(validatePlan(testKnowledge(), input, TEST_TODAY)).toEqual(input);
  });
});

describe('validatePlan: cniPluginVersion', () => {
  it('needs the plugin it belongs to', () => {
    const e = refusal({ ...base, cniPluginVersion: '0.12.0' });
    expect(e.field).toBe('cniPluginVersion');
    expect(e.message).toContain('needs cniPlugin');
  });

  it.each(['latest', '0.12.0-rc1', '1.2.3.4', ''])('refuses "%s", saying what a version looks like', (version) => {
    const e = refusal({ ...base, cniPlugin: 'flannel', cniPluginVersion: version });
    expect(e.field).toBe('cniPluginVersion');
    expect(e.message).toContain('such as "0.12.0"');
  });

  it('accepts a release with or without a leading v', () => {
    for (const v of ['0.12.0', 'v0.28.9', '1'])
      expect(validatePlan(testKnowledge(), { ...base, cniPlugin: 'flannel', cniPluginVersion: v }, TEST_TODAY).cniPluginVersion).toBe(v);
  });
});

describe('validatePlan: the Windows release may be left open', () => {
  it('accepts a plan without windowsVersion, leaving it undefined (every release is then a candidate)', () => {
    const plan = validatePlan(testKnowledge(), { cniPlugin: 'flannel' }, TEST_TODAY);
    expect(plan.windowsVersion).toBeUndefined();
    expect(plan.cniPlugin).toBe('flannel');
    expect(validatePlan(testKnowledge(), { windowsVersion: null }, TEST_TODAY).windowsVersion).toBeUndefined();
  });

  it('refuses an update revision without its release', () => {
    const e = refusal({ windowsBuildRevision: 1432 });
    expect(e.field).toBe('windowsBuildRevision');
    expect(e.reason).toMatch(/needs windowsVersion/);
  });
});

describe('plan validation reports every problem at once', () => {
  const bad: PlanInput = {
    windowsVersion: 'windows-server-2012',
    features: ['dual-stack', 'ipv6-only', 'ipv4-only'],
    cniPlugin: 'weave',
    cniPluginVersion: '0.12.0',
    kubernetesVersion: 'v1.x',
    targetKubernetesVersion: '1.30',
    kubeProxyFeatureGates: ['WinDSR'],
    asOf: '2026-02-30',
    instanceType: 'm5.larg',
    kubeletMaxPods: 0,
  };

  it('PlanError.problems lists every refused field in the order they are checked; the top-level fields are the first one', () => {
    const e = refusal(bad);
    expect(e.problems.map((p) => p.field)).toEqual([
      'windowsVersion',
      'features',
      'cniPlugin',
      'cniPluginVersion',
      'kubernetesVersion',
      'kubeProxyFeatureGates',
      'asOf',
      'instanceType',
      'kubeletMaxPods',
    ]);
    const [first] = e.problems;
    expect([e.field, e.reason, e.validChoices, e.suggestions, e.message]).toEqual([
      first!.field,
      first!.reason,
      first!.validChoices,
      first!.suggestions,
      first!.message,
    ]);
    // Each problem keeps its own reason, choices and message.
    const features = e.problems.find((p) => p.field === 'features')!;
    expect(features.reason).toBe('unknown features "ipv6-only", "ipv4-only"');
    // The nearest known feature of each unknown one, then every valid choice.
    expect(features.suggestions).toEqual(['dual-stack']);
    expect(features.message).toBe(
      `${features.reason}. Closest known: ${features.suggestions!.join(', ')}. Valid choices: ${features.validChoices!.join(', ')}`,
    );
    const instance = e.problems.find((p) => p.field === 'instanceType')!;
    expect(instance.suggestions).toContain('m5.large');
    expect(instance.message).toMatch(/^unknown EC2 instance type "m5\.larg"\. Closest known: /);
    expect(e.problems.every((p) => p.message.startsWith(p.reason))).toBe(true);
  });

  it('a field that needs a refused one is refused with it, so that dropping every refused field leaves a plan that passes', () => {
    const e = refusal(bad);
    expect(e.problems.find((p) => p.field === 'cniPluginVersion')?.reason).toMatch(/needs cniPlugin, which is refused/);
    expect(refusal({ windowsVersion: 'windows-server-2012', windowsBuildRevision: 1432 }).problems.map((p) => p.field)).toEqual([
      'windowsVersion',
      'windowsBuildRevision',
    ]);
    expect(refusal({ cniPluginVersion: '0.12.0', windowsBuildRevision: 1432 }).problems.map((p) => p.field)).toEqual([
      'windowsBuildRevision',
      'cniPluginVersion',
    ]);
    // A target beside a malformed version stands on its own: it is kept.
    expect(e.problems.map((p) => p.field)).not.toContain('targetKubernetesVersion');
  });

  it('checkPlan never throws: the plan when all is well, else every problem, so a caller drops every refused field in one pass', () => {
    const k = testKnowledge();
    const refused = checkPlan(k, bad, TEST_TODAY);
    expect(refused.plan).toBeUndefined();
    expect(refused.problems).toHaveLength(9);
    const dropped = Object.fromEntries(Object.entries(bad).filter(([field]) => !refused.problems.some((p) => p.field === field))) as PlanInput;
    const again = checkPlan(k, dropped, TEST_TODAY);
    expect(again.problems).toEqual([]);
    expect(again.plan).toEqual(validatePlan(k, dropped, TEST_TODAY));
    expect(again.plan).toMatchObject({ targetKubernetesVersion: '1.30' });
    expect(again.plan?.cniPluginVersion).toBeUndefined();
  });

  it('one problem: the same error as before, with problems holding just it', () => {
    const e = refusal({ ...base, cniPlugin: 'weave' });
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]).toEqual({ field: e.field, reason: e.reason, validChoices: e.validChoices, suggestions: e.suggestions, message: e.message });
  });
});

describe('plan validation: one pass is enough (fast-check)', () => {
  it('dropping every refused field of any plan leaves one that passes, and validatePlan throws exactly when checkPlan has problems', () => {
    const k = testKnowledge();
    const either = <T>(good: T, bad: T) => fc.option(fc.constantFrom(good, bad), { nil: undefined });
    const input: fc.Arbitrary<PlanInput> = fc.record({
      windowsVersion: either('windows-server-2019', 'windows-server-2012'),
      windowsBuildRevision: either(1432, -1),
      cniPlugin: either('flannel', 'weave'),
      cniPluginVersion: either('0.12.0', 'latest'),
      networkMode: either('overlay', 'l3bridge'),
      environment: either('eks', 'gke'),
      features: either(['direct-server-return'], ['dsr']),
      serviceTypes: either(['node-port'], []),
      kubernetesVersion: either('1.33', '1.33.1'),
      targetKubernetesVersion: either('1.34', '1.20'),
      kubeProxyFeatureGates: either(['WinDSR=true'], ['WinDSR']),
      servicesPerNode: either(10, -1),
      backendsPerService: either(10, 0.5),
      asOf: either('2026-01-01', '2026-13-01'),
      instanceType: either('m5.large', 'm5.larg'),
      podsPerNode: either(10, -3),
      kubeletMaxPods: either(110, 0),
    });
    fc.assert(
      fc.property(input, (plan) => {
        const { problems } = checkPlan(k, plan, TEST_TODAY);
        let thrown: unknown;
        try {
          validatePlan(k, plan, TEST_TODAY);
        } catch (error) {
          thrown = error;
        }
        expect(thrown === undefined).toBe(problems.length === 0);
        if (thrown) expect((thrown as PlanError).problems).toEqual(problems);
        const kept = Object.fromEntries(Object.entries(plan).filter(([field]) => !problems.some((p) => p.field === field))) as PlanInput;
        expect(checkPlan(k, kept, TEST_TODAY).problems).toEqual([]);
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});
