import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PasskeyListResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { addPasskey } from '../../../lib/passkeys';

const passkeysKey = ['passkeys'] as const;

/** GET /api/auth/passkeys: the person's passkeys with when each was added and last used. */
export function usePasskeys() {
  return useQuery<PasskeyListResponse>({ queryKey: passkeysKey, queryFn: () => callApi(routes.passkeyList) });
}

/** Each change refreshes the list. */
function useInvalidatingMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }) });
}

export const useAddPasskey = () => useInvalidatingMutation((name: string) => addPasskey(name));

export const useRenamePasskey = () =>
  useInvalidatingMutation(({ id, name }: { id: number; name: string }) => callApi(routes.passkeyRename, { params: { id }, body: { name } }));

export const useRemovePasskey = () => useInvalidatingMutation((id: number) => callApi(routes.passkeyDelete, { params: { id } }));
