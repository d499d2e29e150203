import { FIRST_TAX_STATUS, type TaxStatusName, type UserResponse } from '@taxli/domain';

/**
 * The user's status for one tax year (part 1 §4): the user's own status when it belongs to that
 * year, else the year's entry; anything else (no entry, another year) is status 1.
 */
export function statusForYear(user: Pick<UserResponse, 'taxYear' | 'taxStatus' | 'taxYearStatuses'>, year: number): TaxStatusName {
  if (user.taxYear === year) return user.taxStatus;
  return user.taxYearStatuses.find((entry) => entry.taxYear === year)?.status ?? FIRST_TAX_STATUS;
}
