/** GET /api/sponsors and GET /api/sponsors/{sponsor_id}/logo.png */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { Sponsor } from '../core/sponsors.js';
import { HttpError } from './errors.js';
import { binary, json, operation, problem, SponsorList, SponsorParams } from './schemas.js';

function wire(sponsor: Sponsor) {
  return {
    id: sponsor.id,
    name: sponsor.name,
    url: sponsor.url,
    description: sponsor.description,
    logo: `/api/sponsors/${sponsor.id}/logo.png`,
    featured_from: sponsor.featuredFrom,
    featured_until: sponsor.featuredUntil,
  };
}

const sponsors: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/sponsors', {
    ...operation({
      operationId: 'listSponsors',
      summary: 'Current and past featured sponsors',
      description:
        'Sponsors featured today, and those featured before. Sponsors whose feature has not started are not listed.',
      tags: ['service'],
      response: { 200: json(SponsorList, 'The sponsors.') },
    }),
    handler: async () => {
      const listing = await app.sponsors.list();
      return { current: listing.current.map(wire), past: listing.past.map(wire) };
    },
  });

  app.get('/api/sponsors/:sponsor_id/logo.png', {
    ...operation({
      operationId: 'getSponsorLogo',
      summary: "A sponsor's logo",
      tags: ['service'],
      params: SponsorParams,
      response: { 200: binary('image/png', 'The logo.'), 404: problem('No sponsor has this id.') },
    }),
    handler: async (request, reply) => {
      const { sponsor_id: id } = request.params;
      const png = await app.sponsors.logo(id);
      if (!png) throw new HttpError(404, `No sponsor has the id "${id.slice(0, 64)}".`);
      reply.header('Cache-Control', 'public, max-age=3600');
      return reply.type('image/png').send(png);
    },
  });
};

export default sponsors;
