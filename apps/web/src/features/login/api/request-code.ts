import { useMutation } from '@tanstack/react-query';
import type { RequestCodeBody, RequestCodeResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/** POST /api/auth/request-code. An empty answer means the defaults of part 1 §7. */
export async function requestCode(body: RequestCodeBody): Promise<RequestCodeResponse> {
  const answer = await api.post<Partial<RequestCodeResponse> | undefined>('/api/auth/request-code', body);
  return { message: answer?.message ?? 'Verification code sent', status: answer?.status ?? 'success' };
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
