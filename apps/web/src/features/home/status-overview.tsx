import { useTranslation } from 'react-i18next';
import { TAX_STATUSES, taxStatusId, type TaxStatusName } from '@taxli/domain';
import { StatusSteps } from './status-steps';

/**
 * 'Tax Status for {year}' with its badge, the six-step bar, the next-step guidance line and what the
 * status means (D1: guidance is the spec's alternative wording, the description its first list).
 */
export function StatusOverview({ status, year }: { status: TaxStatusName; year: number }) {
  const { t } = useTranslation(['common', 'dashboard']);
  return (
    <section aria-labelledby="tax-status-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="tax-status-heading" className="text-xl font-semibold text-slate-900">
          {t('home.taxStatusHeading', { year })}
        </h2>
        <span aria-hidden className="rounded-full bg-brand-700 px-3 py-0.5 text-sm font-semibold text-white">
          {year}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t('home.stepOf', { current: taxStatusId(status), total: TAX_STATUSES.length })}</p>
      <StatusSteps status={status} year={year} />
      <div className="rounded-md bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('home.nextStep')}</h3>
        <p className="mt-1 font-medium text-slate-900">{t(`taxStatus.guidance.${status}`)}</p>
        <p className="mt-1 text-sm text-slate-700">{t(`dashboard:status.descriptions.${status}`)}</p>
      </div>
    </section>
  );
}
