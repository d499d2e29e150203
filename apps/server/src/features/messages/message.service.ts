import type { SendMessageResponse } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { sealText } from '../../storage/sealed-text.js';
import type { MessageRepository } from './message.repository.js';

/** What the message's seal is for (storage/sealed-text.ts): its own purpose, not an AHV number's. */
export const MESSAGE_SEAL = 'message.body';

/** At most this many messages per user and hour; counted in the database, so it holds across instances. */
export const MESSAGES_PER_HOUR = 20;

export interface MessageDeps {
  messages: MessageRepository;
  /** Seals the text before it reaches the database (a message may hold an AHV number, D12). */
  masterKey: Buffer;
  audit: AuditLog;
  clock: Clock;
}

/** The dashboard's Send Message box: free text from the user to the experts. */
export function createMessageService({ messages, audit, clock, masterKey }: MessageDeps) {
  return {
    /** The experts' messages of the person's year the person has not read yet (their dashboard). */
    unreadFromExperts: (userId: number, taxYear: number): Promise<number> => messages.countUnread(userId, taxYear, true),

    async send(userId: number, message: string): Promise<SendMessageResponse> {
      const outcome = await messages.store(userId, sealText(masterKey, MESSAGE_SEAL, message), clock(), MESSAGES_PER_HOUR);
      if (!outcome.stored) {
        throw new AppError(429, 'RATE_LIMITED', 'Too many messages. Please wait a while before sending another one.', undefined, {
          'Retry-After': String(outcome.retryAfterSeconds),
        });
      }
      // The text itself is personal data: the audit trail records that a message was sent, not what it says.
      await audit.record({
        action: 'message.send',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { messageId: outcome.id, length: message.length },
      });
      return { success: true, id: outcome.id, createdAt: outcome.createdAt.toISOString() };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
