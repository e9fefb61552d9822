/** The frame every page shares: head, navigation, footer with the dataset version. */
import { html, type Html, type Interpolation } from './html.js';

export interface PageFrame {
  title: string;
  /** Path of this page, to mark the navigation. */
  path: '/matrix' | '/capacity';
  datasetVersion: string;
  today: string;
  body: Interpolation;
  /** Same-origin scripts (the CSP forbids inline ones); the page must work without them. */
  scripts?: string[];
}

const NAV: [string, string][] = [
  ['/matrix', 'Compatibility matrix'],
  ['/capacity', 'EC2 pod capacity'],
  ['/graphiql', 'GraphiQL'],
];

export function layout(frame: PageFrame): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · winnet-kb</title>
<link rel="stylesheet" href="/pages/pages.css">
${(frame.scripts ?? []).map((src) => html`<script src="${src}" defer></script>\n`)}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<nav aria-label="winnet-kb">
<ul>${NAV.map(([href, label]) => html`<li><a href="${href}"${href === frame.path ? html` aria-current="page"` : ''}>${label}</a></li>`)}</ul>
</nav>
</header>
<main id="main">
${frame.body}
</main>
<footer class="site">
<p>Built from dataset <code>${frame.datasetVersion}</code> through the service's GraphQL schema; support dates judged on ${frame.today}. Every fact links to its sources and to the GraphQL query that returns it.</p>
</footer>
</body>
</html>
`;
}
