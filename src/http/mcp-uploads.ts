/** POST /api/mcp/uploads: keep an image for a short while for the MCP vectorize_logo tool. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { IMAGE_SIZE_RULE } from '../core/limits.js';
import { UPLOAD_TTL_SECONDS } from '../core/uploads.js';
import { mcpUploadResult, McpUploadResult } from '../core/results.js';
import { readUploadForm } from './multipart.js';
import { fileTooLarge, json, McpUploadForm, operation, problem } from './schemas.js';

const mcpUploads: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/mcp/uploads', {
    ...operation({
      operationId: 'createMcpUpload',
      summary: 'Upload an image for the MCP server',
      description:
        `Stores a PNG, JPEG or WebP logo for ${app.terms.uploadLifetime} and returns an upload_id that the hosted MCP server's ` +
        'vectorize_logo tool accepts, so an agent need not send the image inside a tool call. The format and size ' +
        "are checked now, from the file's header; nothing is traced until vectorize_logo. An Idempotency-Key is " +
        'replayed for as long as the upload lives.',
      tags: ['mcp'],
      idempotency: 'replay',
      replayForSeconds: UPLOAD_TTL_SECONDS,
      consumes: ['multipart/form-data'],
      body: McpUploadForm,
      response: {
        200: json(McpUploadResult, 'The stored upload.'),
        413: fileTooLarge(app.terms),
        422: problem(
          `No file, or a file that is not PNG, JPEG or WebP, is corrupt, or is not ${IMAGE_SIZE_RULE}; ` +
            'or an Idempotency-Key reused with other parameters.',
        ),
        429: problem(
          'The temporary upload limit is reached; retry after Retry-After seconds (when the oldest upload expires).',
        ),
      },
    }),
    preValidation: readUploadForm,
    handler: async (request) => {
      const image = request.upload?.bytes;
      if (!image) throw new Error('validated upload form without its file');
      return mcpUploadResult(await app.uploads.create(image));
    },
  });
};

export default mcpUploads;
