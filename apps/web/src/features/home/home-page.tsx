import { ArrowRight, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taxStatusId, taxYearInPreparation, TAX_STATUSES } from '@taxli/domain';
import { useToday } from '../../lib/clock';
import { useCurrentUser } from '../../lib/current-user';
import { statusForYear } from './status-for-year';
import { StatusSteps } from './status-steps';

/**
 * The signed-in landing page: who is signed in, the tax year being prepared, its status and the
 * next step. The dashboard (years, documents) will take this page over.
 */
export function HomePage() {
  const { t } = useTranslation('common');
  const today = useToday();
  const { data: user } = useCurrentUser();
  if (!user) return null; // the signed-in layout renders pages only once the user has loaded

  const year = taxYearInPreparation(today);
  const status = statusForYear(user, year);
  const firstName = user.firstName.trim();
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {firstName ? t('home.welcome', { firstName }) : t('home.welcomeNoName')}
        </h1>
        <p className="text-slate-700">{t('home.intro', { year })}</p>
      </div>

      <section aria-labelledby="tax-status-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="tax-status-heading" className="text-xl font-semibold text-slate-900">
            {t('home.taxStatusHeading', { year })}
          </h2>
          <span className="rounded-full bg-brand-700 px-3 py-0.5 text-sm font-semibold text-white">{year}</span>
        </div>
        <p className="text-sm text-slate-700">
          {t('home.stepOf', { current: taxStatusId(status), total: TAX_STATUSES.length })}
        </p>
        <StatusSteps status={status} year={year} />
        <div className="rounded-md bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('home.nextStep')}</h3>
          <p className="mt-1 text-slate-800">{t(`taxStatus.guidance.${status}`)}</p>
        </div>
      </section>

      <Link
        to="/profile"
        className="inline-flex items-center gap-2 rounded-md font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <UserRound aria-hidden className="size-5" />
        {t('home.profileLink')}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </div>
  );
}
