import { useMutation } from '@tanstack/react-query';
import { routes, type VerifyCodeResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/auth/quick-restore: succeeds only with this browser's remember-device cookie (D5);
 * a 401 is the normal answer for everyone else.
 */
export function quickRestore(email: string): Promise<VerifyCodeResponse> {
  return callApi(routes.quickRestore, { body: { email } });
}

export function useQuickRestore() {
  return useMutation({ mutationFn: quickRestore });
}
