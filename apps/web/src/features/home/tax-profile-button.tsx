import { ArrowRight, CheckCircle2, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taxProfilePath } from './tax-profile-path';

const SUBTITLES: Record<number, string> = {
  2: 'inProgress',
  3: 'documentsSubmitted',
  4: 'transmitted',
  5: 'reviewed',
  6: 'completed',
};

/**
 * Tax-profile status (part 1 §4): a way into the profile while the status is Initial, afterwards
 * 'Tax Profile Complete' with where the return stands.
 */
export function TaxProfileButton({ statusId, profileComplete }: { statusId: number; profileComplete: boolean }) {
  const { t } = useTranslation('dashboard');
  if (statusId <= 1) {
    return (
      <Link
        to={taxProfilePath(profileComplete)}
        className="inline-flex items-center gap-2 rounded-md font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <UserRound aria-hidden className="size-5" />
        {t('taxProfile.complete')}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    );
  }
  return (
    <p className="inline-flex items-center gap-2 text-slate-800">
      <CheckCircle2 aria-hidden className="size-5 text-green-700" />
      <span>
        <span className="font-medium">{t('taxProfile.done')}</span>
        <span className="block text-sm text-slate-700">{t(`taxProfile.${SUBTITLES[statusId] ?? 'inProgress'}`)}</span>
      </span>
    </p>
  );
}
