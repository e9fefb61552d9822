/**
 * The compatibility engine's read path: the whole knowledge base as the domain's plain data,
 * read once per opened database (the data is read-only and small) through drizzle's typed
 * selects, so every column arrives with the type its table declares (`$inferSelect`).
 *
 * The graph has the other read path (src/graphql/loaders.ts: per-request DataLoaders over SQL).
 * This one exists because the engine's rules are pure functions over a whole snapshot.
 */
import type { Knowledge } from '../domain/knowledge.js';
import { writeSnapshotFile, type SourceDocuments } from './knowledge-snapshot.js';
import type { KbDatabase, OpenDatabase } from './open.js';
import { owner } from './owners.js';
import * as t from './tables.js';
import { knowledgeReader } from './knowledge/reader.js';
import { readReleases } from './knowledge/windows-releases.js';
import { readModes } from './knowledge/network-modes.js';
import { readPlugins } from './knowledge/cni-plugins.js';
import { readFeatures } from './knowledge/features.js';
import { readLimitations } from './knowledge/limitations.js';
import { readInstanceTypes } from './knowledge/instance-types.js';
import { readEnvironments } from './knowledge/environments.js';
import { readFeatureDefaults } from './knowledge/feature-defaults.js';
import { readNodeOsSupport } from './knowledge/node-os-support.js';
import { readFeatureGates } from './knowledge/feature-gates.js';
import { readServiceTypes } from './knowledge/service-types.js';
import { readIpamOptions } from './knowledge/ipam-options.js';
import { readGlossary } from './knowledge/glossary.js';
import { readManifestSignals } from './knowledge/manifest-signals.js';

/** The whole knowledge base of an opened database, entity by entity (./knowledge/<entity>.ts). */
export function loadKnowledge({ db, meta }: Pick<OpenDatabase, 'db' | 'meta'>): Knowledge {
  const reader = knowledgeReader(db);
  const instanceTypes = readInstanceTypes(reader);
  return {
    datasetVersion: meta.datasetVersion,
    horizon: { kubernetesVersion: meta.kubernetesHorizon, windowsVersion: meta.windowsHorizon, knowledgeDate: meta.knowledgeDate },
    nodeOsSupport: readNodeOsSupport(reader),
    featureGates: readFeatureGates(reader),
    releases: readReleases(reader),
    modes: readModes(reader),
    plugins: readPlugins(reader),
    features: readFeatures(reader),
    limitations: readLimitations(reader),
    featureDefaults: readFeatureDefaults(reader),
    environments: readEnvironments(reader),
    serviceTypes: readServiceTypes(reader),
    ipamOptions: readIpamOptions(reader),
    instanceTypes,
    instanceTypeSources: reader.cite(owner.instanceTypes),
    glossary: readGlossary(reader),
    manifestSignals: readManifestSignals(reader),
    // Derived from the catalogue already in memory rather than asked of SQL again.
    maxIpv4PerInterface: Math.max(0, ...[...instanceTypes.values()].map((i) => i.ipv4PerInterface)),
  };
}

/** The source documents by slug (slug, title, url): what a citation's `document` resolves to. */
export function loadSourceDocuments(db: KbDatabase): SourceDocuments {
  const rows = db.select({ slug: t.sourceDocuments.slug, title: t.sourceDocuments.title, url: t.sourceDocuments.url }).from(t.sourceDocuments).all();
  return new Map(rows.map((r) => [r.slug, r]));
}

/** Writes the knowledge snapshot of a complete database (knowledge-snapshot.ts) to `target`. */
export function writeKnowledgeSnapshot(database: Pick<OpenDatabase, 'db' | 'meta'>, target: string): void {
  writeSnapshotFile({ knowledge: loadKnowledge(database), documents: loadSourceDocuments(database.db) }, database.meta, target);
}
