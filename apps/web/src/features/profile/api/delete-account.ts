import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type AccountErasurePreview } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/** GET /api/account/delete/preview: what an erasure now would keep (transmitted years) and until when. */
export function useErasurePreview() {
  return useQuery<AccountErasurePreview>({ queryKey: ['account-erasure-preview'], queryFn: () => callApi(routes.accountErasurePreview) });
}

/** POST /api/account/delete/request-code: mails a fresh confirmation code to the account's address. */
export const useRequestDeletionCode = () => useMutation({ mutationFn: () => callApi(routes.accountDeleteRequestCode) });

/** POST /api/account/delete {code}: erases the account; the answer says what stays and until when. */
export const useDeleteAccount = () => useMutation({ mutationFn: (code: string) => callApi(routes.accountDelete, { body: { code } }) });
