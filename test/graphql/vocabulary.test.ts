/**
 * Each closed vocabulary has one home (src/domain/vocabulary.ts): the SDL enum that exposes it
 * must list exactly its values in GraphQL spelling, and the resolvers' internal values must map
 * back to the vocabulary's own spelling.
 */
import { buildSchema, GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ENUM_VALUES } from '../../src/graphql/enum-values.js';
import { loadSdl } from '../../src/graphql/sdl.js';
import * as v from '../../src/domain/vocabulary.js';
import { VERDICTS } from '../../src/domain/compatibility/judge.js';

const schema = buildSchema(loadSdl());

const SDL_ENUMS: Record<string, readonly string[]> = {
  SourceKind: v.SOURCE_KINDS,
  ServicingChannel: v.CHANNELS,
  NodeOsSupportStatus: v.NODE_OS_STATUSES,
  Stability: v.STABILITY_LEVELS,
  SupportLevel: v.SUPPORT_LEVELS,
  EnvironmentStatus: v.ENVIRONMENT_STATUSES,
  SettingKind: v.SETTING_KINDS,
  LimitationKind: v.LIMITATION_KINDS,
  ThresholdMetric: v.THRESHOLD_METRICS,
  Architecture: v.ARCHITECTURES,
  Hypervisor: v.HYPERVISORS,
  PodLimit: v.POD_LIMITS,
  Verdict: VERDICTS,
  Severity: v.SEVERITIES,
  IpAddressMode: v.IP_ADDRESS_MODES,
  ScanGrouping: v.SCAN_GROUPINGS,
  FindingApplicability: v.APPLICABILITIES,
};

describe('SDL enums follow the vocabularies', () => {
  it('every enum in the SDL has a vocabulary here', () => {
    const enums = Object.values(schema.getTypeMap()).filter((t): t is GraphQLEnumType => t instanceof GraphQLEnumType && !t.name.startsWith('__'));
    expect(enums.map((e) => e.name).sort()).toEqual(Object.keys(SDL_ENUMS).sort());
  });

  it.each(Object.entries(SDL_ENUMS))('%s lists exactly the vocabulary, in GraphQL spelling', (name, values) => {
    const type = schema.getType(name) as GraphQLEnumType;
    expect(
      type
        .getValues()
        .map((x) => x.name)
        .sort(),
    ).toEqual(values.map(v.graphqlName).sort());
  });

  it.each(Object.entries(ENUM_VALUES))('%s maps each GraphQL name back to the vocabulary spelling', (name, mapping) => {
    const vocabulary = SDL_ENUMS[name]!;
    expect(Object.values(mapping).sort()).toEqual([...vocabulary].sort());
    for (const [graphql, internal] of Object.entries(mapping)) expect(graphql).toBe(v.graphqlName(internal));
  });
});
