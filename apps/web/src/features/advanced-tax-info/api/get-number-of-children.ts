import { useQuery } from '@tanstack/react-query';
import { taxProfileQuery } from '../../../lib/queries/tax-profile';

/** The children the year's tax profile counts, to start the Children form with. */
export function useNumberOfChildren(taxYear: number, enabled: boolean) {
  return useQuery({
    ...taxProfileQuery(taxYear),
    select: (profile) => (profile.answers.hasChildren === false ? 0 : (profile.answers.numberOfChildren ?? 0)),
    enabled,
  });
}
