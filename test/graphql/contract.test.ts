/** The served schema keeps the public contract: no breaking change, ever. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, DangerousChangeType, findBreakingChanges, findDangerousChanges } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { typeDefs } from '../../src/graphql/schema.js';

const contractPath = join(PROJECT_ROOT, 'test/contract/contract.graphql');
const served = buildSchema(typeDefs);

describe('public contract', () => {
  // The workspace keeps the contract in ../shared; a clone from a git host has only the project copy,
  // which the tests below guard on their own.
  const shared = join(PROJECT_ROOT, '..', 'shared', 'contract', 'schema.graphql');
  if (!existsSync(shared))
    console.warn(`contract copy check skipped: ${shared} is absent (no ../shared beside this checkout); the committed test/contract/contract.graphql is used`);
  it.skipIf(!existsSync(shared))('the project copy of the contract is the shared one (where ../shared is present)', () => {
    expect(readFileSync(contractPath, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });

  it('has no breaking change against the served schema (graphql-js findBreakingChanges)', () => {
    const contract = buildSchema(readFileSync(contractPath, 'utf8'));
    expect(findBreakingChanges(contract, served)).toEqual([]);
  });

  it('would catch a breaking change (the check is live)', () => {
    const contract = buildSchema(readFileSync(contractPath, 'utf8'));
    const broken = buildSchema(typeDefs.replace('supportsNetworkPolicy: Boolean!', 'supportsNetworkPolicy: Boolean'));
    expect(findBreakingChanges(contract, broken).map((c) => c.description)).toEqual([expect.stringContaining('CniPlugin.supportsNetworkPolicy')]);
  });

  it('only adds the enum value AC to ServicingChannel among dangerous changes to contract enums', () => {
    const contract = buildSchema(readFileSync(contractPath, 'utf8'));
    const enumAdds = findDangerousChanges(contract, served)
      .filter((c) => c.type === DangerousChangeType.VALUE_ADDED_TO_ENUM)
      .map((c) => c.description);
    expect(enumAdds.sort()).toEqual(
      [
        'AC was added to enum type ServicingChannel.',
        'CONFIG_MAP_KEY was added to enum type SettingKind.',
        'OS_UPDATE was added to enum type SettingKind.',
        'POWERSHELL_PARAMETER was added to enum type SettingKind.',
      ].sort(),
    );
  });
});
