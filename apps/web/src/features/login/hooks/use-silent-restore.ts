import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { storageKeys } from '../../../lib/storage-keys';
import { useIsSignedInOnArrival } from '../api/check-auth';
import { useQuickRestore } from '../api/quick-restore';
import { signInTarget } from '../lib/sign-in-target';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * On arrival: a visitor who is still signed in goes straight on; otherwise, unless they logged out
 * by hand, the last e-mail is offered to quick-restore. Its refusal (no remember-device cookie)
 * is the normal case and stays silent.
 */
export function useSilentRestore(): { restoring: boolean } {
  const arrival = useIsSignedInOnArrival();
  const { mutate: restore, isPending: restoring } = useQuickRestore();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  const started = useRef(false);

  useEffect(() => {
    if (arrival.isPending || started.current) return;
    started.current = true;
    if (arrival.data === true) {
      void navigate(signInTarget(true, returnTo), { replace: true });
      return;
    }
    const email = window.localStorage.getItem(storageKeys.lastEmail);
    if (!email || window.localStorage.getItem(storageKeys.loggedOut) === '1') return;
    restore(email, { onSuccess: (answer) => completeSignIn(answer.user) });
  }, [arrival.isPending, arrival.data, navigate, returnTo, restore, completeSignIn]);

  return { restoring };
}
