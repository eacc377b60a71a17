/** GET /api/health */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { Health, json, operation } from './schemas.js';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', {
    ...operation({
      operationId: 'getHealth',
      summary: 'Health check',
      description:
        'Answers 200 while the server can take requests, including while a job is being traced; 503 while its job store cannot be reached (a load balancer then sends requests elsewhere).',
      tags: ['service'],
      usesStore: true,
      response: { 200: json(Health, 'The service is up.') },
    }),
    handler: async () => {
      await app.store.ping();
      return { status: 'ok' as const };
    },
  });
};

export default health;
