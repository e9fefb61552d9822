/**
 * /matrix: what works on which Windows release, as tables built from the catalogue.
 *
 * - features x Windows releases: yes, no, or "from build N (KB...)";
 * - plugins x network modes, with stability labels;
 * - plugins x environments: default, supported, documented alternative, retired, not available,
 *   or unknown (saying whether the environment documents its plugin list);
 * - limitations per Windows release and per plugin.
 *
 * Every cell links to its sources (numbered, listed at the end) and to GraphiQL opened on the
 * query that returns the same fact. Releases come in the API's order (by build); those past
 * their end of support are marked with the date.
 */
import { graphiqlHref, html, type Html, type Interpolation } from './html.js';

export const MATRIX_QUERY = `query Matrix {
  windowsVersions {
    slug name version build servicingChannel supportEnds mainstreamSupportEnds
    updates { kb build revision sources { ...Src } }
    sources { ...Src }
  }
  features {
    slug name minimumBuild minimumKubernetesVersion
    minimumWindowsVersion { slug name build updates { kb build revision sources { ...Src } } }
    minimumWindowsSources { ...Src }
  }
  networkModes { slug name stability usedByKubernetes sources { ...Src } }
  environments { slug name pluginsListed pluginsListedNote pluginsListedSources { ...Src } sources { ...Src } }
  cniPlugins {
    slug name
    modes { mode { slug } backend delegatesTo { slug name } stability sources { ...Src } }
    environments { environment { slug } status since note sources { ...Src } }
    onlyIn { slug name } onlyInSources { ...Src }
    limitations { slug }
    sources { ...Src }
  }
  limitations {
    slug title kind severity
    appliesTo {
      environments { slug name } cniPlugins { slug } networkModes { slug }
      windowsBuilds { from before description } windowsBuildsConfirmedOn { slug build } servicingChannels
    }
    sources { ...Src }
  }
}
fragment Src on SourceReference { section document { slug title url } }`;

interface Source {
  section: string;
  document: { slug: string; title: string; url: string };
}
interface Update {
  kb: string;
  build: string;
  revision: number;
  sources: Source[];
}
interface Release {
  slug: string;
  name: string;
  version: string;
  build: number;
  servicingChannel: string;
  supportEnds: string | null;
  mainstreamSupportEnds: string | null;
  updates: Update[];
  sources: Source[];
}
interface Feature {
  slug: string;
  name: string;
  minimumBuild: string | null;
  minimumKubernetesVersion: string | null;
  minimumWindowsVersion: { slug: string; name: string; build: number; updates: Update[] };
  minimumWindowsSources: Source[];
}
interface Mode {
  slug: string;
  name: string;
  stability: string;
  usedByKubernetes: boolean;
  sources: Source[];
}
interface Environment {
  slug: string;
  name: string;
  pluginsListed: boolean;
  pluginsListedNote: string | null;
  pluginsListedSources: Source[];
  sources: Source[];
}
interface Plugin {
  slug: string;
  name: string;
  modes: { mode: { slug: string }; backend: string | null; delegatesTo: { slug: string; name: string } | null; stability: string; sources: Source[] }[];
  environments: { environment: { slug: string }; status: string; since: string | null; note: string | null; sources: Source[] }[];
  onlyIn: { slug: string; name: string }[];
  onlyInSources: Source[];
  limitations: { slug: string }[];
  sources: Source[];
}
interface Limitation {
  slug: string;
  title: string;
  kind: string;
  severity: string;
  appliesTo: {
    environments: { slug: string; name: string }[];
    cniPlugins: { slug: string }[];
    networkModes: { slug: string }[];
    windowsBuilds: { from: string | null; before: string | null; description: string } | null;
    windowsBuildsConfirmedOn: { slug: string; build: number }[];
    servicingChannels: string[];
  };
  sources: Source[];
}
export interface MatrixData {
  windowsVersions: Release[];
  features: Feature[];
  networkModes: Mode[];
  environments: Environment[];
  cniPlugins: Plugin[];
  limitations: Limitation[];
}

/** The page-wide numbered list of sources that cells refer to. */
class References {
  private readonly numbers = new Map<string, number>();
  readonly list: Source[] = [];
  number(source: Source): number {
    const key = `${source.document.slug}\u0000${source.section}`;
    let n = this.numbers.get(key);
    if (n === undefined) {
      this.list.push(source);
      this.numbers.set(key, (n = this.list.length));
    }
    return n;
  }
  /** Links to each source (deduplicated). */
  links(sources: readonly Source[]): Html {
    const seen = new Set<number>();
    const links: Html[] = [];
    for (const source of sources) {
      const n = this.number(source);
      if (seen.has(n)) continue;
      seen.add(n);
      links.push(
        html`<a class="ref" href="${source.document.url}" title="${source.document.title}, ${source.section}" aria-label="source ${n}: ${source.document.title}, ${source.section}">${n}</a>`,
      );
    }
    return html`${links}`;
  }
}

type Tone = 'yes' | 'no' | 'partial' | 'unknown' | 'retired';
const SYMBOL: Record<Tone, string> = { yes: '✓', no: '✗', partial: '◐', unknown: '?', retired: '⊘' };

interface CellSpec {
  tone: Tone;
  label: Interpolation;
  /** Second line, e.g. a stability label or a date. */
  detail?: Interpolation;
  sources: readonly Source[];
  query: string;
  /** Who the cell is about, for link labels: "DSR on Windows Server 2019". */
  subject: string;
}

function cell(refs: References, spec: CellSpec): Html {
  return html`<td class="cell ${spec.tone}"><span class="v"><span class="sym" aria-hidden="true">${SYMBOL[spec.tone]}</span> ${spec.label}</span>${spec.detail ? html`<span class="d">${spec.detail}</span>` : ''}<span class="links">${refs.links(spec.sources)}<a class="q" href="${graphiqlHref(spec.query)}" aria-label="GraphQL query for ${spec.subject}">query</a></span></td>`;
}

const STABILITY: Record<string, string> = { STABLE: 'stable', BETA: 'beta', EXPERIMENTAL: 'experimental', UNSPECIFIED: 'no stability label' };
const ENV_STATUS: Record<string, [Tone, string]> = {
  DEFAULT: ['yes', 'default'],
  SUPPORTED: ['yes', 'supported'],
  ALTERNATIVE: ['partial', 'documented alternative'],
  RETIRED: ['retired', 'retired'],
};

/** [major, revision] of "17763.1432" or "20348". */
function parseBuild(build: string): [number, number] {
  const [major = '0', revision = '0'] = build.split('.');
  return [Number(major), Number(revision)];
}
const compareBuild = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];

function releaseHeader(release: Release, today: string): Html {
  const ended = release.supportEnds !== null && release.supportEnds < today;
  return html`<th scope="col" class="release${ended ? ' ended' : ''}"><span class="name">${release.name}</span> <span class="build">${release.build} · ${release.servicingChannel}</span>${ended ? html`<span class="eol">out of support since ${release.supportEnds}</span>` : ''}</th>`;
}

function featureCell(refs: References, feature: Feature, release: Release): Html {
  const subject = `${feature.name} on ${release.name}`;
  const query = `{
  feature(slug: "${feature.slug}") { name minimumWindowsVersion { name build } minimumBuild minimumWindowsSources { document { title url } section } }
  windowsVersion(slug: "${release.slug}") { name build updates { kb build } }
}`;
  const minimum = feature.minimumWindowsVersion;
  if (release.build < minimum.build)
    return cell(refs, { tone: 'no', label: 'no', detail: `needs ${minimum.name} (${minimum.build})`, sources: feature.minimumWindowsSources, query, subject });
  if (feature.minimumBuild !== null && parseBuild(feature.minimumBuild)[0] === release.build) {
    const revision = parseBuild(feature.minimumBuild)[1];
    const update = [...release.updates, ...minimum.updates].find((u) => u.revision === revision && parseBuild(u.build)[0] === release.build);
    return cell(refs, {
      tone: 'partial',
      label: html`from build ${feature.minimumBuild}${update ? ` (${update.kb})` : ''}`,
      sources: [...feature.minimumWindowsSources, ...(update?.sources ?? [])],
      query,
      subject,
    });
  }
  return cell(refs, { tone: 'yes', label: 'yes', sources: feature.minimumWindowsSources, query, subject });
}

/** The API query a feature's row links to in GraphiQL. */
const featureQuery = (slug: string) => `{ feature(slug: "${slug}") { name description minimumWindowsVersion { name } minimumBuild minimumKubernetesVersion } }`;

function featuresTable(refs: References, data: MatrixData, today: string): Html {
  return html`<section aria-labelledby="features-h">
<h2 id="features-h">Service features by Windows release</h2>
<p>A feature works on releases whose build is at least that of its minimum release; where the minimum is an update of a release, the cell names the build and its KB.</p>
<div class="scroll" role="region" aria-labelledby="features-c" tabindex="0">
<table class="matrix">
<caption id="features-c">Features × Windows Server releases (oldest build first)</caption>
<thead><tr><th scope="col">Feature</th>${data.windowsVersions.map((r) => releaseHeader(r, today))}</tr></thead>
<tbody>
${data.features.map((f) => html`<tr><th scope="row"><a href="${graphiqlHref(featureQuery(f.slug))}">${f.name}</a>${f.minimumKubernetesVersion ? html`<span class="d">Kubernetes ${f.minimumKubernetesVersion}+</span>` : ''}</th>${data.windowsVersions.map((r) => featureCell(refs, f, r))}</tr>\n`)}
</tbody>
</table>
</div>
</section>`;
}

function modesTable(refs: References, data: MatrixData): Html {
  const row = (plugin: Plugin) =>
    data.networkModes.map((mode) => {
      const subject = `${plugin.name} in ${mode.name} mode`;
      const query =
        `{ cniPlugin(slug: "${plugin.slug}") { name modes { mode { slug stability } backend delegatesTo { slug } ` +
        `stability sources { document { title url } section } } } }`;
      const offered = plugin.modes.find((m) => m.mode.slug === mode.slug);
      if (!offered) {
        // The sources that say which modes the plugin does offer (or, with none named, the plugin's own).
        if (plugin.modes.length === 0)
          return cell(refs, { tone: 'unknown', label: 'unknown', detail: 'no source names its mode', sources: plugin.sources, query, subject });
        return cell(refs, { tone: 'no', label: 'no', sources: plugin.modes.flatMap((m) => m.sources), query, subject });
      }
      const via = [offered.backend ? `backend ${offered.backend}` : '', offered.delegatesTo ? `via ${offered.delegatesTo.name}` : '']
        .filter(Boolean)
        .join(', ');
      const prerelease = offered.stability === 'BETA' || offered.stability === 'EXPERIMENTAL';
      return cell(refs, {
        tone: prerelease ? 'partial' : 'yes',
        label: html`yes${via ? `, ${via}` : ''}`,
        detail: STABILITY[offered.stability] ?? offered.stability,
        sources: offered.sources,
        query,
        subject,
      });
    });
  return html`<section aria-labelledby="modes-h">
<h2 id="modes-h">CNI plugins by network mode</h2>
<p>Which HNS network modes each plugin creates or delegates to, with how the sources label the plugin's support for it. The column headers carry the mode's own label.</p>
<div class="scroll" role="region" aria-labelledby="modes-c" tabindex="0">
<table class="matrix">
<caption id="modes-c">CNI plugins × network modes</caption>
<thead><tr><th scope="col">Plugin</th>${data.networkModes.map((m) => html`<th scope="col"><span class="name">${m.name}</span> <span class="build">${STABILITY[m.stability] ?? m.stability}${m.usedByKubernetes ? '' : ', not used by Kubernetes'}</span> <span class="links">${refs.links(m.sources)}</span></th>`)}</tr></thead>
<tbody>
${data.cniPlugins.map((p) => html`<tr><th scope="row">${p.name}</th>${row(p)}</tr>\n`)}
</tbody>
</table>
</div>
</section>`;
}

function environmentsTable(refs: References, data: MatrixData): Html {
  const row = (plugin: Plugin) =>
    data.environments.map((environment) => {
      const subject = `${plugin.name} in ${environment.name}`;
      const query = `{
  cniPlugin(slug: "${plugin.slug}") { name environments { environment { slug } status since note sources { document { title url } section } } onlyIn { slug } }
  environment(slug: "${environment.slug}") { name pluginsListed pluginsListedNote }
}`;
      const status = plugin.environments.find((e) => e.environment.slug === environment.slug);
      if (status) {
        const [tone, label] = ENV_STATUS[status.status] ?? ['unknown', status.status.toLowerCase()];
        return cell(refs, { tone, label, detail: status.since ? `since ${status.since}` : undefined, sources: status.sources, query, subject });
      }
      if (plugin.onlyIn.length > 0 && !plugin.onlyIn.some((e) => e.slug === environment.slug))
        return cell(refs, {
          tone: 'no',
          label: 'not available',
          detail: `runs only in ${plugin.onlyIn.map((e) => e.name).join(', ')}`,
          sources: plugin.onlyInSources,
          query,
          subject,
        });
      return cell(refs, {
        tone: 'unknown',
        label: 'unknown',
        detail: environment.pluginsListed ? 'not in its documented plugin list' : 'no plugin list documented',
        sources: environment.pluginsListed ? environment.pluginsListedSources : environment.sources,
        query,
        subject,
      });
    });
  return html`<section aria-labelledby="envs-h">
<h2 id="envs-h">CNI plugins by environment</h2>
<p>The plugin's status where a source records one. "Unknown" says whether the environment documents its list of plugins at all.</p>
<div class="scroll" role="region" aria-labelledby="envs-c" tabindex="0">
<table class="matrix">
<caption id="envs-c">CNI plugins × environments</caption>
<thead><tr><th scope="col">Plugin</th>${data.environments.map((e) => html`<th scope="col"><span class="name">${e.name}</span> <span class="build">${e.pluginsListed ? 'lists its plugins' : 'no plugin list'}</span></th>`)}</tr></thead>
<tbody>
${data.cniPlugins.map((p) => html`<tr><th scope="row">${p.name}</th>${row(p)}</tr>\n`)}
</tbody>
</table>
</div>
</section>`;
}

/** How a limitation's build range and channels meet one release: null when it does not apply. */
function limitationOnRelease(limitation: Limitation, release: Release): { tone: Tone; label: string; detail?: string } {
  const scope = limitation.appliesTo;
  if (scope.servicingChannels.length > 0 && !scope.servicingChannels.includes(release.servicingChannel))
    return { tone: 'no', label: 'no', detail: `${scope.servicingChannels.join(', ')} only` };
  const range = scope.windowsBuilds;
  let partial: string | undefined;
  if (range) {
    const lo: [number, number] = [release.build, 0];
    const hi: [number, number] = [release.build + 1, 0];
    const from = range.from === null ? null : parseBuild(range.from);
    const before = range.before === null ? null : parseBuild(range.before);
    const overlaps = (from === null || compareBuild(from, hi) < 0) && (before === null || compareBuild(lo, before) < 0);
    if (!overlaps) return { tone: 'no', label: 'no' };
    const parts = [
      from && compareBuild(from, lo) > 0 ? `from ${range.from}` : '',
      before && compareBuild(before, hi) < 0 ? `before ${range.before}` : '',
    ].filter(Boolean);
    if (parts.length) partial = parts.join(', ');
  }
  // As the compatibility engine does (src/domain/compatibility/scope.ts): a boundary confirmed on
  // some releases only is "may apply" on newer releases; older ones are judged by build.
  const confirmed = scope.windowsBuildsConfirmedOn;
  if (confirmed.length > 0 && release.build > Math.max(...confirmed.map((r) => r.build)))
    return { tone: 'unknown', label: 'may apply', detail: `confirmed on ${confirmed.map((r) => r.build).join(', ')} only` };
  return partial ? { tone: 'partial', label: `applies ${partial}` } : { tone: 'yes', label: 'applies' };
}

function scopeNote(limitation: Limitation, data: MatrixData): string {
  const scope = limitation.appliesTo;
  const modeName = (slug: string) => data.networkModes.find((m) => m.slug === slug)?.name ?? slug;
  const parts = [
    scope.environments.length ? `in ${scope.environments.map((e) => e.name).join(', ')}` : '',
    scope.networkModes.length ? `${scope.networkModes.map((m) => modeName(m.slug)).join(', ')} mode` : '',
    scope.cniPlugins.length ? scope.cniPlugins.map((p) => p.slug).join(', ') : '',
  ].filter(Boolean);
  return [limitation.kind.toLowerCase().replace('_', ' '), ...parts].join(' · ');
}

/** The API query a limitation's row links to in GraphiQL. */
const limitationQuery = (slug: string) =>
  `{ limitation(slug: "${slug}") { title kind description severity workaround ` +
  `appliesTo { windowsBuilds { description } servicingChannels cniPlugins { slug } networkModes { slug } environments { slug } } } }`;

function limitationRowHeader(limitation: Limitation, data: MatrixData): Html {
  return html`<th scope="row"><a href="${graphiqlHref(limitationQuery(limitation.slug))}">${limitation.title}</a><span class="d">${scopeNote(limitation, data)}</span></th>`;
}

function limitationsByRelease(refs: References, data: MatrixData, today: string): Html {
  const scoped = data.limitations.filter((l) => l.appliesTo.windowsBuilds !== null || l.appliesTo.servicingChannels.length > 0);
  const general = data.limitations.length - scoped.length;
  return html`<section aria-labelledby="lim-rel-h">
<h2 id="lim-rel-h">Limitations by Windows release</h2>
<p>The limitations whose scope depends on the release (build range or servicing channel). The other ${general} limitations hold on every release; see them by plugin below or with <a href="${graphiqlHref('{ limitations { slug title kind appliesTo { windowsBuilds { description } } } }')}">the limitations query</a>.</p>
<div class="scroll" role="region" aria-labelledby="lim-rel-c" tabindex="0">
<table class="matrix">
<caption id="lim-rel-c">Release-scoped limitations × Windows Server releases</caption>
<thead><tr><th scope="col">Limitation</th>${data.windowsVersions.map((r) => releaseHeader(r, today))}</tr></thead>
<tbody>
${scoped.map(
  (l) =>
    html`<tr>${limitationRowHeader(l, data)}${data.windowsVersions.map((r) => {
      const on = limitationOnRelease(l, r);
      const query = `{
  limitation(slug: "${l.slug}") { title appliesTo { windowsBuilds { from before description } windowsBuildsConfirmedOn { slug } servicingChannels } }
  windowsVersion(slug: "${r.slug}") { name build servicingChannel }
}`;
      return cell(refs, { ...on, sources: l.sources, query, subject: `${l.title} on ${r.name}` });
    })}</tr>\n`,
)}
</tbody>
</table>
</div>
</section>`;
}

function limitationsByPlugin(refs: References, data: MatrixData): Html {
  const slugs = new Set(data.cniPlugins.flatMap((p) => p.limitations.map((l) => l.slug)));
  const rows = data.limitations.filter((l) => slugs.has(l.slug));
  const delegateOf = (plugin: Plugin, limitation: Limitation) =>
    plugin.modes.map((m) => m.delegatesTo).find((d) => d !== null && limitation.appliesTo.cniPlugins.some((p) => p.slug === d.slug));
  return html`<section aria-labelledby="lim-plugin-h">
<h2 id="lim-plugin-h">Limitations by CNI plugin</h2>
<p>Limitations scoped to a plugin, or to the reference plugin it delegates to. Limitations scoped to no plugin hold for all of them.</p>
<div class="scroll" role="region" aria-labelledby="lim-plugin-c" tabindex="0">
<table class="matrix">
<caption id="lim-plugin-c">Plugin-scoped limitations × CNI plugins</caption>
<thead><tr><th scope="col">Limitation</th>${data.cniPlugins.map((p) => html`<th scope="col"><span class="name">${p.name}</span></th>`)}</tr></thead>
<tbody>
${rows.map(
  (l) =>
    html`<tr>${limitationRowHeader(l, data)}${data.cniPlugins.map((p) => {
      const query = `{ limitations(filter: { cniPlugin: "${p.slug}" }) { slug title appliesTo { cniPlugins { slug } } } }`;
      const subject = `${l.title} with ${p.name}`;
      // The limitation's sources say what it is scoped to, and so what it is not.
      if (!p.limitations.some((x) => x.slug === l.slug)) return cell(refs, { tone: 'no', label: 'no', sources: l.sources, query, subject });
      const direct = l.appliesTo.cniPlugins.some((x) => x.slug === p.slug);
      const via = direct ? undefined : delegateOf(p, l);
      return cell(refs, { tone: 'yes', label: 'applies', detail: via ? `via ${via.name}` : undefined, sources: l.sources, query, subject });
    })}</tr>\n`,
)}
</tbody>
</table>
</div>
</section>`;
}

function referencesList(refs: References): Html {
  return html`<section aria-labelledby="refs-h">
<h2 id="refs-h">Sources</h2>
<ol class="refs">${refs.list.map((s) => html`<li><a href="${s.document.url}">${s.document.title}</a>, ${s.section}</li>`)}</ol>
</section>`;
}

const LEGEND = html`<ul class="legend" aria-label="Legend">
<li><span class="cell yes"><span aria-hidden="true">${SYMBOL.yes}</span> yes / applies</span></li>
<li><span class="cell partial"><span aria-hidden="true">${SYMBOL.partial}</span> from a build, beta, or alternative</span></li>
<li><span class="cell no"><span aria-hidden="true">${SYMBOL.no}</span> no</span></li>
<li><span class="cell unknown"><span aria-hidden="true">${SYMBOL.unknown}</span> unknown / may apply</span></li>
<li><span class="cell retired"><span aria-hidden="true">${SYMBOL.retired}</span> retired</span></li>
</ul>
<p class="hint">Numbers in a cell link to its sources; "query" opens GraphiQL on the query that returns the same fact.</p>`;

export function renderMatrixBody(data: MatrixData, today: string): Html {
  const refs = new References();
  // Rendered in page order so sources are numbered as a reader meets them.
  const sections = [
    featuresTable(refs, data, today),
    modesTable(refs, data),
    environmentsTable(refs, data),
    limitationsByRelease(refs, data, today),
    limitationsByPlugin(refs, data),
  ];
  return html`<h1>Windows container networking: compatibility matrix</h1>
${LEGEND}
${sections}
${referencesList(refs)}`;
}
