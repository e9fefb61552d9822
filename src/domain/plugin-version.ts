/**
 * CNI plugin releases ("0.12.0", "v0.12.0", "0.12"), compared by semver: missing parts count as 0,
 * so "0.12" equals "0.12.0". A part is a number as semver writes it (no leading zero, at most 15
 * digits, below Number.MAX_SAFE_INTEGER), so semver's coerce reads exactly what the pattern accepts.
 */
import semver from 'semver';
import type { Tristate } from './windows-build.js';

export const PLUGIN_VERSION = /^v?(?:0|[1-9]\d{0,14})(?:\.(?:0|[1-9]\d{0,14})){0,2}$/;

export interface PluginVersionRange {
  from?: string;
  before?: string;
}

function parse(version: string): semver.SemVer {
  const parsed = PLUGIN_VERSION.test(version) ? semver.coerce(version) : null;
  if (parsed === null) throw new RangeError(`not a plugin version: "${version}" (expected e.g. 0.12.0 or v0.12.0)`);
  return parsed;
}

export function comparePluginVersions(a: string, b: string): number {
  return semver.compare(parse(a), parse(b));
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
