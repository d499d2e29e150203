import {
  taxStatusId,
  taxStatusName,
  type AdminTaxStatusResponse,
  type TaxStatusId,
  type TaxStatusResponse,
  type TransmitResponse,
} from '@taxli/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { createUserRepository } from '../users/user.repository.js';
import { advanceWhenDocumentsComplete } from './auto-advance.js';
import { createTaxStatusRepository } from './tax-status.repository.js';
import { createTransmissionRepository } from './transmission.repository.js';
import { resolveTaxYear } from '../../lib/tax-year.js';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** The status rules of DECISIONS D1: who may move which status, and transmit. */
export function createTaxStatusService(app: FastifyInstance) {
  const { database, clock } = app.deps;
  const statuses = createTaxStatusRepository(database.db);
  const transmissionStore = createTransmissionRepository(database.db);
  const users = createUserRepository(database.db);

  /** Stored values are checked on the way out: anything unknown reads as status 1. */
  async function currentId(userId: number, taxYear: number): Promise<TaxStatusId> {
    return taxStatusId(await statuses.findStatus(userId, taxYear));
  }

  async function getStatus(userId: number, taxYear: number): Promise<TaxStatusResponse> {
    // A 2 → 3 move that no upload made (it failed after the upload, or an admin set 2 again while the
    // six categories are there) is made when the status is read, as the dashboard of part 1 §4 did.
    let id = await currentId(userId, taxYear);
    if (id === 2 && (await advanceWhenDocumentsComplete(app, userId, taxYear))) id = 3;
    const [completedAt, transmittedAt] = await Promise.all([
      statuses.findAdvancedInfoCompletedAt(userId, taxYear),
      statuses.findLatestTransmittedAt(userId, taxYear),
    ]);
    return {
      taxYear,
      status: taxStatusName(id),
      current_status_id: id,
      advancedInfoCompleted: completedAt !== null,
      transmittedAt: transmittedAt?.toISOString() ?? null,
    };
  }

  async function adminSet(actorId: number, userId: number, taxYear: number, to: TaxStatusId): Promise<void> {
    const from = await currentId(userId, taxYear);
    await statuses.setStatus(userId, taxYear, taxStatusName(to), clock());
    await app.audit.record({
      action: 'tax_status.admin_set',
      outcome: 'success',
      actorUserId: actorId,
      subjectUserId: userId,
      details: { taxYear, from, to },
    });
  }

  return {
    resolveYear: (requested: number | undefined) => resolveTaxYear(clock(), requested),
    getStatus,

    /**
     * Admins set any status. Anyone else may only name what the server would do anyway: the
     * current status again, or 2 → 3 once all required documents are there.
     */
    async updateNumeric(actor: Actor, taxYear: number, to: TaxStatusId): Promise<TaxStatusResponse> {
      if (actor.isAdmin) {
        await adminSet(actor.userId, actor.userId, taxYear, to);
        return getStatus(actor.userId, taxYear);
      }
      const from = await currentId(actor.userId, taxYear);
      if (from === 2 && to === 3 && (await statuses.advanceToDocumentsSubmitted(actor.userId, taxYear, clock()))) {
        await app.audit.record({
          action: 'tax_status.auto_advance',
          outcome: 'success',
          actorUserId: actor.userId,
          subjectUserId: actor.userId,
          details: { taxYear, from: 2, to: 3 },
        });
      }
      // Read again: an upload finishing at the same moment may have made the same move.
      if ((await currentId(actor.userId, taxYear)) !== to) {
        const message =
          from === 2 && to === 3
            ? 'The status becomes Documents only once all required documents are uploaded.'
            : 'This status change is not allowed. Only our experts can set this status.';
        throw new AppError(403, 'STATUS_CHANGE_FORBIDDEN', message, 'status');
      }
      return getStatus(actor.userId, taxYear);
    },

    /** PATCH /api/user/tax-status: an admin sets a user's status (their own by default). */
    async adminSetStatus(actorId: number, userId: number, taxYear: number, to: TaxStatusId): Promise<AdminTaxStatusResponse> {
      if (!(await users.findById(userId))) throw new AppError(404, 'NOT_FOUND', 'No such user', 'userId');
      await adminSet(actorId, userId, taxYear, to);
      return { userId, ...(await getStatus(userId, taxYear)) };
    },

    /** 3 → 4, only with the Advanced Tax Information section complete; freezes the versions sent. */
    async transmit(userId: number, taxYear: number): Promise<TransmitResponse> {
      const outcome = await transmissionStore.transmit(userId, taxYear, clock());
      if (!outcome.transmitted) throw await transmitRefusal(userId, taxYear);
      await app.audit.record({
        action: 'tax_status.transmit',
        outcome: 'success',
        actorUserId: userId,
        subjectUserId: userId,
        details: { taxYear, transmissionId: outcome.transmissionId, fileCount: outcome.fileCount },
      });
      return {
        success: true,
        taxYear,
        status: 'processing',
        current_status_id: 4,
        transmittedAt: outcome.transmittedAt.toISOString(),
        fileCount: outcome.fileCount,
      };
    },
  };

  /** Why the conditional write did not apply, in words the user can act on. */
  async function transmitRefusal(userId: number, taxYear: number): Promise<AppError> {
    const id = await currentId(userId, taxYear);
    if (id < 3) {
      return new AppError(409, 'INVALID_STATUS', 'Documents can be transmitted only once all required documents are uploaded (status Documents).');
    }
    if (id > 3) return new AppError(409, 'INVALID_STATUS', `The documents for ${taxYear} have already been transmitted.`);
    return new AppError(409, 'ADVANCED_INFO_INCOMPLETE', 'Complete the Advanced Tax Information section before transmitting.');
  }
}

export type TaxStatusService = ReturnType<typeof createTaxStatusService>;
