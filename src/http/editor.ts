/**
 * The editor endpoints: POST /api/jobs/{token}/editor/settings and
 * /editor/visibility. They change revisions made through the hosted MCP
 * server, always into a new revision, and refuse jobs made otherwise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { runInSlot } from '../core/gate.js';
import { RevisionResult, revisionResult } from '../core/results.js';
import { publicUrl } from './public-url.js';
import type { ServiceTerms } from '../core/terms.js';
import {
  busyText,
  EditorSettingsRequest,
  EditorVisibilityRequest,
  json,
  operation,
  problem,
  TokenParams,
} from './schemas.js';

const responses = (invalid: string, terms: ServiceTerms) => ({
  200: json(RevisionResult, 'The new revision; the source revision is unchanged.'),
  404: problem('Revision unknown or expired (the message for an expired one asks to upload again).'),
  422: problem(
    `Invalid fields (a list of problems); ${invalid}; a job made with POST /api/vectorize or /api/sample, which ` +
      'the editor does not change (upload again with new form fields); or an Idempotency-Key reused with other parameters.',
  ),
  429: problem(busyText(terms)),
});

const editor: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/jobs/:token/editor/settings', {
    ...operation({
      operationId: 'editRevisionSettings',
      summary: 'Re-trace a revision with new settings',
      description:
        'Re-traces the source image of an MCP-created revision with the given settings into a new revision; ' +
        'fields left out or null keep their values, and the body may be omitted. Colors the source revision hides ' +
        'stay hidden while the new trace still has them (the warning says which did not). The source revision is unchanged.',
      tags: ['mcp'],
      idempotency: 'replay',
      optionalBody: true,
      params: TokenParams,
      body: EditorSettingsRequest,
      response: responses('new settings that make the image too complex to trace within the deadline', app.terms),
    }),
    handler: async (request) => {
      const revision = await runInSlot(app.gate, () =>
        app.revisions.updateSettings(request.params.token, request.body),
      );
      return revisionResult(revision, publicUrl(request, ''));
    },
  });

  app.post('/api/jobs/:token/editor/visibility', {
    ...operation({
      operationId: 'editRevisionVisibility',
      summary: 'Hide or restore colors of a revision',
      description:
        'Creates a new revision of an MCP-created revision that hides exactly the listed colors of its trace and ' +
        'shows every other one, so colors hidden before can be restored; nothing is re-traced and the source ' +
        'revision is unchanged.',
      tags: ['mcp'],
      idempotency: 'replay',
      params: TokenParams,
      body: EditorVisibilityRequest,
      response: responses('a color not in the trace; hiding every color', app.terms),
    }),
    handler: async (request) => {
      const revision = await runInSlot(app.gate, () =>
        app.revisions.setHiddenColors(request.params.token, request.body.hidden_colors),
      );
      return revisionResult(revision, publicUrl(request, ''));
    },
  });
};

export default editor;
