/** POST /api/jobs/{token}/visibility: a new job with some palette colors hidden. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { runInSlot } from '../core/gate.js';
import { VisibilityJobResult, visibilityResult } from '../core/results.js';
import { busyText, json, operation, problem, TokenParams, VisibilityRequest } from './schemas.js';

const visibility: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/jobs/:token/visibility', {
    ...operation({
      operationId: 'hideColors',
      summary: 'Create a job with palette colors hidden',
      description:
        'Creates a new job whose SVG leaves out the listed colors, without re-tracing; the source job is unchanged. ' +
        'Later requests use the returned id. hidden_colors of the result lists every color of the original trace ' +
        'that the new job leaves out, including those its source already hid.',
      tags: ['jobs'],
      idempotency: 'replay',
      params: TokenParams,
      body: VisibilityRequest,
      response: {
        200: json(VisibilityJobResult, 'The new job, with original_id and hidden_colors.'),
        404: problem('Job unknown or expired (the message for an expired job asks to upload again).'),
        422: problem(
          'Invalid fields (a list of problems); a color not in the palette; hiding every color; ' +
            'or an Idempotency-Key reused with other parameters.',
        ),
        429: problem(busyText(app.terms)),
      },
    }),
    handler: async (request) => {
      const { token } = request.params;
      const job = await runInSlot(app.gate, () => app.jobs.hideColors(token, request.body.hidden_colors));
      return visibilityResult(job);
    },
  });
};

export default visibility;
