import type { TaxStatusId } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { UserService } from '../users/user.service.js';

export interface ReturnLookupDeps {
  users: Pick<UserService, 'exists'>;
  taxStatus: Pick<TaxStatusService, 'statusOf'>;
}

export const returnNotFound = (taxYear: number) =>
  new AppError(404, 'RETURN_NOT_FOUND', `There is no return of ${taxYear} for this person in the experts' queue`);

/**
 * A return, for the experts, is a person's year from status 3 on (D18); anything else (no such
 * person, a year still in preparation) is 404 RETURN_NOT_FOUND, the same answer for both, so an
 * expert learns nothing about years that are not theirs to see.
 */
export function createReturnLookup({ users, taxStatus }: ReturnLookupDeps) {
  return async function returnStatus(userId: number, taxYear: number): Promise<TaxStatusId> {
    const status = (await users.exists(userId)) ? await taxStatus.statusOf(userId, taxYear) : undefined;
    if (status === undefined || status < 3) throw returnNotFound(taxYear);
    return status;
  };
}

export type ReturnLookup = ReturnType<typeof createReturnLookup>;
