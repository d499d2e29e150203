import { z } from 'zod';
import { QUEUE_PAGE_SIZE, type AssignResponse, type ExpertQueueFilter, type ExpertSummary } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { fieldRefusal } from '../../lib/validation-error.js';
import type { ExpertQueueReadModel, QueueKey } from '../../read-models/expert-queue.repository.js';
import type { UserService } from '../users/user.service.js';
import type { ReturnCaseRepository } from './return-case.repository.js';
import type { ReturnLookup } from './return-in-queue.js';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

export interface ExpertQueueDeps {
  /** The one read model across owners (read-models/expert-queue.repository.ts). */
  queue: ExpertQueueReadModel;
  cases: ReturnCaseRepository;
  users: Pick<UserService, 'findNamed'>;
  returnStatus: ReturnLookup;
  audit: AuditLog;
  clock: Clock;
}

/**
 * The cursor is the last row's sort key, opaque to the client: base64url of a JSON tuple. Anything
 * else (edited, truncated, from another build) is refused naming `cursor`, never read as a start.
 */
const cursorKey = z.tuple([
  z.union([z.literal(0), z.literal(1), z.literal(2)]),
  z.iso.datetime({ precision: 6 }),
  z.number().int().positive().max(2_147_483_647),
  z.number().int().min(1900).max(2999),
]);

export function encodeCursor(key: QueueKey): string {
  return Buffer.from(JSON.stringify([key.group, key.at, key.userId, key.taxYear])).toString('base64url');
}

function decodeCursor(cursor: string): QueueKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const key = cursorKey.safeParse(parsed);
  // Buffer.from ignores characters outside base64url; only the cursor's own spelling is accepted.
  if (!key.success || encodeCursor(toKey(key.data)) !== cursor) {
    throw fieldRefusal('cursor', 'is not a page cursor of this queue; start again from the first page', 'INVALID_FORMAT', { format: 'cursor' });
  }
  return toKey(key.data);
}

const toKey = ([group, at, userId, taxYear]: z.infer<typeof cursorKey>): QueueKey => ({ group, at, userId, taxYear });

const summaryOf = (account: { id: number; firstName: string; lastName: string }): ExpertSummary => ({
  userId: account.id,
  firstName: account.firstName,
  lastName: account.lastName,
});

/** The experts' queue and who takes which return (issue 27 item 2, D18). */
export function createExpertQueueService({ queue, cases, users, returnStatus, audit, clock }: ExpertQueueDeps) {
  // A page the read model keeps is answered with the same text each time, so that its compressed
  // copy is found at once (lib/answer-compression.ts); the text goes when the page does.
  const answers = new WeakMap<object, string>();
  return {
    /**
     * GET /api/expert/returns: one page, audited with the filters used (never the search text) and
     * the count. The answer is `ExpertQueueResponse` as JSON text: the rows come written by
     * PostgreSQL (read-models/expert-queue.repository.ts), and are sent as they come.
     */
    async list(actor: Actor, filter: ExpertQueueFilter): Promise<string> {
      const after = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
      const q = filter.q === undefined || filter.q === '' ? undefined : filter.q;
      // The audit row (the filters used and the count, never the search text) is written by the
      // page's own statement.
      const page = await queue.page(
        {
          status: filter.status,
          taxYear: filter.taxYear,
          q,
          assignee: filter.assignee,
          expertId: actor.userId,
          after,
          pageSize: QUEUE_PAGE_SIZE,
        },
        {
          actorUserId: actor.userId,
          details: {
            status: filter.status ?? null,
            taxYear: filter.taxYear ?? null,
            assignee: filter.assignee,
            search: q !== undefined,
            nextPage: after !== undefined,
          },
          at: clock(),
        },
      );
      let answer = answers.get(page);
      if (answer === undefined) {
        const nextCursor = page.nextKey ? encodeCursor(page.nextKey) : null;
        answer = `{"returns":${page.returnsJson},"nextCursor":${JSON.stringify(nextCursor)}}`;
        answers.set(page, answer);
      }
      return answer;
    },

    /**
     * POST …/assign: an expert takes the return (the assignee is the caller unless named); only an
     * administrator names someone else, an expert or an administrator, and may take a return from
     * whoever has it. One statement decides, so of two experts taking it at once one gets 409.
     */
    async assign(actor: Actor, userId: number, taxYear: number, assigneeId = actor.userId): Promise<AssignResponse> {
      if (assigneeId !== actor.userId && !actor.isAdmin) {
        throw new AppError(403, 'FORBIDDEN', 'Only an administrator may assign a return to someone else', 'assigneeId');
      }
      await returnStatus(userId, taxYear);
      const assignee = await users.findNamed(assigneeId);
      if (!assignee || (assignee.role !== 'expert' && assignee.role !== 'admin')) {
        throw fieldRefusal('assigneeId', 'must be the user id of an expert or an administrator', 'NOT_A_CHOICE');
      }
      const assigned = await cases.assign(userId, taxYear, assignee.id, clock(), actor.isAdmin);
      if (!assigned) {
        const holderId = (await cases.find(userId, taxYear))?.assigneeUserId ?? null;
        const holder = holderId === null ? undefined : await users.findNamed(holderId);
        await audit.record({
          action: 'expert.assign',
          outcome: 'failure',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, assigneeId: assignee.id, heldBy: holderId, reason: 'already_assigned' },
        });
        const who = holder ? `${holder.firstName} ${holder.lastName}`.trim() || holder.email : 'another expert';
        throw new AppError(409, 'ALREADY_ASSIGNED', `This return is already handled by ${who}.`);
      }
      await audit.record({
        action: 'expert.assign',
        outcome: 'success',
        actorUserId: actor.userId,
        subjectUserId: userId,
        details: { taxYear, assigneeId: assignee.id },
      });
      return { userId, taxYear, assignee: summaryOf(assignee), assignedAt: (assigned.assignedAt ?? clock()).toISOString() };
    },
  };
}

export type ExpertQueueService = ReturnType<typeof createExpertQueueService>;
