import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeedText, type SeedProblem } from '../../src/seeds/read.js';
import { SEED_FILES } from '../../src/seeds/schema.js';
import { ADDRESSES_PER_PREFIX, computePodCapacity, KUBELET_DEFAULT_MAX_PODS } from '../../src/domain/capacity.js';
import { REAL_SEEDS_DIR, record } from '../seeds/support.js';

/** IPv4 addresses per ENI from seeds/ec2-instance-types.yaml (vpc-resource-controller#pkg/aws/vpc/limits.go). */
const problems: SeedProblem[] = [];
const instanceTypes = parseSeedText('instanceTypes', readFileSync(join(REAL_SEEDS_DIR, SEED_FILES.instanceTypes.file), 'utf8'), problems);
const ipv4 = (name: string) => record(instanceTypes, name).ipv4PerInterface;

describe('computePodCapacity (eks-best-practices-windows-networking#IP address management)', () => {
  it('reads the instance seed without problems', () => {
    expect(problems).toEqual([]);
  });

  it.each([
    // name, IPv4 per ENI in the seed, secondary-IP pods, prefix-delegation pods
    ['m5.large', 10, 9, 144],
    ['c5.xlarge', 15, 14, 224],
    ['t3.micro', 2, 1, 16],
  ] as const)('%s: %i addresses per ENI give %i pods (secondary IP) and %i (prefix delegation)', (name, addresses, secondary, prefix) => {
    expect(ipv4(name)).toBe(addresses);
    expect(computePodCapacity(ipv4(name), 'SECONDARY_IP').maxPods).toBe(secondary);
    expect(computePodCapacity(ipv4(name), 'PREFIX_DELEGATION').maxPods).toBe(prefix);
  });

  it('flags results above the kubelet default of 110 max-pods (eks-best-practices-prefix-mode-windows#Prefix Mode for Windows)', () => {
    expect(KUBELET_DEFAULT_MAX_PODS).toBe(110);
    expect(computePodCapacity(ipv4('m5.large'), 'PREFIX_DELEGATION').exceedsKubeletDefault).toBe(true);
    expect(computePodCapacity(ipv4('m5.large'), 'SECONDARY_IP').exceedsKubeletDefault).toBe(false);
    // Boundary: exactly 110 pods is within the default, 111 is above it.
    expect(computePodCapacity(111, 'SECONDARY_IP')).toMatchObject({ maxPods: 110, exceedsKubeletDefault: false });
    expect(computePodCapacity(112, 'SECONDARY_IP')).toMatchObject({ maxPods: 111, exceedsKubeletDefault: true });
  });

  it('shows the arithmetic in its steps', () => {
    const pd = computePodCapacity(10, 'PREFIX_DELEGATION', 'm5.large');
    expect(pd.steps.join('\n')).toContain('m5.large allows 10 IPv4 addresses');
    expect(pd.steps.join('\n')).toContain('10 - 1 = 9');
    expect(pd.steps.join('\n')).toContain(`9 x ${ADDRESSES_PER_PREFIX} = 144`);
    expect(pd.steps.at(-1)).toContain('--max-pods=144');
    const sip = computePodCapacity(10, 'SECONDARY_IP');
    expect(sip.steps.join('\n')).toContain('10 - 1 = 9');
    expect(sip.steps.join('\n')).toContain('9 pods');
    expect(sip.steps.join('\n')).not.toContain(' x 16');
    expect(sip.steps.at(-1)).toContain('within');
  });

  it('echoes its inputs and the kubelet default', () => {
    expect(computePodCapacity(15, 'SECONDARY_IP')).toMatchObject({ ipv4AddressesPerInterface: 15, ipAddressMode: 'SECONDARY_IP', kubeletDefaultMaxPods: 110 });
  });

  it.each([1, 0, -3, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s addresses per interface (an ENI needs its primary plus one)', (n) => {
    expect(() => computePodCapacity(n, 'SECONDARY_IP')).toThrow(RangeError);
  });

  it('accepts the smallest usable ENI (2 addresses)', () => {
    expect(computePodCapacity(2, 'SECONDARY_IP').maxPods).toBe(1);
  });

  it('never gives more secondary-IP pods than addresses minus one, and prefix mode is exactly 16 times that (property over every seeded instance type)', () => {
    for (const [name, t] of instanceTypes) {
      if (t.ipv4PerInterface < 2) {
        expect(() => computePodCapacity(t.ipv4PerInterface, 'SECONDARY_IP'), name).toThrow(RangeError);
        continue;
      }
      const s = computePodCapacity(t.ipv4PerInterface, 'SECONDARY_IP').maxPods;
      expect(s, name).toBe(t.ipv4PerInterface - 1);
      expect(computePodCapacity(t.ipv4PerInterface, 'PREFIX_DELEGATION').maxPods, name).toBe(s * 16);
    }
  });
});
