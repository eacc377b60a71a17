/** GET /api/stats, and the counting of every answered request behind it. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

import { HttpError } from './errors.js';
import { json, operation, problem, Stats } from './schemas.js';

const stats: FastifyPluginAsyncTypebox = async (app) => {
  const counter = app.stats;
  if (counter)
    app.addHook('onResponse', async (request) => {
      counter.record(request.ip);
    });

  app.get('/api/stats', {
    ...operation({
      operationId: 'getStats',
      summary: 'Live visitor counts',
      description:
        'Distinct anonymised visitors in the last five minutes and today, and requests served. Client addresses are ' +
        'never stored: a visitor is a salted hash whose salt is replaced at each UTC midnight, when the counts restart.',
      tags: ['service'],
      response: {
        200: json(Stats, 'The counts.'),
        503: problem('Live stats are disabled on this server or unavailable.'),
      },
    }),
    handler: async () => {
      if (!counter) throw new HttpError(503, 'Live stats are disabled on this server.');
      const now = await counter.snapshot();
      return {
        visitors: { last_5_minutes: now.visitorsLast5Minutes, today: now.visitorsToday },
        requests_served: { today: now.requestsToday, since_start: now.requestsSinceStart },
        uploads: { today: now.uploadsToday, sessions_today: now.uploadSessionsToday },
        day: now.day,
        since: now.since,
      };
    },
  });
};

// Wrapped so the counting hook sees every request, not just this plugin's routes.
export default fp(stats, { name: 'stats', dependencies: ['services'] });
