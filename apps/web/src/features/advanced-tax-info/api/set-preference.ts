import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, isAdvancedSectionId, type AdvancedTaxInfoResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshWhenTransmitted } from '../transmitted-refusal';
import { patchAdvancedTaxInfo } from './get-advanced-tax-info';
import { advancedKeys } from './keys';

export interface PreferenceChange {
  taxYear: number;
  /** A section id (its toggle) or a document category id (its relevance). */
  key: string;
  isRelevant: boolean;
}

function applied(info: AdvancedTaxInfoResponse, { key, isRelevant }: PreferenceChange): AdvancedTaxInfoResponse {
  if (isAdvancedSectionId(key)) return { ...info, sections: { ...info.sections, [key]: isRelevant } };
  return { ...info, relevance: { ...info.relevance, [key]: isRelevant } };
}

/**
 * POST /api/user-preferences/{key} {taxYear, isRelevant} (part 2 §4, §7): shown at once, saved in
 * the background; when the server refuses, the cached value goes back to what it was.
 */
export function useSetPreference({ onSaved, onFailed }: { onSaved?: (change: PreferenceChange) => void; onFailed?: (change: PreferenceChange) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferenceChange) =>
      callApi(routes.setUserPreference, { params: { key: change.key }, body: { taxYear: change.taxYear, isRelevant: change.isRelevant } }),
    onMutate: async (change) => {
      // A read still on its way would otherwise overwrite the new value with the old one.
      await queryClient.cancelQueries({ queryKey: advancedKeys.info(change.taxYear) });
      const before = queryClient.getQueryData<AdvancedTaxInfoResponse>(advancedKeys.info(change.taxYear));
      const previous = isAdvancedSectionId(change.key) ? before?.sections[change.key] : before?.relevance[change.key];
      patchAdvancedTaxInfo(queryClient, change.taxYear, (info) => applied(info, change));
      return { previous };
    },
    onError: (error, change, context) => {
      refreshWhenTransmitted(queryClient, change.taxYear, error);
      patchAdvancedTaxInfo(queryClient, change.taxYear, (info) => {
        if (isAdvancedSectionId(change.key)) return { ...info, sections: { ...info.sections, [change.key]: context?.previous ?? !change.isRelevant } };
        const relevance = { ...info.relevance };
        if (context?.previous === undefined) delete relevance[change.key];
        else relevance[change.key] = context.previous;
        return { ...info, relevance };
      });
      onFailed?.(change);
    },
    onSuccess: (_answer, change) => onSaved?.(change),
  });
}
