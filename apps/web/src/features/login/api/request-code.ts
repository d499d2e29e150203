import { useMutation } from '@tanstack/react-query';
import { routes, type RequestCodeBody, type RequestCodeResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/request-code. An empty answer means the defaults of part 1 §7. */
export async function requestCode(body: RequestCodeBody): Promise<RequestCodeResponse> {
  const answer = await callApi(routes.requestCode, { body });
  return { message: answer?.message ?? 'Verification code sent', status: answer?.status ?? 'success' };
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
