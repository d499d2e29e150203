import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../lib/api-client';
import { useCurrentUser } from '../lib/current-user';
import { refetchUnlessSignedIn, useCheckAuth } from './session/api/get-check-auth';
import { useUserPolling } from './session/api/get-user';
import { loginPath } from './session/login-path';
import { FIRST_TIME_PROFILE_PATH, isFirstTimeProfile, useProfileGateBlocker } from './session/profile-gate';
import { SecondFactorStep } from '../features/login/components/second-factor-step';
import { AppHeader } from './shell/app-header';
import { FullPageProblem, FullPageSpinner } from './shell/full-page-status';
import { warmUpIntl } from '../lib/intl-warm-up/warm-up-intl';

// As this file loads, with the page's own code and data still on their way: the dashboard's first
// render writes a file size, whose first number format would otherwise take the main thread.
warmUpIntl();

/**
 * The shell of every signed-in page: checks the session (signed out: to /login), keeps the user
 * fresh (30 s), holds a user with an incomplete profile on /profile?firstTime=true, and draws the
 * header, the skip link and the main landmark.
 */
export function SignedInLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const auth = useCheckAuth({ refetchOnMount: refetchUnlessSignedIn });
  const signedIn = auth.data?.isAuthenticated === true;
  const user = useCurrentUser({ enabled: signedIn });
  useUserPolling(signedIn);
  const profileIncomplete = user.data?.isProfileComplete === false;
  useProfileGateBlocker(profileIncomplete);

  if (!signedIn) {
    if (auth.isFetching || auth.isPending) return <FullPageSpinner />;
    if (auth.isError) return <FullPageProblem onRetry={() => void auth.refetch()} />;
    return <Navigate to={loginPath(location)} replace />;
  }
  if (!user.data) {
    // A 401 is the session watcher's business (dialog, then /login); anything else gets a retry.
    const expired = user.error instanceof ApiError && user.error.status === 401;
    if (user.isError && !expired) {
      // The server answered with an error (not "unreachable"): name what failed (part 1 §8).
      const retry = () => void user.refetch();
      const answered = user.error instanceof ApiError && user.error.status > 0;
      if (!answered) return <FullPageProblem onRetry={retry} />;
      return (
        <FullPageProblem onRetry={retry} title={t('session.userFailedTitle')}>
          {t('session.userFailed')}
        </FullPageProblem>
      );
    }
    return <FullPageSpinner />;
  }
  if (profileIncomplete && !isFirstTimeProfile(location)) return <Navigate to={FIRST_TIME_PROFILE_PATH} replace />;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <AppHeader role={user.data.role} />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none">
        {/* A staff role given during this session (or a restored one) waits for the passkey (issue 30). */}
        {auth.data?.secondFactorRequired && (
          <div className="mx-auto mb-6 max-w-md rounded-xl border border-amber-600 bg-amber-50 p-6">
            <SecondFactorStep />
          </div>
        )}
        <Outlet />
      </main>
    </div>
  );
}
