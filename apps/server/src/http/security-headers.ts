import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Where the market widgets come from (DESIGN.md section 2): their script, and the frames it opens. */
export const MARKET_WIDGET_SCRIPTS = ['https://s3.tradingview.com'];
export const MARKET_WIDGET_FRAMES = ['https://s.tradingview.com', 'https://www.tradingview-widget.com'];

/** The sha256 source expressions of the inline scripts of an HTML page (the theme set before first paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() !== '') hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the platform: scripts only from this origin, the inline theme script
 * by its hash, and the market widgets' provider; their frames only from it; nothing may frame us.
 * Styles allow inline attributes and elements (React's style props, the toast library's sheet) —
 * scripts never run inline.
 */
export function contentSecurityPolicy(opts: { https: boolean; scriptHashes: readonly string[] }) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...opts.scriptHashes, ...MARKET_WIDGET_SCRIPTS],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': MARKET_WIDGET_FRAMES,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    ...(opts.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Features no page of ours uses, switched off for every frame. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/**
 * Whether an answer to this URL is the API's, which may carry a member's balances, history or session.
 * The API document is the same for everyone and may be cached like any page.
 */
export function isPrivateApiUrl(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (path === '/api' || path.startsWith('/api/')) && !(path === '/api/docs' || path.startsWith('/api/docs/'));
}

/**
 * Security headers on every answer (pages, assets, API): CSP, frame-ancestors and X-Frame-Options,
 * nosniff, Referrer-Policy, Permissions-Policy, COOP and CORP; HSTS only when the platform is served
 * over https (PUBLIC_URL), where it cannot lock a plain-http install out of itself. Every API answer,
 * errors and Better Auth's included, is `Cache-Control: no-store` unless its route chose a stricter
 * one (a receipt's `private, no-store`): no shared cache or back button can show it to someone else.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; scriptHashes: readonly string[] },
): void {
  // Built once: the headers are the same on every answer (no nonces, no per-route settings).
  // @fastify/helmet built helmet's middleware again for each request, parsing the whole policy each
  // time: 3.5% of the server's own time under the transfer benchmark.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control') && isPrivateApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });
}
