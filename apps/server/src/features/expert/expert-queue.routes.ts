import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { createKeptCompression } from '../../lib/answer-compression.js';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor, currentUserId } from '../../plugins/session.js';
import type { ClientFileService } from './client-file.service.js';
import type { ExpertQueueService } from './expert-queue.service.js';
import type { ReturnProgressService } from './return-progress.service.js';

export interface ExpertQueueRouteDeps {
  queue: ExpertQueueService;
  clientFile: ClientFileService;
  progress: ReturnProgressService;
}

/**
 * The expert's queue, taking a return, the client file and its reveals (issue 27 items 2 and 3;
 * access 'expert' from the route table), and the person's view of that work.
 */
export const expertQueueRoutes: FastifyPluginAsyncZod<ExpertQueueRouteDeps> = async (app, { queue, clientFile, progress }) => {
  // The page comes as JSON text, written by PostgreSQL: sent as it is, not parsed and written again,
  // and compressed once while the server keeps the page.
  const sendJson = createKeptCompression();
  registerRoute(app, routes.expertQueue, async (request, reply) => sendJson(request, reply, await queue.list(currentActor(request), request.query)));

  registerRoute(app, routes.expertAssign, async (request) =>
    queue.assign(currentActor(request), request.params.userId, request.params.taxYear, request.body.assigneeId),
  );

  registerRoute(app, routes.expertClientFile, async (request) => clientFile.get(currentActor(request), request.params.userId, request.params.taxYear));

  registerRoute(app, routes.expertReveal, async (request) =>
    clientFile.reveal(currentActor(request), request.params.userId, request.params.taxYear, request.body.field),
  );

  registerRoute(app, routes.returnProgress, async (request) => progress.get(currentUserId(request), request.query.taxYear));
};
