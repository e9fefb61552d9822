/**
 * The security headers of GraphiQL and the pages, as helmet sets them (the middleware that
 * @fastify/helmet wraps): a Content-Security-Policy, `X-Frame-Options: DENY`, `nosniff`,
 * `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy: same-origin` and helmet's other
 * defaults. No directive depends on the request (no nonces), so helmet is run once per policy, at
 * startup, and its headers are applied to each answer with `reply.headers()`: nothing per request
 * beyond what a constant header set costs. @fastify/helmet instead builds helmet's middleware
 * again for every request it covers (docs/architecture.md, "Other choices").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** CSP directives in helmet's form: `{ 'script-src': ["'self'"] }`. */
export type CspDirectives = Record<string, string[]>;

/** The headers helmet sets under this CSP, by lower-case name. */
export function securityHeaders(directives: CspDirectives): Record<string, string> {
  const headers = new Map<string, string>();
  // Helmet's middleware only sets and removes headers on the response; this one records them.
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Whether the service is reached over HTTPS is the deployment's to say (its ingress or proxy), not the service's.
    strictTransportSecurity: false,
  });
  // Helmet 8 throws a bad option rather than passing it to `next`.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}
