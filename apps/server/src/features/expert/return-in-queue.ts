import { QUEUE_STATUS_IDS } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';

/** Reads a person's year's status id (the tax-status service's `statusId`; 1 when none is stored). */
export type StatusOf = (userId: number, taxYear: number) => Promise<number>;

/**
 * The experts work on a person's year from status 3 on (the queue's statuses, QUEUE_STATUS_IDS):
 * before that, or for a person who does not exist, there is no return to open, and the answer does
 * not tell the two apart. Answers the year's status.
 */
export async function requireReturnInQueue(statusOf: StatusOf, userId: number, taxYear: number): Promise<number> {
  const status = await statusOf(userId, taxYear);
  if (!(QUEUE_STATUS_IDS as readonly number[]).includes(status)) {
    throw new AppError(404, 'RETURN_NOT_FOUND', `There is no return of this person for ${taxYear}`);
  }
  return status;
}
