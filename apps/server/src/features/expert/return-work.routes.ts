import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { ExpertWorkflowService } from './expert-workflow.service.js';

/** The person's answer to the prepared return (issue 27, D18): approve it (5 → 6) or ask for changes (5 → 4). Their own years only. */
export const returnWorkRoutes: FastifyPluginAsyncZod<{ workflow: ExpertWorkflowService }> = async (app, { workflow }) => {
  registerRoute(app, routes.approve, async (request) => workflow.approve(currentUserId(request), request.body.taxYear));

  registerRoute(app, routes.requestChanges, async (request) =>
    workflow.requestChanges(currentUserId(request), request.body.taxYear, request.body.message),
  );
};
