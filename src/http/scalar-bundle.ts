/**
 * The browser bundle of Scalar's API reference, which renders the developer
 * portal. @scalar/fastify-api-reference carries it inside its module and hands
 * it out only as one of its routes, so a private instance of that plugin
 * answers the route once, in memory: its other routes (a redirect, a second
 * copy of the document) never reach the service. Loaded on first use, since
 * the module is 5 MB of JavaScript that most processes never need.
 */
import Fastify from 'fastify';

let loading: Promise<Buffer> | undefined;

export function scalarBundle(): Promise<Buffer> {
  return (loading ??= loadBundle());
}

async function loadBundle(): Promise<Buffer> {
  const { default: apiReference } = await import('@scalar/fastify-api-reference');
  const carrier = Fastify({ logger: false });
  try {
    // With a url source the plugin adds no document routes; the url itself is never used here.
    await carrier.register(apiReference, { routePrefix: '/', configuration: { url: '/openapi.json' } });
    const res = await carrier.inject('/js/scalar.js');
    if (res.statusCode !== 200) throw new Error(`the Scalar plugin did not serve its bundle (${res.statusCode})`);
    return res.rawPayload;
  } finally {
    await carrier.close();
  }
}
