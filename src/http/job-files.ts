/**
 * A job's files: GET /api/jobs/{token}/logo.svg, /logo.pdf, /logo.eps, /preview.png,
 * /mockup/{kind}.png and /brand-kit.zip. Files never change during a job's life, so browsers may
 * cache them privately until it ends.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';

import { PRINT_MEDIA_TYPES, type PrintFormat } from '../core/brand-kit/print-files.js';
import { PREVIEW_MAX_SIDE_PX } from '../core/jobs.js';
import type { JobRecord } from '../core/job-store.js';
import { attachment } from './content-disposition.js';
import { binary, MockupParams, operation, problem, SvgQuery, TokenParams } from './schemas.js';
import { SVG_POLICY } from './security-headers.js';

const NOT_FOUND = problem('Job unknown or expired (the message for an expired job asks to upload again).');

/** Sends a file of `job`, which browsers may keep privately until the job ends. */
function sendJobFile(reply: FastifyReply, job: JobRecord, type: string, bytes: Buffer): FastifyReply {
  const seconds = Math.max(0, Math.floor((job.expiresAt - Date.now()) / 1000));
  return reply.header('Cache-Control', `private, max-age=${seconds}`).type(type).send(bytes);
}

const PRINT_ROUTES: readonly { format: PrintFormat; name: string; operationId: string }[] = [
  { format: 'pdf', name: 'PDF', operationId: 'getPdf' },
  { format: 'eps', name: 'EPS', operationId: 'getEps' },
];

const jobFiles: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/jobs/:token/logo.svg', {
    ...operation({
      usesStore: true,
      operationId: 'getSvg',
      summary: 'Download the SVG of a job',
      description: 'With download=true the response carries Content-Disposition: attachment.',
      tags: ['jobs'],
      params: TokenParams,
      querystring: SvgQuery,
      response: {
        200: binary('image/svg+xml', 'The SVG.'),
        404: NOT_FOUND,
        422: problem('Invalid query parameter: download must be true or false.'),
      },
    }),
    handler: async (request, reply) => {
      const { token } = request.params;
      const job = await app.jobs.get(token);
      const svg = await app.jobs.svg(token);
      reply.header('Content-Security-Policy', SVG_POLICY);
      if (request.query.download) reply.header('Content-Disposition', attachment('logo.svg'));
      return sendJobFile(reply, job, 'image/svg+xml', svg);
    },
  });

  for (const { format, name, operationId } of PRINT_ROUTES) {
    app.get(`/api/jobs/:token/logo.${format}`, {
      ...operation({
        usesStore: true,
        operationId,
        summary: `Download the logo as ${name} for print`,
        description:
          `The SVG as a vector ${name} for print (paths only, gradients as shadings, RGB colors) at the SVG's size, ` +
          "the page the logo with its clear space around it, as in the brand kit's logo folder. With download=true " +
          'the response carries Content-Disposition: attachment.',
        tags: ['jobs'],
        params: TokenParams,
        querystring: SvgQuery,
        response: {
          200: binary(PRINT_MEDIA_TYPES[format], `The ${name}.`),
          404: NOT_FOUND,
          422: problem('Invalid query parameter: download must be true or false.'),
        },
      }),
      handler: async (request, reply) => {
        const job = await app.jobs.get(request.params.token);
        const bytes = await app.jobs.printFile(job.id, format);
        if (request.query.download) reply.header('Content-Disposition', attachment(`logo.${format}`));
        return sendJobFile(reply, job, PRINT_MEDIA_TYPES[format], bytes);
      },
    });
  }

  app.get('/api/jobs/:token/preview.png', {
    ...operation({
      usesStore: true,
      operationId: 'getPreview',
      summary: 'PNG preview of a job',
      description: `The SVG rendered to PNG on a transparent background, at its own size but at most ${PREVIEW_MAX_SIDE_PX} px on the long side.`,
      tags: ['jobs'],
      params: TokenParams,
      response: { 200: binary('image/png', 'The preview.'), 404: NOT_FOUND },
    }),
    handler: async (request, reply) => {
      const job = await app.jobs.get(request.params.token);
      const png = await app.jobs.previewPng(job.id);
      return sendJobFile(reply, job, 'image/png', png);
    },
  });

  app.get('/api/jobs/:token/mockup/:kind.png', {
    ...operation({
      usesStore: true,
      operationId: 'getMockup',
      summary: 'The logo on a cap or t-shirt mockup',
      description: 'A 1200 x 1200 PNG of the logo on a drawn cap or t-shirt.',
      tags: ['jobs'],
      params: MockupParams,
      response: {
        200: binary('image/png', 'The mockup.'),
        404: problem('Job unknown or expired, or a kind other than cap or tshirt.'),
      },
    }),
    handler: async (request, reply) => {
      const job = await app.jobs.get(request.params.token);
      const png = await app.jobs.mockupPng(job.id, request.params.kind);
      return sendJobFile(reply, job, 'image/png', png);
    },
  });

  app.get('/api/jobs/:token/brand-kit.zip', {
    ...operation({
      usesStore: true,
      afterAnotherStep: true,
      operationId: 'getExportedKit',
      summary: 'The brand kit exported through the MCP server',
      description:
        "Returns the ZIP that the hosted MCP server's export_brand_kit tool produced for this revision; 404 until it has " +
        'been exported. REST clients get the kit directly from POST /api/jobs/{token}/kit.',
      tags: ['jobs'],
      params: TokenParams,
      response: {
        200: binary('application/zip', 'The exported brand kit.'),
        404: problem('Job unknown or expired, or its kit not exported yet.'),
      },
    }),
    handler: async (request, reply) => {
      const job = await app.jobs.get(request.params.token);
      const zip = await app.jobs.exportedKitZip(job.id);
      reply.header('Content-Disposition', attachment('brand-kit.zip'));
      return sendJobFile(reply, job, 'application/zip', zip);
    },
  });
};

export default jobFiles;
