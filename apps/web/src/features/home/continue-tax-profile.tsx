import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WIZARD_STEP_COUNT } from '@taxli/domain';
import { taxProfileQuery } from '../../lib/queries/tax-profile';

/** The wizard of a year at a step (1–12) or at its summary. */
export function wizardPath(taxYear: number, to: { step: number } | 'summary'): string {
  const where = to === 'summary' ? 'view=summary' : `step=${to.step}`;
  return `/profile?setup=tax&taxYear=${taxYear}&${where}`;
}

/**
 * Issue 28: while the year's tax profile is an open draft, "Continue your tax profile – step N of
 * 12" leads straight to that step; once complete, its answers stay one link away. Nothing before
 * the wizard was first saved (the dashboard's own Complete link covers that).
 */
export function ContinueTaxProfile({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('dashboard');
  const { data: profile } = useQuery(taxProfileQuery(taxYear));
  if (!profile || profile.taxYear !== taxYear || profile.version === 0) return null;
  const step = Math.min(WIZARD_STEP_COUNT, profile.step + 1);
  const to = profile.isComplete ? wizardPath(taxYear, 'summary') : wizardPath(taxYear, { step });
  const label = profile.isComplete ? t('taxProfileProgress.review') : t('taxProfileProgress.continue', { current: step, total: WIZARD_STEP_COUNT });
  return (
    <Link
      to={to}
      className={
        profile.isComplete
          ? 'inline-flex min-h-10 items-center gap-2 rounded-md font-medium text-brand-700 underline-offset-4 hover:underline'
          : 'inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800'
      }
    >
      <ListChecks aria-hidden className="size-5 shrink-0" />
      {label}
      <ArrowRight aria-hidden className="size-4 shrink-0" />
    </Link>
  );
}
