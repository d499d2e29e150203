import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendMessageBody, type SendMessageResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { currentUserId } from '../../plugins/session.js';
import { createMessageRepository } from './message.repository.js';

/** At most this many messages per user and hour; counted in the database, so it holds across instances. */
export const MESSAGES_PER_HOUR = 20;

/** The dashboard's Send Message box: free text from the user to the experts. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.deps;
  const store = createMessageRepository(database.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/send-message',
    { onRequest: app.requireUser, schema: { body: sendMessageBody } },
    async (request, reply): Promise<SendMessageResponse> => {
      const userId = currentUserId(request);
      const outcome = await store.store(userId, request.body.message, clock(), MESSAGES_PER_HOUR);
      if (!outcome.stored) {
        throw new AppError(429, 'RATE_LIMITED', 'Too many messages. Please wait a while before sending another one.', undefined, {
          'Retry-After': String(outcome.retryAfterSeconds),
        });
      }
      // The text itself is personal data: the audit trail records that a message was sent, not what it says.
      await app.audit.record({
        action: 'message.send',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { messageId: outcome.id, length: request.body.message.length },
      });
      reply.status(201);
      return { success: true, id: outcome.id, createdAt: outcome.createdAt.toISOString() };
    },
  );
}
