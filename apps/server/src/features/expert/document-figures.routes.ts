import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { contentDisposition } from '../../lib/content-disposition.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor } from '../../plugins/session.js';
import type { DocumentFiguresService } from './document-figures.service.js';

/** The expert's "Figures from documents" and its CSV (access 'expert' from the route table). */
export const documentFiguresRoutes: FastifyPluginAsyncZod<{ figures: DocumentFiguresService }> = async (app, { figures }) => {
  registerRoute(app, routes.expertFigures, async (request) => figures.get(currentActor(request), request.params.userId, request.params.taxYear));

  registerRoute(app, routes.expertFiguresCsv, async (request, reply) => {
    const { userId, taxYear } = request.params;
    const csv = await figures.csv(currentActor(request), userId, taxYear);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `figures-${userId}-${taxYear}.csv`))
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
