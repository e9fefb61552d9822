/**
 * Writes a validated seed set into an open, migrated database. Runs inside the caller's
 * transaction; ids for sub-records are assigned here so their citations can point at them.
 */
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { Citation, SeedSet, SettingSeed } from './schema.js';
import { compareWindowsReleases } from '../domain/windows-releases.js';
import { owner } from '../db/owners.js';
import { INSTANCE_TYPE_SOURCES } from './ec2.js';
import type { IpAddressMode } from '../domain/capacity.js';
import { architectureOf, instanceCapacity, supportsPrefixDelegation, windowsUnsuitability } from '../domain/instance-types.js';
import * as t from '../db/tables.js';

type Db = BetterSQLite3Database<typeof t>;

export function loadSeeds(db: Db, seeds: SeedSet): void {
  let nextId = 1;
  const newId = () => nextId++;
  const cite = (ownerKey: string, sources: readonly Citation[] | undefined) =>
    sources?.forEach((c, ordinal) =>
      db
        .insert(t.citations)
        .values({ owner: ownerKey, ordinal, documentSlug: c.doc, section: c.section, note: c.note ?? null })
        .run(),
    );
  const addSettings = (ownerKey: string, list: readonly SettingSeed[]) =>
    list.forEach((s, ordinal) => {
      const id = newId();
      db.insert(t.settings)
        .values({
          id,
          owner: ownerKey,
          ordinal,
          kind: s.kind,
          key: s.key,
          value: s.value,
          target: s.target ?? null,
          kubernetesMin: s.kubernetes?.min ?? null,
          kubernetesMax: s.kubernetes?.max ?? null,
          buildFrom: s.windowsBuilds?.from ?? null,
          buildBefore: s.windowsBuilds?.before ?? null,
          note: s.note ?? null,
          ipAddressMode: s.ipAddressMode ?? null,
        })
        .run();
      cite(owner.setting(id), s.sources);
    });
  const addNotes = (ownerKey: string, list: readonly { text: string; sources: Citation[] }[]) =>
    list.forEach((n, ordinal) => {
      const id = newId();
      db.insert(t.notes).values({ id, owner: ownerKey, ordinal, text: n.text }).run();
      cite(owner.note(id), n.sources);
    });

  for (const [slug, s] of seeds.sources)
    db.insert(t.sourceDocuments)
      .values({
        slug,
        title: s.title,
        url: s.url,
        locale: s.locale,
        kind: s.kind,
        revision: s.revision,
        file: s.file ?? null,
        sections: s.sections,
        revisionDate: s.revisionDate ?? null,
      })
      .run();

  const releases = [...seeds.windowsVersions].map(([slug, v]) => ({ slug, ...v }));
  releases.sort(compareWindowsReleases);
  releases.forEach((v, sortOrder) => {
    db.insert(t.windowsVersions)
      .values({
        slug: v.slug,
        name: v.name,
        version: v.version,
        versionLabelVerified: v.versionLabelVerified,
        build: v.build,
        channel: v.channel,
        released: v.released,
        mainstreamSupportEnds: v.mainstreamSupportEnds ?? null,
        supportEnds: v.supportEnds ?? null,
        sortOrder,
      })
      .run();
    cite(owner.windowsVersion(v.slug), v.sources);
    addNotes(owner.windowsVersion(v.slug), v.notes);
    for (const u of v.updates) {
      const id = newId();
      db.insert(t.windowsUpdates).values({ id, versionSlug: v.slug, kb: u.kb, revision: u.revision, released: u.released, description: u.description }).run();
      cite(owner.windowsUpdate(id), u.sources);
    }
  });

  for (const [slug, e] of seeds.environments) {
    db.insert(t.environments)
      .values({
        slug,
        name: e.name,
        description: e.description,
        pluginsListed: e.pluginsListed !== undefined,
        pluginsListedNote: e.pluginsListed?.note ?? null,
        platform: e.platform ?? null,
        eksctlDefaultInstanceType: e.eksctl?.defaultInstanceType ?? null,
      })
      .run();
    cite(owner.environment(slug), e.sources);
    cite(owner.environmentPluginsListed(slug), e.pluginsListed?.sources);
    cite(owner.environmentEksctl(slug), e.eksctl?.sources);
  }

  [...seeds.networkModes].forEach(([slug, m], ordinal) => {
    db.insert(t.networkModes)
      .values({
        slug,
        name: m.name,
        description: m.description,
        packetModifications: m.packetModifications,
        usedByKubernetes: m.usedByKubernetes,
        stability: m.stability,
        gateGraduatedIn: m.gateGraduation?.kubernetes ?? null,
        gateName: m.gateGraduation?.gate ?? null,
        ordinal,
      })
      .run();
    cite(owner.networkMode(slug), m.sources);
    cite(owner.networkModeGraduation(slug), m.gateGraduation?.sources);
    addNotes(owner.networkMode(slug), m.statusNotes);
    addSettings(owner.networkMode(slug), m.settings);
  });

  [...seeds.ipamOptions].forEach(([slug, o], ordinal) => {
    db.insert(t.ipamOptions).values({ slug, name: o.name, description: o.description, isFallback: o.isFallback, ordinal }).run();
    cite(owner.ipamOption(slug), o.sources);
    addSettings(owner.ipamOption(slug), o.settings);
  });

  [...seeds.cniPlugins].forEach(([slug, p], ordinal) => {
    db.insert(t.cniPlugins)
      .values({
        slug,
        name: p.name,
        description: p.description,
        networkPolicySupport: p.networkPolicy.support,
        networkPolicyNote: p.networkPolicy.note ?? null,
        onlyInNote: p.onlyIn?.note ?? null,
        ordinal,
      })
      .run();
    cite(owner.cniPlugin(slug), p.sources);
    cite(owner.pluginOnlyIn(slug), p.onlyIn?.sources);
    cite(owner.pluginNetworkPolicy(slug), p.networkPolicy.sources);
    addNotes(owner.cniPlugin(slug), p.notes);
  });
  // Second pass: plugin relations may point at plugins that come later in the file.
  for (const [slug, p] of seeds.cniPlugins) {
    p.modes.forEach((m, ordinal) => {
      const id = newId();
      db.insert(t.pluginModes)
        .values({ id, pluginSlug: slug, modeSlug: m.mode, backend: m.backend ?? null, delegatesTo: m.delegatesTo ?? null, stability: m.stability, ordinal })
        .run();
      cite(owner.pluginMode(id), m.sources);
    });
    p.ipam.forEach((ipamSlug, ordinal) => db.insert(t.pluginIpam).values({ pluginSlug: slug, ipamSlug, ordinal }).run());
    for (const e of p.environments) {
      const id = newId();
      db.insert(t.pluginEnvironments)
        .values({
          id,
          pluginSlug: slug,
          environmentSlug: e.environment,
          status: e.status,
          since: e.since ?? null,
          note: e.note ?? null,
          networkPolicySupport: e.networkPolicy?.support ?? null,
          networkPolicyNote: e.networkPolicy?.note ?? null,
          modes: e.modes ?? null,
        })
        .run();
      cite(owner.pluginEnvironment(id), e.sources);
      cite(owner.pluginEnvironmentNetworkPolicy(id), e.networkPolicy?.sources);
    }
    p.onlyIn?.environments.forEach((environmentSlug) => db.insert(t.pluginOnlyIn).values({ pluginSlug: slug, environmentSlug }).run());
  }
  for (const [slug, o] of seeds.ipamOptions)
    o.restrictedTo.forEach((pluginSlug, ordinal) => db.insert(t.ipamRestrictions).values({ ipamSlug: slug, pluginSlug, ordinal }).run());

  [...seeds.features].forEach(([slug, f], ordinal) => {
    db.insert(t.features)
      .values({
        slug,
        name: f.name,
        description: f.description,
        minimumWindowsSlug: f.minimumWindows.version,
        minimumBuild: f.minimumWindows.build ?? null,
        minimumKubernetes: f.minimumKubernetes?.version ?? null,
        enablementNote: f.enablementNote ?? null,
        ordinal,
      })
      .run();
    cite(owner.feature(slug), f.sources);
    cite(owner.featureMinimumWindows(slug), f.minimumWindows.sources);
    cite(owner.featureMinimumKubernetes(slug), f.minimumKubernetes?.sources);
    addSettings(owner.feature(slug), f.settings);
  });
  for (const [slug, f] of seeds.features)
    f.requires.forEach((requiredSlug, ordinal) => db.insert(t.featureRequires).values({ featureSlug: slug, requiredSlug, ordinal }).run());

  [...seeds.serviceTypes].forEach(([slug, s], ordinal) => {
    db.insert(t.serviceTypes).values({ slug, name: s.name, supportedOnWindows: s.supportedOnWindows, description: s.description, ordinal }).run();
    cite(owner.serviceType(slug), s.sources);
  });

  [...seeds.limitations].forEach(([slug, l], ordinal) => {
    const s = l.appliesTo;
    db.insert(t.limitations)
      .values({
        slug,
        title: l.title,
        kind: l.kind,
        description: l.description,
        severity: l.severity,
        mayApplySeverity: l.mayApply?.severity ?? null,
        mayApplyReason: l.mayApply?.reason ?? null,
        workaround: l.workaround ?? null,
        revisionNote: l.revisionNote ?? null,
        fixedByLaterUpdate: l.fixedByLaterUpdate ?? null,
        revisionScope: l.revisionScope ?? null,
        thresholdMetric: l.threshold?.metric ?? null,
        thresholdMax: l.threshold?.max ?? null,
        thresholdApproximate: l.threshold?.approximate ?? null,
        parameters: l.parameters ?? null,
        buildFrom: s.windowsBuilds?.from ?? null,
        buildBefore: s.windowsBuilds?.before ?? null,
        channels: s.channels ?? null,
        kubernetesMin: s.kubernetes?.min ?? null,
        kubernetesMax: s.kubernetes?.max ?? null,
        pluginVersionFrom: s.pluginVersions?.from ?? null,
        pluginVersionBefore: s.pluginVersions?.before ?? null,
        platforms: s.platforms ?? null,
        dateFrom: s.dates?.from ?? null,
        dateBefore: s.dates?.before ?? null,
        ipAddressModes: s.ipAddressModes ?? null,
        networkPolicy: s.networkPolicy ?? null,
        kubernetesPatchFixed: s.kubernetesPatchFixed ?? null,
        serviceSettings: s.serviceSettings ?? null,
        mitigatedByGates: l.mitigatedBy?.kubeProxyFeatureGates ?? null,
        requires: l.requires ?? null,
        ordinal,
      })
      .run();
    const link = (table: typeof t.limitationPlugins, slugs: readonly string[] | undefined) =>
      slugs?.forEach((targetSlug) => db.insert(table).values({ limitationSlug: slug, targetSlug }).run());
    link(t.limitationEnvironments, s.environments);
    link(t.limitationPlugins, s.plugins);
    link(t.limitationModes, s.modes);
    link(t.limitationFeatures, s.features);
    link(t.limitationServiceTypes, s.serviceTypes);
    link(t.limitationMitigations, l.mitigatedBy?.features);
    link(t.limitationBuildConfirmations, s.windowsBuilds?.confirmedOn);
    cite(owner.limitation(slug), l.sources);
    for (const [dimension, sources] of Object.entries(l.scopeSources ?? {})) cite(owner.scopeSource('limitation', slug, dimension), sources);
    addSettings(owner.limitationWorkaround(slug), l.workaroundSettings);
  });

  // Derived, not seeded: a plugin's own limitations and those of the reference plugins its modes
  // delegate to, so the graph reads them in one statement (tables.ts, pluginEffectiveLimitations).
  for (const [pluginSlug, p] of seeds.cniPlugins) {
    const reach = new Set([pluginSlug, ...p.modes.flatMap((m) => (m.delegatesTo ? [m.delegatesTo] : []))]);
    const effective = new Set([...seeds.limitations].filter(([, l]) => l.appliesTo.plugins?.some((target) => reach.has(target))).map(([slug]) => slug));
    for (const limitationSlug of effective) db.insert(t.pluginEffectiveLimitations).values({ pluginSlug, limitationSlug }).run();
  }

  [...seeds.featureDefaults].forEach(([slug, d], ordinal) => {
    const s = d.appliesTo;
    db.insert(t.featureDefaults)
      .values({
        slug,
        featureSlug: d.feature,
        enabled: d.enabled,
        description: d.description,
        channels: s.channels ?? null,
        buildFrom: s.windowsBuilds?.from ?? null,
        buildBefore: s.windowsBuilds?.before ?? null,
        dateFrom: s.dates?.from ?? null,
        dateBefore: s.dates?.before ?? null,
        ordinal,
      })
      .run();
    s.environments.forEach((environmentSlug) => db.insert(t.featureDefaultEnvironments).values({ defaultSlug: slug, environmentSlug }).run());
    cite(owner.featureDefault(slug), d.sources);
    for (const [dimension, sources] of Object.entries(d.scopeSources ?? {})) cite(owner.scopeSource('feature-default', slug, dimension), sources);
  });

  [...seeds.nodeOsSupport].forEach(([slug, r], ordinal) => {
    db.insert(t.nodeOsSupport)
      .values({
        slug,
        windowsVersionSlug: r.windowsVersion,
        environmentSlug: r.environment ?? null,
        kubernetesMin: r.kubernetes?.min ?? null,
        kubernetesMax: r.kubernetes?.max ?? null,
        status: r.status,
        dateFrom: r.dates?.from ?? null,
        dateBefore: r.dates?.before ?? null,
        note: r.note ?? null,
        ordinal,
      })
      .run();
    cite(owner.nodeOsSupport(slug), r.sources);
  });

  [...seeds.featureGates].forEach(([slug, g], ordinal) => {
    db.insert(t.featureGates)
      .values({
        slug,
        name: g.name,
        component: g.component,
        description: g.description,
        lockedOverrideEffect: g.lockedOverride?.effect ?? null,
        lockedOverrideObserved: g.lockedOverride?.observed ?? null,
        lockedOverrideNote: g.lockedOverride?.note ?? null,
        removalStatus: g.removal?.status ?? null,
        removalAllowedFrom: g.removal?.allowedFrom ?? null,
        removalNote: g.removal?.note ?? null,
        ordinal,
      })
      .run();
    g.stages.forEach((stage, stageOrdinal) =>
      db
        .insert(t.featureGateStages)
        .values({
          id: newId(),
          gateSlug: slug,
          ordinal: stageOrdinal,
          stage: stage.stage,
          defaultEnabled: stage.default,
          locked: stage.locked,
          kubernetesMin: stage.kubernetes.min ?? null,
          kubernetesMax: stage.kubernetes.max ?? null,
        })
        .run(),
    );
    cite(owner.featureGate(slug), g.sources);
    cite(owner.featureGateStages(slug), g.stageSources);
    cite(owner.featureGateLockedOverride(slug), g.lockedOverride?.sources);
    cite(owner.featureGateRemoval(slug), g.removal?.sources);
  });

  for (const [slug, f] of seeds.networkFlows) {
    db.insert(t.networkFlows)
      .values({ slug, ordinal: f.order, fromEndpoint: f.from, toEndpoint: f.to, addressing: f.addressing ?? null, label: f.label, note: f.note ?? null })
      .run();
    cite(owner.networkFlow(slug), f.sources);
  }
  for (const [slug, g] of seeds.glossary) {
    db.insert(t.glossaryTerms)
      .values({ slug, term: g.term, expansion: g.expansion ?? null, definition: g.definition })
      .run();
    cite(owner.glossaryTerm(slug), g.sources);
  }
  for (const [name, i] of seeds.instanceTypes) {
    const limits = { name, ipv4PerInterface: i.ipv4PerInterface, hypervisor: i.hypervisor, bareMetal: i.bareMetal };
    const pods = (mode: IpAddressMode) => {
      const r = instanceCapacity(limits, mode);
      return 'capacity' in r ? r.capacity.maxPods : null;
    };
    db.insert(t.instanceTypes)
      .values({
        name,
        architecture: architectureOf(name),
        windowsUnsuitability: windowsUnsuitability(name),
        prefixDelegationSupported: supportsPrefixDelegation(limits),
        podsSecondaryIp: pods('SECONDARY_IP'),
        podsPrefixDelegation: pods('PREFIX_DELEGATION'),
        rankSecondaryIp: -(pods('SECONDARY_IP') ?? -1),
        rankPrefixDelegation: -(pods('PREFIX_DELEGATION') ?? -1),
        family: name.slice(0, name.indexOf('.')),
        maxInterfaces: i.maxInterfaces,
        ipv4PerInterface: i.ipv4PerInterface,
        hypervisor: i.hypervisor,
        bareMetal: i.bareMetal,
        networkCards: i.networkCards,
        defaultNetworkCardIndex: i.defaultNetworkCardIndex,
        trunking: i.trunking,
        branchInterfaces: i.branchInterfaces,
      })
      .run();
  }
  cite(owner.instanceTypes, INSTANCE_TYPE_SOURCES);

  [...seeds.manifestSignals].forEach(([slug, m], ordinal) => {
    db.insert(t.manifestSignals)
      .values({
        slug,
        ordinal,
        component: m.component,
        description: m.description,
        places: m.where,
        states: m.states,
        reads: m.reads ?? null,
        signalValues: m.values,
      })
      .run();
    cite(owner.manifestSignal(slug), m.sources);
  });

  for (const [slug, c] of seeds.pluginComparisons) {
    db.insert(t.pluginComparisons).values({ slug, title: c.title, environmentSlug: c.environment, plugins: c.plugins }).run();
    cite(owner.pluginComparison(slug), c.sources);
    c.rows.forEach((r, ordinal) => {
      const id = newId();
      db.insert(t.comparisonRows).values({ id, comparisonSlug: slug, ordinal, capability: r.capability }).run();
      for (const [pluginSlug, value] of Object.entries(r.values)) db.insert(t.comparisonValues).values({ rowId: id, pluginSlug, value }).run();
    });
  }
}
