/** Loads EC2 instance types into the tables: a step of ../load.ts. */
import { owner } from '../../db/owners.js';
import { INSTANCE_TYPE_SOURCES } from '../ec2.js';
import type { IpAddressMode } from '../../domain/capacity.js';
import { architectureOf, instanceCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../../domain/instance-types.js';
import * as t from '../../db/tables.js';
import type { SeedSet } from '../schema.js';
import type { SeedWriter } from './writer.js';

/** EC2 instance types, with what the domain derives from their limits (architecture, suitability, pods per mode). */
export function loadInstanceTypes({ db, cite }: SeedWriter, seeds: SeedSet): void {
  for (const [name, i] of seeds.instanceTypes) {
    const limits = { name, ipv4PerInterface: i.ipv4PerInterface, hypervisor: i.hypervisor, bareMetal: i.bareMetal };
    const pods = (mode: IpAddressMode) => {
      const r = instanceCapacity(limits, mode);
      return 'capacity' in r ? r.capacity.maxPods : null;
    };
    db.insert(t.instanceTypes)
      .values({
        name,
        architecture: architectureOf(name),
        windowsUnsuitability: windowsUnsuitability(name),
        prefixDelegationSupported: supportsPrefixDelegation(limits),
        podsSecondaryIp: pods('SECONDARY_IP'),
        podsPrefixDelegation: pods('PREFIX_DELEGATION'),
        rankSecondaryIp: -(pods('SECONDARY_IP') ?? -1),
        rankPrefixDelegation: -(pods('PREFIX_DELEGATION') ?? -1),
        family: name.slice(0, name.indexOf('.')),
        maxInterfaces: i.maxInterfaces,
        ipv4PerInterface: i.ipv4PerInterface,
        hypervisor: i.hypervisor,
        bareMetal: i.bareMetal,
        networkCards: i.networkCards,
        defaultNetworkCardIndex: i.defaultNetworkCardIndex,
        trunking: i.trunking,
        branchInterfaces: i.branchInterfaces,
      })
      .run();
  }
  cite(owner.instanceTypes, INSTANCE_TYPE_SOURCES);
}
