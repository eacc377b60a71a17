/**
 * The security headers of every answer (@fastify/helmet): nothing may frame
 * the service, load anything into its pages but their own inline styles and
 * images, or sniff a type; no referrer leaves it. Images and SVGs stay
 * embeddable by other sites (Cross-Origin-Resource-Policy: cross-origin), as
 * an open API's results must be. Two pages run scripts, the developer portal
 * and the web app: their routes ask for scriptedPageHeaders and webAppHeaders.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const BASE_POLICY = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** A served SVG is a document of its own: no script, no navigation, no plugins, whatever it holds. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * The helmet options of a page that runs scripts: the base policy, plus
 * scripts from this origin and the inline ones named by their hashes, and
 * requests to this origin. Still nothing from elsewhere, and no framing.
 */
export function scriptedPageHeaders(inlineScriptHashes: readonly string[]) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...BASE_POLICY, 'script-src': ["'self'", ...inlineScriptHashes], 'connect-src': ["'self'"] },
    },
  };
}

/**
 * The web app's page: scripts, styles and requests from this origin only (no
 * inline script or style, no eval), images also from blob: URLs, which the
 * page makes of the SVG views and of the kit's pictures.
 */
export function webAppHeaders() {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...BASE_POLICY,
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'blob:', 'data:'],
        'connect-src': ["'self'"],
      },
    },
  };
}

async function securityHeaders(app: FastifyInstance): Promise<void> {
  const https = app.config.baseUrl?.startsWith('https:') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: BASE_POLICY },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only a service that is reached over https (BASE_URL says so) asks browsers to insist on it.
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
