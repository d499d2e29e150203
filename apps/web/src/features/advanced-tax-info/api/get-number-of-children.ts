import { useQuery } from '@tanstack/react-query';
import type { TaxProfileResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';
import { advancedKeys } from './keys';

/** The children the year's tax profile counts (GET /api/tax-profile?taxYear=), to start the Children form with. */
export function useNumberOfChildren(taxYear: number, enabled: boolean) {
  return useQuery({
    queryKey: advancedKeys.taxProfile(taxYear),
    queryFn: ({ signal }) => api.get<TaxProfileResponse>(`/api/tax-profile?taxYear=${taxYear}`, { signal }),
    select: (profile) => (profile.answers.hasChildren === false ? 0 : (profile.answers.numberOfChildren ?? 0)),
    staleTime: 60_000,
    retry: 1,
    enabled,
  });
}
