/**
 * /matrix and /capacity in a real browser: Debian's Chromium, driven by playwright-core, against
 * the real service, with every request to a host other than 127.0.0.1/localhost blocked and
 * counted (the pages work offline). It checks the cells for known facts, that a cell's query link
 * opens GraphiQL on that query, that sorting and filtering work with the mouse, the keyboard and
 * with scripts off, that axe-core finds no serious or critical violation, and that the pages
 * report no console error, page error or CSP violation. Screenshots go to test-results/.
 *
 * Needs /usr/bin/chromium (`apt-get install chromium`); without it the suite is skipped with a
 * warning.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser test skipped: ${CHROMIUM} not found (apt-get install chromium)`);

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
const TIMEOUT = 60_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's globals, as the browser-side functions below use them (no DOM lib in this project). */
interface El {
  textContent: string | null;
  hidden: boolean;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  getAttribute(name: string): string | null;
  cells: ArrayLike<El>;
  rows: ArrayLike<El>;
}
declare const document: { querySelector(selector: string): El | null; querySelectorAll(selector: string): ArrayLike<El> };
declare const window: { __cspViolations?: string[]; axe?: { run(context: unknown, options: unknown): Promise<AxeResults> } };

const CSP_LISTENER = `window.__cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`;

interface TableText {
  columns: string[];
  rows: Record<string, string[]>;
}

/** A table by caption, as text: column headers, and each row's cells keyed by its row header. Runs in the page. */
function tableByCaption(caption: string): TableText | null {
  const normal = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
  const table = Array.from(document.querySelectorAll('table')).find((t) => normal(t.querySelector('caption')?.textContent ?? '').startsWith(caption));
  if (!table) return null;
  const columns = Array.from(table.querySelectorAll('thead th')).map((th) => normal(th.textContent));
  const rows: Record<string, string[]> = {};
  for (const tr of Array.from(table.querySelectorAll('tbody tr'))) {
    const header = tr.querySelector('th');
    rows[normal(header?.querySelector('a')?.textContent ?? header?.textContent ?? '')] = Array.from(tr.querySelectorAll('td')).map((td) =>
      normal(td.querySelector('.v')?.textContent ?? td.textContent),
    );
  }
  return { columns, rows };
}

/** The visible rows of the capacity table: [name, family, secondary IP pods, prefix delegation pods]. Runs in the page. */
function visibleCapacityRows(): [string, string, string, string][] {
  return Array.from(document.querySelectorAll('#capacity-table tbody tr'))
    .filter((tr) => !tr.hidden)
    .map((tr) => {
      const cell = (i: number) => (i === 0 ? tr.querySelector('th') : Array.from(tr.querySelectorAll('td'))[i - 1]) ?? null;
      const value = (i: number) => cell(i)?.getAttribute('data-v') ?? (cell(i)?.textContent ?? '').trim();
      return [value(0), value(1), value(4), value(5)];
    });
}

/** The cell of `table` in the row starting with `row` and the column starting with `column`. */
function cellOf(table: TableText, row: string, column: string): string {
  const rowKey = Object.keys(table.rows).find((k) => k.startsWith(row));
  const index = table.columns.findIndex((c) => c.startsWith(column));
  expect(rowKey, `row ${row}`).toBeDefined();
  expect(index, `column ${column}`).toBeGreaterThan(0);
  return table.rows[rowKey!]![index - 1]!;
}

const numbers = (values: string[]) => values.map((v) => (v === '' ? null : Number(v)));

describe.skipIf(!hasChromium)('/matrix and /capacity in Chromium (offline)', () => {
  let app: RunningApp;
  let browser: Browser;
  const externalRequests: string[] = [];
  const consoleErrors: string[] = [];
  const failedResponses: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    app = await startApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      timeout: TIMEOUT,
    });
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  }, TIMEOUT);

  /** A fresh profile; non-local requests are blocked and counted, errors collected. */
  async function freshPage(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: 960 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
    contexts.push(context);
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (LOCAL_HOSTS.has(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      externalRequests.push(url.href);
      return route.abort('blockedbyclient');
    });
    await context.addInitScript(CSP_LISTENER);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
    });
    return page;
  }

  /** Runs axe-core in the page (evaluated over CDP, which the page's CSP does not apply to) and returns the serious and critical violations. */
  async function seriousViolations(page: Page): Promise<string[]> {
    await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(() => window.axe!.run(document, { resultTypes: ['violations'] }));
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes, e.g. ${v.nodes[0]?.target.join(' ')})`);
  }

  it(
    '/matrix shows the known facts in its tables',
    async () => {
      const page = await freshPage();
      const response = await page.goto(`${app.url}/matrix`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      const features = (await page.evaluate(tableByCaption, 'Features'))!;
      expect(features).not.toBeNull();
      expect(cellOf(features, 'Session affinity', 'Windows Server 2019')).toBe('✗ no');
      expect(cellOf(features, 'Session affinity', 'Windows Server 2022')).toBe('✓ yes');
      expect(cellOf(features, 'Direct Server Return', 'Windows Server 2019')).toBe('◐ from build 17763.1432 (KB4571748)');
      expect(cellOf(features, 'Direct Server Return', 'Windows Server 2022')).toBe('✓ yes');
      expect(cellOf(features, 'Direct Server Return', 'Windows Server 2016')).toBe('✗ no');
      // Releases by build, the out-of-support ones marked with their end date (the test's today is 2026-11-22).
      const builds = features.columns.slice(1).map((c) => Number(/ (\d{5}) ·/.exec(c)?.[1]));
      expect(builds).toEqual([...builds].sort((a, b) => a - b));
      expect(features.columns.find((c) => c.startsWith('Windows Server, version 1809'))).toContain('out of support since 2020-11-10');
      expect(features.columns.find((c) => c.startsWith('Windows Server 2022'))).not.toContain('out of support');

      const modes = (await page.evaluate(tableByCaption, 'CNI plugins × network modes'))!;
      expect(cellOf(modes, 'Flannel', 'Overlay')).toBe('◐ yes, backend vxlan, via win-overlay');
      expect(cellOf(modes, 'Flannel', 'L2bridge')).toBe('✓ yes, backend host-gw, via win-bridge');
      expect(cellOf(modes, 'Amazon VPC CNI', 'Overlay')).toBe('? unknown');

      const environments = (await page.evaluate(tableByCaption, 'CNI plugins × environments'))!;
      expect(cellOf(environments, 'Calico', 'AKS on Windows Server')).toBe('✓ default');
      expect(cellOf(environments, 'Flannel', 'AKS on Windows Server')).toBe('⊘ retired');
      expect(cellOf(environments, 'Calico', 'Amazon EKS')).toBe('◐ documented alternative');
      expect(cellOf(environments, 'Amazon VPC CNI', 'Self-managed')).toBe('✗ not available');
      expect(cellOf(environments, 'Flannel', 'Self-managed')).toBe('? unknown');

      const byRelease = (await page.evaluate(tableByCaption, 'Release-scoped limitations'))!;
      expect(Object.keys(byRelease.rows).length).toBeGreaterThan(3);
      const byPlugin = (await page.evaluate(tableByCaption, 'Plugin-scoped limitations'))!;
      expect(Object.keys(byPlugin.rows).length).toBeGreaterThan(3);
      await page.screenshot({ path: `${RESULTS_DIR}matrix.png`, fullPage: true });
    },
    TIMEOUT,
  );

  it(
    '/matrix cells link to their sources and to GraphiQL opened on the same fact',
    async () => {
      const page = await freshPage();
      await page.goto(`${app.url}/matrix`, { waitUntil: 'load' });
      const cell = page
        .locator('table', { has: page.locator('caption', { hasText: 'Features' }) })
        .locator('tr', { hasText: 'Direct Server Return' })
        .locator('td')
        .nth(4);
      expect(await cell.innerText()).toContain('17763.1432');
      const sources = await cell.locator('a.ref').evaluateAll((links) => links.map((a) => (a as unknown as El).getAttribute('href')));
      expect(sources.length).toBeGreaterThan(0);
      for (const href of sources) expect(href).toMatch(/^https:\/\//);
      // Every cell has its query link and at least one source.
      const cells = await page.locator('td.cell').count();
      expect(await page.locator('td.cell a.q').count()).toBe(cells);
      expect(await page.locator('td.cell:not(:has(a.ref))').count()).toBe(0);
      await cell.locator('a.q').click();
      await page.waitForURL(/\/graphiql\?query=/);
      const editor = page.locator('.graphiql-query-editor .CodeMirror');
      await editor.waitFor({ state: 'visible' });
      await expect.poll(() => editor.innerText()).toContain('direct-server-return');
      await page.locator('button.graphiql-execute-button').click();
      await expect.poll(() => page.locator('.graphiql-response').innerText(), { timeout: TIMEOUT / 2 }).toContain('17763.1432');
      await page.screenshot({ path: `${RESULTS_DIR}matrix-cell-query.png` });
    },
    TIMEOUT,
  );

  it(
    '/capacity lists the types with both modes and charts a family',
    async () => {
      const page = await freshPage();
      const response = await page.goto(`${app.url}/capacity`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      const rows = await page.evaluate(visibleCapacityRows);
      expect(rows.length).toBeGreaterThan(500);
      expect(rows.find((r) => r[0] === 'm5.large')).toEqual(['m5.large', 'm5', '9', '144']);
      // Three family charts with the 110 line, each with a text equivalent.
      for (const family of ['m5', 'c6i', 'r7i']) {
        const chart = page.locator(`svg#chart-${family}`);
        await chart.waitFor({ state: 'visible' });
        expect(await chart.getAttribute('role')).toBe('img');
        expect(await page.locator(`#chart-${family}-desc`).textContent()).toContain(`${family}.large: `);
      }
      expect(await page.locator('svg#chart-m5').textContent()).toContain('kubelet max-pods 110');
      await page.screenshot({ path: `${RESULTS_DIR}capacity.png`, fullPage: false });
    },
    TIMEOUT,
  );

  it(
    '/capacity sorts by a column with the mouse and with the keyboard',
    async () => {
      const page = await freshPage();
      await page.goto(`${app.url}/capacity`, { waitUntil: 'load' });
      const header = page.locator('th[data-key="prefix"]');
      await header.locator('a').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      let pd = numbers((await page.evaluate(visibleCapacityRows)).map((r) => r[3]));
      const present = pd.filter((v): v is number => v !== null);
      expect(present).toEqual([...present].sort((a, b) => b - a));
      expect(pd.indexOf(null)).toBe(present.length); // types without prefix delegation last
      expect(page.url()).toContain('sort=prefix&dir=desc');
      // Keyboard: Enter on the focused header link sorts ascending.
      await header.locator('a').focus();
      await page.keyboard.press('Enter');
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      pd = numbers((await page.evaluate(visibleCapacityRows)).map((r) => r[3]));
      const ascending = pd.filter((v): v is number => v !== null);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      // By name, as text with numbers in order (m5.2xlarge before m5.12xlarge).
      await page.locator('th[data-key="name"] a').click();
      const names = (await page.evaluate(visibleCapacityRows)).map((r) => r[0]);
      expect(names.indexOf('m5.2xlarge')).toBeLessThan(names.indexOf('m5.12xlarge'));
    },
    TIMEOUT,
  );

  it(
    '/capacity filters in place by family and minimum pods',
    async () => {
      const page = await freshPage();
      await page.goto(`${app.url}/capacity`, { waitUntil: 'load' });
      await page.selectOption('#f-family', 'm5');
      let rows = await page.evaluate(visibleCapacityRows);
      expect(rows.map((r) => r[0]).sort()).toEqual([
        'm5.12xlarge',
        'm5.16xlarge',
        'm5.24xlarge',
        'm5.2xlarge',
        'm5.4xlarge',
        'm5.8xlarge',
        'm5.large',
        'm5.metal',
        'm5.xlarge',
      ]);
      expect(await page.locator('#shown').textContent()).toBe('9');
      // The charts follow the family (fetched from the server, the page is not reloaded).
      await expect
        .poll(() => page.locator('svg[id^="chart-"]').evaluateAll((svgs) => svgs.map((svg) => (svg as unknown as El).getAttribute('id'))))
        .toEqual(['chart-m5']);
      await page.selectOption('#f-mode', 'prefix-delegation');
      await page.fill('#f-min', '400');
      rows = await page.evaluate(visibleCapacityRows);
      expect(rows.map((r) => r[0]).sort()).toEqual(['m5.12xlarge', 'm5.16xlarge', 'm5.24xlarge', 'm5.4xlarge', 'm5.8xlarge', 'm5.metal']);
      expect(page.url()).toMatch(/family=m5&minPods=400&mode=prefix-delegation/);
      expect(decodeURIComponent((await page.locator('#api-query').getAttribute('href'))!.replace(/\+/g, ' '))).toContain(
        'family: "m5", minimumPods: 400 }, podsMode: PREFIX_DELEGATION',
      );
      await page.screenshot({ path: `${RESULTS_DIR}capacity-filtered.png` });
    },
    TIMEOUT,
  );

  it(
    '/capacity filters and sorts with scripts off, answered by the server',
    async () => {
      const page = await freshPage({ javaScriptEnabled: false });
      await page.goto(`${app.url}/capacity`, { waitUntil: 'load' });
      await page.selectOption('#f-family', 'c5');
      await page.fill('#f-min', '100');
      await page.selectOption('#f-mode', 'prefix-delegation');
      await Promise.all([page.waitForURL(/family=c5/), page.locator('form.filters button[type="submit"]').click()]);
      expect(page.url()).toMatch(/family=c5&minPods=100&mode=prefix-delegation/);
      let rows = await page.evaluate(visibleCapacityRows);
      expect(rows.length).toBeGreaterThan(0);
      for (const [, family, , pd] of rows) {
        expect(family).toBe('c5');
        expect(Number(pd)).toBeGreaterThanOrEqual(100);
      }
      expect(await page.locator('svg#chart-c5').count()).toBe(1);
      // The header links sort on the server and keep the filter.
      await Promise.all([page.waitForURL(/sort=name/), page.locator('th[data-key="name"] a').click()]);
      rows = await page.evaluate(visibleCapacityRows);
      const names = rows.map((r) => r[0]);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
      expect(rows.every((r) => r[1] === 'c5')).toBe(true);
      expect(await page.locator('th[data-key="name"]').getAttribute('aria-sort')).toBe('ascending');
      await page.screenshot({ path: `${RESULTS_DIR}capacity-no-script.png` });
    },
    TIMEOUT,
  );

  it(
    'axe-core finds no serious or critical violation on either page',
    async () => {
      for (const path of ['/matrix', '/capacity']) {
        const page = await freshPage();
        await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
        expect(await seriousViolations(page), path).toEqual([]);
      }
    },
    TIMEOUT,
  );

  it(
    'README screenshots: both pages at 1200 px',
    async () => {
      // The capacity page filtered to one family shows its chart beside the table.
      for (const [name, path] of [
        ['matrix', '/matrix'],
        ['capacity', '/capacity?family=m5'],
      ]) {
        const page = await freshPage({ width: 1200 });
        await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
        await page.screenshot({ path: `${RESULTS_DIR}readme-${name}.png` });
      }
    },
    TIMEOUT,
  );

  it(
    'needed no internet and reported no console error, page error, CSP violation or failed request',
    async () => {
      const violations: string[] = [];
      for (const context of contexts)
        for (const page of context.pages()) violations.push(...((await page.evaluate(() => window.__cspViolations).catch(() => [])) ?? []));
      expect(externalRequests, 'requests to non-local hosts').toEqual([]);
      expect(violations, 'CSP violations').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
      expect(failedResponses, 'failed local requests').toEqual([]);
    },
    TIMEOUT,
  );
});
