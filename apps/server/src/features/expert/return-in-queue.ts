import { QUEUE_STATUS_IDS, type TaxStatusId } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';

/** Reads a person's year's status id (the tax-status service's `currentStatusId`; 1 when none is stored). */
export type StatusOf = (userId: number, taxYear: number) => Promise<TaxStatusId>;

/** A person's year's status when it is a return the experts see; 404 RETURN_NOT_FOUND otherwise. */
export type ReturnLookup = (userId: number, taxYear: number) => Promise<TaxStatusId>;

export const returnNotFound = (taxYear: number) =>
  new AppError(404, 'RETURN_NOT_FOUND', `There is no return of ${taxYear} for this person in the experts' queue`);

/**
 * The experts work on a person's year from status 3 on (the queue's statuses, QUEUE_STATUS_IDS, D18):
 * before that, or for a person who does not exist (no status row reads as 1), there is no return to
 * open, and the answer does not tell the two apart, so an expert learns nothing about years that are
 * not theirs to see. Answers the year's status.
 */
export async function requireReturnInQueue(statusOf: StatusOf, userId: number, taxYear: number): Promise<TaxStatusId> {
  const status = await statusOf(userId, taxYear);
  if (!(QUEUE_STATUS_IDS as readonly number[]).includes(status)) throw returnNotFound(taxYear);
  return status;
}
