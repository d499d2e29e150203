import { useQuery } from '@tanstack/react-query';
import { findCantonBySlug, type CantonCode } from '@taxli/domain';
import { taxProfileQuery } from '../../../lib/queries/tax-profile';

/** The canton of the year's tax profile (its slug as a canton code), to start Authorization with (issue 28). */
export function useProfileCanton(taxYear: number, enabled: boolean) {
  return useQuery({
    ...taxProfileQuery(taxYear),
    select: (profile): CantonCode | null => {
      const slug = profile.answers.cantonOfResidence;
      return (slug && findCantonBySlug(slug)?.code) || null;
    },
    enabled,
  });
}
