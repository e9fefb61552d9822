/** Where the dataset's knowledge ends (src/domain/horizon.ts): the versions a seed tree names, and the newest release. */
import { describe, expect, it } from 'vitest';
import { describeHorizon, kubernetesVersionsIn, newestKubernetes, newestRelease } from '../../src/domain/horizon.js';

describe('kubernetesVersionsIn', () => {
  it('finds range bounds, minimumKubernetes and a gate graduation, in objects, arrays and Maps', () => {
    const tree = new Map<string, unknown>([
      ['row', { kubernetes: { min: '1.23', max: '1.36' } }],
      ['feature', { minimumKubernetes: '1.14', settings: [{ kubernetes: { max: '1.32' } }] }],
      ['mode', { gateGraduation: { gate: 'WinOverlay', kubernetes: '1.34' } }],
    ]);
    expect(kubernetesVersionsIn(tree).sort()).toEqual(['1.14', '1.23', '1.32', '1.34', '1.36']);
  });
  it('ignores versions under other keys, min/max outside a kubernetes range, and text that is not a minor version', () => {
    const tree = {
      note: 'supported on 1.99',
      pluginVersions: { min: '1.50' },
      windowsBuilds: { from: '1.2' },
      kubernetes: { min: 'v1.30', max: '1.30.1' },
      minimumKubernetes: '1.05',
    };
    expect(kubernetesVersionsIn(tree)).toEqual([]);
  });
});

describe('newestKubernetes', () => {
  it('compares minor versions numerically, not as text', () => {
    expect(newestKubernetes(['1.9', '1.36', '1.14'])).toBe('1.36');
  });
  it('refuses an empty list with a RangeError', () => {
    expect(() => newestKubernetes([])).toThrow(RangeError);
  });
});

describe('newestRelease', () => {
  const r = (slug: string, build: number, released: string) => ({ slug, build, released });
  it('takes the highest build', () => {
    expect(newestRelease([r('a', 17763, '2018-11-13'), r('c', 26100, '2024-11-01'), r('b', 20348, '2021-08-18')]).slug).toBe('c');
  });
  it('breaks a tie on the build by the later release date, whatever the order (LTSC 2019 and SAC 1809 share 17763)', () => {
    const sac = r('windows-server-1809', 17763, '2018-10-02');
    const ltsc = r('windows-server-2019', 17763, '2018-11-13');
    expect(newestRelease([sac, ltsc]).slug).toBe('windows-server-2019');
    expect(newestRelease([ltsc, sac]).slug).toBe('windows-server-2019');
  });
  it('refuses an empty list with a RangeError', () => {
    expect(() => newestRelease([])).toThrow(RangeError);
  });
});

describe('describeHorizon', () => {
  it('names the newest Kubernetes version, Windows release and source date', () => {
    expect(describeHorizon({ kubernetesVersion: '1.36', windowsVersion: 'windows-server-2025', knowledgeDate: '2026-08-22' }, 'Windows Server 2025')).toBe(
      'The dataset documents Kubernetes up to 1.36 and Windows releases up to Windows Server 2025; its newest source was read at 2026-08-22.',
    );
  });
});
