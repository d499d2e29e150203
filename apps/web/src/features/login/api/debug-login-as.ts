import { useMutation } from '@tanstack/react-query';
import type { LoginAsResponse } from '@taxli/domain';
import { api } from '../../../lib/api-client';

/** GET /api/debug/login-as/{id} (DEBUG_TOOLS, loopback only); the server falls back to user 2. */
export function debugLoginAs(userId: number): Promise<LoginAsResponse> {
  return api.get<LoginAsResponse>(`/api/debug/login-as/${userId}`);
}

export function useDebugLoginAs() {
  return useMutation({ mutationFn: debugLoginAs });
}
