import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { VerifyCodeResponse } from '@taxli/domain';
import { claimKeptTexts } from '../../../lib/kept-text';
import { queryKeys } from '../../../lib/query-keys';
import { storageKeys } from '../../../lib/storage-keys';
import { signInTarget } from '../lib/sign-in-target';

/**
 * After a verified code or a restored session: remember the address for the next silent restore,
 * lift the manual-logout block, refresh session and user, and go on.
 */
export function useCompleteSignIn(): (user: VerifyCodeResponse['user']) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  return useCallback(
    (user) => {
      window.localStorage.setItem(storageKeys.lastEmail, user.email);
      window.localStorage.removeItem(storageKeys.loggedOut);
      // Before the next page reads them: texts kept for another account go.
      claimKeptTexts(user.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void navigate(signInTarget(user.isProfileComplete, returnTo), { replace: true });
    },
    [queryClient, navigate, returnTo],
  );
}
