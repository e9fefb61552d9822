/** `winnet-kb capacity` end to end: the arithmetic, the kubelet cap, and every refusal. */
import { describe, expect, it, vi } from 'vitest';
import type { CapacityView } from '../../src/cli/capacity.js';
import { computePodCapacity } from '../../src/domain/capacity.js';
import { supportsPrefixDelegation, windowsUnsuitability } from '../../src/domain/instance-types.js';
import { testKnowledge } from '../support/fixtures.js';
import { runCli } from './cli-helpers.js';

// Each test starts the CLI in a child process; on a busy machine that can take a while.
vi.setConfig({ testTimeout: 120_000 });

describe('capacity', () => {
  it('prints the pod capacity with its steps (c5.xlarge, prefix delegation)', async () => {
    const result = await runCli(['capacity', 'c5.xlarge', '--mode', 'prefix-delegation']);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out.split('\n')[0]).toBe(
      'c5.xlarge (prefix delegation): 224 pods by IP addresses; the node schedules 110 (limited by the kubelet max-pods of 110).',
    );
    const expected = computePodCapacity(15, 'PREFIX_DELEGATION', 'c5.xlarge');
    expected.steps.forEach((step, i) => expect(out.replace(/\n\s+/g, ' ')).toContain(`${i + 1}. ${step}`));
    expect(out).toMatch(/Sources:\n {2}\[1\] Amazon EKS Best Practices Guide, "Windows networking" .*, section "IP address management":\s+https:\/\//);
    expect(result.stderr).toBe('');
  });

  it('uses secondary-IP mode by default and honours --kubelet-max-pods (JSON)', async () => {
    const [plain, raised] = await Promise.all([
      runCli(['capacity', 'm5.large', '-o', 'json']),
      runCli(['capacity', 'c5.xlarge', '--mode', 'prefix-delegation', '--kubelet-max-pods', '250', '-o', 'json']),
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    const m5 = JSON.parse(plain.stdout) as CapacityView;
    expect(m5).toMatchObject({ instanceType: 'm5.large', ipAddressMode: 'SECONDARY_IP', maxPods: 9, schedulablePods: 9, limitedBy: 'IP_ADDRESSES' });
    expect(m5.steps).toEqual(computePodCapacity(10, 'SECONDARY_IP', 'm5.large').steps);
    expect(raised.code, raised.stderr).toBe(0);
    expect(JSON.parse(raised.stdout)).toMatchObject({ maxPods: 224, kubeletMaxPods: 250, schedulablePods: 224, limitedBy: 'IP_ADDRESSES' });
  });

  const xen = [...testKnowledge().instanceTypes.values()].find((t) => !supportsPrefixDelegation(t) && windowsUnsuitability(t.name) === null)!;
  it.concurrent.each([
    [
      'an Arm (Graviton) type',
      ['m6g.large'],
      /<instance-type>: m6g\.large is Arm-based \(the "g" attribute in m6g means AWS Graviton\); Windows nodes need x86-64\./,
    ],
    ['a mac type', ['mac1.metal'], /<instance-type>: mac1\.metal is a mac instance type, which runs macOS only\./],
    ['an unknown name', ['m5.larg'], /<instance-type>: unknown EC2 instance type "m5\.larg"\n\s+closest known: m5\.large/],
    ['a --kubelet-max-pods that is not a number', ['m5.large', '--kubelet-max-pods', 'many'], /--kubelet-max-pods must be a whole number from 1 to 10000/],
    ['a --kubelet-max-pods of 0', ['m5.large', '--kubelet-max-pods', '0'], /--kubelet-max-pods must be a whole number from 1 to 10000/],
    ['an unknown --mode', ['m5.large', '--mode', 'pd'], /argument 'pd' is invalid. Allowed choices are secondary-ip, prefix-delegation/],
    ['a missing instance type', [], /missing required argument 'instance-type'/],
  ])('%s exits 1 with the reason', async (_, args, reason) => {
    const result = await runCli(['capacity', ...args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(reason);
  });

  it('the same Xen type works in secondary-IP mode', async () => {
    const result = await runCli(['capacity', xen.name]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${xen.name} (secondary-IP mode): ${xen.ipv4PerInterface - 1} pods by IP addresses`);
  });

  it('prefix delegation on a Xen type answers with the secondary-IP fallback and says why', async () => {
    const result = await runCli(['capacity', xen.name, '--mode', 'prefix-delegation']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${xen.name} (prefix delegation asked, runs in secondary-IP mode): ${xen.ipv4PerInterface - 1} pods by IP addresses`);
    expect(result.stdout.replace(/\n\s+/g, ' ')).toMatch(/runs on the xen hypervisor; prefix delegation for Windows needs a Nitro-based/);
  });
});
