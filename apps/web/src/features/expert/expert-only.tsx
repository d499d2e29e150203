import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canActAsExpert } from '@taxli/domain';
import { AccessDenied } from '../../components/ui/access-denied';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';

/** What everyone but an expert or an admin sees on the expert workspace's pages. */
export function ExpertAccessDenied() {
  const { t } = useTranslation('expert');
  return <AccessDenied reason={t('denied')} />;
}

/** The server refused the caller (403): whatever the user record said, this is not their workspace. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * The expert workspace for experts and admins only (D18), as the server's user record says; it asks
 * the expert API nothing for anyone else. The server's 403 is what protects the data.
 */
export function ExpertOnly({ children }: { children: (self: { id: number }) => ReactNode }) {
  const { t } = useTranslation('expert');
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700">
        <Loader2 aria-hidden className="size-6 animate-spin text-brand-600" />
        {t('loading')}
      </p>
    );
  }
  if (!user || !canActAsExpert(user.role)) return <ExpertAccessDenied />;
  return children({ id: user.id });
}
