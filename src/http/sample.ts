/** POST /api/sample: the sandbox, a demo job from the built-in logo. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { runInSlot } from '../core/gate.js';
import { SampleJobResult, sampleResult } from '../core/results.js';
import { binary, busyText, json, operation, problem, SampleForm } from './schemas.js';

const sample: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/sample', {
    ...operation({
      operationId: 'createSample',
      summary: 'Create a demo job from the built-in logo',
      description:
        'The sandbox: traces a logo built into the service, without any upload, on the same server as the live API. ' +
        `The job works with every /api/jobs/{token}/... endpoint and expires after ${app.terms.jobLifetime}. The body may be omitted.`,
      tags: ['sandbox'],
      idempotency: 'replay',
      optionalBody: true,
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: SampleForm,
      response: {
        200: json(SampleJobResult, 'The new demo job.'),
        422: problem('Invalid form fields, or an Idempotency-Key reused with other parameters.'),
        429: problem(busyText(app.terms)),
      },
    }),
    handler: async (request) => {
      return sampleResult(await runInSlot(app.gate, () => app.jobs.sample(request.body.trim)));
    },
  });

  app.get('/api/sample.png', {
    ...operation({
      operationId: 'getSampleImage',
      summary: 'The built-in logo that POST /api/sample traces',
      description:
        "The sandbox's source image as PNG, so a client can show it beside the trace or upload it to POST /api/vectorize with other settings.",
      tags: ['sandbox'],
      response: { 200: binary('image/png', 'The built-in logo.') },
    }),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return reply.type('image/png').send(await app.jobs.samplePng());
    },
  });
};

export default sample;
