import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Location } from 'react-router';
import { toast } from '../../components/ui/toast-store';
import { isPublicPath } from './public-paths';

export const FIRST_TIME_PROFILE_PATH = '/profile?firstTime=true';

export function isFirstTimeProfile({ pathname, search }: Pick<Location, 'pathname' | 'search'>): boolean {
  return pathname === '/profile' && new URLSearchParams(search).get('firstTime') === 'true';
}

/**
 * While the profile is incomplete the user may not leave it (part 1 §4): any navigation to another
 * signed-in page is blocked with 'Cannot Leave'. The legal pages (linked from the form) and the
 * login page (logout) stay reachable.
 */
export function useProfileGateBlocker(active: boolean): void {
  const { t } = useTranslation('common');
  const blocker = useBlocker(
    ({ nextLocation }) => active && nextLocation.pathname !== '/profile' && !isPublicPath(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    toast({
      title: t('profileGate.cannotLeaveTitle'),
      description: t('profileGate.cannotLeaveDescription'),
      variant: 'destructive',
    });
    blocker.reset();
  }, [blocker, t]);
}
