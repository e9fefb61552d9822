/**
 * GraphiQL, served from npm packages (graphiql 3 UMD build and React 18 UMD builds) so it works
 * on networks without internet access. The page carries a strict CSP: scripts only from here.
 * It is at /graphiql, and at /graphql for a browser (a GET that prefers text/html), which is
 * where `npm start` points people and where Apollo's landing page, graphql-yoga and Hasura put it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { securityHeaders, type CspDirectives } from './security-headers.js';
import { addVary } from './vary.js';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * Asset name -> [file, content type]. A Map, not an object literal: the name comes from the URL,
 * and `constructor`, `__proto__` or `toString` would find Object.prototype's members in an object.
 */
const ASSETS = new Map<string, [string, string]>([
  ['react.js', [join(packageDir('react'), 'umd/react.production.min.js'), 'text/javascript; charset=utf-8']],
  ['react-dom.js', [join(packageDir('react-dom'), 'umd/react-dom.production.min.js'), 'text/javascript; charset=utf-8']],
  ['graphiql.js', [join(packageDir('graphiql'), 'graphiql.min.js'), 'text/javascript; charset=utf-8']],
  ['graphiql.css', [join(packageDir('graphiql'), 'graphiql.min.css'), 'text/css; charset=utf-8']],
]);

export const EXAMPLE_OPERATIONS = [
  {
    title: 'Compatibility report',
    query: `# Will DSR and session affinity work with Flannel VXLAN on Windows Server 2019?
query Compatibility {
  compatibility(input: {
    windowsVersion: "windows-server-2019"
    cniPlugin: "flannel"
    networkMode: "overlay"
    features: ["direct-server-return", "session-affinity"]
    kubernetesVersion: "1.31"
  }) {
    verdict
    findings { severity code subject message remediation sources { document { title } section } }
    requiredSettings { kind key value kubernetesVersions { description } }
  }
}`,
  },
  {
    title: 'Pod capacity',
    query: `# How many Windows pods fit on an m5.large, with and without prefix delegation?
query Capacity {
  secondaryIp: podCapacity(input: { instanceType: "m5.large" }) { maxPods steps }
  prefixes: podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { maxPods exceedsKubeletDefault steps }
}`,
  },
  {
    title: 'Search',
    query: `# Full-text search: what would a portal's search box find for "enable-dsr"?
query Search {
  search(query: "enable-dsr", first: 5) {
    score field snippet
    node {
      id __typename
      ... on Feature { slug name }
      ... on Limitation { slug title }
      ... on GlossaryTerm { slug term }
    }
  }
}`,
  },
  {
    title: 'Catalogue',
    query: `# Every CNI plugin with its modes, limitations and sources
query Catalogue {
  datasetInfo { version builtAt }
  cniPlugins {
    slug name supportsNetworkPolicy
    modes { mode { slug stability } backend delegatesTo { slug } stability }
    limitations { slug title severity }
    sources { document { slug } section }
  }
}`,
  },
];

/**
 * A link can open GraphiQL on an operation: /graphiql?query=... (the /matrix and /capacity pages
 * link every fact this way). The linked operation opens as the active tab, before the examples;
 * with saved tabs, GraphiQL selects the saved tab holding it or adds one.
 */
const INIT_SCRIPT = `
const examples = ${JSON.stringify(EXAMPLE_OPERATIONS.map((o) => ({ query: o.query })))};
const linked = new URLSearchParams(window.location.search).get('query');
const tabs = linked ? [{ query: linked }, ...examples] : examples;
const fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, { fetcher, defaultTabs: tabs, defaultEditorToolsVisibility: false, isHeadersEditorEnabled: true, ...(linked ? { query: linked } : {}) })
);
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>winnet-kb GraphiQL</title>
<link rel="stylesheet" href="/graphiql/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="/graphiql/react.js"></script>
<script src="/graphiql/react-dom.js"></script>
<script src="/graphiql/graphiql.js"></script>
<script src="/graphiql/init.js"></script>
</body>
</html>`;

/** Inline styles are needed by GraphiQL's editors; scripts, fonts and connections stay same-origin. */
export const GRAPHIQL_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

const SECURITY_HEADERS = securityHeaders(GRAPHIQL_CSP_DIRECTIVES);

/** The media types a GraphQL client asks for; text/html must rank above all of them. */
const GRAPHQL_TYPES = new Set(['application/json', 'application/graphql-response+json', 'multipart/mixed']);

/**
 * True when an Accept header ranks text/html above every GraphQL response type, as a browser's
 * navigation does (text/html first, then a wildcard at q=0.8). Wildcards count for neither side,
 * so the wildcard alone (curl, most clients) and a tie both get JSON: a client is never handed
 * HTML by chance.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('text/html')) return false;
  let html = 0;
  let graphql = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const qParameter = parameters.find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2)) || 0;
    if (type === 'text/html') html = Math.max(html, q);
    else if (GRAPHQL_TYPES.has(type)) graphql = Math.max(graphql, q);
  }
  return html > graphql;
}

/**
 * GET `path` from a browser gets the GraphiQL page; every other request goes on to the GraphQL
 * handler. Register it before the response cache, so a page request never reaches the cache.
 * Every GET answer there says `Vary: Accept`: the same URL is a page for a browser and JSON for
 * a client, and an HTTP cache must keep the two apart. The page itself is not stored anywhere.
 */
export function registerGraphiqlOnEndpoint(app: FastifyInstance, path: string): void {
  // Callback style: this runs on every request, and an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.routeOptions.url !== path) return done();
    addVary(reply, 'accept');
    if (!prefersHtml(request.headers.accept)) return done();
    // Answering here ends the lifecycle: the cache and Apollo never see the request.
    void reply.headers(SECURITY_HEADERS).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(PAGE);
  });
}

export function registerGraphiql(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  const securityHeaders = SECURITY_HEADERS;
  app.get('/graphiql', (_, reply) => reply.headers(securityHeaders).type('text/html; charset=utf-8').send(PAGE));
  app.get('/', (_, reply) => reply.redirect('/graphiql'));
  app.get('/graphiql/init.js', (_, reply) => reply.headers(securityHeaders).type('text/javascript; charset=utf-8').send(INIT_SCRIPT));
  app.get<{ Params: { asset: string } }>('/graphiql/:asset', (request, reply) => {
    const asset = ASSETS.get(request.params.asset);
    // The one 404 shape of the service (errors.ts), request id included.
    if (!asset) return reply.callNotFound();
    let body = cache.get(request.params.asset);
    if (!body) cache.set(request.params.asset, (body = readFileSync(asset[0])));
    return reply
      .headers({ ...securityHeaders, 'cache-control': 'public, max-age=86400' })
      .type(asset[1])
      .send(body);
  });
}
