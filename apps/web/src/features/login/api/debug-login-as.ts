import { useMutation } from '@tanstack/react-query';
import { routes, type LoginAsResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/** GET /api/debug/login-as/{id} (DEBUG_TOOLS, loopback only); the server falls back to user 2. */
export function debugLoginAs(userId: number): Promise<LoginAsResponse> {
  return callApi(routes.loginAs, { params: { userId } });
}

export function useDebugLoginAs() {
  return useMutation({ mutationFn: debugLoginAs });
}
