/**
 * Writes a validated seed set into an open, migrated database. Runs inside the caller's
 * transaction; ids for sub-records are assigned here so their citations can point at them.
 */
import type { SeedSet } from './schema.js';
import { seedWriter, type Db, type SeedWriter } from './load/writer.js';
import { loadSourceDocuments } from './load/source-documents.js';
import { loadWindowsReleases } from './load/windows-releases.js';
import { loadEnvironments } from './load/environments.js';
import { loadNetworkModes } from './load/network-modes.js';
import { loadIpamOptions, loadIpamRestrictions } from './load/ipam-options.js';
import { loadCniPlugins } from './load/cni-plugins.js';
import { loadFeatures } from './load/features.js';
import { loadServiceTypes } from './load/service-types.js';
import { loadLimitations, loadPluginEffectiveLimitations } from './load/limitations.js';
import { loadFeatureDefaults } from './load/feature-defaults.js';
import { loadNodeOsSupport } from './load/node-os-support.js';
import { loadFeatureGates } from './load/feature-gates.js';
import { loadNetworkFlows } from './load/network-flows.js';
import { loadGlossary } from './load/glossary.js';
import { loadInstanceTypes } from './load/instance-types.js';
import { loadManifestSignals } from './load/manifest-signals.js';
import { loadPluginComparisons } from './load/plugin-comparisons.js';

/**
 * The steps, in the order they run: a record is written after those it points at, and sub-record
 * ids are handed out in this order (one load of the same seeds always gives the same ids).
 */
const STEPS: readonly ((writer: SeedWriter, seeds: SeedSet) => void)[] = [
  loadSourceDocuments,
  loadWindowsReleases,
  loadEnvironments,
  loadNetworkModes,
  loadIpamOptions,
  loadCniPlugins,
  loadIpamRestrictions,
  loadFeatures,
  loadServiceTypes,
  loadLimitations,
  loadPluginEffectiveLimitations,
  loadFeatureDefaults,
  loadNodeOsSupport,
  loadFeatureGates,
  loadNetworkFlows,
  loadGlossary,
  loadInstanceTypes,
  loadManifestSignals,
  loadPluginComparisons,
];

export function loadSeeds(db: Db, seeds: SeedSet): void {
  const writer = seedWriter(db);
  for (const step of STEPS) step(writer, seeds);
}
