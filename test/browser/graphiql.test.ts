/**
 * GraphiQL in a real browser: Debian's Chromium, driven by playwright-core, against the real
 * service. Every request to a host other than 127.0.0.1/localhost is blocked and counted, so the
 * page is proven to work with no internet (no CDN, no web fonts, no telemetry). It checks that the
 * editor and the example tabs appear, that queries run (by the execute button and by Ctrl+Enter)
 * and show their answers, that the docs explorer lists the Query fields, that a browser opening
 * /graphql (the address `npm start` prints) gets the same working page, and that the page reports
 * no console error, page error or CSP violation. Screenshots go to test-results/ (gitignored).
 *
 * Needs /usr/bin/chromium (`apt-get install chromium`); without it the suite is skipped with a
 * warning.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser test skipped: ${CHROMIUM} not found (apt-get install chromium)`);

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
const TIMEOUT = 60_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Selectors of GraphiQL 3's DOM. */
const QUERY_EDITOR = '.graphiql-query-editor .CodeMirror';
const RESPONSE = '.graphiql-response';
const RESPONSE_EDITOR = `${RESPONSE} .CodeMirror`;
const EXECUTE = 'button.graphiql-execute-button';

/** The page's globals, as the browser-side functions below use them (no DOM lib in this project). */
declare const document: { querySelector(selector: string): (object & { CodeMirror?: { getValue(): string } }) | null };
declare const window: { __cspViolations?: string[] };
declare const localStorage: { getItem(key: string): string | null };

/**
 * The text of the CodeMirror editor under `selector`: its whole model, not only the lines that
 * CodeMirror has rendered. Runs in the page; Playwright calls it over CDP, which the page's CSP
 * does not apply to (a string predicate in page.waitForFunction would be eval'd and refused).
 */
function editorText(selector: string): string {
  return document.querySelector(selector)?.CodeMirror?.getValue() ?? '';
}

/**
 * The operation GraphiQL will run in the active tab, from its persisted tab state. GraphiQL parses
 * the editor with a short debounce, so right after a tab switch it still holds the previous tab's
 * operation name; running at that moment sends the wrong operationName.
 */
function activeOperationName(): string | null {
  const state = JSON.parse(localStorage.getItem('graphiql:tabState') ?? 'null') as { activeTabIndex: number; tabs: { operationName: string | null }[] } | null;
  return state?.tabs[state.activeTabIndex]?.operationName ?? null;
}

/** Collects CSP violations from the first script on, before any page script runs. */
const CSP_LISTENER = `window.__cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`;

/** Polls `read` from Node until `done` holds, so nothing is evaluated as a string in the page. */
async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeout = TIMEOUT / 2): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${String(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!hasChromium)('GraphiQL in Chromium (offline)', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const externalRequests: string[] = [];
  const consoleErrors: string[] = [];
  const failedResponses: string[] = [];

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
    ({ page } = await freshPage());
  }, TIMEOUT);

  /** A fresh context is a fresh profile: no cached assets, no saved GraphiQL tabs. Non-local requests are blocked and counted. */
  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
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
    page.on('requestfailed', (request) => {
      if (LOCAL_HOSTS.has(new URL(request.url()).hostname)) failedResponses.push(`failed ${request.url()}: ${request.failure()?.errorText}`);
    });
    return { context, page };
  }

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  }, TIMEOUT);

  it(
    'loads GraphiQL with its query editor and the example tabs',
    async () => {
      const response = await page.goto(`${app.url}/graphiql`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await page.waitForSelector(QUERY_EDITOR, { state: 'visible' });
      await page.waitForSelector(EXECUTE, { state: 'visible' });
      const tabs = (await page.locator('.graphiql-tab .graphiql-tab-button').allInnerTexts()).map((t) => t.trim());
      expect(tabs).toEqual(['Compatibility', 'Capacity', 'Search', 'Catalogue']);
      // The first tab is active and holds the compatibility example.
      expect(await page.locator('.graphiql-tab-active').innerText()).toContain('Compatibility');
      expect(await page.evaluate(editorText, QUERY_EDITOR)).toContain('query Compatibility');
    },
    TIMEOUT,
  );

  it(
    'runs the Compatibility example with the execute button and shows the verdict',
    async () => {
      await page.locator(EXECUTE).click();
      const text = await waitUntil(
        () => page.evaluate(editorText, RESPONSE_EDITOR),
        (t) => t.includes('"verdict"'),
        'the compatibility result',
      );
      const result = JSON.parse(text) as { data?: { compatibility: { verdict: string; findings: { code: string }[] } }; errors?: unknown };
      expect(result.errors).toBeUndefined();
      expect(result.data?.compatibility.verdict).toBe('INCOMPATIBLE');
      expect(result.data?.compatibility.findings.map((f) => f.code)).toContain('FEATURE_REQUIRES_NEWER_WINDOWS');
      // What a person sees: the rendered result panel, not only the editor's model.
      const visible = await page.locator(RESPONSE).innerText();
      expect(visible).toContain('INCOMPATIBLE');
      expect(visible).toContain('FEATURE_REQUIRES_NEWER_WINDOWS');
      await page.screenshot({ path: `${RESULTS_DIR}graphiql-result.png` });
    },
    TIMEOUT,
  );

  it(
    'switches to the Capacity tab and runs it with Ctrl+Enter',
    async () => {
      await page.locator('.graphiql-tab-button', { hasText: 'Capacity' }).click();
      await waitUntil(
        () => page.evaluate(editorText, QUERY_EDITOR),
        (t) => t.includes('query Capacity'),
        'the Capacity query in the editor',
      );
      await waitUntil(
        () => page.evaluate(activeOperationName),
        (name) => name === 'Capacity',
        'GraphiQL to select the Capacity operation',
      );
      // Focus the editor at the start of its first line (a click mid-editor would scroll a long line).
      await page
        .locator(`${QUERY_EDITOR} .CodeMirror-line`)
        .first()
        .click({ position: { x: 2, y: 5 } });
      await page.keyboard.press('Control+Enter');
      const text = await waitUntil(
        () => page.evaluate(editorText, RESPONSE_EDITOR),
        (t) => t.includes('"prefixes"'),
        'the capacity result',
      );
      const result = JSON.parse(text) as { data: { secondaryIp: { maxPods: number }; prefixes: { maxPods: number } } };
      // m5.large: 10 addresses on its ENI; 10 - 1 = 9 pods, or 9 x 16 = 144 with prefix delegation.
      expect(result.data.secondaryIp.maxPods).toBe(9);
      expect(result.data.prefixes.maxPods).toBe(144);
      expect(await page.locator(RESPONSE).innerText()).toContain('144');
      await page.screenshot({ path: `${RESULTS_DIR}graphiql-capacity.png` });
    },
    TIMEOUT,
  );

  it(
    'switches to the Search tab and runs it with Ctrl+Enter',
    async () => {
      await page.locator('.graphiql-tab-button', { hasText: 'Search' }).click();
      await waitUntil(
        () => page.evaluate(editorText, QUERY_EDITOR),
        (t) => t.includes('query Search'),
        'the Search query in the editor',
      );
      await waitUntil(
        () => page.evaluate(activeOperationName),
        (name) => name === 'Search',
        'GraphiQL to select the Search operation',
      );
      await page
        .locator(`${QUERY_EDITOR} .CodeMirror-line`)
        .first()
        .click({ position: { x: 2, y: 5 } });
      await page.keyboard.press('Control+Enter');
      const text = await waitUntil(
        () => page.evaluate(editorText, RESPONSE_EDITOR),
        (t) => t.includes('"snippet"'),
        'the search result',
      );
      const result = JSON.parse(text) as { data: { search: { field: string; snippet: string; node: { slug: string } }[] } };
      expect(result.data.search[0]).toMatchObject({ field: 'key', node: { slug: 'direct-server-return' } });
      expect(result.data.search[0]!.snippet).toContain('**enable-dsr**');
      await page.screenshot({ path: `${RESULTS_DIR}graphiql-search.png` });
    },
    TIMEOUT,
  );

  it(
    'opens the docs explorer on the Query type and lists its fields',
    async () => {
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      const explorer = page.locator('.graphiql-doc-explorer');
      await explorer.waitFor({ state: 'visible' });
      // The schema comes from introspection over /graphql; the root type links to Query.
      await explorer
        .locator('a.graphiql-doc-explorer-type-name', { hasText: /^Query$/ })
        .first()
        .click();
      await explorer.locator('.graphiql-doc-explorer-title', { hasText: /^Query$/ }).waitFor({ state: 'visible' });
      const fieldNames = (await explorer.locator('.graphiql-doc-explorer-field-name').allInnerTexts()).map((t) => t.trim());
      for (const field of ['compatibility', 'podCapacity', 'cniPlugins', 'feature', 'instanceTypes', 'datasetInfo']) expect(fieldNames).toContain(field);
      await page.screenshot({ path: `${RESULTS_DIR}graphiql-docs.png` });
      // And the compatibility field itself, further down the list.
      const compatibility = explorer.locator('.graphiql-doc-explorer-field-name', { hasText: /^compatibility$/ });
      await compatibility.scrollIntoViewIfNeeded();
      expect(await compatibility.isVisible()).toBe(true);
      await page.screenshot({ path: `${RESULTS_DIR}graphiql-docs-compatibility.png` });
    },
    TIMEOUT,
  );

  it(
    'opens on /graphql too, the address `npm start` prints, and runs a query there',
    async () => {
      const endpoint = await freshPage();
      try {
        const response = await endpoint.page.goto(`${app.url}/graphql`, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-type']).toMatch(/^text\/html/);
        await endpoint.page.waitForSelector(QUERY_EDITOR, { state: 'visible' });
        const tabs = (await endpoint.page.locator('.graphiql-tab .graphiql-tab-button').allInnerTexts()).map((t) => t.trim());
        expect(tabs).toEqual(['Compatibility', 'Capacity', 'Search', 'Catalogue']);
        // The page's fetcher posts to /graphql, the URL it was opened on.
        await endpoint.page.locator(EXECUTE).click();
        const text = await waitUntil(
          () => endpoint.page.evaluate(editorText, RESPONSE_EDITOR),
          (t) => t.includes('"verdict"'),
          'the compatibility result on /graphql',
        );
        expect((JSON.parse(text) as { data?: { compatibility: { verdict: string } } }).data?.compatibility.verdict).toBe('INCOMPATIBLE');
        expect(await endpoint.page.evaluate(() => window.__cspViolations), 'CSP violations on /graphql').toEqual([]);
        await endpoint.page.screenshot({ path: `${RESULTS_DIR}graphiql-on-graphql.png` });
      } finally {
        await endpoint.context.close();
      }
    },
    TIMEOUT,
  );

  it(
    'needed no internet and reported no console error, page error, CSP violation or failed request',
    async () => {
      const violations = await page.evaluate(() => window.__cspViolations);
      expect(externalRequests, 'requests to non-local hosts').toEqual([]);
      expect(violations, 'CSP violations').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
      expect(failedResponses, 'failed local requests').toEqual([]);
    },
    TIMEOUT,
  );
});
