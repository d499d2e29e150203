import {
  earliestFiledOn,
  filedOnProblem,
  findCategory,
  taxStatusLabel,
  taxStatusName,
  type DocumentRequestBody,
  type DocumentRequestSummary,
  type ReturnStatusResponse,
  type TaxStatusId,
  type ThreadMessage,
  type ThreadResponse,
} from '@taxli/domain';
import { requireReturnInQueue } from './return-in-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import { fieldRefusal } from '../../lib/validation-error.js';
import { sealText } from '../../storage/sealed-text.js';
import type { ThreadService } from '../messages/thread.service.js';
import type { StatusMove, TaxStatusService } from '../tax-status/tax-status.service.js';
import { DOCUMENT_REQUEST_NOTE_SEAL } from './document-request-note.js';
import type { DocumentRequestRepository } from './document-request.repository.js';
import type { PersonNoticeKind, PersonNoticeMails } from './person-notices.js';
import type { PreparedReturnRepository } from './prepared-return.repository.js';
import type { ReturnCaseRepository } from './return-case.repository.js';

/** Who acts: an expert or an admin (the route table's guard let them in). */
export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** What a step writes together, in one transaction: each owner's service or repository built on it. */
export interface WorkflowScope {
  taxStatus: Pick<TaxStatusService, 'moveIfAt' | 'lockedStatusId'>;
  thread: Pick<ThreadService, 'readByExpert' | 'postFromExpert' | 'postFromPerson'>;
  requests: Pick<DocumentRequestRepository, 'create'>;
  returnCases: Pick<ReturnCaseRepository, 'find' | 'setFiledOn'>;
  audit: AuditLog;
}

export interface ExpertWorkflowDeps {
  taxStatus: Pick<TaxStatusService, 'currentStatusId' | 'resolveYear'>;
  requests: Pick<DocumentRequestRepository, 'fulfil'>;
  preparedReturns: Pick<PreparedReturnRepository, 'latest'>;
  mails: PersonNoticeMails;
  audit: AuditLog;
  clock: Clock;
  /** Seals a request's note (it may name personal matters, D12). */
  masterKey: Buffer;
  inTransaction<T>(work: (scope: WorkflowScope) => Promise<T>): Promise<T>;
}

/** 409 naming the status the year is at, and the one the step needs. */
const invalidStatus = (current: TaxStatusId, needed: TaxStatusId) =>
  new AppError(409, 'INVALID_STATUS', `The return is at status ${current} (${taxStatusLabel(current)}); this needs status ${needed} (${taxStatusLabel(needed)}).`);

const statusAnswer = (userId: number, taxYear: number, status: TaxStatusId): ReturnStatusResponse => ({
  userId,
  taxYear,
  status,
  statusName: taxStatusName(status),
});

/**
 * The expert's work on a return and the person's answers to it (issue 27, D18): the thread's expert
 * side, document requests, the statuses 4 → 5 → 6 (and back to 4) and the filing date. Each step
 * writes its rows and its audit event in one transaction, and mails the person after it committed.
 */
export function createExpertWorkflowService(deps: ExpertWorkflowDeps) {
  const { taxStatus, requests, preparedReturns, mails, audit, clock, masterKey, inTransaction } = deps;

  /** The year's status, for a person who exists and a year that reached the experts' queue (3 or later); 404 otherwise. */
  async function requireReturn(userId: number, taxYear: number): Promise<TaxStatusId> {
    return requireReturnInQueue(taxStatus.currentStatusId, userId, taxYear);
  }

  /**
   * One status move, race-safe (the tax-status service's conditional move), with what it carries
   * into the thread in the same transaction; 409 naming the current status when it lost.
   */
  async function move(step: StatusMove, carry: (scope: WorkflowScope) => Promise<unknown>, mail: PersonNoticeKind): Promise<ReturnStatusResponse> {
    const outcome = await inTransaction(async (scope) => {
      const moved = await scope.taxStatus.moveIfAt(step);
      if (moved.moved) await carry(scope);
      return moved;
    });
    if (!outcome.moved) throw invalidStatus(outcome.current, step.from);
    await mails.send(mail, step.userId, step.taxYear);
    return statusAnswer(step.userId, step.taxYear, step.to);
  }

  return {
    /**
     * GET …/messages: the thread, marking the person's messages read; audited (an expert reads a
     * person's data) in the same transaction, so no read goes unrecorded.
     */
    async readThread(actor: Actor, userId: number, taxYear: number): Promise<ThreadResponse> {
      await requireReturn(userId, taxYear);
      return inTransaction(async (scope) => {
        const answer = await scope.thread.readByExpert(userId, taxYear);
        await scope.audit.record({
          action: 'expert.read_thread',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, messages: answer.messages.length, unread: answer.unread },
        });
        return answer;
      });
    },

    /** POST …/messages: the expert's answer in the thread; the person is mailed. */
    async sendMessage(actor: Actor, userId: number, taxYear: number, text: string): Promise<ThreadMessage> {
      await requireReturn(userId, taxYear);
      const message = await inTransaction(async (scope) => {
        const stored = await scope.thread.postFromExpert(userId, taxYear, actor.userId, text);
        await scope.audit.record({
          action: 'expert.send_message',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, messageId: stored.id, length: text.length },
        });
        return stored;
      });
      await mails.send('expertMessage', userId, taxYear);
      return message;
    },

    /** POST …/requests: asks for a document of a category, at status 4 only; the person is mailed a link to it. */
    async requestDocument(actor: Actor, userId: number, taxYear: number, body: Required<DocumentRequestBody>): Promise<DocumentRequestSummary> {
      await requireReturn(userId, taxYear);
      if (!findCategory(body.categoryId)) throw fieldRefusal('categoryId', `${body.categoryId} is not a document category`, 'NOT_A_CHOICE');
      const outcome = await inTransaction(async (scope) => {
        // The status row stays locked until the request is stored: a move to 5 at the same moment waits.
        const status = await scope.taxStatus.lockedStatusId(userId, taxYear);
        if (status !== 4) return { stored: false as const, status };
        const request = await scope.requests.create({
          userId,
          taxYear,
          categoryId: body.categoryId,
          sealedNote: sealText(masterKey, DOCUMENT_REQUEST_NOTE_SEAL, body.note),
          requestedBy: actor.userId,
          now: clock(),
        });
        await scope.audit.record({
          action: 'expert.request_document',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, requestId: request.id, categoryId: body.categoryId },
        });
        return { stored: true as const, request };
      });
      if (!outcome.stored) throw invalidStatus(outcome.status, 4);
      await mails.send('documentRequest', userId, taxYear);
      const { request } = outcome;
      return { id: request.id, categoryId: request.categoryId, note: body.note, createdAt: request.createdAt.toISOString(), fulfilledAt: null };
    },

    /**
     * POST …/status: 4 → 5 once a prepared return is uploaded; 5 → 4 with a note, which goes into
     * the thread as the expert's message (as does a note on 4 → 5).
     */
    async setStatus(actor: Actor, userId: number, taxYear: number, body: { status: number; note?: string }): Promise<ReturnStatusResponse> {
      const to = body.status === 5 ? 5 : 4;
      const from = to === 5 ? 4 : 5;
      const note = body.note?.trim() ?? '';
      if (to === 4 && note === '') throw fieldRefusal('note', 'say what changes (required to send the return back to status 4)', 'REQUIRED');
      const current = await requireReturn(userId, taxYear);
      if (current !== from) throw invalidStatus(current, from);
      if (to === 5 && !(await preparedReturns.latest(userId, taxYear))) {
        throw new AppError(409, 'PREPARED_RETURN_MISSING', 'Upload the prepared return before moving the year to status 5 (Reviewed).');
      }
      return move(
        { userId, taxYear, from, to, actorUserId: actor.userId, action: 'tax_status.expert_move' },
        async (scope) => note !== '' && scope.thread.postFromExpert(userId, taxYear, actor.userId, note),
        to === 5 ? 'reviewReady' : 'changesInProgress',
      );
    },

    /** POST …/filed: the day the return was filed with the canton, at status 6 only; the person is mailed the date. */
    async recordFiled(actor: Actor, userId: number, taxYear: number, filedOn: string): Promise<{ userId: number; taxYear: number; filedOn: string }> {
      await requireReturn(userId, taxYear);
      const problem = filedOnProblem(filedOn, taxYear, clock());
      if (problem === 'DATE_IN_FUTURE') throw fieldRefusal('filedOn', 'must not be in the future', problem);
      if (problem === 'DATE_TOO_EARLY') {
        throw fieldRefusal('filedOn', `must be on or after ${earliestFiledOn(taxYear)}: a year is filed from 1 January of the next`, problem, { year: taxYear + 1 });
      }
      const outcome = await inTransaction(async (scope) => {
        const status = await scope.taxStatus.lockedStatusId(userId, taxYear);
        if (status !== 6) return { recorded: false as const, status };
        const before = (await scope.returnCases.find(userId, taxYear))?.filedOn ?? null;
        await scope.returnCases.setFiledOn(userId, taxYear, filedOn, clock());
        await scope.audit.record({
          action: 'expert.record_filed',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: userId,
          details: { taxYear, changed: before !== filedOn },
        });
        return { recorded: true as const, changed: before !== filedOn };
      });
      if (!outcome.recorded) throw invalidStatus(outcome.status, 6);
      if (outcome.changed) await mails.send('filed', userId, taxYear, { filedOn });
      return { userId, taxYear, filedOn };
    },

    /** POST /api/tax/approve: the person approves the prepared return, 5 → 6. */
    async approve(userId: number, requestedYear: number): Promise<ReturnStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      return move({ userId, taxYear, from: 5, to: 6, actorUserId: userId, action: 'tax_status.approve' }, async () => undefined, 'approved');
    },

    /** POST /api/tax/request-changes: the person asks for changes, 5 → 4; the message goes into the year's thread. */
    async requestChanges(userId: number, requestedYear: number, message: string): Promise<ReturnStatusResponse> {
      const taxYear = taxStatus.resolveYear(requestedYear);
      return move(
        { userId, taxYear, from: 5, to: 4, actorUserId: userId, action: 'tax_status.request_changes' },
        async (scope) => {
          const stored = await scope.thread.postFromPerson(userId, taxYear, message);
          await scope.audit.record({
            action: 'message.send',
            outcome: 'success',
            actorUserId: userId,
            subjectUserId: userId,
            details: { messageId: stored.id, taxYear, length: message.length },
          });
        },
        'changesInProgress',
      );
    },

    /**
     * A file arrived in a category of the year (the files service calls this after a stored
     * upload): every open request of that category made before it is fulfilled.
     */
    async fulfilRequests(userId: number, taxYear: number, categoryId: number, at: Date): Promise<void> {
      const fulfilled = await requests.fulfil(userId, taxYear, categoryId, at);
      if (fulfilled === 0) return;
      await audit.record({
        action: 'document_request.fulfil',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { taxYear, categoryId, fulfilled },
      });
    },
  };
}

export type ExpertWorkflowService = ReturnType<typeof createExpertWorkflowService>;
