import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckAuthResponse } from '@taxli/domain';
import { Logo } from '../../components/ui/logo';
import { queryKeys } from '../../lib/query-keys';

/**
 * Any path the router does not know (D19): the title stays 'Page Not Found', the text says where to
 * go — the dashboard when signed in, the sign-in page otherwise.
 */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  // Read-only view of the session check the root layout keeps up to date.
  const auth = useQuery<CheckAuthResponse>({ queryKey: queryKeys.auth, queryFn: skipToken });
  const signedIn = auth.data?.isAuthenticated === true;
  return (
    <main id="main-content" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo className="size-14 text-brand-700" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700">{t(signedIn ? 'notFound.bodySignedIn' : 'notFound.bodySignedOut')}</p>
      <Link
        to={signedIn ? '/' : '/login'}
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {t(signedIn ? 'notFound.dashboard' : 'notFound.signIn')}
      </Link>
    </main>
  );
}
