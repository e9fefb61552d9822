/**
 * CNI plugin releases ("0.12.0", "v0.12.0"), compared numerically part by part; missing parts
 * count as 0, so "0.12" equals "0.12.0".
 */
import type { Tristate } from './windows-build.js';

export const PLUGIN_VERSION = /^v?\d+(?:\.\d+){0,2}$/;

export interface PluginVersionRange {
  from?: string;
  before?: string;
}

function parts(version: string): number[] {
  if (!PLUGIN_VERSION.test(version)) throw new RangeError(`not a plugin version: "${version}" (expected e.g. 0.12.0 or v0.12.0)`);
  const numbers = version.replace(/^v/, '').split('.').map(Number);
  while (numbers.length < 3) numbers.push(0);
  return numbers;
}

export function comparePluginVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Is from <= version < before? Unknown when the version is not known. */
export function pluginVersionInRange(version: string | undefined, range: PluginVersionRange): Tristate {
  if (version === undefined) return 'unknown';
  if (range.from !== undefined && comparePluginVersions(version, range.from) < 0) return 'no';
  if (range.before !== undefined && comparePluginVersions(version, range.before) >= 0) return 'no';
  return 'yes';
}

export function describePluginVersionRange(range: PluginVersionRange): string {
  if (range.from && range.before) return `releases ${range.from} up to (not including) ${range.before}`;
  return range.from ? `release ${range.from} and later` : `releases before ${range.before}`;
}
