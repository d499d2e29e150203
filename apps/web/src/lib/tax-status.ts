import { useQuery } from '@tanstack/react-query';
import {
  FIRST_TAX_STATUS,
  TAX_STATUS_NAMES,
  taxStatusId,
  taxStatusName,
  type TaxStatusId,
  type TaxStatusName,
  type TaxStatusResponse,
  type UserResponse,
} from '@taxli/domain';
import { api, ApiError } from './api-client';
import { useCurrentUser } from './current-user';
import { queryKeys } from './query-keys';

/** Part 1 §9: the tax status is fresh for 30 s and retried 3 times. */
export const TAX_STATUS_STALE_TIME_MS = 30_000;

/** GET /api/tax-status?taxYear=Y */
export function getTaxStatus(taxYear: number, signal?: AbortSignal): Promise<TaxStatusResponse> {
  return api.get<TaxStatusResponse>(`/api/tax-status?taxYear=${taxYear}`, { signal });
}

/** A tax-status answer as older parts of the product also sent it: a `taxStatus` name may come first. */
export type TaxStatusLike = Partial<Pick<TaxStatusResponse, 'taxYear' | 'status' | 'current_status_id'>> & { taxStatus?: string | null };

const isStatusName = (value: unknown): value is TaxStatusName => TAX_STATUS_NAMES.includes(value as TaxStatusName);

/**
 * Which status an answer names (part 1 §4): its `taxStatus` first, then the status string, then the
 * numeric id. An answer for another year than the one asked for counts as status 1, as does an
 * answer naming nothing known.
 */
export function statusFromResponse(response: TaxStatusLike, taxYear: number): TaxStatusName {
  if (response.taxYear !== undefined && response.taxYear !== taxYear) return FIRST_TAX_STATUS;
  if (isStatusName(response.taxStatus)) return response.taxStatus;
  if (isStatusName(response.status)) return response.status;
  return taxStatusName(response.current_status_id);
}

/**
 * The user's own record of a year's status, used when the tax-status call fails (part 1 §7): the
 * user's status when it belongs to that year, else that year's entry, else status 1.
 */
export function statusFromUser(user: Pick<UserResponse, 'taxYear' | 'taxStatus' | 'taxYearStatuses'> | undefined, taxYear: number): TaxStatusName {
  if (!user) return FIRST_TAX_STATUS;
  if (user.taxYear === taxYear && isStatusName(user.taxStatus)) return user.taxStatus;
  return user.taxYearStatuses.find((entry) => entry.taxYear === taxYear)?.status ?? FIRST_TAX_STATUS;
}

/** Retrying cannot help a 4xx answer (and a 401 would raise the session-expired event again). */
function retryThreeUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function taxStatusQueryOptions(taxYear: number) {
  return {
    queryKey: queryKeys.taxStatus(taxYear),
    queryFn: ({ signal }: { signal: AbortSignal }) => getTaxStatus(taxYear, signal),
    staleTime: TAX_STATUS_STALE_TIME_MS,
    retry: retryThreeUnlessClientError,
  };
}

export interface TaxYearStatus {
  status: TaxStatusName;
  statusId: TaxStatusId;
  /** The server's answer for exactly this year (advancedInfoCompleted, transmittedAt), if it came. */
  response: TaxStatusResponse | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * The status of one tax year (D1) as the dashboard shows it: the server's answer for that year, or,
 * when the call failed, the user's own record of it (part 1 §7 result handling).
 */
export function useTaxStatus(taxYear: number): TaxYearStatus {
  const query = useQuery(taxStatusQueryOptions(taxYear));
  const user = useCurrentUser().data;
  const status = query.data ? statusFromResponse(query.data, taxYear) : statusFromUser(user, taxYear);
  return {
    status,
    statusId: taxStatusId(status),
    response: query.data?.taxYear === taxYear ? query.data : undefined,
    isPending: query.isPending,
    isError: query.isError,
  };
}
