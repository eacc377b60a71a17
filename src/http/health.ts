/** GET /api/health */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { Health, json, operation } from './schemas.js';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', {
    ...operation({
      operationId: 'getHealth',
      summary: 'Health check',
      description: 'Answers while the server can take requests, including while a job is being traced.',
      tags: ['service'],
      response: { 200: json(Health, 'The service is up.') },
    }),
    handler: async () => ({ status: 'ok' as const }),
  });
};

export default health;
