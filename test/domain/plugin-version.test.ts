/** Plugin releases compare part by part as numbers; an unknown version leaves a range undecided. */
import { describe, expect, it } from 'vitest';
import { comparePluginVersions, describePluginVersionRange, pluginVersionInRange } from '../../src/domain/plugin-version.js';

describe('plugin versions', () => {
  it('compares numerically, ignores a leading v and fills missing parts with 0', () => {
    expect(comparePluginVersions('0.9.0', '0.12.0')).toBeLessThan(0);
    expect(comparePluginVersions('v0.12.0', '0.12')).toBe(0);
    expect(comparePluginVersions('1', '0.99.99')).toBeGreaterThan(0);
  });

  it('refuses what is not a version', () => {
    expect(() => comparePluginVersions('latest', '0.12.0')).toThrow(/not a plugin version/);
    expect(() => comparePluginVersions('0.12.0-rc1', '0.12.0')).toThrow(RangeError);
    // Parts as semver reads them: a leading zero or a 16-digit part would be read as another version (or none).
    expect(() => comparePluginVersions('0.012.0', '0.12.0')).toThrow(/not a plugin version/);
    expect(() => comparePluginVersions('1234567890123456.0.0', '0.12.0')).toThrow(/not a plugin version/);
    expect(comparePluginVersions('123456789012345.0.0', '0.12.0')).toBeGreaterThan(0);
  });

  it('tests half-open ranges, and answers unknown without a version', () => {
    const before = { before: '0.12.0' };
    expect(pluginVersionInRange('0.11.9', before)).toBe('yes');
    expect(pluginVersionInRange('0.12.0', before)).toBe('no');
    expect(pluginVersionInRange(undefined, before)).toBe('unknown');
    expect(pluginVersionInRange('0.12.0', { from: '0.12.0' })).toBe('yes');
    expect(pluginVersionInRange('0.11.0', { from: '0.12.0', before: '0.20.0' })).toBe('no');
  });

  it('describes ranges in words', () => {
    expect(describePluginVersionRange({ before: '0.12.0' })).toBe('releases before 0.12.0');
    expect(describePluginVersionRange({ from: '0.12.0' })).toBe('release 0.12.0 and later');
  });
});
