import { describe, expect, it } from 'vitest';
import { and, compareBuilds, formatBuild, isAtLeast, isInRange, not, parseBuild, type Tristate, type WindowsBuild } from '../../src/domain/windows-build.js';

describe('parseBuild', () => {
  it('reads a bare build without inventing a revision', () => {
    const b = parseBuild('17763');
    expect(b).toEqual({ build: 17763 });
    expect('revision' in b).toBe(false);
  });

  it('reads a build with its update revision', () => {
    expect(parseBuild('17763.1432')).toEqual({ build: 17763, revision: 1432 });
    expect(parseBuild('20348.261')).toEqual({ build: 20348, revision: 261 });
    expect(parseBuild('9600')).toEqual({ build: 9600 });
  });

  it.each(['17763.x', '', '123', '123456', '17763.', '.1432', 'v17763', '17763.123456', '17763.1.2', ' 17763', '17763 ', 'abcde'])(
    'refuses "%s" with a RangeError that quotes the input',
    (text) => {
      expect(() => parseBuild(text)).toThrow(RangeError);
      expect(() => parseBuild(text)).toThrow(`"${text}"`);
    },
  );

  it('round-trips through formatBuild', () => {
    for (const text of ['14393', '17763.379', '17763.1432', '20348.261', '26100']) expect(formatBuild(parseBuild(text))).toBe(text);
  });
});

describe('compareBuilds', () => {
  it('orders by build number first, not by text (1903 = 18362 is newer than 2019 = 17763)', () => {
    expect(compareBuilds({ build: 18362 }, { build: 17763, revision: 9999 })).toBeGreaterThan(0);
    expect(compareBuilds({ build: 9600 }, { build: 14393 })).toBeLessThan(0);
  });

  it('orders revisions numerically within a build', () => {
    expect(compareBuilds(parseBuild('17763.379'), parseBuild('17763.1432'))).toBeLessThan(0);
    expect(compareBuilds(parseBuild('17763.2746'), parseBuild('17763.1432'))).toBeGreaterThan(0);
    expect(compareBuilds(parseBuild('17763.1432'), parseBuild('17763.1432'))).toBe(0);
  });

  it('treats a missing revision as the release build (revision 0)', () => {
    expect(compareBuilds({ build: 17763 }, { build: 17763, revision: 0 })).toBe(0);
    expect(compareBuilds({ build: 17763 }, { build: 17763, revision: 1 })).toBeLessThan(0);
  });

  it('is antisymmetric and sorts a mixed list into build order (property over sample builds)', () => {
    const texts = ['26100', '17763.2746', '14393', '17763', '20348.261', '17763.379', '18362', '20348', '17763.1432'];
    const builds = texts.map(parseBuild);
    for (const a of builds) for (const b of builds) expect(Math.sign(compareBuilds(a, b))).toBe(-Math.sign(compareBuilds(b, a)) || 0);
    expect([...builds].sort(compareBuilds).map(formatBuild)).toEqual([
      '14393',
      '17763',
      '17763.379',
      '17763.1432',
      '17763.2746',
      '18362',
      '20348',
      '20348.261',
      '26100',
    ]);
  });
});

describe('isAtLeast', () => {
  const node = (text: string): WindowsBuild => parseBuild(text);

  it('answers yes/no by build when the builds differ, whatever the revisions', () => {
    expect(isAtLeast(node('20348'), node('17763.1432'))).toBe('yes');
    expect(isAtLeast(node('14393.9999'), node('17763'))).toBe('no');
  });

  it('answers by revision within one build', () => {
    expect(isAtLeast(node('17763.1432'), node('17763.1432'))).toBe('yes');
    expect(isAtLeast(node('17763.1433'), node('17763.1432'))).toBe('yes');
    expect(isAtLeast(node('17763.1431'), node('17763.1432'))).toBe('no');
    expect(isAtLeast(node('17763.0'), node('17763.1432'))).toBe('no');
  });

  it('is "unknown" when the node shares the build but its revision is not given', () => {
    expect(isAtLeast(node('17763'), node('17763.1432'))).toBe('unknown');
  });

  it('is "yes" for a threshold without revision (or revision 0) even when the node revision is unknown', () => {
    expect(isAtLeast(node('17763'), node('17763'))).toBe('yes');
    expect(isAtLeast(node('17763'), node('17763.0'))).toBe('yes');
  });

  it('agrees with compareBuilds whenever both revisions are known (property)', () => {
    const known = ['17763.0', '17763.379', '17763.1432', '17763.2746', '18362.1', '20348.261', '14393.5'].map(parseBuild);
    for (const a of known)
      for (const b of known) {
        const expected: Tristate = compareBuilds(a, b) >= 0 ? 'yes' : 'no';
        expect(isAtLeast(a, b), `${formatBuild(a)} >= ${formatBuild(b)}`).toBe(expected);
      }
  });
});

describe('isInRange', () => {
  const r = (from?: string, before?: string) => ({ from: from ? parseBuild(from) : undefined, before: before ? parseBuild(before) : undefined });

  it('is inclusive at from and exclusive at before', () => {
    expect(isInRange(parseBuild('17763.379'), r('17763.379', '17763.2746'))).toBe('yes');
    expect(isInRange(parseBuild('17763.2746'), r('17763.379', '17763.2746'))).toBe('no');
    expect(isInRange(parseBuild('17763.378'), r('17763.379', '17763.2746'))).toBe('no');
  });

  it('treats missing ends as open', () => {
    expect(isInRange(parseBuild('14393'), r(undefined, '17763.2746'))).toBe('yes');
    expect(isInRange(parseBuild('26100'), r('17763.2746'))).toBe('yes');
    expect(isInRange(parseBuild('1000'), {})).toBe('yes');
  });

  it('keeps a whole build in a range "from 20348 before 20349" whatever the revision', () => {
    expect(isInRange(parseBuild('20348'), r('20348', '20349'))).toBe('yes');
    expect(isInRange(parseBuild('20348.3000'), r('20348', '20349'))).toBe('yes');
    expect(isInRange(parseBuild('26100'), r('20348', '20349'))).toBe('no');
  });

  it('is "unknown" when an end names a revision of the node\'s build and the node revision is unknown', () => {
    expect(isInRange(parseBuild('17763'), r(undefined, '17763.2746'))).toBe('unknown');
    expect(isInRange(parseBuild('20348'), r('20348.261', '20349'))).toBe('unknown');
  });

  it('is "no" rather than "unknown" when the other end already rules the node out', () => {
    expect(isInRange(parseBuild('17763'), r('20348.261', '20349'))).toBe('no');
  });
});

describe('not / and', () => {
  it('negates yes and no and keeps unknown', () => {
    expect(not('yes')).toBe('no');
    expect(not('no')).toBe('yes');
    expect(not('unknown')).toBe('unknown');
  });

  it('lets "no" win over "unknown", and "unknown" over "yes"', () => {
    expect(and('yes', 'unknown', 'no')).toBe('no');
    expect(and('yes', 'unknown')).toBe('unknown');
    expect(and('yes', 'yes')).toBe('yes');
    expect(and()).toBe('yes');
  });
});
