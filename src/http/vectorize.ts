/** POST /api/vectorize: trace an uploaded logo into a new job. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { runInSlot } from '../core/gate.js';
import { IMAGE_SIZE_RULE } from '../core/limits.js';
import { UploadJobResult, uploadResult } from '../core/results.js';
import { abortedWhenClientLeaves } from './client-gone.js';
import { readUploadForm } from './multipart.js';
import { busyText, fileTooLarge, json, operation, problem, VectorizeForm } from './schemas.js';

const vectorize: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/vectorize', {
    ...operation({
      operationId: 'vectorize',
      summary: 'Vectorize an uploaded logo',
      description:
        'Traces a PNG, JPEG or WebP logo into an SVG with its exact palette and creates a new, independent job ' +
        `(uploading the same file again, with any settings, creates another job). Jobs expire ${app.terms.jobLifetime} after creation.`,
      tags: ['jobs'],
      idempotency: 'replay',
      consumes: ['multipart/form-data'],
      body: VectorizeForm,
      response: {
        200: json(UploadJobResult, 'The new job.'),
        413: fileTooLarge(app.terms),
        422: problem(
          'Invalid form fields (a list of problems), or an image that cannot be traced: not PNG, JPEG or WebP, corrupt, ' +
            `not ${IMAGE_SIZE_RULE}, nothing to trace, or too complex for a logo (a photo, a pattern ` +
            'or noise, refused as soon as it is recognised or when its trace reaches the deadline); or an Idempotency-Key ' +
            'reused with other parameters.',
        ),
        429: problem(busyText(app.terms)),
      },
    }),
    preValidation: readUploadForm,
    handler: async (request, reply) => {
      const { file: _sha256, upload_session_id: uploadSessionId = '', ...settings } = request.body;
      const image = request.upload?.bytes;
      if (!image) throw new Error('validated upload form without its file');
      // A client that leaves, or a server whose stop outlasts its grace, stops the trace and frees the
      // gate; no job is made for it.
      const signal = AbortSignal.any([abortedWhenClientLeaves(reply), app.stopping]);
      const job = await runInSlot(app.gate, () => app.jobs.vectorize(image, settings, uploadSessionId, signal));
      app.stats?.recordUpload(uploadSessionId);
      return uploadResult(job);
    },
  });
};

export default vectorize;
