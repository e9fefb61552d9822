/** GraphiQL's and the pages' security headers, as helmet computes them: the whole set, pinned, so a helmet upgrade that changes one shows here. */
import { describe, expect, it } from 'vitest';
import { GRAPHIQL_CSP_DIRECTIVES } from '../../src/server/graphiql.js';
import { PAGES_CSP_DIRECTIVES } from '../../src/server/pages/routes.js';
import { securityHeaders } from '../../src/server/security-headers.js';

const common = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('GraphiQL: same-origin scripts, fonts and connections; inline styles for its editors; no framing, no forms', () => {
    expect(securityHeaders(GRAPHIQL_CSP_DIRECTIVES)).toEqual({
      ...common,
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;" +
        "connect-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    });
  });

  it('the pages: no inline style at all, and the filter form submits to this origin', () => {
    expect(securityHeaders(PAGES_CSP_DIRECTIVES)).toEqual({
      ...common,
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
        "connect-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'self'",
    });
  });

  it('leave HTTPS to the deployment: no Strict-Transport-Security', () => {
    expect(securityHeaders(PAGES_CSP_DIRECTIVES)).not.toHaveProperty('strict-transport-security');
  });
});
