import { describe, expect, it } from 'vitest';
import { compareKubernetes, describeKubernetesRange, kubernetesInRange, parseKubernetesMinor } from '../../src/domain/kubernetes-version.js';

describe('parseKubernetesMinor', () => {
  it('returns the minor number', () => {
    expect(parseKubernetesMinor('1.33')).toBe(33);
    expect(parseKubernetesMinor('1.9')).toBe(9);
    expect(parseKubernetesMinor('1.0')).toBe(0);
    expect(parseKubernetesMinor(' 1.14 ')).toBe(14);
  });

  it.each(['v1.29', '1.x', '2.0', '1.033', '1.', '1', '1.29.3', '1.100', '', 'latest'])('refuses "%s"', (text) => {
    expect(() => parseKubernetesMinor(text)).toThrow(RangeError);
    expect(() => parseKubernetesMinor(text)).toThrow(`"${text}"`);
  });
});

describe('compareKubernetes', () => {
  it('compares minors numerically, not as text (1.9 < 1.10)', () => {
    expect(compareKubernetes('1.9', '1.10')).toBeLessThan(0);
    expect(compareKubernetes('1.33', '1.14')).toBeGreaterThan(0);
    expect(compareKubernetes('1.32', '1.32')).toBe(0);
  });
});

describe('kubernetesInRange', () => {
  it('is inclusive at both ends', () => {
    const range = { min: '1.14', max: '1.32' };
    expect(kubernetesInRange('1.14', range)).toBe(true);
    expect(kubernetesInRange('1.32', range)).toBe(true);
    expect(kubernetesInRange('1.13', range)).toBe(false);
    expect(kubernetesInRange('1.33', range)).toBe(false);
  });

  it('treats a missing range or a missing end as open', () => {
    expect(kubernetesInRange('1.2', undefined)).toBe(true);
    expect(kubernetesInRange('1.99', { min: '1.34' })).toBe(true);
    expect(kubernetesInRange('1.33', { min: '1.34' })).toBe(false);
    expect(kubernetesInRange('1.10', { max: '1.33' })).toBe(true);
    expect(kubernetesInRange('1.34', { max: '1.33' })).toBe(false);
  });
});

describe('describeKubernetesRange', () => {
  it('words every shape of range', () => {
    expect(describeKubernetesRange(undefined)).toBe('all Kubernetes versions');
    expect(describeKubernetesRange({})).toBe('all Kubernetes versions');
    expect(describeKubernetesRange({ min: '1.14', max: '1.32' })).toBe('Kubernetes 1.14 to 1.32');
    expect(describeKubernetesRange({ min: '1.33', max: '1.33' })).toBe('Kubernetes 1.33');
    expect(describeKubernetesRange({ min: '1.34' })).toBe('Kubernetes 1.34 and later');
    expect(describeKubernetesRange({ max: '1.33' })).toBe('Kubernetes 1.33 and earlier');
  });
});
