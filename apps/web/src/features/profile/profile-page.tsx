import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { loadNamespaces } from '../../lib/i18n';
import { DataExportSection } from './components/data-export-section';
import { PasskeysSection } from './components/passkeys-section';
import { DeleteAccountSection } from './components/delete-account-section';
import { ProfileForm } from './components/profile-form';

/** The wizard is a chunk of its own, loaded with its texts only when ?setup=tax asks for it. */
const TaxWizard = lazy(async () => {
  const [module] = await Promise.all([import('./wizard/tax-wizard'), loadNamespaces(['wizard', 'address'])]);
  return { default: module.TaxWizard };
});

/** /profile: edit mode, first-time mode with ?firstTime=true, or the tax-profile wizard with ?setup=tax. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const firstTime = params.get('firstTime') === 'true';
  const { data: user } = useCurrentUser();
  if (!user) return null; // the signed-in layout renders pages only once the user has loaded
  if (params.get('setup') === 'tax' && !firstTime) {
    return (
      <Suspense
        fallback={
          <p role="status" className="flex items-center justify-center gap-3 p-6 text-slate-700">
            <Loader2 aria-hidden className="size-5 animate-spin text-brand-600" />
            {t('loading', { ns: 'common' })}
          </p>
        }
      >
        <TaxWizard />
      </Suspense>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {firstTime ? t('titleFirstTime') : t('title')}
        </h1>
        <p className="text-slate-700">{firstTime ? t('introFirstTime') : t('introEdit')}</p>
      </div>
      <ProfileForm key={`${user.id}:${String(firstTime)}`} user={user} firstTime={firstTime} />
      {!firstTime && <PasskeysSection />}
      {!firstTime && <DataExportSection />}
      {!firstTime && <DeleteAccountSection email={user.email} />}
    </div>
  );
}
