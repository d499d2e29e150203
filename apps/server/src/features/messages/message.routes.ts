import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendMessageBody } from '@taxli/domain';
import { currentUserId } from '../../plugins/session.js';
import type { MessageService } from './message.service.js';

/** POST /api/send-message: the caller's message to the experts. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (app, { messages }) => {
  app.post('/api/send-message', { schema: { body: sendMessageBody } }, async (request, reply) => {
    const answer = await messages.send(currentUserId(request), request.body.message);
    reply.status(201);
    return answer;
  });
};
