import { describe, expect, it } from 'vitest';
import { compareWindowsReleases, type ReleaseOrderKey } from '../../src/domain/windows-releases.js';
import { testKnowledge } from '../support/fixtures.js';
import { realSeeds, record } from '../seeds/support.js';

/** Order keys straight from seeds/windows-versions.yaml (endoflife-windows-server#releases). */
function key(slug: string): ReleaseOrderKey {
  const v = record(realSeeds().windowsVersions, slug);
  return { build: v.build, released: v.released, channel: v.channel };
}

describe('compareWindowsReleases', () => {
  it('puts 1903 (build 18362) after Server 2019 (build 17763), although "1903" < "2019" as text', () => {
    expect(compareWindowsReleases(key('windows-server-1903'), key('windows-server-2019'))).toBeGreaterThan(0);
    expect(compareWindowsReleases(key('windows-server-2019'), key('windows-server-1903'))).toBeLessThan(0);
  });

  it('puts the SAC release 1809 before the LTSC release 2019 at the same build and release day', () => {
    const sac = key('windows-server-1809');
    const ltsc = key('windows-server-2019');
    expect(sac.build).toBe(ltsc.build);
    expect(sac.released).toBe(ltsc.released);
    expect(compareWindowsReleases(sac, ltsc)).toBeLessThan(0);
    expect(compareWindowsReleases(ltsc, sac)).toBeGreaterThan(0);
  });

  it('falls back to the release date before the channel when builds are equal', () => {
    expect(compareWindowsReleases({ build: 1, released: '2020-01-01', channel: 'LTSC' }, { build: 1, released: '2020-02-01', channel: 'SAC' })).toBeLessThan(0);
  });

  it('is a strict total order over every seeded release: antisymmetric, never 0 between two releases, and build-monotone (property)', () => {
    const slugs = [...realSeeds().windowsVersions.keys()];
    for (const a of slugs)
      for (const b of slugs) {
        const ab = compareWindowsReleases(key(a), key(b));
        if (a === b) expect(ab).toBe(0);
        else {
          expect(ab, `${a} vs ${b}`).not.toBe(0);
          expect(Math.sign(ab)).toBe(-Math.sign(compareWindowsReleases(key(b), key(a))));
          if (key(a).build !== key(b).build) expect(Math.sign(ab)).toBe(Math.sign(key(a).build - key(b).build));
        }
      }
  });

  it('is the order in which the knowledge base lists releases (built from the seeds)', () => {
    const listed = [...testKnowledge().releases.keys()];
    const sorted = [...realSeeds().windowsVersions.keys()].sort((a, b) => compareWindowsReleases(key(a), key(b)));
    expect(listed).toEqual(sorted);
    expect(listed.indexOf('windows-server-1809')).toBe(listed.indexOf('windows-server-2019') - 1);
    expect(listed.indexOf('windows-server-1903')).toBeGreaterThan(listed.indexOf('windows-server-2019'));
  });
});
