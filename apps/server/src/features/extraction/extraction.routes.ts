import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { ExtractionService } from './extraction.service.js';
import type { InboxService } from './inbox.service.js';

/** What was read of a document, and the person's review inbox (issue 29). */
export const extractionRoutes: FastifyPluginAsyncZod<{ extraction: ExtractionService; inbox: InboxService }> = async (app, { extraction, inbox }) => {
  registerRoute(app, routes.fileExtraction, async (request) => extraction.extractionOf(currentUserId(request), request.params.id));

  registerRoute(app, routes.inbox, async (request) => inbox.list(currentUserId(request), request.query.taxYear));

  registerRoute(app, routes.inboxAccept, async (request) => inbox.accept(currentUserId(request), request.params.fileId, request.body?.categoryId));

  registerRoute(app, routes.inboxDismiss, async (request) => inbox.dismiss(currentUserId(request), request.params.fileId));
};
