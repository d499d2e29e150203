import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CheckAuthResponse } from '@taxli/domain';
import { appEvents, onAppEvent } from '../../lib/app-events';
import { queryKeys } from '../../lib/query-keys';
import { forgetSession } from '../../lib/forget-session';
import { isPublicPath } from './public-paths';
import { loginPath } from './login-path';

/** Part 1 §9: the redirect after a session expired waits 1.5 s. */
export const EXPIRED_REDIRECT_MS = 1500;

/**
 * Watches for a session that ends while the user is signed in: a 401 from the API, or the session
 * check turning from signed in to signed out (both raise the session-expired app event). On a page that
 * needs a session the dialog opens and the app goes to /login after 1.5 s (Log In: at once).
 * A visitor who never had a session gets no dialog: the signed-in guard redirects them.
 */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [expired, setExpired] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const redirecting = useRef(false);
  const active = expired && !isPublicPath(location.pathname);

  useEffect(() => {
    const onExpired = () => {
      const wasSignedIn = queryClient.getQueryData<CheckAuthResponse>(queryKeys.auth)?.isAuthenticated === true;
      if (!wasSignedIn) return;
      setExpired(true);
      setDialogOpen(true);
    };
    return onAppEvent(appEvents.sessionExpired, onExpired);
  }, [queryClient]);

  const goToLogin = useCallback(() => {
    if (redirecting.current) return;
    redirecting.current = true;
    void navigate(loginPath(location), { replace: true });
  }, [location, navigate]);

  // Arriving at /login ends the episode, whoever navigated there (this hook, the signed-in guard or
  // the user): only now is the old account's cache dropped, as the page behind the dialog needed it.
  // What was typed and not sent stays for the same account signing in again (lib/kept-text.ts).
  useEffect(() => {
    if (!expired || location.pathname !== '/login') return;
    redirecting.current = false;
    forgetSession(queryClient, { keptTexts: 'keep' });
    setExpired(false);
    setDialogOpen(false);
  }, [expired, location.pathname, queryClient]);

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(goToLogin, EXPIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [active, goToLogin]);

  // Expired while on a public page (say, reading the terms): nothing to block there; the next
  // protected page starts the dialog and the redirect.
  return {
    waiting: active,
    dialogOpen: active && dialogOpen,
    cancel: () => setDialogOpen(false),
    logIn: goToLogin,
  };
}
