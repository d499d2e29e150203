import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@taxli/domain';
import { registerRoute } from '../../lib/register-route.js';
import { currentUserId } from '../../plugins/session.js';
import type { MessageService } from './message.service.js';

/** POST /api/send-message: the caller's message to the experts. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (app, { messages }) => {
  registerRoute(app, routes.sendMessage, async (request, reply) => {
    const answer = await messages.send(currentUserId(request), request.body.message);
    reply.status(201);
    return answer;
  });
};
