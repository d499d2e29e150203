import { useTranslation } from 'react-i18next';
import { statusBarPercent, TAX_STATUSES } from '@taxli/domain';
import { StatusSteps } from '../../components/ui/status-steps';

/** /pgbar (part 2 §2): the dashboard's six-step status bar (D1), once in each state 1–6. */
export function PgbarPage() {
  const { t } = useTranslation(['pgbar', 'common']);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      {TAX_STATUSES.map((status) => {
        const label = t(`common:taxStatus.steps.${status.name}`);
        return (
          <section
            key={status.id}
            aria-labelledby={`pgbar-state-${status.id}`}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`pgbar-state-${status.id}`} className="text-lg font-semibold text-slate-900">
                {t('state', { id: status.id, label })}
              </h2>
              <p className="text-sm text-slate-700">{t('fill', { percent: Math.round(statusBarPercent(status.id)) })}</p>
            </div>
            <StatusSteps status={status.name} label={t('stepsLabel', { id: status.id })} />
          </section>
        );
      })}
    </div>
  );
}
