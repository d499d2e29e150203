import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { MessageService } from './message.service.js';
import type { ThreadService } from './thread.service.js';

/** POST /api/send-message: the caller's message to the experts; GET /api/messages: the caller's thread of a year. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService; thread: ThreadService }> = async (app, { messages, thread }) => {
  registerRoute(app, routes.sendMessage, async (request, reply) => {
    const answer = await messages.send(currentUserId(request), request.body.message, request.body.taxYear);
    reply.status(201);
    return answer;
  });

  registerRoute(app, routes.thread, async (request) => thread.readByPerson(currentUserId(request), request.query.taxYear));
};
