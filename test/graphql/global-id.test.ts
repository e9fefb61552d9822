/**
 * Global ids are part of the contract: clients store them and send them back to `node(id:)`, so
 * their bytes must not change. They are base64url of "<Type>:<slug>" without padding, written by
 * hand: graphql-relay's toGlobalId pads standard base64 and would change most of them
 * (docs/architecture.md, "Other choices").
 */
import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from '../../src/graphql/global-id.js';

describe('global ids', () => {
  it.each([
    ['Feature', 'direct-server-return', 'RmVhdHVyZTpkaXJlY3Qtc2VydmVyLXJldHVybg'],
    ['CniPlugin', 'flannel', 'Q25pUGx1Z2luOmZsYW5uZWw'],
    ['InstanceType', 'm5.large', 'SW5zdGFuY2VUeXBlOm01Lmxhcmdl'],
    ['FindingCodeInfo', 'NOT_JUDGED', 'RmluZGluZ0NvZGVJbmZvOk5PVF9KVURHRUQ'],
  ] as const)('%s %s is %s, and reads back', (type, slug, id) => {
    expect(toGlobalId(type, slug)).toBe(id);
    expect(fromGlobalId(id)).toEqual({ type, slug });
  });

  it('refuses padded standard base64, unknown types and what is not base64url', () => {
    expect(fromGlobalId('Q25pUGx1Z2luOmZsYW5uZWw=')).toBeNull();
    expect(fromGlobalId(Buffer.from('Nothing:x').toString('base64url'))).toBeNull();
    expect(fromGlobalId('not an id')).toBeNull();
    expect(fromGlobalId('')).toBeNull();
  });
});
