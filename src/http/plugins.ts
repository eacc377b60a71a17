/** Third-party Fastify plugins and their settings: CORS, multipart and urlencoded bodies. */
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { UPLOAD_MAX_BYTES } from '../core/limits.js';
import { REPLAY_HEADER } from './idempotency.js';
import { REQUEST_ID_HEADER } from './lifecycle.js';
import { UPLOAD_FORM_LIMITS } from './upload-form.js';
import { VERSION_HEADER } from './versioning.js';

async function thirdPartyPlugins(app: FastifyInstance): Promise<void> {
  // An anonymous public API: any origin may call it, and no cookies or credentials are involved.
  await app.register(cors, {
    origin: '*',
    credentials: false,
    // An OPTIONS request that is not a full preflight still gets the CORS headers, not a bare-text 400.
    strictPreflight: false,
    methods: ['GET', 'HEAD', 'POST'],
    exposedHeaders: [
      VERSION_HEADER,
      REPLAY_HEADER,
      'Retry-After',
      'Deprecation',
      'Sunset',
      'Link',
      'Content-Disposition',
      REQUEST_ID_HEADER,
    ],
    maxAge: 86_400,
  });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, ...UPLOAD_FORM_LIMITS },
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
}

export default fp(thirdPartyPlugins, { name: 'third-party-plugins' });
