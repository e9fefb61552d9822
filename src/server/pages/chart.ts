/**
 * A small, pure SVG builder: Windows pods per instance size within one family, secondary IP
 * beside prefix delegation, with the kubelet's max-pods line. No script, no inline style (the
 * CSP forbids both): presentation attributes only, the font comes from pages.css. Every bar is
 * labelled with its number and the two modes differ by fill pattern as well as colour.
 */
import { html, type Html } from './html.js';

export interface ChartRow {
  name: string;
  secondaryIp: number | null;
  prefixDelegation: number | null;
}

/** Sizes in the order people read them: nano < micro < ... < large < xlarge < 2xlarge < ... < metal. */
export function sizeRank(name: string): number {
  const size = name.slice(name.indexOf('.') + 1);
  const fixed: Record<string, number> = { nano: 0, micro: 1, small: 2, medium: 3, large: 4, xlarge: 5 };
  if (size in fixed) return fixed[size]!;
  const multiple = /^(\d+)xlarge$/.exec(size);
  if (multiple) return 5 + Number(multiple[1]);
  if (size.startsWith('metal')) return 10_000 + (Number(/(\d+)xl/.exec(size)?.[1]) || 0);
  return 5_000;
}

const WIDTH = 640;
const LABEL = 110;
const RIGHT = 50;
const BAR = 13;
const GAP = 3;
const ROW = BAR * 2 + GAP + 12;
const TOP = 34;
const BOTTOM = 40;

function niceMax(value: number): number {
  const step = value <= 200 ? 50 : value <= 1000 ? 100 : value <= 5000 ? 500 : 1000;
  return Math.max(step, Math.ceil(value / step) * step);
}

/** The chart as inline SVG; `id` makes its title and description referable. */
export function podsChart(id: string, family: string, rows: readonly ChartRow[], kubeletMaxPods = 110): Html {
  const sorted = [...rows].sort((a, b) => sizeRank(a.name) - sizeRank(b.name) || a.name.localeCompare(b.name));
  const max = niceMax(Math.max(kubeletMaxPods, ...sorted.flatMap((r) => [r.secondaryIp ?? 0, r.prefixDelegation ?? 0])));
  const plot = WIDTH - LABEL - RIGHT;
  const x = (value: number) => LABEL + (value / max) * plot;
  const height = TOP + sorted.length * ROW + BOTTOM;
  const step = max / 5;
  const ticks = Array.from({ length: 6 }, (_, i) => Math.round(i * step));
  const description = sorted
    .map(
      (r) =>
        `${r.name}: ${r.secondaryIp ?? 'none'} pods with secondary IPs, ` +
        `${r.prefixDelegation === null ? 'no prefix delegation' : `${r.prefixDelegation} with prefix delegation`}`,
    )
    .join('; ');
  const bar = (y: number, value: number | null, kind: 'sip' | 'pd') =>
    value === null
      ? html`<text class="value" x="${LABEL + 4}" y="${y + BAR - 3}">not available</text>`
      : html`<rect class="${kind}" x="${LABEL}" y="${y}" width="${Math.max(1, x(value) - LABEL).toFixed(1)}" height="${BAR}" fill="${kind === 'sip' ? '#1f5f99' : `url(#${id}-hatch)`}" stroke="${kind === 'sip' ? '#1f5f99' : '#8a4b00'}"/><text class="value" x="${(x(value) + 4).toFixed(1)}" y="${y + BAR - 3}">${value}</text>`;
  return html`<svg class="chart" id="${id}" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Windows pods per ${family} size: secondary IP beside prefix delegation, with the kubelet's default max-pods of ${kubeletMaxPods}</title>
<desc id="${id}-desc">${description}.</desc>
<defs><pattern id="${id}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f3c78f"/><line x1="0" y1="0" x2="0" y2="6" stroke="#8a4b00" stroke-width="3"/></pattern></defs>
<g class="legend-chart">
<rect x="${LABEL}" y="6" width="14" height="12" fill="#1f5f99"/><text x="${LABEL + 20}" y="16">secondary IP</text>
<rect x="${LABEL + 130}" y="6" width="14" height="12" fill="url(#${id}-hatch)" stroke="#8a4b00"/><text x="${LABEL + 150}" y="16">prefix delegation</text>
<line x1="${LABEL + 280}" y1="12" x2="${LABEL + 300}" y2="12" stroke="#b00020" stroke-width="2" stroke-dasharray="5 3"/><text x="${LABEL + 306}" y="16">kubelet max-pods ${kubeletMaxPods}</text>
</g>
${ticks.map((t) => html`<line x1="${x(t).toFixed(1)}" y1="${TOP - 4}" x2="${x(t).toFixed(1)}" y2="${height - BOTTOM}" stroke="#d0d0d0"/><text class="tick" x="${x(t).toFixed(1)}" y="${height - BOTTOM + 16}" text-anchor="middle">${t}</text>`)}
${sorted.map((r, i) => {
  const y = TOP + i * ROW;
  return html`<g class="size"><text class="size-label" x="${LABEL - 8}" y="${y + BAR + 2}" text-anchor="end">${r.name}</text>${bar(y, r.secondaryIp, 'sip')}${bar(y + BAR + GAP, r.prefixDelegation, 'pd')}</g>`;
})}
<line x1="${x(kubeletMaxPods).toFixed(1)}" y1="${TOP - 6}" x2="${x(kubeletMaxPods).toFixed(1)}" y2="${height - BOTTOM}" stroke="#b00020" stroke-width="2" stroke-dasharray="5 3"/>
<text class="tick" x="${LABEL + plot / 2}" y="${height - 2}" text-anchor="middle">Windows pods per node</text>
</svg>`;
}
