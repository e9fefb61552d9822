/**
 * `winnet-kb explain <slug>`: one entity with its facts and sources, read through the API's
 * own schema in-process. A slug can name entities of several kinds (nat is both a network mode
 * and a CNI plugin): every match is printed unless --kind narrows it.
 */
import { closestNames } from '../domain/closest.js';
import { CliError } from './errors.js';
import { SourceList, outputWidth, settingText, wrap } from './report/text.js';
import { localClient } from './graphql-client.js';
import { ENTITY_KINDS, EXPLAIN_QUERY, SLUGS_QUERY, type EntityKind, type ExplainViews, type ResultOf } from './queries.js';
import type { SettingView, SourceRef } from './report/model.js';

type SlugsView = ResultOf<typeof SLUGS_QUERY>;

/** One entity with its kind, as EXPLAIN_QUERY found it (types generated from the query). */
export type Entity = { [K in EntityKind]: { kind: K; view: ExplainViews[K] } }[EntityKind];

export interface ExplainOptions {
  database: string;
  kind?: EntityKind;
  output: 'text' | 'json';
}

const KIND_LABEL: Record<EntityKind, string> = {
  'windows-version': 'Windows version',
  'network-mode': 'Network mode',
  'cni-plugin': 'CNI plugin',
  feature: 'Feature',
  limitation: 'Limitation',
  'ipam-option': 'IPAM option',
  environment: 'Environment',
  'instance-type': 'EC2 instance type',
};

const slugs = (list: { slug: string }[] | undefined) => (list && list.length ? list.map((x) => x.slug).join(', ') : undefined);
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const WORDS: Record<string, string> = {
  X86_64: 'x86_64',
  ARM64: 'arm64',
  IP_ADDRESSES: 'IP addresses',
  KUBELET_MAX_PODS: 'kubelet max-pods',
  NITRO: 'Nitro',
  XEN: 'Xen',
  LTSC: 'LTSC',
  SAC: 'SAC',
  AC: 'AC',
};
/** An enum value in words: KNOWN_ISSUE -> known issue. */
const lower = (v: string | null | undefined) => (v ? (WORDS[v] ?? v.toLowerCase().replace(/_/g, ' ')) : undefined);

/** Accumulates the rendering of one entity: facts as aligned label/value lines, cited. */
class Sheet {
  readonly facts: [string, string][] = [];
  readonly blocks: [string, string[]][] = [];
  constructor(readonly sources: SourceList) {}
  fact(label: string, value: string | number | undefined | null, refs: readonly SourceRef[] = []) {
    if (value === undefined || value === null || value === '') return;
    this.facts.push([label, `${value}${this.sources.cite(refs)}`]);
  }
  block(label: string, lines: string[]) {
    if (lines.length) this.blocks.push([label, lines]);
  }
  settings(label: string, list: SettingView[]) {
    this.block(
      label,
      list.map((s) => `${settingText(s)}${this.sources.cite(s.sources)}`),
    );
  }
}

function fill({ kind, view: e }: Entity, sheet: Sheet): { title: string; description?: string } {
  const cite = (refs: SourceRef[]) => sheet.sources.cite(refs);
  switch (kind) {
    case 'windows-version':
      sheet.fact('version', `${e.version}${e.versionLabelVerified ? '' : ' (label not confirmed by a primary source)'}`);
      sheet.fact('build', e.build);
      sheet.fact('servicing channel', lower(e.servicingChannel));
      sheet.fact('released', e.releaseDate);
      sheet.fact('mainstream support ends', e.mainstreamSupportEnds);
      sheet.fact('support ends', e.supportEnds);
      sheet.fact('features available', slugs(e.featuresAvailable));
      sheet.block(
        'Updates',
        e.updates.map((u) => `${u.kb} (${u.build}, ${u.releaseDate}): ${u.description}${cite(u.sources)}`),
      );
      sheet.block(
        'Notes',
        e.notes.map((n) => `${n.text}${cite(n.sources)}`),
      );
      return { title: e.name };
    case 'network-mode':
      sheet.fact('used by Kubernetes', yesNo(e.usedByKubernetes));
      sheet.fact('stability', lower(e.stability));
      sheet.fact('packet modifications', e.packetModifications);
      sheet.fact('CNI plugins', slugs(e.cniPlugins));
      sheet.fact('limitations', e.limitations.map((l) => l.slug).join(', '));
      sheet.block(
        'Status notes',
        e.statusNotes.map((n) => `${n.text}${cite(n.sources)}`),
      );
      sheet.settings('Settings', e.settings);
      return { title: e.name, description: e.description };
    case 'cni-plugin':
      sheet.fact('network policy', `${lower(e.networkPolicy.support)}${e.networkPolicy.note ? ` (${e.networkPolicy.note})` : ''}`, e.networkPolicy.sources);
      sheet.fact('IPAM options', slugs(e.ipamOptions));
      sheet.fact('limitations', e.limitations.map((l) => l.slug).join(', '));
      sheet.block(
        'Network modes',
        e.modes.map(
          (m) =>
            `${m.mode.slug}${m.backend ? ` (backend ${m.backend})` : ''}${m.delegatesTo ? `, delegates to ${m.delegatesTo.slug}` : ''}` +
            `, ${lower(m.stability)}${cite(m.sources)}`,
        ),
      );
      sheet.block(
        'Environments',
        e.environments.map(
          (x) => `${x.environment.slug}: ${lower(x.status)}${x.since ? ` since ${x.since}` : ''}${x.note ? ` - ${x.note}` : ''}${cite(x.sources)}`,
        ),
      );
      sheet.block(
        'Notes',
        e.notes.map((n) => `${n.text}${cite(n.sources)}`),
      );
      return { title: e.name, description: e.description };
    case 'feature':
      sheet.fact(
        'minimum Windows',
        `${e.minimumWindowsVersion.name} (${e.minimumWindowsVersion.slug}, build ${e.minimumBuild ?? e.minimumWindowsVersion.build})`,
        e.minimumWindowsSources,
      );
      sheet.fact('minimum Kubernetes', e.minimumKubernetesVersion);
      sheet.fact('requires', slugs(e.requires));
      sheet.fact('enablement', e.enablementNote);
      sheet.settings('Settings', e.settings);
      return { title: e.name, description: e.description };
    case 'limitation': {
      const a = e.appliesTo;
      sheet.fact('kind', lower(e.kind));
      sheet.fact('severity', lower(e.severity));
      sheet.fact('environments', slugs(a.environments));
      sheet.fact('CNI plugins', slugs(a.cniPlugins));
      sheet.fact('network modes', slugs(a.networkModes));
      sheet.fact('Windows builds', a.windowsBuilds?.description);
      sheet.fact('Kubernetes versions', a.kubernetesVersions?.description);
      sheet.fact('features', slugs(a.features));
      sheet.fact('Service types', slugs(a.serviceTypes));
      if (e.threshold) sheet.fact('threshold', `${e.threshold.approximate ? 'about ' : ''}${e.threshold.max} ${lower(e.threshold.metric)}`);
      sheet.fact('parameters', e.parameters.map((p) => `${p.name}=${p.value}`).join(', '));
      sheet.fact('mitigated by', slugs(e.mitigatedBy));
      sheet.fact('workaround', e.workaround);
      sheet.fact('revisions', e.revisionNote);
      sheet.settings('Workaround settings', e.workaroundSettings);
      return { title: e.title, description: e.description };
    }
    case 'ipam-option':
      sheet.fact('fallback', yesNo(e.isFallback));
      sheet.fact('restricted to', slugs(e.restrictedTo) ?? 'any plugin');
      sheet.settings('Settings', e.settings);
      return { title: e.name, description: e.description };
    case 'environment':
      return { title: e.name, description: e.description };
    case 'instance-type': {
      const capacity = (c: ExplainViews['instance-type']['secondaryIpCapacity']) =>
        c ? `${c.maxPods} pods, ${c.schedulablePods} schedulable (limited by ${lower(c.limitedBy)})` : 'not available';
      sheet.fact('family', e.family);
      sheet.fact('architecture', lower(e.architecture));
      sheet.fact('usable for Windows', e.usableForWindows ? 'yes' : `no: ${e.notUsableReason}`);
      sheet.fact('hypervisor', e.hypervisor ? lower(e.hypervisor) : e.bareMetal ? 'none (bare metal)' : 'unknown');
      sheet.fact('IPv4 addresses per ENI', e.ipv4AddressesPerInterface);
      sheet.fact('max ENIs (Windows uses one)', e.maxInterfaces);
      sheet.fact('prefix delegation', yesNo(e.prefixDelegationSupported));
      sheet.fact('secondary-IP capacity', capacity(e.secondaryIpCapacity));
      sheet.fact('prefix-delegation capacity', capacity(e.prefixDelegationCapacity));
      return { title: e.name };
    }
  }
}

export function renderEntity(entity: Entity, width = outputWidth()): string {
  const { kind, view } = entity;
  const sheet = new Sheet(new SourceList());
  // The entity's own sources are numbered first and cited on the title line.
  const own = sheet.sources.cite(view.sources);
  const { title, description } = fill(entity, sheet);
  const id = 'slug' in view ? view.slug : view.name;
  const out = [`${KIND_LABEL[kind]}: ${title === id ? title : `${title} (${id})`}${own}`];
  if (description) out.push('', wrap(description, width));
  if (sheet.facts.length) {
    out.push('');
    const pad = Math.max(...sheet.facts.map(([l]) => l.length)) + 2;
    for (const [label, value] of sheet.facts) out.push(`  ${`${label}:`.padEnd(pad)}${wrap(value, width, ' '.repeat(pad + 2))}`);
  }
  for (const [label, lines] of sheet.blocks) {
    out.push('', `${label}:`);
    for (const line of lines) out.push(`  - ${wrap(line, width, '    ')}`);
  }
  if (sheet.sources.entries.length) out.push('', 'Sources:', ...sheet.sources.lines(width));
  return `${out.join('\n')}\n`;
}

export async function runExplain(slug: string, options: ExplainOptions, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const client = await localClient(options.database);
  try {
    const data = await client.request(EXPLAIN_QUERY, { slug });
    const kinds = (Object.keys(ENTITY_KINDS) as EntityKind[]).filter((k) => (options.kind === undefined || options.kind === k) && data[ENTITY_KINDS[k]]);
    if (kinds.length === 0) {
      const all = await client.request(SLUGS_QUERY);
      const known =
        options.kind === undefined
          ? [
              ...Object.values(all)
                .flat()
                .map((x) => x.slug),
              ...client.knowledge.instanceTypes.keys(),
            ]
          : knownOfKind(options.kind, all, client.knowledge.instanceTypes.keys());
      const what = options.kind ? KIND_LABEL[options.kind].toLowerCase() : 'entity';
      throw new CliError(`unknown ${what} "${slug}"`, [`closest known: ${closestNames(slug, new Set(known)).join(', ')}`]);
    }
    if (options.output === 'json') {
      stdout.write(`${JSON.stringify(Object.fromEntries(kinds.map((k) => [k, data[ENTITY_KINDS[k]]])), null, 2)}\n`);
      return;
    }
    // data[ENTITY_KINDS[kind]] is the view of that kind (ExplainViews pairs them); TypeScript cannot follow the pairing through the lookup.
    stdout.write(kinds.map((kind) => renderEntity({ kind, view: data[ENTITY_KINDS[kind]] } as Entity)).join('\n'));
  } finally {
    await client.close();
  }
}

function knownOfKind(kind: EntityKind, all: SlugsView, instanceTypes: Iterable<string>): string[] {
  const lists: Record<Exclude<EntityKind, 'instance-type'>, keyof SlugsView> = {
    'windows-version': 'windowsVersions',
    'network-mode': 'networkModes',
    'cni-plugin': 'cniPlugins',
    feature: 'features',
    limitation: 'limitations',
    'ipam-option': 'ipamOptions',
    environment: 'environments',
  };
  return kind === 'instance-type' ? [...instanceTypes] : all[lists[kind]].map((x) => x.slug);
}
