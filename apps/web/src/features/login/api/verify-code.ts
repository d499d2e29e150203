import { useMutation } from '@tanstack/react-query';
import { routes, type VerifyCodeBody, type VerifyCodeResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/verify-code: on success the server has started the session (cookie). */
export function verifyCode(body: VerifyCodeBody): Promise<VerifyCodeResponse> {
  return callApi(routes.verifyCode, { body });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
