import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { ProfileForm } from './components/profile-form';

/**
 * /profile: edit mode, or first-time mode with ?firstTime=true. ?setup=tax will be the tax-profile
 * wizard; until it exists it shows edit mode.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const firstTime = params.get('firstTime') === 'true';
  const { data: user } = useCurrentUser();
  if (!user) return null; // the signed-in layout renders pages only once the user has loaded

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {firstTime ? t('titleFirstTime') : t('title')}
        </h1>
        <p className="text-slate-700">{firstTime ? t('introFirstTime') : t('introEdit')}</p>
      </div>
      <ProfileForm key={`${user.id}:${String(firstTime)}`} user={user} firstTime={firstTime} />
    </div>
  );
}
