import { useMutation } from '@tanstack/react-query';
import { routes, type RevealableField } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import type { ReturnRef } from './take-return';

/** POST …/reveal {field}: one masked AHV number or tax ID in full (audited). Never cached. */
export function useReveal({ userId, taxYear }: ReturnRef) {
  return useMutation({
    mutationFn: (field: RevealableField) => callApi(routes.expertReveal, { params: { userId, taxYear }, body: { field } }),
  });
}
