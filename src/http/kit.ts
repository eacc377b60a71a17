/** POST /api/jobs/{token}/kit: the brand-kit ZIP of a job. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { runInSlot } from '../core/gate.js';
import { kitRequestOf } from '../core/brand-kit/index.js';
import { kitZipName } from '../core/brand-kit/names.js';
import { attachment } from './content-disposition.js';
import {
  binary,
  busyText,
  ErrorBody,
  INVALID_KEY,
  KitRequest,
  operation,
  TokenParams,
  UNSUPPORTED_VERSION,
} from './schemas.js';

/** The spec declares the kit's errors under the zip media type too; the body is always the JSON error body. */
function kitProblem(description: string) {
  const media = { schema: ErrorBody };
  return { description, content: { 'application/json': media, 'application/zip': media } };
}

const kit: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/jobs/:token/kit', {
    ...operation({
      usesStore: true,
      operationId: 'buildKit',
      summary: 'Build the brand-kit ZIP of a job',
      description:
        'Builds and returns the brand kit. Naturally idempotent: it changes nothing, and repeating it returns an ' +
        'equivalent archive, so Idempotency-Key is validated but nothing is stored. The body may be omitted.',
      tags: ['jobs'],
      idempotency: 'validate-only',
      optionalBody: true,
      params: TokenParams,
      body: KitRequest,
      response: {
        200: binary('application/zip', 'The brand kit.'),
        400: kitProblem(`${UNSUPPORTED_VERSION} ${INVALID_KEY}`),
        404: kitProblem('Job unknown or expired.'),
        422: kitProblem(
          'Invalid fields (a list of problems), or a brand name holding a control, bidirectional-override or non-character code point.',
        ),
        429: kitProblem(busyText(app.terms)),
      },
    }),
    handler: async (request, reply) => {
      const { token } = request.params;
      const kitRequest = kitRequestOf(request.body);
      const zip = await runInSlot(app.gate, () => app.jobs.kitZip(token, kitRequest));
      reply.header('Content-Disposition', attachment(kitZipName(kitRequest.name)));
      return reply.type('application/zip').send(zip);
    },
  });
};

export default kit;
