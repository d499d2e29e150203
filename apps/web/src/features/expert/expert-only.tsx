import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canActAsExpert } from '@taxli/domain';
import { AccessDenied } from '../../components/ui/access-denied';
import { PageLoading } from '../../components/ui/page-loading';
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
    return <PageLoading text={t('loading')} />;
  }
  if (!user || !canActAsExpert(user.role)) return <ExpertAccessDenied />;
  return children({ id: user.id });
}
