/** GET /api: what the service is and where everything is, for people and agents. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { endpointsOf } from './openapi.js';
import { MCP_PATH, PORTAL_PATH, publicUrl, VERSIONING_SECTION } from './public-url.js';
import { ApiIndex, json, operation } from './schemas.js';
import { idempotencyInfo, limitsInfo } from './service-info.js';
import { versioningInfo } from './versioning.js';

const apiIndex: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api', {
    ...operation({
      operationId: 'getApiIndex',
      summary: 'API index',
      description: 'Name, documentation links, versioning, idempotency, limits, sandbox and every endpoint.',
      tags: ['service'],
      response: { 200: json(ApiIndex, 'The index.') },
    }),
    handler: async (request, reply) => {
      const url = (path: string) => publicUrl(request, path);
      const endpoints = endpointsOf(app.openapiDocument());
      return {
        name: 'Logo Vectorization Service',
        description:
          'Converts raster logos (PNG, JPEG, WebP) into clean SVGs with their exact brand colors, and builds brand kits. ' +
          `Free, anonymous and shared: ${app.terms.concurrency}; jobs expire after ${app.terms.jobLifetime}.`,
        version: String(reply.getHeader('Service-Version') ?? app.versions.current),
        documentation: url(PORTAL_PATH),
        openapi: url('/openapi.json'),
        mcp: url(MCP_PATH),
        discovery: { openapi: url('/openapi.json'), documentation: url(PORTAL_PATH), mcp: url(MCP_PATH) },
        authentication: 'none' as const,
        versioning: versioningInfo(app.versions, url(VERSIONING_SECTION)),
        idempotency: idempotencyInfo(app.config, endpoints),
        limits: limitsInfo(app.config),
        sandbox: {
          endpoint: url('/api/sample'),
          method: 'POST',
          description:
            'Creates a demo job from a built-in logo without any upload, on this same server (no separate test host). Optional form field trim (default true).',
        },
        endpoints: endpoints.map(({ method, path, summary }) => ({ method, path, summary })),
      };
    },
  });
};

export default apiIndex;
