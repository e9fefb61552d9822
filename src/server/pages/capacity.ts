/**
 * /capacity: Windows pods per EC2 instance type in both IP address modes, as a sortable,
 * filterable table, with charts of pods per size within a family.
 *
 * The rows come from the `instanceTypes` connection (every type Windows can use, page by page).
 * Filtering and sorting work without scripts: the filter is a GET form and the column headers
 * are links, both answered here. Rows that do not match stay in the page with `hidden`, so
 * pages.js can filter and sort in place without another request. The filter means what
 * `InstanceTypeFilter` means (family exact, minimumPods in the chosen mode), and the page links
 * to that query.
 */
import { podsChart, type ChartRow } from './chart.js';
import { graphiqlHref, html, withQuery, type Html } from './html.js';

export const CAPACITY_QUERY = `query CapacityPage($after: String) {
  instanceTypes(filter: { usableForWindows: true }, first: 100, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes {
      name family hypervisor bareMetal ipv4AddressesPerInterface
      secondaryIpCapacity { maxPods schedulablePods kubeletDefaultMaxPods }
      prefixDelegationCapacity { maxPods schedulablePods }
    }
  }
  unusable: instanceTypes(filter: { usableForWindows: false }, first: 1) { totalCount }
}`;

export interface CapacityRow {
  name: string;
  family: string;
  hypervisor: 'NITRO' | 'XEN' | null;
  bareMetal: boolean;
  ipv4AddressesPerInterface: number;
  secondaryIpCapacity: { maxPods: number; schedulablePods: number; kubeletDefaultMaxPods: number } | null;
  prefixDelegationCapacity: { maxPods: number; schedulablePods: number } | null;
}

export interface CapacityPage {
  instanceTypes: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: CapacityRow[] };
  unusable: { totalCount: number };
}

export interface CapacityData {
  rows: CapacityRow[];
  unusableCount: number;
}

/** Fetches every usable type through the connection, as a client would. */
export async function fetchCapacity(run: (query: string, variables: Record<string, unknown>) => Promise<CapacityPage>): Promise<CapacityData> {
  const rows: CapacityRow[] = [];
  let after: string | null = null;
  let unusableCount: number;
  for (;;) {
    const page: CapacityPage = await run(CAPACITY_QUERY, { after });
    rows.push(...page.instanceTypes.nodes);
    unusableCount = page.unusable.totalCount;
    if (!page.instanceTypes.pageInfo.hasNextPage || page.instanceTypes.pageInfo.endCursor === null) break;
    after = page.instanceTypes.pageInfo.endCursor;
  }
  return { rows, unusableCount };
}

export type SortKey = 'name' | 'family' | 'hypervisor' | 'ipv4' | 'secondary' | 'prefix';
export type PodsMode = 'secondary-ip' | 'prefix-delegation';

export interface CapacityParams {
  family: string;
  minPods: number | null;
  mode: PodsMode;
  sort: SortKey;
  dir: 'asc' | 'desc';
}

const SORT_KEYS: SortKey[] = ['name', 'family', 'hypervisor', 'ipv4', 'secondary', 'prefix'];
const DEFAULT_SORT: Pick<CapacityParams, 'sort' | 'dir'> = { sort: 'secondary', dir: 'desc' };
/** Families charted when the filter names none. */
export const DEFAULT_CHART_FAMILIES = ['m5', 'c6i', 'r7i'];

/** Reads the query string leniently: a value that makes no sense is ignored, never an error. */
export function parseCapacityParams(query: Record<string, unknown>): CapacityParams {
  const text = (key: string) => (typeof query[key] === 'string' ? query[key].trim() : '');
  const family = /^[a-z0-9-]{1,20}$/.test(text('family')) ? text('family') : '';
  const minText = text('minPods');
  const min = /^\d{1,6}$/.test(minText) ? Number(minText) : null;
  const mode: PodsMode = text('mode') === 'prefix-delegation' ? 'prefix-delegation' : 'secondary-ip';
  const sort = SORT_KEYS.includes(text('sort') as SortKey) ? (text('sort') as SortKey) : DEFAULT_SORT.sort;
  const dir = text('dir') === 'asc' ? 'asc' : text('dir') === 'desc' ? 'desc' : sort === DEFAULT_SORT.sort ? DEFAULT_SORT.dir : 'asc';
  return { family, minPods: min, mode, sort, dir };
}

/** The query-string form of the parameters, with defaults left out (one cache key per meaning). */
export function canonicalQuery(params: CapacityParams): string {
  return withQuery('', {
    family: params.family || undefined,
    minPods: params.minPods ?? undefined,
    mode: params.minPods !== null && params.mode === 'prefix-delegation' ? params.mode : undefined,
    sort: params.sort === DEFAULT_SORT.sort && params.dir === DEFAULT_SORT.dir ? undefined : params.sort,
    dir: params.sort === DEFAULT_SORT.sort && params.dir === DEFAULT_SORT.dir ? undefined : params.dir,
  });
}

const sortValue = (row: CapacityRow, key: SortKey): string | number | null => {
  switch (key) {
    case 'name':
      return row.name;
    case 'family':
      return row.family;
    case 'hypervisor':
      return hypervisorLabel(row);
    case 'ipv4':
      return row.ipv4AddressesPerInterface;
    case 'secondary':
      return row.secondaryIpCapacity?.maxPods ?? null;
    case 'prefix':
      return row.prefixDelegationCapacity?.maxPods ?? null;
  }
};

/** One collator: localeCompare with options builds a collator per call, the bulk of a variant's render time. */
const collator = new Intl.Collator('en', { numeric: true });

/** Sorts like pages.js: numbers numerically, text by locale with numeric parts, empty cells last, ties by name. */
export function sortRows(rows: readonly CapacityRow[], sort: SortKey, dir: 'asc' | 'desc'): CapacityRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = sortValue(a, sort);
    const vb = sortValue(b, sort);
    if (va === null || vb === null) return va === vb ? collator.compare(a.name, b.name) : va === null ? 1 : -1;
    const order = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return sign * order || collator.compare(a.name, b.name);
  });
}

export function matches(row: CapacityRow, params: CapacityParams): boolean {
  if (params.family && row.family !== params.family) return false;
  if (params.minPods !== null) {
    const capacity = params.mode === 'prefix-delegation' ? row.prefixDelegationCapacity : row.secondaryIpCapacity;
    if (!capacity || capacity.maxPods < params.minPods) return false;
  }
  return true;
}

function hypervisorLabel(row: CapacityRow): string {
  return row.bareMetal ? 'bare metal' : row.hypervisor === 'NITRO' ? 'Nitro' : row.hypervisor === 'XEN' ? 'Xen' : 'unknown';
}

/** The API query that gives the same rows as the page's filter. */
export function equivalentQuery(params: CapacityParams): string {
  const filter = [`usableForWindows: true`, params.family ? `family: "${params.family}"` : '', params.minPods !== null ? `minimumPods: ${params.minPods}` : '']
    .filter(Boolean)
    .join(', ');
  const mode = params.mode === 'prefix-delegation' ? 'PREFIX_DELEGATION' : 'SECONDARY_IP';
  return `{
  instanceTypes(filter: { ${filter} }, podsMode: ${mode}, first: 100) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { name family hypervisor ipv4AddressesPerInterface secondaryIpCapacity { maxPods schedulablePods } prefixDelegationCapacity { maxPods schedulablePods } }
  }
}`;
}

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Instance type', numeric: false },
  { key: 'family', label: 'Family', numeric: false },
  { key: 'hypervisor', label: 'Hypervisor', numeric: false },
  { key: 'ipv4', label: 'IPv4 addresses per ENI', numeric: true },
  { key: 'secondary', label: 'Pods, secondary IP', numeric: true },
  { key: 'prefix', label: 'Pods, prefix delegation', numeric: true },
];

function header(params: CapacityParams, column: (typeof COLUMNS)[number]): Html {
  const active = params.sort === column.key;
  const nextDir = active && params.dir === 'asc' ? 'desc' : active ? 'asc' : column.numeric ? 'desc' : 'asc';
  const href = `/capacity${canonicalQuery({ ...params, sort: column.key, dir: nextDir })}`;
  const ariaSort = active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return html`<th scope="col" data-key="${column.key}" data-type="${column.numeric ? 'number' : 'text'}"${ariaSort ? html` aria-sort="${ariaSort}"` : ''}${column.numeric ? html` class="num"` : ''}><a class="sort" href="${href}">${column.label}<span class="arrow" aria-hidden="true">${active ? (params.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span></a></th>`;
}

function pods(capacity: { maxPods: number; schedulablePods: number } | null, absent: string): Html {
  if (!capacity) return html`<td class="num" data-v=""><span class="na">${absent}</span></td>`;
  const capped = capacity.schedulablePods < capacity.maxPods;
  return html`<td class="num" data-v="${capacity.maxPods}">${capacity.maxPods}${capped ? html`<span class="d">${capacity.schedulablePods} at max-pods 110</span>` : ''}</td>`;
}

/** Each row's markup, built once per row (shown, hidden): a new filter or sort only reorders them. */
const rowMarkup = new WeakMap<CapacityRow, [Html, Html]>();

function row(r: CapacityRow, params: CapacityParams): Html {
  let markup = rowMarkup.get(r);
  if (!markup) rowMarkup.set(r, (markup = [rowHtml(r, false), rowHtml(r, true)]));
  return markup[matches(r, params) ? 0 : 1];
}

function rowHtml(r: CapacityRow, hidden: boolean): Html {
  const query = `{ instanceType(name: "${r.name}") { secondaryIpCapacity { maxPods steps } prefixDelegationCapacity { maxPods steps } } }`;
  return html`<tr data-family="${r.family}" data-sip="${r.secondaryIpCapacity?.maxPods ?? ''}" data-pd="${r.prefixDelegationCapacity?.maxPods ?? ''}"${hidden ? html` hidden` : ''}><th scope="row"><a href="${graphiqlHref(query)}">${r.name}</a></th><td>${r.family}</td><td>${hypervisorLabel(r)}</td><td class="num" data-v="${r.ipv4AddressesPerInterface}">${r.ipv4AddressesPerInterface}</td>${pods(r.secondaryIpCapacity, 'none')}${pods(r.prefixDelegationCapacity, 'not Nitro')}</tr>\n`;
}

function chartRows(data: CapacityData, family: string): ChartRow[] {
  return data.rows
    .filter((r) => r.family === family)
    .map((r) => ({ name: r.name, secondaryIp: r.secondaryIpCapacity?.maxPods ?? null, prefixDelegation: r.prefixDelegationCapacity?.maxPods ?? null }));
}

function chartFigure(data: CapacityData, family: string): Html {
  const rows = chartRows(data, family);
  if (rows.length === 0) return html``;
  const id = `chart-${family}`;
  return html`<figure class="chart" aria-labelledby="${id}-caption">
${podsChart(id, family, rows)}
<figcaption id="${id}-caption">Windows pods per ${family} size, secondary IP beside prefix delegation; the dashed line is the kubelet's default max-pods (110), which caps a node unless raised.</figcaption>
<details><summary>The ${family} figures as a table</summary>
<table class="data"><caption>Pods per ${family} size</caption>
<thead><tr><th scope="col">Size</th><th scope="col" class="num">Secondary IP</th><th scope="col" class="num">Prefix delegation</th></tr></thead>
<tbody>${[...rows].map((r) => html`<tr><th scope="row">${r.name}</th><td class="num">${r.secondaryIp ?? 'none'}</td><td class="num">${r.prefixDelegation ?? 'not Nitro'}</td></tr>`)}</tbody>
</table></details>
</figure>`;
}

export function renderCapacityBody(data: CapacityData, params: CapacityParams): Html {
  const sorted = sortRows(data.rows, params.sort, params.dir);
  const shown = sorted.filter((r) => matches(r, params)).length;
  const families = [...new Set(data.rows.map((r) => r.family))].sort(collator.compare);
  const chartFamilies = params.family ? [params.family] : DEFAULT_CHART_FAMILIES;
  return html`<h1>Windows pods per EC2 instance type</h1>
<p>Windows nodes on EKS use one ENI. With secondary IPs a node gets (addresses per ENI − 1) pods; with prefix delegation (Nitro-based types only) each of those slots holds a /28 prefix of 16 addresses. The kubelet's default max-pods of 110 caps a node unless raised. ${data.rows.length} instance types can run Windows; <a href="${graphiqlHref('{ instanceTypes(filter: { usableForWindows: false }, first: 100) { totalCount nodes { name notUsableReason } } }')}">${data.unusableCount} cannot</a> (Arm or mac) and are not listed.</p>

<section aria-labelledby="charts-h">
<h2 id="charts-h">Pods per size within a family</h2>
<div class="charts">${chartFamilies.map((f) => chartFigure(data, f))}</div>
</section>

<section aria-labelledby="table-h">
<h2 id="table-h">All instance types</h2>
<form class="filters" method="get" action="/capacity" role="search" aria-label="Filter instance types">
<label>Family <select name="family" id="f-family"><option value="">all families</option>${families.map((f) => html`<option${f === params.family ? html` selected` : ''}>${f}</option>`)}</select></label>
<label>At least <input name="minPods" id="f-min" type="number" min="0" inputmode="numeric" value="${params.minPods ?? ''}" size="6"> pods</label>
<label>with <select name="mode" id="f-mode"><option value="secondary-ip"${params.mode === 'secondary-ip' ? html` selected` : ''}>secondary IP</option><option value="prefix-delegation"${params.mode === 'prefix-delegation' ? html` selected` : ''}>prefix delegation</option></select></label>
${params.sort !== 'secondary' || params.dir !== 'desc' ? html`<input type="hidden" name="sort" value="${params.sort}"><input type="hidden" name="dir" value="${params.dir}">` : ''}
<button type="submit">Filter</button> <a href="/capacity">Reset</a>
</form>
<p id="count" class="count" role="status" aria-live="polite"><span id="shown">${shown}</span> of ${data.rows.length} instance types shown.</p>
<p class="hint">The same list from the API: <a id="api-query" href="${graphiqlHref(equivalentQuery(params))}">open the query in GraphiQL</a>. Select a column heading to sort.</p>
<div class="scroll" role="region" aria-labelledby="capacity-c" tabindex="0">
<table class="capacity" id="capacity-table">
<caption id="capacity-c">Windows pods per instance type, both IP address modes</caption>
<thead><tr>${COLUMNS.map((c) => header(params, c))}</tr></thead>
<tbody>
${sorted.map((r) => row(r, params))}</tbody>
</table>
</div>
</section>`;
}
