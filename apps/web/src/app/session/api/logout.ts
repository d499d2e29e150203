import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes, type SuccessResponse } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage-keys';
import { toast } from '../../../components/ui/toast-store';
import { forgetSession } from '../../../lib/forget-session';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<SuccessResponse> {
  return callApi(routes.logout);
}

/**
 * Logs out: the logged-out flag blocks the automatic session restore (part 1 §4), the cache is
 * cleared once the login page shows (clearing earlier would let the signed-in guard redirect first).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      window.localStorage.setItem(storageKeys.loggedOut, '1');
      await navigate('/login', { replace: true });
      forgetSession(queryClient);
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: t('logout.failedTitle'), description: t('logout.failedDescription'), variant: 'destructive' });
    },
  });
}
