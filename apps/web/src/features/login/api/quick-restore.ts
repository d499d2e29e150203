import { useMutation } from '@tanstack/react-query';
import type { VerifyCodeResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/quick-restore: succeeds only with this browser's remember-device cookie (D5);
 * a 401 is the normal answer for everyone else.
 */
export function quickRestore(email: string): Promise<VerifyCodeResponse> {
  return api.post<VerifyCodeResponse>('/api/auth/quick-restore', { email });
}

export function useQuickRestore() {
  return useMutation({ mutationFn: quickRestore });
}
