import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentActor } from '../../plugins/session.js';
import type { ExpertWorkflowService } from './expert-workflow.service.js';

/** The expert's work on a return (issue 27): the thread, document requests, statuses and the filing date. */
export const expertWorkflowRoutes: FastifyPluginAsyncZod<{ workflow: ExpertWorkflowService }> = async (app, { workflow }) => {
  registerRoute(app, routes.expertThread, async (request) =>
    workflow.readThread(currentActor(request), request.params.userId, request.params.taxYear),
  );

  registerRoute(app, routes.expertSendMessage, async (request, reply) => {
    const message = await workflow.sendMessage(currentActor(request), request.params.userId, request.params.taxYear, request.body.message);
    reply.status(201);
    return message;
  });

  registerRoute(app, routes.expertRequestDocument, async (request, reply) => {
    const summary = await workflow.requestDocument(currentActor(request), request.params.userId, request.params.taxYear, request.body);
    reply.status(201);
    return summary;
  });

  registerRoute(app, routes.expertSetStatus, async (request) =>
    workflow.setStatus(currentActor(request), request.params.userId, request.params.taxYear, request.body),
  );

  registerRoute(app, routes.expertFiled, async (request) =>
    workflow.recordFiled(currentActor(request), request.params.userId, request.params.taxYear, request.body.filedOn),
  );
};
