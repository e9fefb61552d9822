/**
 * The pages' stylesheet and their one script, served from /pages/ (the CSP allows same-origin
 * files only: no inline script or style). The script only enhances: without it the capacity
 * table is complete, its headers are sort links and its filter is a GET form, all answered by
 * the server.
 */

export const PAGES_CSS = `
:root { color-scheme: light; --fg: #1b1b1b; --muted: #555; --line: #c9c9c9; --yes: #e3f4e4; --yes-b: #2e7d32; --no: #f6e3e3; --no-b: #a4262c; --part: #fff1d6; --part-b: #8a5a00; --unk: #ececec; --unk-b: #555; --link: #0b57a4; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg); background: #fff; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible, .scroll:focus-visible, summary:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.skip { position: absolute; left: -10000px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; z-index: 2; }
header.site { background: #0f2c4c; }
header.site ul { display: flex; gap: 20px; list-style: none; margin: 0; padding: 10px 24px; }
header.site a { color: #fff; text-decoration: none; }
header.site a[aria-current="page"] { text-decoration: underline; text-underline-offset: 4px; font-weight: 600; }
main { padding: 8px 24px 24px; max-width: 1600px; }
h1 { font-size: 1.6rem; margin: 12px 0; }
h2 { font-size: 1.25rem; margin: 28px 0 6px; }
footer.site { padding: 12px 24px; color: var(--muted); border-top: 1px solid var(--line); font-size: 13px; }
.hint, .count { color: var(--muted); font-size: 13px; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 13px; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid var(--line); padding: 4px 6px; vertical-align: top; text-align: left; }
thead th { background: #f2f4f7; }
th .name { display: block; }
th .build, .d { display: block; color: var(--muted); font-weight: normal; font-size: 12px; }
th.ended { background: #e9e9e9; }
th .eol { display: block; color: var(--no-b); font-weight: 600; font-size: 12px; }
.cell { min-width: 92px; }
.cell .v { display: block; font-weight: 600; }
.cell.yes { background: var(--yes); } .cell.yes .sym { color: var(--yes-b); }
.cell.no { background: var(--no); } .cell.no .sym { color: var(--no-b); }
.cell.partial { background: var(--part); } .cell.partial .sym { color: var(--part-b); }
.cell.unknown, .cell.retired { background: var(--unk); } .cell.unknown .sym, .cell.retired .sym { color: var(--unk-b); }
.links { display: block; font-size: 11px; }
.links a { margin-right: 4px; }
a.ref { display: inline-block; min-width: 1.4em; text-align: center; border: 1px solid #9bb3cf; border-radius: 3px; text-decoration: none; }
ul.legend { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; margin: 8px 0 0; }
ul.legend .cell { display: inline-block; padding: 2px 8px; border: 1px solid var(--line); }
ol.refs { font-size: 13px; }
form.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 8px 0; }
form.filters input, form.filters select, form.filters button { font: inherit; padding: 3px 6px; }
#f-min { width: 6em; }
table.capacity td.num, table.capacity th.num, table.data .num { text-align: right; }
table.capacity thead th { position: sticky; top: 0; }
table.capacity a.sort { color: inherit; text-decoration: none; display: block; }
table.capacity a.sort:hover { text-decoration: underline; }
.na { color: var(--muted); font-style: italic; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 8px 24px; align-items: start; }
figure.chart { margin: 8px 0 12px; }
svg.chart { max-width: 100%; height: auto; font: 12px system-ui, "DejaVu Sans", sans-serif; }
svg.chart text { fill: #1b1b1b; }
figcaption { color: var(--muted); font-size: 13px; max-width: 640px; }
details { margin-top: 4px; font-size: 13px; }
`;

export const PAGES_JS = `'use strict';
(function () {
  var table = document.getElementById('capacity-table');
  if (!table) return;
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var state = { sort: null, dir: null };
  headers.forEach(function (th) { if (th.getAttribute('aria-sort')) { state.sort = th.dataset.key; state.dir = th.getAttribute('aria-sort') === 'ascending' ? 'asc' : 'desc'; } });

  function value(row, index, type) {
    var cell = row.cells[index];
    if (type === 'number') { var v = cell.getAttribute('data-v'); return v === '' || v === null ? null : Number(v); }
    return cell.textContent.trim();
  }
  var collator = new Intl.Collator('en', { numeric: true });
  function sortBy(key, dir) {
    var index = headers.findIndex(function (th) { return th.dataset.key === key; });
    var type = headers[index].dataset.type;
    var sign = dir === 'asc' ? 1 : -1;
    rows.sort(function (a, b) {
      var va = value(a, index, type), vb = value(b, index, type);
      var na = a.cells[0].textContent.trim(), nb = b.cells[0].textContent.trim();
      if (va === null || vb === null) return va === vb ? collator.compare(na, nb) : (va === null ? 1 : -1);
      var order = type === 'number' ? va - vb : collator.compare(va, vb);
      return sign * order || collator.compare(na, nb);
    });
    var fragment = document.createDocumentFragment();
    rows.forEach(function (row) { fragment.appendChild(row); });
    tbody.appendChild(fragment);
    headers.forEach(function (th) {
      var active = th.dataset.key === key;
      if (active) th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending'); else th.removeAttribute('aria-sort');
      th.querySelector('.arrow').textContent = active ? (dir === 'asc' ? ' \\u25B2' : ' \\u25BC') : ' \\u2195';
    });
    state.sort = key; state.dir = dir;
    syncUrl();
  }
  headers.forEach(function (th) {
    th.querySelector('a.sort').addEventListener('click', function (event) {
      event.preventDefault();
      var key = th.dataset.key;
      var dir = state.sort === key ? (state.dir === 'asc' ? 'desc' : 'asc') : (th.dataset.type === 'number' ? 'desc' : 'asc');
      sortBy(key, dir);
    });
  });

  var form = document.querySelector('form.filters');
  var family = document.getElementById('f-family');
  var min = document.getElementById('f-min');
  var mode = document.getElementById('f-mode');
  var shown = document.getElementById('shown');
  var apiLink = document.getElementById('api-query');
  function filter() {
    var f = family.value, m = min.value.trim() === '' ? null : Number(min.value), pd = mode.value === 'prefix-delegation';
    var count = 0;
    rows.forEach(function (row) {
      var pods = row.getAttribute(pd ? 'data-pd' : 'data-sip');
      var ok = (!f || row.getAttribute('data-family') === f) && (m === null || isNaN(m) || (pods !== '' && Number(pods) >= m));
      row.hidden = !ok;
      if (ok) count++;
    });
    shown.textContent = String(count);
    var filterText = ['usableForWindows: true', f ? 'family: "' + f + '"' : '', m !== null && !isNaN(m) ? 'minimumPods: ' + m : ''].filter(Boolean).join(', ');
    var query = '{\\n  instanceTypes(filter: { ' + filterText + ' }, podsMode: ' + (pd ? 'PREFIX_DELEGATION' : 'SECONDARY_IP') + ', first: 100) {\\n    totalCount\\n    pageInfo { hasNextPage endCursor }\\n    nodes { name family hypervisor ipv4AddressesPerInterface secondaryIpCapacity { maxPods schedulablePods } prefixDelegationCapacity { maxPods schedulablePods } }\\n  }\\n}';
    apiLink.href = '/graphiql?query=' + encodeURIComponent(query);
    syncUrl();
  }
  function syncUrl() {
    var params = new URLSearchParams();
    if (family.value) params.set('family', family.value);
    if (min.value.trim() !== '') { params.set('minPods', min.value.trim()); if (mode.value === 'prefix-delegation') params.set('mode', mode.value); }
    if (state.sort && !(state.sort === 'secondary' && state.dir === 'desc')) { params.set('sort', state.sort); params.set('dir', state.dir); }
    var search = params.toString();
    history.replaceState(null, '', location.pathname + (search ? '?' + search : ''));
  }
  // The charts follow the family: the server renders them for ?family=, and only that section is swapped in.
  var charts = document.querySelector('.charts');
  var chartRequest = 0;
  function loadCharts() {
    var id = ++chartRequest;
    var url = '/capacity' + (family.value ? '?family=' + encodeURIComponent(family.value) : '');
    fetch(url, { headers: { accept: 'text/html' } }).then(function (response) { return response.ok ? response.text() : null; }).then(function (text) {
      if (text === null || id !== chartRequest) return;
      var next = new DOMParser().parseFromString(text, 'text/html').querySelector('.charts');
      if (next) charts.replaceChildren.apply(charts, Array.prototype.slice.call(next.childNodes).map(function (node) { return document.importNode(node, true); }));
    }).catch(function () {});
  }
  family.addEventListener('change', function () { filter(); loadCharts(); });
  mode.addEventListener('change', filter);
  min.addEventListener('input', filter);
  form.addEventListener('submit', function (event) { event.preventDefault(); filter(); });
})();
`;
