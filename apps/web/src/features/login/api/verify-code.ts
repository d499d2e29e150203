import { useMutation } from '@tanstack/react-query';
import type { VerifyCodeBody, VerifyCodeResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-code: on success the server has started the session (cookie). */
export function verifyCode(body: VerifyCodeBody): Promise<VerifyCodeResponse> {
  return api.post<VerifyCodeResponse>('/api/auth/verify-code', body);
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
