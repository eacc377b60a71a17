/** src/http owns the service on the wire: the REST API, its OpenAPI document and portal, and the MCP endpoint. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import allowedMethods from './allowed-methods.js';
import apiIndex from './api-index.js';
import editor from './editor.js';
import errors from './errors.js';
import health from './health.js';
import idempotency from './idempotency.js';
import jobFiles from './job-files.js';
import kit from './kit.js';
import lifecycle from './lifecycle.js';
import mcp from './mcp.js';
import mcpUploads from './mcp-uploads.js';
import metrics from './metrics.js';
import openapi from './openapi.js';
import thirdPartyPlugins from './plugins.js';
import portal from './portal.js';
import { hostCheck } from './public-url.js';
import sample from './sample.js';
import securityHeaders from './security-headers.js';
import services, { type Services } from './services.js';
import sponsors from './sponsors.js';
import stats from './stats.js';
import textFields from './text-fields.js';
import vectorize from './vectorize.js';
import versioning from './versioning.js';
import visibility from './visibility.js';
import webApp from './web-app.js';

/** Every plugin and route group, registered explicitly and in dependency order. */
async function httpApi(app: FastifyInstance, options: Services): Promise<void> {
  await app.register(services, options);
  await app.register(lifecycle);
  await app.register(metrics);
  await app.register(allowedMethods);
  await app.register(errors);
  // CORS first: its hook must run before any other can turn a request away, so browsers can read the error.
  await app.register(thirdPartyPlugins);
  await app.register(securityHeaders);
  await app.register(versioning, { table: options.versions });
  await app.register(hostCheck);
  await app.register(textFields);
  await app.register(idempotency);
  // The document collects the routes registered after it.
  await app.register(openapi);
  await app.register(health);
  await app.register(apiIndex);
  await app.register(portal);
  await app.register(webApp);
  await app.register(sponsors);
  await app.register(stats);
  await app.register(vectorize);
  await app.register(sample);
  await app.register(visibility);
  await app.register(jobFiles);
  await app.register(kit);
  await app.register(editor);
  await app.register(mcpUploads);
  await app.register(mcp);
}

// Not encapsulated: the decorations, hooks and error handlers apply to the whole app.
export default fp(httpApi, { name: 'http-api' });
