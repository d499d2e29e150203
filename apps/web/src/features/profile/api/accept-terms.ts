import { useMutation } from '@tanstack/react-query';
import { routes, type GtcAcceptResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/gtc/accept. The server records its own evidence (time, address); `ipAddress` is the
 * fixed text of the spec, since the browser cannot know its public address.
 */
export function acceptTerms(): Promise<GtcAcceptResponse> {
  return callApi(routes.acceptTerms, {
    body: {
      accepted: true,
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 512),
      ipAddress: 'client',
    },
  });
}

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms });
}
