/**
 * Which methods each path answers, collected as routes are registered, so a
 * request with another method on a known path gets 405 with Allow rather
 * than 404.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods routes declare for `path` (a concrete path, not a pattern); empty when none matches it. */
    allowedMethods(path: string): string[];
  }
}

/** A route pattern as a regular expression: `:name` (also in `:kind.png`) matches one segment's text, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z_]\w*|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

async function allowedMethods(app: FastifyInstance): Promise<void> {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    // CORS answers preflights on every path (OPTIONS *); that makes no path known.
    const methods = (Array.isArray(route.method) ? route.method : [route.method])
      .map(String)
      .filter((m) => m !== 'OPTIONS');
    if (methods.length > 0) routes.push({ pattern: patternOf(route.url), methods });
  });
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods));
    return [...allowed].sort();
  });
}

export default fp(allowedMethods, { name: 'allowed-methods' });
